// Partner networks in tests: a network made from a preset, an offer attached to it, a member and their
// click, and a postback built in each preset's own format. The parameters follow each preset's test
// vector in server/networks/presets.test.ts (the names, the extra parameters the network sends, where
// the signature travels); the ids are the test's own, so the signature is made by signPostback.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ConfigOverrides, NetworkConfig, PresetName } from '../../shared/networks/config';
import { execute, query, type Db } from '../db/client';
import { findNetworkById, insertNetwork, type StoredNetwork } from '../networks/repository';
import { clicks, users } from '../db/schema';
import { configFromPreset } from '../networks/presets';
import { signPostback } from '../networks/verify';
import { createSession } from '../members/sessions-service';
import { TEST_SESSION_SECRET, insertOffer } from './helpers';

/** The public URL the test app is configured with (testConfig): full-URL signatures are made over it. */
export const TEST_PUBLIC_URL = 'http://localhost:3000';

let counter = 0;
const tag = () => `${(counter++).toString(36)}${randomBytes(3).toString('hex')}`;

/** A secret the preset accepts: a URL token is at least 16 characters. */
export const presetSecret = (preset: PresetName) => `${preset}-test-secret-0123456789`;

/** A network from a preset, stored; a unique slug and the preset's test secret unless overridden. */
export async function createNetwork(
  db: Db,
  preset: PresetName,
  overrides: ConfigOverrides = {},
): Promise<StoredNetwork> {
  const r = configFromPreset(preset, {
    name: `Test ${preset}`,
    slug: `${preset}-${tag()}`,
    secret: presetSecret(preset),
    ...PRESET_FORMATS[preset].overrides,
    ...overrides,
  });
  if (!r.ok) throw new Error(`invalid test network: ${JSON.stringify(r.errors)}`);
  const id = await insertNetwork(db, r.config);
  return (await findNetworkById(db, id))!;
}

/** An offer the network credits (its external_offer_id is what the network echoes as its offer id). */
export async function createNetworkOffer(
  db: Db,
  network: StoredNetwork,
  externalOfferId = `ext-${tag()}`,
): Promise<{ offerId: number; externalOfferId: string }> {
  const offerId = await insertOffer(db, {
    networkId: network.id,
    network: network.config.slug,
    externalOfferId,
    offerUrl: 'https://partner.example.com/go?cid={click_id}&u={sub_id}',
  });
  return { offerId, externalOfferId };
}

export interface TestMember {
  userId: number;
  subId: string;
  /** The member's session cookie, for their own calls (GET /api/offers.php). */
  cookie: string;
}

/** A member inserted directly (no sign-in round trip), with a session. */
export async function createMember(db: Db): Promise<TestMember> {
  const t = tag();
  const [row] = await db
    .insert(users)
    .values({ email: `n${t}@example.com`, firebaseUid: `n-${t}`, referralCode: `N${t}`.toUpperCase() })
    .returning({ id: users.id });
  const [{ subId }] = await query<{ subId: string }>(
    db,
    sql`select sub_id as "subId" from users where id = ${row!.id}`,
  );
  const session = await createSession(
    db,
    TEST_SESSION_SECRET,
    { kind: 'member', userId: row!.id },
    3_600_000,
  );
  return { userId: row!.id, subId: subId!, cookie: `sid=${session.sid}` };
}

/** A click by the member on the offer, as the click call stores it; `ageMs` back in time. */
export async function createClick(db: Db, userId: number, offerId: number, ageMs = 0): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  await db.insert(clicks).values({ id, userId, offerId, createdAt: new Date(Date.now() - ageMs) });
  return id;
}

/** A network, one of its offers, a member and their click on it. */
export async function networkScenario(db: Db, preset: PresetName, overrides: ConfigOverrides = {}) {
  const network = await createNetwork(db, preset, overrides);
  const offer = await createNetworkOffer(db, network);
  const member = await createMember(db);
  const clickId = await createClick(db, member.userId, offer.offerId);
  return { network, offer, member, clickId };
}

/** What a preset's postback names: the click (or the member) and the network's offer. */
export interface PostbackIds {
  clickId: string;
  subId: string;
  externalOfferId: string;
  transactionId: string;
}

export type PostbackKind = 'approved' | 'pending' | 'reversed';

interface PresetFormat {
  /** The address the network calls from (one of the preset's allowlist, or any). */
  ip: string;
  /** What the test network changes over the preset (TUNE is configured with an allowlist). */
  overrides?: ConfigOverrides;
  /** The parameters in the vector's order; null where the network has no such postback. */
  params(ids: PostbackIds, kind: PostbackKind): Record<string, string> | null;
  /** How the preset reverses, in words (for test names). */
  reversal: string | null;
}

/** Each preset's postback, after its vector in server/networks/presets.test.ts. */
export const PRESET_FORMATS: Record<PresetName, PresetFormat> = {
  native: {
    ip: '203.0.113.10',
    reversal: 'status=reversed',
    params: (x, kind) => ({
      click_id: x.clickId,
      transaction_id: x.transactionId,
      payout: '1.50',
      currency: 'USD',
      status: kind,
    }),
  },
  cpx: {
    ip: '188.40.3.73',
    reversal: 'status=2',
    params: (x, kind) =>
      kind === 'pending'
        ? null
        : {
            status: kind === 'approved' ? '1' : '2',
            trans_id: x.transactionId,
            user_id: x.subId,
            amount_local: '50',
            amount_usd: '0.50',
            type: 'complete',
          },
  },
  tapjoy: {
    ip: '203.0.113.10',
    reversal: null,
    params: (x, kind) =>
      kind === 'approved'
        ? { snuid: x.subId, currency: '50', mac_address: '00-16-41-34-2C-A6', id: x.transactionId }
        : null,
  },
  wannads: {
    ip: '3.22.177.178',
    reversal: 'status=rejected with a negative reward',
    params: (x, kind) =>
      kind === 'pending'
        ? null
        : {
            subId: x.subId,
            transId: x.transactionId,
            reward: kind === 'approved' ? '500' : '-500',
            payout: '0.50',
            status: kind === 'approved' ? '1' : 'rejected',
            campaign_id: x.externalOfferId,
            userIp: '192.0.2.44',
          },
  },
  ayetstudios: {
    ip: '158.69.185.154',
    reversal: 'is_chargeback=1, transaction id "r-" + the original, negative amount',
    params: (x, kind) =>
      kind === 'pending'
        ? null
        : {
            network: 'ayetstudios',
            amount: kind === 'approved' ? '360' : '-360',
            external_identifier: x.subId,
            payout_usd: '0.36',
            is_chargeback: kind === 'approved' ? '0' : '1',
            transaction_id: kind === 'approved' ? x.transactionId : `r-${x.transactionId}`,
          },
  },
  bitlabs: {
    ip: '203.0.113.10',
    reversal: 'type=RECONCILIATION under a new transaction, ref = the original',
    params: (x, kind): Record<string, string> =>
      kind === 'reversed'
        ? {
            uid: x.subId,
            tx: `${x.transactionId}-r`,
            usd: '-0.45',
            val: '-450',
            type: 'RECONCILIATION',
            ref: x.transactionId,
          }
        : {
            uid: x.subId,
            tx: x.transactionId,
            usd: '0.45',
            val: '450',
            type: kind === 'approved' ? 'COMPLETE' : 'PENDING',
          },
  },
  adgatemedia: {
    ip: '52.42.57.125',
    reversal: 'state=rejected',
    params: (x, kind) => ({
      conversion_id: x.transactionId,
      s1: x.subId,
      points: '100',
      payout: '0.50',
      state: kind === 'reversed' ? 'rejected' : kind,
    }),
  },
  lootably: {
    ip: '203.0.113.10',
    reversal: 'status=0 under the same transaction id',
    params: (x, kind) =>
      kind === 'pending'
        ? null
        : {
            userID: x.subId,
            transactionID: x.transactionId,
            ip: '192.0.2.9',
            offerID: x.externalOfferId,
            revenue: '0.01',
            currencyReward: '1',
            status: kind === 'approved' ? '1' : '0',
          },
  },
  torox: {
    ip: '203.0.113.10',
    reversal: null,
    params: (x, kind) =>
      kind === 'approved'
        ? { id: x.transactionId, OID: x.externalOfferId, user_id: x.subId, Amount: '10', payout: '0.25' }
        : null,
  },
  tune: {
    ip: '198.19.4.20',
    overrides: { ipAllowlist: ['198.18.0.0/15'] },
    reversal: 'status=rejected',
    params: (x, kind) => ({
      aff_click_id: x.clickId,
      aff_sub: x.subId,
      transaction_id: x.transactionId,
      payout: '2.00',
      offer_id: x.externalOfferId,
      ...(kind === 'approved' ? {} : { status: kind === 'reversed' ? 'rejected' : 'pending' }),
    }),
  },
};

export interface NetworkRequest {
  method: 'GET';
  url: string;
  headers: Record<string, string>;
  remoteAddress: string;
}

/**
 * A postback as the preset's network sends it, for app.inject: signed (or carrying the URL token) with
 * the network's secret unless another is given; null where the network has no such postback.
 */
export function presetPostback(
  config: NetworkConfig,
  ids: PostbackIds,
  kind: PostbackKind = 'approved',
  opts: { secret?: string; remoteAddress?: string } = {},
): NetworkRequest | null {
  const preset = config.preset as PresetName;
  const params = PRESET_FORMATS[preset].params(ids, kind);
  if (!params) return null;
  const signed = signPostback(config, params, { secret: opts.secret, origin: TEST_PUBLIC_URL });
  return {
    method: 'GET',
    url: signed.url,
    headers: signed.headers,
    remoteAddress: opts.remoteAddress ?? PRESET_FORMATS[preset].ip,
  };
}

/**
 * A network holding a wrong secret and an approval signed with the right one, which the receiver
 * refuses until `fixSecret` stores the right secret (as an operator would).
 */
export async function wrongSecretScenario(db: Db, preset: PresetName, transactionId: string) {
  const s = await networkScenario(db, preset, { secret: 'a-wrong-secret' });
  const request = presetPostback(
    s.network.config,
    { clickId: '', subId: s.member.subId, externalOfferId: '', transactionId },
    'approved',
    { secret: presetSecret(preset) },
  )!;
  const fixSecret = () =>
    execute(db, sql`update networks set secret = ${presetSecret(preset)} where id = ${s.network.id}`);
  return { ...s, request, fixSecret };
}

/** The completions of a click, as stored. */
export async function completionsOfClick(db: Db, clickId: string) {
  return query<{ id: number; status: string; network: string; transactionId: string }>(
    db,
    sql`select id, status, network, transaction_id as "transactionId" from completions
         where click_id = ${clickId} order by id`,
  );
}

/** Rows of each table a postback may write, for "nothing changed" checks. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const [row] = await query<Record<string, number>>(
    db,
    sql`select (select count(*)::int from completions) as completions,
               (select count(*)::int from postback_log) as postback_log,
               (select coalesce(sum(total_completions), 0)::int from users) as user_completions,
               (select coalesce(sum(total_completions), 0)::int from offers) as offer_completions,
               (select count(*)::int from referrals) as referrals`,
  );
  return row!;
}
