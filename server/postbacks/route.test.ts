// GET|POST /api/postback/{slug} through the real app: every preset's postback credited, replayed,
// reversed, forged and sent from a disallowed address; then the receiver's refusals, click resolution,
// bounds, the junk log and the per-network limit.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { PRESET_NAMES } from '../../shared/networks/config';
import { query, type Db } from '../db/client';
import { DATABASE_KINDS, insertOffer, testAppPerSuite } from '../test/helpers';
import {
  PRESET_FORMATS,
  TEST_PUBLIC_URL,
  completionsOfClick,
  createClick,
  createMember,
  createNetwork,
  createNetworkOffer,
  networkScenario,
  presetPostback,
  type NetworkRequest,
} from '../test/network-fixtures';
import { presetConfig } from '../networks/presets';
import { signPostback } from '../networks/verify';
import type { StoredNetwork } from '../networks/repository';

interface LogRow {
  id: number;
  networkId: number | null;
  outcome: string;
  httpStatus: number;
  verified: boolean;
  reason: string | null;
  clickId: string | null;
  transactionId: string | null;
  status: string | null;
  completionId: number | null;
  repeatCount: number;
  request: { method: string; url: string; headers: Record<string, string> } | null;
  params: Record<string, string>;
}

async function logRows(db: Db, where: ReturnType<typeof sql>) {
  return query<LogRow>(
    db,
    sql`select id::int, network_id as "networkId", outcome, http_status as "httpStatus", verified, reason,
               click_id as "clickId", transaction_id as "transactionId", status, completion_id as "completionId",
               repeat_count as "repeatCount", request, params
          from postback_log where ${where} order by id`,
  );
}

const send = (app: FastifyInstance, r: NetworkRequest) => app.inject(r);

/** The member's offer as GET /api/offers.php shows it to them. */
async function memberOffer(app: FastifyInstance, cookie: string, offerId: number) {
  const res = await app.inject({ url: '/api/offers.php', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  const offers = res.json().offers as { offer_id: number; status: string; completed: boolean }[];
  return offers.find((o) => o.offer_id === offerId);
}

describe.each(DATABASE_KINDS)('network postback receiver (%s)', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  testAppPerSuite(kind, (s) => {
    app = s.app;
    db = s.db;
  });

  describe.each(PRESET_NAMES)('preset %s', (preset) => {
    const format = PRESET_FORMATS[preset];
    const ids = (s: Awaited<ReturnType<typeof networkScenario>>, tx = `tx-${s.clickId.slice(0, 8)}`) => ({
      clickId: s.clickId,
      subId: s.member.subId,
      externalOfferId: s.offer.externalOfferId,
      transactionId: tx,
    });

    it('credits the postback: the member sees the offer completed, with its spin', async () => {
      const s = await networkScenario(db, preset);
      const before = await memberOffer(app, s.member.cookie, s.offer.offerId);
      expect(before).toMatchObject({ status: 'available', completed: false });

      const res = await send(app, presetPostback(s.network.config, ids(s))!);
      const success = s.network.config.answers.success;
      expect(res.statusCode).toBe(success.status);
      expect(res.body).toBe(success.body);
      // Fastify adds the charset to a JSON type that names none.
      expect(res.headers['content-type']).toMatch(new RegExp(`^${success.contentType}(; charset=utf-8)?$`));

      expect(await completionsOfClick(db, s.clickId)).toMatchObject([
        { status: 'approved', network: s.network.config.slug },
      ]);
      // The member's app refetches on the live event, once this process has heard the change.
      await app.memberAnswers.sync(db);
      expect(await memberOffer(app, s.member.cookie, s.offer.offerId)).toMatchObject({
        status: 'completed',
        completed: true,
      });
      const [row] = await logRows(db, sql`network_id = ${s.network.id}`);
      expect(row).toMatchObject({
        outcome: 'accepted',
        httpStatus: success.status,
        verified: true,
        reason: 'Approved: spin unlocked',
        clickId: s.clickId,
        transactionId: ids(s).transactionId,
      });
      expect(row!.completionId).toBe((await completionsOfClick(db, s.clickId))[0]!.id);
    });

    it('answers a replay with the duplicate answer and credits once', async () => {
      const s = await networkScenario(db, preset);
      const request = presetPostback(s.network.config, ids(s))!;
      const first = await send(app, request);
      const again = await send(app, request);
      const duplicate = s.network.config.answers.duplicate;
      expect(again.statusCode).toBe(duplicate.status);
      expect(again.body).toBe(duplicate.body);
      if (duplicate.body === s.network.config.answers.success.body) expect(again.body).toBe(first.body);
      expect(await completionsOfClick(db, s.clickId)).toHaveLength(1);
      const rows = await logRows(db, sql`network_id = ${s.network.id}`);
      expect(rows.map((r) => r.outcome)).toEqual(['accepted', 'replay']);
      expect(rows[1]!.reason).toBe('Already recorded as approved');
    });

    if (format.reversal)
      it(`reverses the way the network does (${format.reversal})`, async () => {
        const s = await networkScenario(db, preset);
        expect((await send(app, presetPostback(s.network.config, ids(s))!)).statusCode).toBe(200);
        const reversal = presetPostback(s.network.config, ids(s), 'reversed')!;
        const res = await send(app, reversal);
        expect(res.statusCode).toBe(s.network.config.answers.success.status);
        const rows = await completionsOfClick(db, s.clickId);
        expect(rows[0]).toMatchObject({ status: 'reversed' });
        expect(rows.filter((r) => r.status !== 'reversed')).toEqual([]);
        expect(await memberOffer(app, s.member.cookie, s.offer.offerId)).toMatchObject({ completed: false });
        expect((await logRows(db, sql`network_id = ${s.network.id}`)).at(-1)).toMatchObject({
          outcome: 'accepted',
          reason: 'Reversed: the conversion and its unused spin are taken back',
        });
      });
    else
      it('documents no reversal: a second postback for the conversion changes nothing', async () => {
        const s = await networkScenario(db, preset);
        const request = presetPostback(s.network.config, ids(s))!;
        await send(app, request);
        expect(presetPostback(s.network.config, ids(s), 'reversed')).toBeNull();
        await send(app, { ...request, url: `${request.url}&status=2&is_chargeback=1` });
        expect(await completionsOfClick(db, s.clickId)).toMatchObject([{ status: 'approved' }]);
      });

    it('refuses a forged postback with the generic refusal and credits nothing', async () => {
      const s = await networkScenario(db, preset);
      const forged = presetPostback(s.network.config, ids(s), 'approved', {
        secret: 'not-the-secret-0123456789',
      })!;
      const res = await send(app, forged);
      // An unverified caller learns nothing (issue 32, item 9): the reason is in the log only.
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, error: 'refused' });
      expect(await completionsOfClick(db, s.clickId)).toEqual([]);
      const [row] = await logRows(db, sql`network_id = ${s.network.id}`);
      expect(row).toMatchObject({ outcome: 'bad_signature', verified: false, httpStatus: 403 });
      expect(row!.reason).toMatch(/is missing|does not match/);
      // Stored as received (Replay needs it), the signature included; a URL token is stored masked.
      const token = s.network.config.tokenParam;
      if (token && s.network.config.signature.algorithm === 'none')
        expect(row!.request!.url).toBe(forged.url.replace(new RegExp(`${token}=[^&]*`), `${token}=***`));
      else expect(row!.request!.url).toBe(forged.url);
    });

    it('refuses an address outside the allowlist', async () => {
      // The preset's published addresses, or an allowlist the operator set.
      const listed = presetConfig(preset).ipAllowlist.length || format.overrides?.ipAllowlist?.length;
      const s = await networkScenario(db, preset, listed ? {} : { ipAllowlist: ['203.0.113.0/24'] });
      expect(s.network.config.ipAllowlist.length).toBeGreaterThan(0);
      const res = await send(app, {
        ...presetPostback(s.network.config, ids(s))!,
        remoteAddress: '192.0.2.200',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, error: 'refused' });
      expect(await completionsOfClick(db, s.clickId)).toEqual([]);
      const [row] = await logRows(db, sql`network_id = ${s.network.id}`);
      expect(row).toMatchObject({ outcome: 'ip_not_allowed', verified: false });
      expect(row!.reason).toMatch(/192\.0\.2\.200 is not in the network's IP allowlist/);
    });
  });

  describe('refusals', () => {
    it('answers an unknown slug as it answers an inactive network, and logs it without a network', async () => {
      const res = await app.inject({ url: '/api/postback/no-such-network?transaction_id=1' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, error: 'refused' });
      const rows = await logRows(db, sql`outcome = 'unknown_network'`);
      expect(rows.at(-1)).toMatchObject({ networkId: null, httpStatus: 403, verified: false });
      expect(rows.at(-1)!.reason).toBe('No network "no-such-network"');
    });

    it('refuses an inactive network, logged as inactive', async () => {
      const s = await networkScenario(db, 'native', { isActive: false });
      const res = await send(
        app,
        presetPostback(s.network.config, {
          clickId: s.clickId,
          subId: s.member.subId,
          externalOfferId: s.offer.externalOfferId,
          transactionId: 'tx-inactive',
        })!,
      );
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, error: 'refused' });
      expect(await completionsOfClick(db, s.clickId)).toEqual([]);
      const [row] = await logRows(db, sql`network_id = ${s.network.id}`);
      expect(row).toMatchObject({ outcome: 'inactive' });
      expect(row!.reason).toMatch(/is not active/);
    });

    it("refuses a click of another network's offer, and of a native offer, as unknown", async () => {
      const s = await networkScenario(db, 'native');
      const other = await networkScenario(db, 'native');
      const nativeOffer = await insertOffer(db);
      const nativeClick = await createClick(db, s.member.userId, nativeOffer);
      for (const clickId of [other.clickId, nativeClick]) {
        const res = await send(
          app,
          presetPostback(s.network.config, {
            clickId,
            subId: s.member.subId,
            externalOfferId: s.offer.externalOfferId,
            transactionId: `tx-${clickId.slice(0, 6)}`,
          })!,
        );
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toMatch(/^No click ".*" on this network's offers$/);
        expect(await completionsOfClick(db, clickId)).toEqual([]);
      }
      expect((await logRows(db, sql`network_id = ${s.network.id}`)).map((r) => r.outcome)).toEqual([
        'unknown_click',
        'unknown_click',
      ]);
    });

    it('answers a conflicting transaction id 409', async () => {
      const s = await networkScenario(db, 'native');
      const second = await createClick(
        db,
        s.member.userId,
        (await createNetworkOffer(db, s.network)).offerId,
      );
      const x = { subId: s.member.subId, externalOfferId: '', transactionId: 'tx-shared' };
      await send(app, presetPostback(s.network.config, { ...x, clickId: s.clickId })!);
      const res = await send(app, presetPostback(s.network.config, { ...x, clickId: second })!);
      expect(res.statusCode).toBe(409);
      expect((await logRows(db, sql`network_id = ${s.network.id}`)).at(-1)).toMatchObject({
        outcome: 'transaction_conflict',
        verified: true,
      });
    });

    it('answers a screen-out with the success answer, logged as ignored_status', async () => {
      const s = await networkScenario(db, 'cpx');
      const signed = signPostback(s.network.config, {
        status: '1',
        trans_id: 'cpx-out-1',
        user_id: s.member.subId,
        type: 'out',
      });
      const res = await app.inject({ url: signed.url, remoteAddress: '188.40.3.73' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('ok');
      expect(await completionsOfClick(db, s.clickId)).toEqual([]);
      expect(await logRows(db, sql`network_id = ${s.network.id}`)).toMatchObject([
        { outcome: 'ignored_status', verified: true },
      ]);
    });
  });

  describe('click resolution by member sub-id', () => {
    it("takes the member's latest click on the offer the network names", async () => {
      const network = await createNetwork(db, 'wannads');
      const a = await createNetworkOffer(db, network);
      const b = await createNetworkOffer(db, network);
      const member = await createMember(db);
      const onA = await createClick(db, member.userId, a.offerId, 60_000);
      const onB = await createClick(db, member.userId, b.offerId);
      const res = await send(
        app,
        presetPostback(network.config, {
          clickId: '',
          subId: member.subId,
          externalOfferId: a.externalOfferId,
          transactionId: 'wann-a-1',
        })!,
      );
      expect(res.statusCode).toBe(200);
      expect(await completionsOfClick(db, onA)).toMatchObject([{ status: 'approved' }]);
      expect(await completionsOfClick(db, onB)).toEqual([]);
    });

    it("without an offer id, takes the member's latest click on any of the network's offers", async () => {
      const network = await createNetwork(db, 'cpx');
      const a = await createNetworkOffer(db, network);
      const b = await createNetworkOffer(db, network);
      const member = await createMember(db);
      const older = await createClick(db, member.userId, a.offerId, 60_000);
      const latest = await createClick(db, member.userId, b.offerId);
      // A later click on another network's offer does not count.
      const elsewhere = await networkScenario(db, 'cpx');
      await createClick(db, member.userId, elsewhere.offer.offerId);
      const x = { clickId: '', subId: member.subId, externalOfferId: '', transactionId: 'cpx-latest' };
      expect((await send(app, presetPostback(network.config, x)!)).statusCode).toBe(200);
      expect(await completionsOfClick(db, latest)).toMatchObject([{ status: 'approved' }]);
      expect(await completionsOfClick(db, older)).toEqual([]);
    });

    it('accepts a click id in the member parameter from a network configured to echo one', async () => {
      const s = await networkScenario(db, 'cpx', { clickIdInSubId: true });
      const x = { clickId: '', subId: s.clickId, externalOfferId: '', transactionId: 'cpx-by-click' };
      expect((await send(app, presetPostback(s.network.config, x)!)).statusCode).toBe(200);
      expect(await completionsOfClick(db, s.clickId)).toMatchObject([{ status: 'approved' }]);
    });

    it('refuses a click id in the member parameter from a network not configured to echo one', async () => {
      const s = await networkScenario(db, 'cpx');
      const x = { clickId: '', subId: s.clickId, externalOfferId: '', transactionId: 'cpx-by-click-2' };
      expect((await send(app, presetPostback(s.network.config, x)!)).statusCode).toBe(404);
      expect(await completionsOfClick(db, s.clickId)).toEqual([]);
    });

    it('refuses an unknown member, or a member without a click on that offer, 404', async () => {
      const s = await networkScenario(db, 'wannads');
      for (const [subId, offer] of [
        ['nobody-has-this-sub-id', s.offer.externalOfferId],
        [s.member.subId, 'another-offer'],
      ] as const) {
        const res = await send(
          app,
          presetPostback(s.network.config, {
            clickId: '',
            subId,
            externalOfferId: offer,
            transactionId: `w-${offer}`,
          })!,
        );
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toMatch(/^No click on this network's offer ".*" by member \(or click\)/);
      }
      expect(await completionsOfClick(db, s.clickId)).toEqual([]);
    });
  });

  describe('bodies and bounds', () => {
    it('reads a form body and a JSON body', async () => {
      const s = await networkScenario(db, 'native');
      const secretFor = s.network.config;
      const form = signPostback(secretFor, {
        click_id: s.clickId,
        transaction_id: 'tx-form',
        payout: '1.00',
        status: 'pending',
      });
      const res = await app.inject({
        method: 'POST',
        url: `/api/postback/${s.network.config.slug}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form.query).toString(),
      });
      expect(res.statusCode).toBe(200);
      expect(await completionsOfClick(db, s.clickId)).toMatchObject([{ status: 'pending' }]);
      const json = signPostback(secretFor, {
        click_id: s.clickId,
        transaction_id: 'tx-form',
        payout: '1.00',
        status: 'approved',
      });
      const res2 = await app.inject({
        method: 'POST',
        url: `/api/postback/${s.network.config.slug}`,
        payload: json.query,
      });
      expect(res2.statusCode).toBe(200);
      expect(await completionsOfClick(db, s.clickId)).toMatchObject([{ status: 'approved' }]);
    });

    it('refuses too many parameters, and a body over 16 KiB, and logs both', async () => {
      const s = await networkScenario(db, 'native');
      const many = Array.from({ length: 33 }, (_, i) => `p${i}=1`).join('&');
      const res = await app.inject({ url: `/api/postback/${s.network.config.slug}?${many}` });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('refused');
      const big = await app.inject({
        method: 'POST',
        url: `/api/postback/${s.network.config.slug}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `x=${'a'.repeat(17_000)}`,
      });
      expect(big.statusCode).toBe(413);
      const rows = await logRows(db, sql`network_id = ${s.network.id}`);
      expect(rows.map((r) => r.outcome)).toEqual(['malformed', 'too_large']);
      expect(rows[0]!.reason).toBe('Postback too large: at most 32 parameters are accepted');
    });
  });

  describe('text the database cannot store', () => {
    it('refuses a NUL in a parameter (the app-wide 400) and logs the attempt without it', async () => {
      const s = await networkScenario(db, 'native');
      const url = `/api/postback/${s.network.config.slug}?click_id=a%00b&transaction_id=t`;
      const res = await app.inject({ url, remoteAddress: '192.0.2.90' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/^Invalid request: text must not contain NUL/);
      const [row] = await logRows(db, sql`network_id = ${s.network.id}`);
      expect(row).toMatchObject({ outcome: 'malformed', verified: false, params: { click_id: 'ab' } });
      // Malformed junk keeps a bounded summary only: no replay can help it (issue 32, item 5).
      expect(row!.request).toBeNull();
    });
  });

  describe('the log', () => {
    it('folds only identical junk from one address into one row', async () => {
      const s = await networkScenario(db, 'native');
      const forged = (n: number) =>
        presetPostback(
          s.network.config,
          { clickId: s.clickId, subId: '', externalOfferId: '', transactionId: `junk-${n}` },
          'approved',
          { secret: 'wrong-secret', remoteAddress: '192.0.2.77' },
        )!;
      for (let n = 0; n < 3; n++) expect((await send(app, forged(0))).statusCode).toBe(403);
      // Another transaction keeps its own row (it may be a real postback refused for a wrong secret).
      expect((await send(app, forged(1))).statusCode).toBe(403);
      await send(app, { ...forged(0), remoteAddress: '192.0.2.78' });
      const rows = await logRows(db, sql`network_id = ${s.network.id}`);
      expect(rows.map((r) => [r.outcome, r.transactionId, r.repeatCount])).toEqual([
        ['bad_signature', 'junk-0', 3],
        ['bad_signature', 'junk-1', 1],
        ['bad_signature', 'junk-0', 1],
      ]);
      // Junk keeps only the network's own parameters, the signature left out.
      expect(rows[0]!.params).toEqual({
        click_id: s.clickId,
        transaction_id: 'junk-0',
        payout: '1.50',
        currency: 'USD',
        status: 'approved',
        _other_params: '1',
      });
    });

    it("folds unknown slugs by address, never into the native receiver's rows", async () => {
      const from = { remoteAddress: '192.0.2.120', headers: { 'content-type': 'application/json' } };
      const native = await app.inject({ method: 'POST', url: '/api/postback.php', payload: '{', ...from });
      expect(native.statusCode).toBe(400);
      for (let i = 0; i < 2; i++) {
        const res = await app.inject({ method: 'POST', url: '/api/postback/gone', payload: '{', ...from });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(native.json());
      }
      const rows = await logRows(db, sql`ip = '192.0.2.120'`);
      expect(rows.map((r) => [r.networkId, r.outcome, r.repeatCount, r.request?.url ?? null])).toEqual([
        [null, 'malformed', 1, null],
        [null, 'malformed', 2, '/api/postback/gone'],
      ]);
    });

    it('masks the signature in the parameters of a verified attempt', async () => {
      const s = await networkScenario(db, 'adgatemedia');
      const request = presetPostback(s.network.config, {
        clickId: '',
        subId: s.member.subId,
        externalOfferId: '',
        transactionId: 'agm-mask',
      })!;
      expect((await send(app, request)).statusCode).toBe(200);
      const [row] = await logRows(db, sql`network_id = ${s.network.id}`);
      expect(row!.params.token).toBe('***');
      expect(JSON.stringify(row!.params)).not.toContain(s.network.config.secret);
    });
  });
});

describe('per-address rate limit', () => {
  let app: FastifyInstance;
  // The per-address limit is the larger of 1200 and the per-network allowance (one network's servers
  // may use all of it); here the allowance is the smaller.
  testAppPerSuite(
    'pglite',
    (s) => {
      app = s.app;
    },
    { config: { networkPostbacksPerMinute: 1000 } },
  );

  it('answers 429 past 1200 attempts a minute from one address', async () => {
    // Slugs that cannot exist are refused before any lookup, so the loop stays cheap; 20 of them, so
    // that each stays within the per-(slug, address) allowance of unverified attempts.
    const from = (remoteAddress: string, i = 0) =>
      app.inject({ url: `/api/postback/NOPE${i % 20}`, remoteAddress });
    for (let i = 0; i < 1200; i++) expect((await from('192.0.2.55', i)).statusCode).toBe(403);
    const over = await from('192.0.2.55');
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toMatch(/^Too many postbacks from this address/);
    expect((await from('192.0.2.56')).statusCode).toBe(403);
  });
});

describe.each(DATABASE_KINDS)('per-network rate limit (%s)', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  testAppPerSuite(
    kind,
    (s) => {
      app = s.app;
      db = s.db;
    },
    { config: { networkPostbacksPerMinute: 3, publicUrl: TEST_PUBLIC_URL } },
  );

  it('answers 429 past the limit for that network only, logged as rate_limited', async () => {
    const s = await networkScenario(db, 'native');
    const other: StoredNetwork = await createNetwork(db, 'native');
    // Signed postbacks (a replay of one transaction): only verified attempts count.
    const signed = (n: StoredNetwork, clickId: string) =>
      presetPostback(n.config, { clickId, subId: '', externalOfferId: '', transactionId: 'limit-x' })!;
    const otherClick = await createClick(db, s.member.userId, (await createNetworkOffer(db, other)).offerId);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await send(app, signed(s.network, s.clickId))).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await send(app, signed(other, otherClick))).statusCode).toBe(200);
    const last = await send(app, signed(s.network, s.clickId));
    expect(last.json().error).toMatch(/^More than 3 postbacks for network ".*" this minute: retry later$/);
    const rows = await logRows(db, sql`network_id = ${s.network.id} and outcome = 'rate_limited'`);
    expect(rows).toMatchObject([{ httpStatus: 429, repeatCount: 2 }]);
  });

  it('does not let unsigned junk from one address use up the allowance of the network (issue 32, item 3)', async () => {
    const s = await networkScenario(db, 'native');
    // Far more unsigned attempts than the network's allowance (3 here), from one address.
    const junk = (i: number) => ({
      url: `/api/postback/${s.network.config.slug}?transaction_id=junk-${i}`,
      remoteAddress: '198.51.100.66',
    });
    const answers: number[] = [];
    for (let i = 0; i < 130; i++) answers.push((await app.inject(junk(i))).statusCode);
    // The junk address gets its own small allowance, then 429...
    expect(answers.slice(0, 120).every((c) => c === 403)).toBe(true);
    expect(answers.slice(120).every((c) => c === 429)).toBe(true);
    // ...and the network's real, signed postback from its own server is still credited.
    const real = presetPostback(s.network.config, {
      clickId: s.clickId,
      subId: '',
      externalOfferId: '',
      transactionId: 'real-after-junk',
    })!;
    expect((await send(app, real)).statusCode).toBe(200);
    expect(await completionsOfClick(db, s.clickId)).toMatchObject([{ status: 'approved' }]);
  });
});

describe('network postback receiver with REVERSAL_HOLD_THRESHOLD=1 (pglite)', () => {
  let app: FastifyInstance;
  let db: Db;
  testAppPerSuite(
    'pglite',
    (s) => {
      app = s.app;
      db = s.db;
    },
    { config: { reversalHold: { threshold: 1, days: 30 } } },
  );

  it("holds the member at the configured threshold: one reversal through a network's receiver", async () => {
    const s = await networkScenario(db, 'cpx');
    const ids = {
      clickId: s.clickId,
      subId: s.member.subId,
      externalOfferId: s.offer.externalOfferId,
      transactionId: `tx-${s.clickId.slice(0, 8)}`,
    };
    expect((await send(app, presetPostback(s.network.config, ids)!)).statusCode).toBe(200);
    expect((await send(app, presetPostback(s.network.config, ids, 'reversed')!)).statusCode).toBe(200);
    const [member] = await query<{ blocked: boolean; held: boolean }>(
      db,
      sql`select is_suspicious as blocked, held_at is not null as held from users where id = ${s.member.userId}`,
    );
    expect(member).toEqual({ blocked: true, held: true });
  });
});
