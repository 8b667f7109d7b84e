// The postback log's admin calls: every attempt listed newest first with its network, outcome and the
// request as received with the signature masked; the filters; Replay of a refused attempt after the
// operator fixed the secret (credited once, audited), and its refusals.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  DATABASE_KINDS,
  clickOffer,
  insertOffer,
  signIn,
  signedPostbackUrl,
  type SignedInMember,
} from '../../test/helpers';
import { adminClient, adminTestApp, client, type Client } from '../../test/admin';
import { query, type Db } from '../../db/client';
import { presetConfig } from '../../networks/presets';
import { signPostback } from '../../networks/verify';

const URL = '/api/admin/postbacks.php';
const RIGHT_SECRET = 'the-right-secret-1234';
const CONFIGURED_WRONG = 'a-mistyped-secret-9876';

describe.each(DATABASE_KINDS)('admin postback log on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  let admin: Client;
  let member: SignedInMember;
  let networkId: number;
  let offerId: number;
  let clickId: string;
  let forgedHash: string;
  const slug = 'cpx-log';
  const cpx = () => ({
    ...presetConfig('cpx'),
    slug,
    secret: RIGHT_SECRET,
    ipAllowlist: [],
    clickIdInSubId: true,
  });

  adminTestApp(kind, async (setup) => {
    app = setup.app;
    db = setup.db;
    admin = await adminClient(app);
    // The operator typed the secret wrong: the network's postbacks are refused as bad_signature.
    const res = await admin.post('/api/admin/networks.php', {
      name: 'CPX',
      slug,
      preset: 'cpx',
      secret: CONFIGURED_WRONG,
      ip_allowlist: [],
      // The postbacks below echo our click id as CPX's user id.
      click_id_in_sub_id: true,
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    networkId = res.json().network_id;
    offerId = await insertOffer(db, { networkId, externalOfferId: 'cpx-wall' });
    member = await signIn(app);
    clickId = await clickOffer(app, member, offerId);
  });

  const list = async (q = '') => {
    const res = await admin.get(`${URL}${q}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { postbacks: Record<string, unknown>[]; pagination: Record<string, unknown> };
  };
  const completions = async () =>
    (
      await query<{ n: number }>(
        db,
        sql`select count(*)::int as n from completions where user_id = ${member.userId}`,
      )
    )[0]!.n;

  it('refuses a caller who is not signed in as an administrator', async () => {
    expect((await client(app).get(URL)).statusCode).toBe(401);
    expect((await client(app).post(URL, { postback_id: 1, action: 'replay' })).statusCode).toBe(401);
  });

  it('lists a refused attempt with its reason, the signature masked, replayable', async () => {
    const signed = signPostback(cpx(), {
      status: '1',
      trans_id: 'cpx-tx-1',
      user_id: clickId,
      amount_usd: '0.80',
    });
    forgedHash = signed.query.secure_hash!;
    const sent = await app.inject({ method: 'GET', url: signed.url });
    expect(sent.statusCode).toBeGreaterThanOrEqual(400);

    const { postbacks, pagination } = await list(`?network_id=${networkId}`);
    expect(pagination).toMatchObject({ page: 1, limit: 20, total: 1 });
    const [row] = postbacks;
    expect(row).toMatchObject({
      network_id: networkId,
      network: slug,
      outcome: 'bad_signature',
      http_status: sent.statusCode,
      transaction_id: 'cpx-tx-1',
      replayable: true,
      replayed_at: null,
      replay_of: null,
    });
    expect(typeof row!.reason).toBe('string');
    const raw = row!.raw as { url: string; params: Record<string, string>; method: string };
    expect(raw.method).toBe('GET');
    expect(raw.params).toMatchObject({ trans_id: 'cpx-tx-1', secure_hash: '***' });
    expect(raw.url).toContain('secure_hash=***');
    expect(JSON.stringify(postbacks)).not.toContain(forgedHash);
    expect(await completions()).toBe(0);
  });

  it('filters by result, outcome, status, search and dates', async () => {
    const ids = async (q: string) => (await list(q)).postbacks.map((p) => p.transaction_id);
    expect(await ids('?result=refused')).toContain('cpx-tx-1');
    expect(await ids('?result=accepted')).not.toContain('cpx-tx-1');
    expect(await ids('?outcome=bad_signature')).toContain('cpx-tx-1');
    expect(await ids('?outcome=accepted')).not.toContain('cpx-tx-1');
    expect(await ids('?search=cpx-tx-1')).toEqual(['cpx-tx-1']);
    expect(await ids('?search=cpx-tx')).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids(`?date_from=${today}&date_to=${today}`)).toContain('cpx-tx-1');
    expect(await ids('?date_to=2020-01-01')).toEqual([]);
    expect(await ids('?date_from=2999-01-01')).toEqual([]);
    expect((await admin.get(`${URL}?outcome=nope`)).statusCode).toBe(400);
    expect((await admin.get(`${URL}?date_from=yesterday`)).statusCode).toBe(400);
  });

  it('replays the refused attempt once the secret is fixed: credited, audited, not replayable again', async () => {
    const [original] = (await list(`?search=cpx-tx-1`)).postbacks;
    const id = original!.postback_id as number;
    const fix = await admin.put('/api/admin/networks.php', {
      network_id: networkId,
      secret: RIGHT_SECRET,
      rotation_hours: 0,
    });
    expect(fix.statusCode, fix.body).toBe(200);

    const res = await admin.post(URL, { postback_id: id, action: 'replay' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, outcome: 'accepted', http_status: 200 });
    expect(await completions()).toBe(1);

    const rows = (await list('?search=cpx-tx-1')).postbacks;
    expect(rows).toHaveLength(2);
    const replay = rows.find((r) => r.replay_of === id)!;
    expect(replay).toMatchObject({ outcome: 'accepted', replayable: false });
    const after = rows.find((r) => r.postback_id === id)!;
    expect(after.replayable).toBe(false);
    expect(after.replayed_at).toEqual(expect.any(String));

    const again = await admin.post(URL, { postback_id: id, action: 'replay' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/^This attempt cannot be replayed: /);
    expect(await completions()).toBe(1);

    const audit = await admin.get(`/api/admin/audit-log.php?action=postback.replay&target_id=${id}`);
    const [entry] = audit.json().entries;
    expect(entry).toMatchObject({
      action: 'postback.replay',
      target_type: 'postback',
      before: { outcome: 'bad_signature' },
      after: { outcome: 'accepted', replay_postback_id: replay.postback_id },
    });
    expect(JSON.stringify(entry)).not.toContain(RIGHT_SECRET);
  });

  it('refuses to replay an unknown attempt (404) and an accepted one (409)', async () => {
    expect((await admin.post(URL, { postback_id: 999999, action: 'replay' })).statusCode).toBe(404);
    const accepted = (await list('?result=accepted')).postbacks[0]!;
    expect((await admin.post(URL, { postback_id: accepted.postback_id, action: 'replay' })).statusCode).toBe(
      409,
    );
    expect((await admin.post(URL, { postback_id: 1, action: 'delete' })).statusCode).toBe(400);
  });

  it('names the slug an attempt on an unknown network was sent to', async () => {
    const sent = await app.inject({ method: 'GET', url: '/api/postback/no-such-net?trans_id=ghost-1' });
    expect(sent.statusCode).toBe(403);
    const [row] = (await list('?outcome=unknown_network')).postbacks;
    expect(row).toMatchObject({ network: 'no-such-net', network_id: null, replayable: false });
  });

  it('lists a native attempt as "native" with its sig masked, not replayable', async () => {
    const nativeOffer = await insertOffer(db);
    const click = await clickOffer(app, member, nativeOffer);
    const url = signedPostbackUrl({
      click_id: click,
      transaction_id: 'native-tx-1',
      payout: '1.0000',
      currency: 'USD',
      status: 'approved',
    });
    const sig = new URLSearchParams(url.split('?')[1]).get('sig')!;
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const [row] = (await list('?search=native-tx-1')).postbacks;
    expect(row).toMatchObject({
      network: 'native',
      network_id: null,
      outcome: 'accepted',
      replayable: false,
    });
    expect((row!.raw as { params: Record<string, string> }).params).toMatchObject({ sig: '***' });
    expect(JSON.stringify(row)).not.toContain(sig);
    // Newest first.
    const all = (await list()).postbacks.map((p) => p.created_at as string);
    expect(all).toEqual([...all].sort().reverse());
  });
});
