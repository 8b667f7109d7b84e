// The living demo (issue 15): about 60 days of history written through the product's own services, the
// ones the API routes call: members sign in (some through a referral, a few on the referrer's device),
// click offers, the two demo networks' postbacks go through the postback receiver (native postbacks
// signed with a key of the run's own, the CPX demo network's with its stored configuration), members spin with
// the draw from each offer's table, file missing-conversion claims, and an administrator restocks
// vouchers, expires a few, decides claims and same-device referrals.
//
// Deterministic with a seed: one seeded generator plans every event and another is the slot's draw
// (spin()'s optional source of randomness). The services write the current time; each simulated day
// is run in order and, once it is done, every timestamp it wrote is moved onto that day of the last 60
// (`warpDay`: a linear map from the real seconds the day took onto the simulated day, which keeps the
// order of events). docs/decisions/living-demo-backdating.md.
import { createHash, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { query, type Db } from '../db/client';
import { findNetworkBySlug, type StoredNetwork } from '../networks/repository';
import { HttpError } from '../lib/errors';
import { signPostback as signNetworkPostback } from '../networks/verify';
import { invalidateSummaries } from '../db/admin/cache';
import { signInMember } from '../members/service';
import { recordClick } from '../offers/service';
import { signPostback as signNativePostback } from '../postbacks/conversions-service';
import { createNetworkReceiver, type NetworkReceiver } from '../postbacks/service';
import { loadPolicy } from '../trust/policy';
import { spin } from '../spins/service';
import { fileClaim } from '../claims/service';
import { approveClaim, rejectClaim } from '../admin/claims/service';
import { decideReferral } from '../admin/reports/referrals-service';
import { addVouchers, setVoucherStatus } from '../admin/vouchers/service';
import type { Actor } from '../admin/audit/service';
import { demoNetworkParams } from '../networks/demo-params';
import { CLAIM_MIN_AGE_MINUTES_DEFAULT } from '../config';
import { DEMO_ACCOUNTS } from '../lib/demo-accounts';

export const DEMO_HISTORY_SEED = 5;
export const DEMO_HISTORY_DAYS = 60;
export const DEMO_HISTORY_MEMBERS = 200;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface HistoryOptions {
  seed?: number;
  days?: number;
  /** Members besides the account chooser's demo accounts. */
  members?: number;
  /** Where the offer links point (recordClick builds the redirect URL with it). */
  publicUrl?: string;
}

export interface HistorySummary {
  members: number;
  clicks: number;
  conversions: { pending: number; approved: number; reversed: number };
  spins: number;
  wins: number;
  stockOuts: number;
  vouchersAssigned: number;
  claims: { pending: number; approved: number; rejected: number };
  referrals: { pending: number; completed_waiting: number; successful: number; denied: number };
  clawbacks: number;
  heldMembers: number;
  postbacks: number;
}

/** mulberry32: a small, fast generator; the same seed gives the same sequence everywhere. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The slot's draw for the seed: the n-th call takes the first 32 bits of SHA-256("seed:n"), so each
 * draw is uniform and independent of every number the plan's generator gives.
 */
export function seededDraw(seed: number): (max: number) => number {
  let n = 0;
  return (max) => {
    const word = createHash('sha256').update(`${seed}:${n++}`).digest().readUInt32BE(0);
    return Math.floor((word / 4_294_967_296) * max);
  };
}

const FIRST_NAMES = [
  'Aarav', 'Vivaan', 'Aditya', 'Vihaan', 'Arjun', 'Sai', 'Reyansh', 'Krishna', 'Ishaan', 'Rohan',
  'Ananya', 'Diya', 'Aadhya', 'Saanvi', 'Kavya', 'Priya', 'Nisha', 'Pooja', 'Sneha', 'Riya',
  'Kabir', 'Dev', 'Kunal', 'Nikhil', 'Siddharth', 'Tanvi', 'Neha', 'Shreya', 'Lakshmi', 'Farhan',
  'Imran', 'Zoya', 'Harpreet', 'Gurpreet', 'Manish', 'Deepika', 'Varun', 'Pallavi', 'Arnav', 'Ira',
]; // prettier-ignore
const LAST_NAMES = [
  'Sharma', 'Verma', 'Gupta', 'Singh', 'Kumar', 'Reddy', 'Nair', 'Menon', 'Iyer', 'Rao',
  'Patel', 'Shah', 'Mehta', 'Joshi', 'Das', 'Bose', 'Chatterjee', 'Khan', 'Ahmed', 'Kaur',
  'Gill', 'Pillai', 'Naidu', 'Kulkarni', 'Desai', 'Banerjee', 'Mishra', 'Yadav', 'Chopra', 'Malhotra',
]; // prettier-ignore
const USER_AGENTS = [
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 13; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
];
const CLAIM_NOTES = [
  'I finished the offer but it still shows as started.',
  'Completed the registration yesterday, no reward yet.',
  'Installed and reached the level, please check.',
];

interface PlannedMember {
  key: string;
  uid: string;
  name: string;
  email: string;
  device: string;
  referrer: PlannedMember | null;
  sameDevice: boolean;
  // Filled in when the sign-in runs.
  userId?: number;
  code?: string;
  subId?: string;
}

interface DemoOffer {
  id: number;
  network: string;
  networkId: number | null;
  externalOfferId: string;
}

interface PlannedClick {
  member: PlannedMember;
  offer: DemoOffer;
  id?: string;
}

interface Event {
  /** Simulated time: day index plus a fraction of the day. */
  t: number;
  seq: number;
  run: () => Promise<void>;
}

/** Every timestamp the services write, per table: what warpDay moves onto the simulated day. */
const TIMESTAMPS: Record<string, string[]> = {
  users: ['registration_date', 'last_activity', 'held_at'],
  clicks: ['created_at'],
  completions: ['created_at', 'completed_at', 'reversed_at', 'approval_held_at'],
  claims: ['created_at', 'decided_at'],
  vouchers: ['created_at', 'assigned_at'],
  spins: ['created_at'],
  referrals: ['created_at', 'first_completion_date', 'reward_granted_at', 'reviewed_at'],
  postback_log: ['received_at', 'last_received_at', 'replayed_at'],
  clawbacks: ['created_at'],
  admin_audit_log: ['created_at'],
  // reward_holds' release_at moves with its created_at (warpDay): a wait that ended in the past is
  // released by the server's timer in the first minute after start, as it would have been (issue 33).
  reward_holds: ['created_at', 'decided_at'],
  member_sightings: ['created_at'],
};

async function dbClock(db: Db): Promise<Date> {
  const [row] = await query<{ t: Date | string }>(db, sql`select clock_timestamp() as t`);
  return new Date(row!.t);
}

/**
 * Moves every timestamp written since `realStart` onto [simStart, simEnd], keeping their order: the
 * real interval [realStart, realEnd] is stretched linearly onto the simulated one.
 */
async function warpDay(db: Db, realStart: Date, realEnd: Date, simStart: Date, simEnd: Date) {
  const realSpan = Math.max(1, realEnd.getTime() - realStart.getTime());
  const scale = (simEnd.getTime() - simStart.getTime()) / realSpan;
  const from = realStart.toISOString();
  const to = simStart.toISOString();
  for (const [table, columns] of Object.entries(TIMESTAMPS)) {
    const sets: SQL[] = columns.map(
      (c) =>
        sql`${sql.identifier(c)} = case when ${sql.identifier(c)} >= ${from}::timestamptz
              then ${to}::timestamptz + (${sql.identifier(c)} - ${from}::timestamptz) * ${scale}::float8
              else ${sql.identifier(c)} end`,
    );
    const any = sql.join(
      columns.map((c) => sql`${sql.identifier(c)} >= ${from}::timestamptz`),
      sql` or `,
    );
    // A hold's release time keeps its distance from the hold (it lies in the future: never stretched).
    const holdShift =
      table === 'reward_holds'
        ? sql`, release_at = case when created_at >= ${from}::timestamptz
              then release_at - created_at + ${to}::timestamptz + (created_at - ${from}::timestamptz) * ${scale}::float8
              else release_at end`
        : sql``;
    await db.execute(
      sql`update ${sql.identifier(table)} set ${sql.join(sets, sql`, `)}${holdShift} where ${any}`,
    );
  }
}

export async function seedHistory(
  db: Db,
  actor: Actor,
  opts: HistoryOptions = {},
): Promise<{ days: number; summary: HistorySummary; refusals: number; ms: number }> {
  const started = performance.now();
  const seed = opts.seed ?? DEMO_HISTORY_SEED;
  const days = opts.days ?? DEMO_HISTORY_DAYS;
  const memberCount = opts.members ?? DEMO_HISTORY_MEMBERS;
  const publicUrl = opts.publicUrl ?? 'http://localhost:3000';
  const rnd = seededRandom(seed);
  const draw = seededDraw(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const chance = (p: number) => rnd() < p;
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 16).toString(16)).join('');

  const offers = await query<DemoOffer>(
    db,
    sql`select id, network, network_id as "networkId", external_offer_id as "externalOfferId"
          from offers where network in ('demo', 'cpx-demo') and is_active order by id`,
  );
  const cpx = await findNetworkBySlug(db, 'cpx-demo');
  const native = offers.filter((o) => o.networkId === null);
  const surveys = offers.filter((o) => cpx && o.networkId === cpx.id);
  if (native.length === 0) throw new Error('the living demo needs the demo offers (seedDemo) first');

  // The catalogue and the first stock were there before the history starts.
  const back = `${days + 1} days`;
  await db.execute(sql`update offers set created_at = created_at - ${back}::interval,
                         updated_at = updated_at - ${back}::interval where network in ('demo', 'cpx-demo')`);
  await db.execute(
    sql`update vouchers set created_at = created_at - ${back}::interval where created_by_admin_id is null`,
  );
  await db.execute(sql`update networks set created_at = created_at - ${back}::interval,
                         updated_at = updated_at - ${back}::interval where slug = 'cpx-demo'`);

  // The native postbacks are signed with a key of this run's own: the history plays the partner too.
  const nativeSecret = randomBytes(24).toString('hex');
  const receiver: NetworkReceiver = createNetworkReceiver(db, {
    publicUrl,
    postbackSecret: nativeSecret,
    perNetworkPerMinute: 1_000_000,
    // The replay compresses a day into moments, so every conversion would look seconds fast: the
    // trust checks judge it with the operator's policy less that one timing rule (issue 33).
    riskPolicy: async () => {
      const { policy } = await loadPolicy(db);
      return { ...policy, rules: { ...policy.rules, fast_conversion: { enabled: false, weight: 0 } } };
    },
  });
  const events: Event[] = [];
  let seq = 0;
  const at = (t: number, run: () => Promise<void>) => {
    if (t < days) events.push({ t, seq: seq++, run });
  };
  /** Runs a service call; a refusal the product would answer with 4xx is part of life, counted. */
  let refusals = 0;
  const tolerate = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
    } catch (error) {
      if (error instanceof HttpError && error.statusCode < 500) refusals++;
      else throw error;
    }
  };

  // ---- Members: the account chooser's three first, then a growing stream of sign-ups. -----------
  const members: PlannedMember[] = [];
  const demo = DEMO_ACCOUNTS.map((a): PlannedMember => ({
    key: a.sub,
    uid: a.sub,
    name: a.name,
    email: a.email,
    device: `demo-device-${a.sub}`,
    referrer: null,
    sameDevice: false,
  }));
  const [asha, rahul, meera] = demo as [PlannedMember, PlannedMember, PlannedMember];
  rahul.referrer = asha;
  const signUpAt = new Map<PlannedMember, number>([
    [asha, 2.4],
    [rahul, 6.6],
    [meera, 11.3],
  ]);
  const times = Array.from({ length: memberCount }, () => days * Math.pow(rnd(), 0.75)).sort((a, b) => a - b);
  for (let i = 0; i < memberCount; i++) {
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const t = Math.min(times[i]!, days - 0.05);
    const m: PlannedMember = {
      key: `m${i}`,
      uid: `demo-history-${seed}-${i}`,
      name: `${first} ${last}`,
      email: `${first}.${last}${i}@example.com`.toLowerCase(),
      device: hex(32),
      referrer: null,
      sameDevice: false,
    };
    const earlier = members.filter((p) => (signUpAt.get(p) ?? Infinity) < t - 0.5);
    const sameDeviceSlot = [0.45, 0.6, 0.75, 0.85, 0.92].some((f) => i === Math.floor(memberCount * f));
    if (earlier.length > 0 && (chance(0.3) || sameDeviceSlot)) {
      // A few keen referrers bring most friends.
      m.referrer = chance(0.6) ? earlier[Math.floor(rnd() * Math.min(12, earlier.length))]! : pick(earlier);
      // A few sign up on the referrer's own phone: held for an administrator's decision.
      if (sameDeviceSlot) {
        m.sameDevice = true;
        m.device = m.referrer.device;
      }
    }
    members.push(m);
    signUpAt.set(m, t);
  }
  members.unshift(...demo);

  const signUp = (m: PlannedMember) => async () => {
    const [first, ...rest] = m.name.split(' ');
    const token = {
      uid: m.uid,
      email: m.email,
      email_verified: true,
      name: `${first} ${rest.join(' ')}`,
      firebase: { sign_in_provider: 'google.com' },
    } as unknown as DecodedIdToken;
    const result = await signInMember(db, {
      token,
      deviceFingerprint: m.device,
      referralCode: m.referrer?.code ?? null,
    });
    m.userId = result.user.id;
    m.code = result.user.referralCode;
    // 18 or older and their state, answered at sign-up as the app asks (spins are refused before); the
    // terms' acceptance is written with the seed's version afterwards (markMembersEligible).
    await db.execute(
      sql`update users set adult_confirmed_at = registration_date, residence_state = 'KA' where id = ${m.userId}`,
    );
    const [row] = await query<{ sub_id: string }>(db, sql`select sub_id from users where id = ${m.userId}`);
    m.subId = row!.sub_id;
  };
  for (const m of members) at(signUpAt.get(m)!, signUp(m));

  // ---- Offer journeys: click, maybe a conversion (pending, approved, reversed), the spin. ----------
  const click = (c: PlannedClick) => async () => {
    if (!c.member.userId) return;
    await tolerate(async () => {
      const r = await recordClick(db, {
        userId: c.member.userId!,
        offerId: c.offer.id,
        ip: `203.0.113.${(c.member.userId! % 250) + 1}`,
        userAgent: USER_AGENTS[c.member.userId! % USER_AGENTS.length]!,
        publicUrl,
      });
      c.id = r.clickId;
    });
  };
  let txn = 0;
  const postback =
    (c: PlannedClick, status: 'pending' | 'approved' | 'reversed', txnId: string, payout: string) =>
    async () => {
      if (!c.id) return;
      if (c.offer.networkId !== null && cpx) {
        await cpxPostback(receiver, cpx, c, status, txnId, payout);
        return;
      }
      const params: Record<string, string> = {
        click_id: c.id,
        transaction_id: txnId,
        payout,
        currency: 'USD',
        status,
      };
      params.sig = signNativePostback(params, nativeSecret);
      await receiver.receive({
        slug: null,
        method: 'POST',
        url: '/api/postback.php',
        query: {},
        body: params,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        ip: '198.51.100.7',
      });
    };
  const offerSpin = (c: PlannedClick) => async () => {
    if (!c.id) return;
    await tolerate(() =>
      spin(db, { userId: c.member.userId!, spinType: 'offer', offerId: c.offer.id }, {}, draw),
    );
  };
  const freeSpin = (m: PlannedMember) => async () => {
    if (!m.userId) return;
    const [row] = await query<{ n: number }>(
      db,
      sql`select free_spins_remaining as n from users where id = ${m.userId} and not is_suspicious`,
    );
    if (row && row.n > 0) await tolerate(() => spin(db, { userId: m.userId!, spinType: 'free' }, {}, draw));
  };
  const reversalsOf = new Map<PlannedMember, number>();
  const tried = new Map<PlannedMember, Set<number>>();
  /** The member's n-th native offer among those they have not tried yet. */
  const untried = (m: PlannedMember, n: number) =>
    native.filter((o) => !tried.get(m)?.has(o.id))[n] ?? native[n % native.length]!;

  /** One member's try at an offer from time t: the click, then what the network says, then the spin. */
  function journey(
    m: PlannedMember,
    offer: DemoOffer,
    t: number,
    plan: { outcome: 'none' | 'approved' | 'pending' | 'late' | 'reversed'; spin?: boolean; claim?: boolean },
  ) {
    const c: PlannedClick = { member: m, offer };
    if (!tried.has(m)) tried.set(m, new Set());
    tried.get(m)!.add(offer.id);
    at(t, click(c));
    const payout = (0.4 + Math.floor(rnd() * 36) / 10).toFixed(2);
    const id = `demo-h${seed}-${++txn}`;
    const converted = t + 0.01 + rnd() * 0.08;
    const isCpx = offer.networkId !== null;
    switch (plan.outcome) {
      case 'none':
        if (plan.claim) {
          const filed = t + 1 + rnd() * 3;
          at(filed, async () => {
            if (!c.id) return;
            await tolerate(async () => {
              const claim = await fileClaim(db, {
                userId: m.userId!,
                clickId: c.id!,
                note: pick(CLAIM_NOTES),
                minAgeMinutes: CLAIM_MIN_AGE_MINUTES_DEFAULT,
              });
              const decide = filed + 0.5 + rnd() * 2;
              const approve = chance(0.6);
              at(decide, async () => {
                await tolerate(() =>
                  approve
                    ? approveClaim(db, actor, claim.claim_id)
                    : rejectClaim(db, actor, claim.claim_id, 'The partner has no record of this completion.'),
                );
              });
              if (approve) at(decide + 0.05 + rnd() * 0.5, offerSpin(c));
            });
          });
        }
        return;
      case 'pending':
        at(converted, postback(c, isCpx ? 'approved' : 'pending', id, payout));
        return;
      case 'late': {
        // Pending first (CPX sends no pending status: its approval simply comes later).
        if (!isCpx) at(converted, postback(c, 'pending', id, payout));
        const approved = converted + 1 + rnd() * 3;
        at(approved, postback(c, 'approved', id, payout));
        if (plan.spin !== false) at(approved + 0.02 + rnd() * 0.3, offerSpin(c));
        return;
      }
      case 'approved':
      case 'reversed': {
        at(converted, postback(c, 'approved', id, payout));
        if (plan.spin !== false) at(converted + 0.01 + rnd() * 0.2, offerSpin(c));
        if (plan.outcome === 'reversed') {
          reversalsOf.set(m, (reversalsOf.get(m) ?? 0) + 1);
          at(converted + 1.5 + rnd() * 4, postback(c, 'reversed', id, payout));
        }
        return;
      }
    }
  }

  /** A member's offers over their life: how keen they are decides how many they try. */
  for (const m of members.slice(demo.length)) {
    const z = rnd();
    const start = signUpAt.get(m)!;
    // A same-device member completes an offer at once: the referral then waits for a decision.
    if (m.sameDevice)
      journey(m, native[members.indexOf(m) % native.length]!, start + 0.3, { outcome: 'approved' });
    const tries = Math.floor(z * z * 9) + (chance(0.7) ? 1 : 0);
    const pool = [...native, ...surveys].sort(() => rnd() - 0.5);
    for (let k = 0; k < Math.min(tries, pool.length); k++) {
      const t = start + 0.02 + k * (rnd() * 4) + rnd() * 0.5;
      if (t >= days) break;
      const offer = pool[k]!;
      const r = rnd();
      const nearEnd = t > days - 4;
      let outcome: 'none' | 'approved' | 'pending' | 'late' | 'reversed';
      if (r < 0.4) outcome = 'none';
      else if (nearEnd && r < 0.55) outcome = 'pending';
      else if (r < 0.55) outcome = 'late';
      else if (r < 0.6 && !reversalsOf.has(m)) outcome = 'reversed';
      else outcome = 'approved';
      journey(m, offer, t, {
        outcome,
        spin: chance(0.92),
        claim: outcome === 'none' && t < days - 2 && chance(0.12),
      });
    }
  }

  // The referrers spend the free spins their friends earned them, a while after.
  for (const m of members) {
    if (!m.referrer) continue;
    const t = signUpAt.get(m)! + 3 + rnd() * 8;
    at(t, freeSpin(m.referrer));
  }

  // Reversals piling up: one member two reversals in the window, one three (the hold blocks them).
  // The three are approved within a day, before the partner reverses the first of them days later: after
  // two reversals a further approval would wait for a review (the trust checks' `reversals` reason,
  // high), and a held approval reversed took nothing back, so the block would not count it.
  const pileUp = members.filter((m) => m.referrer === null && !reversalsOf.has(m) && signUpAt.get(m)! < 30);
  const warned = pileUp[3];
  const held = pileUp[7];
  if (warned)
    [days - 20, days - 9].forEach((t, i) => journey(warned, untried(warned, i), t, { outcome: 'reversed' }));
  if (held)
    [days - 16, days - 15.5, days - 15].forEach((t, i) =>
      journey(held, untried(held, i), t, { outcome: 'reversed' }),
    );

  // ---- The account chooser's members: each with a history of their own. ----------------------------
  const byTitle = (n: number) => native[n % native.length]!;
  journey(asha, byTitle(0), 3.1, { outcome: 'approved' });
  journey(asha, byTitle(1), 9.5, { outcome: 'late' });
  journey(asha, byTitle(6), 24.2, { outcome: 'approved' });
  if (surveys[0]) journey(asha, surveys[0], 41.7, { outcome: 'approved' });
  journey(asha, byTitle(3), days - 0.6, { outcome: 'pending' });
  at(18.4, freeSpin(asha)); // Rahul's first completion earned it.
  journey(rahul, byTitle(2), 7.2, { outcome: 'approved' });
  journey(rahul, byTitle(7), 16.8, { outcome: 'approved' });
  journey(rahul, byTitle(4), 33.1, { outcome: 'none', claim: true });
  journey(rahul, byTitle(9), 52.6, { outcome: 'approved', spin: false });
  journey(meera, byTitle(5), 12.0, { outcome: 'approved' });
  journey(meera, byTitle(10), 28.4, { outcome: 'reversed' });
  if (surveys[1]) journey(meera, surveys[1], 46.3, { outcome: 'approved' });
  journey(meera, byTitle(8), days - 3, { outcome: 'none', claim: true });

  // ---- The administrator: restocks, a batch that lapsed, a few codes expired by hand. -------------
  const restock = (t: number, brand: string, amount: number, count: number, expiresInDays: number) =>
    at(t, async () => {
      const expiry = new Date(Date.now() + expiresInDays * DAY_MS).toISOString().slice(0, 10);
      const prefix = `${brand.slice(0, 3).toUpperCase()}${amount}`;
      await addVouchers(db, actor, {
        voucher_type: 'Gift Card',
        voucher_brand: brand,
        voucher_amount: amount,
        voucher_codes: Array.from({ length: count }, () => `${prefix}-${hex(8).toUpperCase()}`),
        voucher_description: `${brand} ₹${amount} gift card`,
        voucher_terms: 'Valid on the brand\u2019s app and website. Not exchangeable for cash.',
        expiry_date: expiry,
      });
    });
  restock(1.2, 'Myntra', 20, 12, -12); // a festive batch whose date has passed: expired, unassigned
  restock(14.5, 'Amazon', 10, 40, 150);
  restock(27.8, 'Swiggy', 20, 40, 90);
  restock(35.2, 'Zomato', 10, 30, 120);
  restock(43.6, 'Amazon', 20, 30, 180);
  restock(50.4, 'Swiggy', 10, 24, 120);
  restock(days - 1.2, 'Flipkart', 5, 8, 200); // ₹5 ran out again; eight codes will not last long
  // Two brands withdraw their ₹5 codes early on: the ₹5 stock runs out in the last weeks.
  at(5.3, async () => {
    const rows = await query<{ id: number }>(
      db,
      sql`select id from vouchers where status = 'available' and voucher_amount = 5
            and voucher_brand in ('Myntra', 'Zomato') and expiry_date >= current_date order by id`,
    );
    for (const r of rows) await tolerate(() => setVoucherStatus(db, actor, r.id, 'expired'));
  });
  restock(days - 6.5, 'Flipkart', 5, 6, 200);
  at(30.5, async () => {
    const rows = await query<{ id: number }>(
      db,
      sql`select id from vouchers where status = 'available' and voucher_brand = 'Zomato' and voucher_amount = 20
            and expiry_date >= current_date + 30 order by id limit 3`,
    );
    for (const r of rows) await tolerate(() => setVoucherStatus(db, actor, r.id, 'expired'));
  });

  // Same-device referrals: the first waiting ones decided (one granted, one denied), the rest wait.
  for (const [t, decision] of [
    [days - 10, 'grant'],
    [days - 6, 'deny'],
  ] as const) {
    at(t, async () => {
      const [r] = await query<{ id: number }>(
        db,
        sql`select id from referrals where same_device and status = 'completed_waiting' order by id limit 1`,
      );
      if (r)
        await tolerate(() =>
          decideReferral(db, actor, {
            referralId: r.id,
            decision,
            reason:
              decision === 'deny' ? 'Same phone as the referrer: one person.' : 'Checked: family members.',
          }),
        );
    });
  }

  // Refused postbacks in the last day: a misconfigured sender with the wrong secret.
  if (cpx) {
    for (let i = 0; i < 4; i++) {
      at(days - 0.5 + i * 0.05, async () => {
        const signed = signNetworkPostback(
          cpx.config,
          {
            user_id: 'unknown',
            trans_id: `stale-${seed}-${i}`,
            amount_usd: '0.80',
            status: '1',
            type: 'complete',
          },
          { secret: 'not-the-secret', origin: publicUrl },
        );
        await deliverSigned(receiver, cpx, signed);
      });
    }
  }

  // ---- Run, one simulated day at a time. -----------------------------------------------------------
  const endSim = Date.now() - HOUR_MS / 2;
  const day0 = endSim - days * DAY_MS;
  for (let d = 0; d < days; d++) {
    const realStart = await dbClock(db);
    // Events may add events (a claim's decision): the day runs until nothing of it is left.
    for (;;) {
      const today = events.filter((e) => e.t >= d && e.t < d + 1).sort((a, b) => a.t - b.t || a.seq - b.seq);
      if (today.length === 0) break;
      for (const e of today) events.splice(events.indexOf(e), 1);
      for (const e of today) await e.run();
    }
    const realEnd = await dbClock(db);
    // An hour's margin at each end keeps every event inside its day whatever the time-of-day.
    await warpDay(
      db,
      realStart,
      realEnd,
      new Date(day0 + d * DAY_MS + HOUR_MS),
      new Date(day0 + (d + 1) * DAY_MS - HOUR_MS),
    );
  }
  invalidateSummaries(db);
  const summary = await historySummary(db);
  return { days, summary, refusals, ms: Math.round(performance.now() - started) };
}

async function cpxPostback(
  receiver: NetworkReceiver,
  cpx: StoredNetwork,
  c: PlannedClick,
  status: 'pending' | 'approved' | 'reversed',
  txnId: string,
  payout: string,
) {
  const params = demoNetworkParams(cpx.config, {
    clickId: c.id!,
    member: c.member.subId!,
    externalOfferId: c.offer.externalOfferId,
    status: status === 'pending' ? 'approved' : status,
  });
  params[cpx.config.params.transactionId] = txnId;
  if (cpx.config.params.payout) params[cpx.config.params.payout] = payout;
  await deliverSigned(receiver, cpx, signNetworkPostback(cpx.config, params, { origin: 'http://localhost' }));
}

/** A signed network postback, received as the network's GET from the local machine would be. */
async function deliverSigned(
  receiver: NetworkReceiver,
  cpx: StoredNetwork,
  signed: ReturnType<typeof signNetworkPostback>,
) {
  await receiver.receive({
    slug: cpx.config.slug,
    method: 'GET',
    url: signed.url,
    query: signed.query,
    headers: signed.headers,
    ip: '127.0.0.1',
  });
}

/**
 * What stops `npm run seed:demo`: members who are not the demo's (the account chooser's accounts and
 * the history's own, whose uids say so), and a history already written.
 */
export async function demoSeedBlockers(db: Db): Promise<{ realMembers: number; historyPresent: boolean }> {
  const demoUids = DEMO_ACCOUNTS.map((a) => a.sub);
  const [row] = await query<{ real: number; history: number }>(
    db,
    sql`select count(*) filter (where firebase_uid is null or not (firebase_uid like 'demo-history-%'
                                  or firebase_uid in (${sql.join(
                                    demoUids.map((u) => sql`${u}`),
                                    sql`, `,
                                  )})))::int as real,
               count(*) filter (where firebase_uid like 'demo-history-%')::int as history
          from users`,
  );
  return { realMembers: Number(row!.real), historyPresent: Number(row!.history) > 0 };
}

/** The figures the determinism check compares, read back from the database. */
export async function historySummary(db: Db): Promise<HistorySummary> {
  const [r] = await query<Record<string, number>>(
    db,
    sql`select
      (select count(*)::int from users) as members,
      (select count(*)::int from clicks) as clicks,
      (select count(*)::int from completions where status = 'pending') as c_pending,
      (select count(*)::int from completions where status = 'approved') as c_approved,
      (select count(*)::int from completions where status = 'reversed') as c_reversed,
      (select count(*)::int from spins) as spins,
      (select count(*)::int from spins where is_win) as wins,
      (select count(*)::int from spins where stock_out) as stock_outs,
      (select count(*)::int from vouchers where status = 'assigned') as assigned,
      (select count(*)::int from claims where status = 'pending') as cl_pending,
      (select count(*)::int from claims where status = 'approved') as cl_approved,
      (select count(*)::int from claims where status = 'rejected') as cl_rejected,
      (select count(*)::int from referrals where status = 'pending') as r_pending,
      (select count(*)::int from referrals where status = 'completed_waiting') as r_waiting,
      (select count(*)::int from referrals where status = 'successful') as r_successful,
      (select count(*)::int from referrals where status = 'denied') as r_denied,
      (select count(*)::int from clawbacks) as clawbacks,
      (select count(*)::int from users where held_at is not null and is_suspicious) as held,
      (select count(*)::int from postback_log) as postbacks`,
  );
  const n = (k: string) => Number(r![k]);
  return {
    members: n('members'),
    clicks: n('clicks'),
    conversions: { pending: n('c_pending'), approved: n('c_approved'), reversed: n('c_reversed') },
    spins: n('spins'),
    wins: n('wins'),
    stockOuts: n('stock_outs'),
    vouchersAssigned: n('assigned'),
    claims: { pending: n('cl_pending'), approved: n('cl_approved'), rejected: n('cl_rejected') },
    referrals: {
      pending: n('r_pending'),
      completed_waiting: n('r_waiting'),
      successful: n('r_successful'),
      denied: n('r_denied'),
    },
    clawbacks: n('clawbacks'),
    heldMembers: n('held'),
    postbacks: n('postbacks'),
  };
}
