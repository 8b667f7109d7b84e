// Demo data, written on the first run only: offers in every category with slot configs, a few
// hundred vouchers over several brands and amounts, an administrator and, when asked (npm start does),
// the living demo's 60 days of history (./history.ts). The demo partner network
// credits those offers with native postbacks (/api/postback.php, no network row); a second demo
// network in CPX Research's format (preset cpx, slug cpx-demo) credits a few survey offers of its own,
// so that both kinds of postback show in the console's log. A demo database from before partner
// networks gets that network and its offers on its next start, once.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { migrate, openDatabase, type Db } from '../db/client';
import { DEFAULT_TERMS_VERSION, type Config } from '../config';
import { markMembersEligible } from '../fair-play/repository';
import { DEFAULT_POLICY, savePolicy } from '../trust/policy';
import { findAdminByUsername, insertAdmin, setAdminPassword } from '../admin/auth/repository';
import { findNetworkBySlug, insertNetwork } from '../networks/repository';
import { countOffers, insertOffers } from '../offers/repository';
import { configFromPreset } from '../networks/presets';
import { insertVouchers, type NewVoucher } from '../vouchers/repository';
import { hashPassword } from '../lib/password';
import { OFFER_CATEGORIES } from '../../shared/constants';
import { sql } from 'drizzle-orm';
import { query } from '../db/client';
import type { Actor } from '../admin/audit/service';
// The history's module (and the services it drives) is loaded only when a history is written.
import type { HistoryOptions, HistorySummary } from './history';

const DEMO_OFFERS: {
  title: string;
  description: string;
  category: (typeof OFFER_CATEGORIES)[number];
  model: string;
  reward: number;
  reels: [number, number][];
}[] = [
  {
    title: 'Reach Level 10 in Dragon Clash',
    description: 'Install Dragon Clash and reach level 10 within 7 days.',
    category: 'Gaming',
    model: 'CPI',
    reward: 50,
    reels: [
      [100, 5],
      [50, 15],
      [20, 30],
    ],
  },
  {
    title: 'First order on ShopKart',
    description: 'Place your first order of ₹199 or more on ShopKart.',
    category: 'Shopping',
    model: 'CPS',
    reward: 40,
    reels: [
      [50, 20],
      [20, 30],
      [10, 25],
    ],
  },
  {
    title: 'Open a Zero-Balance Savings Account',
    description: 'Complete video KYC with PayNest Bank.',
    category: 'Finance',
    model: 'CPA',
    reward: 150,
    reels: [
      [100, 25],
      [50, 35],
    ],
  },
  {
    title: 'Start a StreamFlix free trial',
    description: 'Sign up for a 30-day free trial. Cancel any time.',
    category: 'Entertainment',
    model: 'CPR',
    reward: 30,
    reels: [
      [20, 30],
      [10, 30],
      [5, 20],
    ],
  },
  {
    title: 'Finish a free Python lesson',
    description: 'Register on LearnLoop and finish the first lesson.',
    category: 'Education',
    model: 'CPL',
    reward: 20,
    reels: [
      [10, 40],
      [5, 40],
    ],
  },
  {
    title: 'Log a workout in FitPulse',
    description: 'Install FitPulse and log your first workout.',
    category: 'Health',
    model: 'CPI',
    reward: 25,
    reels: [
      [20, 20],
      [10, 35],
      [5, 30],
    ],
  },
  {
    title: 'Book a stay with TripNest',
    description: 'Book any hotel for one night or more.',
    category: 'Travel',
    model: 'Revenue Share',
    reward: 100,
    reels: [
      [100, 10],
      [50, 30],
      [20, 30],
    ],
  },
  {
    title: 'First meal on FoodDash',
    description: 'Order your first meal; new users only.',
    category: 'Food',
    model: 'CPA',
    reward: 35,
    reels: [
      [50, 10],
      [20, 40],
      [10, 30],
    ],
  },
  {
    title: 'Try CloudVault Pro',
    description: 'Back up 1 GB of photos with CloudVault.',
    category: 'Technology',
    model: 'CPR',
    reward: 20,
    reels: [
      [10, 50],
      [5, 30],
    ],
  },
  {
    title: 'Style quiz on Trendify',
    description: 'Take the style quiz and save three looks.',
    category: 'Fashion',
    model: 'CPL',
    reward: 15,
    reels: [
      [10, 30],
      [5, 50],
    ],
  },
  {
    title: 'Predict a match on FanCric',
    description: 'Join FanCric and make one free prediction.',
    category: 'Sports',
    model: 'CPR',
    reward: 20,
    reels: [
      [20, 20],
      [10, 30],
      [5, 30],
    ],
  },
  {
    title: 'Create a profile on KindMatch',
    description: 'Verify your profile with a photo.',
    category: 'Dating',
    model: 'CPR',
    reward: 25,
    reels: [
      [20, 30],
      [10, 40],
    ],
  },
  {
    title: 'Pay a bill with BillEase',
    description: 'Pay any utility bill of ₹100 or more.',
    category: 'Utilities',
    model: 'CPA',
    reward: 30,
    reels: [
      [50, 5],
      [20, 25],
      [10, 40],
    ],
  },
];

/** The second demo network: CPX Research's postback format, credited by its own receiver. */
export const CPX_DEMO_SLUG = 'cpx-demo';

/**
 * Survey offers of the CPX demo network. CPX knows a member only by the `ext_user_id` its wall is
 * opened with (our `{sub_id}`) and echoes it back as `user_id`, with no offer id: the receiver credits
 * the member's latest click on this network. `click_id` only lets the demo page show the offer.
 */
const CPX_DEMO_OFFERS: { title: string; description: string; reward: number; reels: [number, number][] }[] = [
  {
    title: 'Share your shopping habits (CPX survey)',
    description: 'A 5-minute survey about how you shop online. Demo offer credited by CPX-style postbacks.',
    reward: 20,
    reels: [
      [20, 20],
      [10, 40],
      [5, 30],
    ],
  },
  {
    title: 'Rate three movie trailers (CPX survey)',
    description: 'Watch three short trailers and rate them. Demo offer credited by CPX-style postbacks.',
    reward: 15,
    reels: [
      [10, 40],
      [5, 40],
    ],
  },
  {
    title: 'Tell us about your commute (CPX survey)',
    description: 'Eight questions on how you get to work. Demo offer credited by CPX-style postbacks.',
    reward: 10,
    reels: [
      [10, 30],
      [5, 50],
    ],
  },
];

const CPX_DEMO_CATEGORIES = ['Shopping', 'Entertainment', 'Travel'] as const;

const BRANDS = ['Amazon', 'Flipkart', 'Swiggy', 'Myntra', 'Zomato'];
const AMOUNTS = [5, 10, 20, 50, 100];

export interface SeedResult {
  seeded: boolean;
  /** The CPX demo network was created on this start (a fresh database, or one from before it). */
  networkSeeded?: boolean;
  admin?: { username: string; password: string | null; created: boolean };
  /** The living demo's history, when it was written on this start: its figures and how long it took. */
  history?: { days: number; summary: HistorySummary; refusals: number; ms: number };
}

export async function seedDemo(
  db: Db,
  opts: {
    adminUsername?: string;
    adminPassword?: string;
    /**
     * On a fresh database, also the living demo's 60 days of history (server/demo/history.ts), with
     * these options; false: the catalogue, the stock and the administrator only.
     */
    history?: HistoryOptions | false;
    /** The terms' version the history's members accepted (the configured one). */
    termsVersion?: string;
  },
): Promise<SeedResult> {
  const username = opts.adminUsername || 'admin';
  const adminResult = await ensureAdmin(db, username, opts.adminPassword);

  if ((await countOffers(db)) > 0) {
    const networkSeeded = await ensureCpxDemoNetwork(db);
    return { seeded: false, networkSeeded, admin: adminResult };
  }

  await insertDemoCatalogue(db);
  // The demo partner completes an offer the moment its button is pressed, seconds after the click: the
  // timing rule would hold every demo completion of an offer with history. The demo's risk policy has it
  // off; an operator turns it on in the console (docs/decisions/trust-new-accounts-and-fast-conversions.md).
  await savePolicy(
    db,
    {
      ...DEFAULT_POLICY,
      rules: {
        ...DEFAULT_POLICY.rules,
        fast_conversion: { ...DEFAULT_POLICY.rules.fast_conversion, enabled: false },
      },
    },
    'demo',
  );
  const networkSeeded = await ensureCpxDemoNetwork(db);
  const result: SeedResult = { seeded: true, networkSeeded, admin: adminResult };
  if (opts.history !== false) {
    const { seedHistory } = await import('./history');
    result.history = await seedHistory(db, await demoActor(db, username), opts.history ?? {});
    // The history's members answered the first sign-in's questions when they signed up (issue 37).
    await markMembersEligible(db, opts.termsVersion ?? DEFAULT_TERMS_VERSION);
  }
  return result;
}

/**
 * `npm start`'s first run on PGlite (a data folder with no database yet): the demo data and its
 * history, written before the server listens, since a request arriving meanwhile would have its rows
 * backdated with the day being written. Null on any other start (the server's own seedDemo call then
 * checks the admin and the CPX network, and seeds a fresh PostgreSQL database after it listens).
 */
export async function seedFreshDemo(config: Config): Promise<SeedResult | null> {
  if (config.databaseUrl || existsSync(path.join(config.dataDir, 'PG_VERSION'))) return null;
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    await migrate(database.db);
    return await seedDemo(database.db, {
      adminUsername: config.demoAdmin.username,
      adminPassword: config.demoAdmin.password,
      history: { publicUrl: config.publicUrl },
      termsVersion: config.fairPlay.termsVersion,
    });
  } finally {
    await database.close();
  }
}

/** One line for the start's output: what the living demo wrote and how long it took. */
export function describeHistory(h: NonNullable<SeedResult['history']>): string {
  const s = h.summary;
  const conversions = s.conversions.pending + s.conversions.approved + s.conversions.reversed;
  return `${h.days} days of history, ${s.members} members, ${s.clicks} clicks, ${conversions} conversions, ${s.spins} spins, in ${(h.ms / 1000).toFixed(1)} s`;
}

/** The administrator the living demo's decisions are recorded under (the audit log names them). */
export async function demoActor(db: Db, username: string): Promise<Actor> {
  const admin = await findAdminByUsername(db, username);
  if (!admin) throw new Error(`no administrator "${username}"`);
  return { adminId: admin.id, username: admin.username, ip: null };
}

/** Whether the demo's native offers are there (a database seeded by seedDemo). */
export async function hasDemoCatalogue(db: Db): Promise<boolean> {
  const rows = await query<{ found: number }>(
    db,
    sql`select 1 as found from offers where network = 'demo' limit 1`,
  );
  return rows.length > 0;
}

/** The demo offers (one per category, credited by native postbacks) and the first voucher stock. */
export async function insertDemoCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const now = Date.now();
    await insertOffers(
      tx,
      DEMO_OFFERS.map((o, i) => {
        const externalId = `demo_${o.category.toLowerCase()}_${i + 1}`;
        return {
          title: o.title,
          description: o.description,
          offerUrl: `/partner/demo/${externalId}?click_id={click_id}`,
          previewUrl: `https://www.example.com/${o.category.toLowerCase()}`,
          externalOfferId: externalId,
          network: 'demo',
          category: o.category,
          model: o.model,
          targeting: 'ALL',
          rewardAmount: o.reward,
          slotConfig: { reels: o.reels.map(([amount, probability]) => ({ amount, probability })) },
          isActive: true,
          createdAt: new Date(now - (DEMO_OFFERS.length - i) * 3_600_000),
        };
      }),
    );
    const rows: NewVoucher[] = [];
    const expiry = (days: number) => new Date(now + days * 86_400_000).toISOString().slice(0, 10);
    for (const brand of BRANDS) {
      for (const amount of AMOUNTS) {
        const count = amount >= 50 ? 8 : 14;
        for (let i = 0; i < count; i++) {
          rows.push({
            code: `${brand.slice(0, 3).toUpperCase()}${amount}-${randomBytes(4).toString('hex').toUpperCase()}`,
            brand,
            type: i % 5 === 0 ? 'Cashback' : 'Gift Card',
            amount,
            description: `${brand} ₹${amount} ${i % 5 === 0 ? 'cashback' : 'gift card'}`,
            terms: 'Valid on the brand\u2019s app and website. Not exchangeable for cash.',
            // A few expire soon so the console's 'Expiring Soon' badge has something to show.
            expiryDate: expiry(i === 0 ? 5 : 90 + ((i * 7) % 180)),
            createdByAdminId: null,
          });
        }
      }
    }
    await insertVouchers(tx, rows);
  });
}

/**
 * Creates the CPX demo network and its survey offers unless a network with its slug exists (networks
 * are never deleted, so this runs once per database). Its secret is generated here and lives only in
 * the database; the demo partner page signs with the stored one. Its IP allowlist is the loopback
 * addresses, from which the demo page calls the receiver. Returns whether it created them.
 */
export async function ensureCpxDemoNetwork(db: Db): Promise<boolean> {
  if (await findNetworkBySlug(db, CPX_DEMO_SLUG)) return false;
  const parsed = configFromPreset('cpx', {
    name: 'CPX Research (demo)',
    slug: CPX_DEMO_SLUG,
    secret: randomBytes(24).toString('base64url'),
    ipAllowlist: ['127.0.0.1', '::1'],
  });
  if (!parsed.ok)
    throw new Error(
      `the CPX demo network's configuration is invalid: ${parsed.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
    );
  return db.transaction(async (tx) => {
    // A concurrent start (two processes on one PostgreSQL database) may have created it meanwhile.
    if (await findNetworkBySlug(tx, CPX_DEMO_SLUG)) return false;
    const networkId = await insertNetwork(tx, parsed.config);
    const now = Date.now();
    await insertOffers(
      tx,
      CPX_DEMO_OFFERS.map((o, i) => {
        const externalId = `cpx_demo_survey_${i + 1}`;
        return {
          title: o.title,
          description: o.description,
          offerUrl: `/partner/demo/${externalId}?click_id={click_id}&ext_user_id={sub_id}`,
          previewUrl: 'https://www.example.com/surveys',
          externalOfferId: externalId,
          network: CPX_DEMO_SLUG,
          networkId,
          category: CPX_DEMO_CATEGORIES[i % CPX_DEMO_CATEGORIES.length]!,
          model: 'CPA',
          targeting: 'ALL',
          rewardAmount: o.reward,
          slotConfig: { reels: o.reels.map(([amount, probability]) => ({ amount, probability })) },
          isActive: true,
          createdAt: new Date(now - (CPX_DEMO_OFFERS.length - i) * 60_000),
        };
      }),
    );
    return true;
  });
}

export async function ensureAdmin(db: Db, username: string, password: string | undefined) {
  const existing = await findAdminByUsername(db, username);
  if (existing) {
    if (password) await setAdminPassword(db, existing.id, await hashPassword(password));
    return { username, password: password ?? null, created: false };
  }
  const finalPassword = password || randomBytes(12).toString('base64url');
  await insertAdmin(db, {
    username,
    email: `${username}@localhost`,
    passwordHash: await hashPassword(finalPassword),
  });
  return { username, password: finalPassword, created: true };
}
