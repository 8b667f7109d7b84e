// Issue 32: what an attacker could still do to partner crediting, each hole attacked through the real
// app (PGlite, and PostgreSQL when TEST_DATABASE_URL is set). Every test here performs the attack and
// fails on the receiver before the fix (the comment on each says what the old code did).
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { query, type Db } from '../db/client';
import { updateNetwork } from '../networks/repository';
import { presetConfig } from '../networks/presets';
import { signPostback } from '../networks/verify';
import { adminClient, adminTestApp, type Client } from '../test/admin';
import {
  DATABASE_KINDS,
  TEST_SESSION_SECRET,
  createTestDatabase,
  testConfig,
  type TestDatabase,
} from '../test/helpers';
import {
  TEST_PUBLIC_URL,
  completionsOfClick,
  createClick,
  createMember,
  createNetwork,
  createNetworkOffer,
  networkScenario,
  presetPostback,
  presetSecret,
} from '../test/network-fixtures';

interface Row {
  id: number;
  outcome: string;
  httpStatus: number;
  verified: boolean;
  reason: string | null;
  transactionId: string | null;
  repeatCount: number;
  request: { url: string; query: Record<string, unknown> } | null;
  bytes: number;
}

const rowsOf = (db: Db, where: ReturnType<typeof sql>) =>
  query<Row>(
    db,
    sql`select id::int, outcome, http_status as "httpStatus", verified, reason,
               transaction_id as "transactionId", repeat_count as "repeatCount", request,
               (octet_length(params::text) + octet_length(coalesce(request::text, '')))::int as bytes
          from postback_log where ${where} order by id`,
  );

describe.each(DATABASE_KINDS)('attacks on the postback receiver (%s)', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  let admin: Client;
  adminTestApp(kind, async (setup) => {
    app = setup.app;
    db = setup.db;
    admin = await adminClient(app);
  });

  // ---- item 2: the network's offer id binds the click ----------------------------------------------
  it("refuses a premium offer's click id pasted into a cheap campaign's postback (item 2)", async () => {
    const network = await createNetwork(db, 'tune');
    const premium = await createNetworkOffer(db, network, 'premium-campaign');
    const cheap = await createNetworkOffer(db, network, 'cheap-campaign');
    const member = await createMember(db);
    const premiumClick = await createClick(db, member.userId, premium.offerId);
    await createClick(db, member.userId, cheap.offerId);
    // The network's correctly signed postback for the cheap campaign, carrying the premium click id
    // the member pasted into the cheap campaign's link. The old receiver credited the premium offer.
    const forged = presetPostback(network.config, {
      clickId: premiumClick,
      subId: member.subId,
      externalOfferId: cheap.externalOfferId,
      transactionId: 'cheap-conv-1',
    })!;
    const res = await app.inject(forged);
    expect(res.statusCode).toBe(409);
    expect(await completionsOfClick(db, premiumClick)).toEqual([]);
    const [row] = await rowsOf(db, sql`transaction_id = 'cheap-conv-1'`);
    expect(row).toMatchObject({ outcome: 'offer_mismatch', verified: true });
    expect(row!.reason).toMatch(/premium-campaign.*cheap-campaign/);

    // The premium campaign's own postback credits it.
    const honest = presetPostback(network.config, {
      clickId: premiumClick,
      subId: member.subId,
      externalOfferId: premium.externalOfferId,
      transactionId: 'premium-conv-1',
    })!;
    expect((await app.inject(honest)).statusCode).toBe(200);
    expect(await completionsOfClick(db, premiumClick)).toMatchObject([{ status: 'approved' }]);
  });

  it('accepts a click id in a sub-id parameter only from a network configured to echo one (item 2)', async () => {
    const s = await networkScenario(db, 'wannads');
    const other = await createNetworkOffer(db, s.network, 'other-campaign');
    // The click id in the member parameter, with another campaign's id: the old receiver took the click.
    const pasted = presetPostback(s.network.config, {
      clickId: '',
      subId: s.clickId,
      externalOfferId: other.externalOfferId,
      transactionId: 'wannads-pasted',
    })!;
    expect((await app.inject(pasted)).statusCode).toBe(404);
    expect(await completionsOfClick(db, s.clickId)).toEqual([]);
  });

  // ---- item 4: refused attempts stay recoverable -----------------------------------------------------
  it("replays all three members' postbacks refused for a wrong secret once it is fixed (item 4)", async () => {
    const network = await createNetwork(db, 'cpx', {
      secret: 'a-mistyped-secret-9876',
      ipAllowlist: ['198.51.100.0/24'],
    });
    const offer = await createNetworkOffer(db, network);
    const members = await Promise.all([createMember(db), createMember(db), createMember(db)]);
    const clicks = await Promise.all(members.map((m) => createClick(db, m.userId, offer.offerId)));
    // CPX signs with the right secret, from one of its servers, within a minute: the old receiver
    // folded the three refusals into one row, so Replay credited one member of three.
    const config = { ...network.config, secret: presetSecret('cpx') };
    for (const [i, m] of members.entries()) {
      const res = await app.inject(
        presetPostback(
          config,
          { clickId: '', subId: m.subId, externalOfferId: '', transactionId: `cpx-wrong-${i}` },
          'approved',
          { remoteAddress: '198.51.100.7' },
        )!,
      );
      expect(res.statusCode).toBe(403);
    }
    const refused = await rowsOf(db, sql`network_id = ${network.id}`);
    expect(refused.map((r) => [r.outcome, r.repeatCount])).toEqual([
      ['bad_signature', 1],
      ['bad_signature', 1],
      ['bad_signature', 1],
    ]);

    const fix = await admin.put('/api/admin/networks.php', {
      network_id: network.id,
      secret: presetSecret('cpx'),
      rotation_hours: 0,
    });
    expect(fix.statusCode, fix.body).toBe(200);
    for (const r of refused) {
      const res = await admin.post('/api/admin/postbacks.php', { postback_id: r.id, action: 'replay' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ outcome: 'accepted' });
    }
    for (const c of clicks) expect(await completionsOfClick(db, c)).toMatchObject([{ status: 'approved' }]);
  });

  it("does not let a flood of unknown slugs use up a real network's log budget (item 4)", async () => {
    const s = await networkScenario(db, 'cpx', { ipAllowlist: [] });
    const before = await rowsOf(db, sql`network_id = ${s.network.id}`);
    // More attempts on unknown slugs than the per-minute junk budget (120), from one address, spread
    // over slugs so that each stays within its per-(slug, address) allowance. The old receiver had one
    // budget for every network: the real network's refusal below was then not stored at all.
    for (let i = 0; i < 130; i++)
      await app.inject({ url: `/api/postback/ghost-${i % 2}?n=${i}`, remoteAddress: '203.0.113.99' });
    const wrong = presetPostback(
      s.network.config,
      { clickId: '', subId: s.member.subId, externalOfferId: '', transactionId: 'after-the-flood' },
      'approved',
      { secret: 'not-the-secret-0123456789', remoteAddress: '198.51.100.8' },
    )!;
    expect((await app.inject(wrong)).statusCode).toBe(403);
    const after = await rowsOf(db, sql`network_id = ${s.network.id}`);
    expect(after.length - before.length).toBe(1);
    expect(after.at(-1)).toMatchObject({ outcome: 'bad_signature', transactionId: 'after-the-flood' });
  });

  // ---- item 5: storage of junk is bounded in bytes ---------------------------------------------------
  it('stores a large refused attempt in a few KB, not the whole request (item 5)', async () => {
    const s = await networkScenario(db, 'cpx', { ipAllowlist: [] });
    // 15 parameters of 1,000 characters in a form body (under every bound), an unsigned attempt on a
    // real network: the old receiver stored all of it (URL, query and body, about 30 KB a row).
    const fields = new URLSearchParams({ trans_id: 'fat-1', user_id: s.member.subId, status: '1' });
    for (let i = 0; i < 15; i++) fields.set(`pad${i}`, 'x'.repeat(1000));
    const res = await app.inject({
      method: 'POST',
      url: `/api/postback/${s.network.config.slug}?secure_hash=${'0'.repeat(32)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: fields.toString(),
      remoteAddress: '192.0.2.150',
    });
    expect(res.statusCode).toBe(403);
    const [row] = await rowsOf(db, sql`network_id = ${s.network.id} and transaction_id = 'fat-1'`);
    expect(row).toMatchObject({ outcome: 'bad_signature', request: null });
    expect(row!.bytes).toBeLessThan(2048);
  });

  it('answers a JSON body nested 5,000 levels deep 400, and logs it (item 5)', async () => {
    const s = await networkScenario(db, 'native');
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const payload = `{"click_id":"c","transaction_id":"deep-1","x":${deep}}`;
    for (const url of [`/api/postback/${s.network.config.slug}?transaction_id=deep-1`, '/api/postback.php']) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload,
        remoteAddress: '192.0.2.151',
      });
      // The old receiver answered 500 (PostgreSQL refuses to store a value nested that deep) and lost it.
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toMatch(/nested deeper than 8 levels/);
    }
    const [row] = await rowsOf(db, sql`network_id = ${s.network.id}`);
    expect(row).toMatchObject({ outcome: 'malformed', httpStatus: 400, transactionId: 'deep-1' });
    const native = await rowsOf(db, sql`network_id is null and ip = '192.0.2.151'`);
    expect(native).toMatchObject([{ outcome: 'malformed', httpStatus: 400 }]);
  });

  // ---- item 6: no secrets in the postback log ---------------------------------------------------------
  it("keeps a URL token masked in the log after the token's parameter is renamed (item 6)", async () => {
    const s = await networkScenario(db, 'adgatemedia');
    const secret = s.network.config.secret;
    const res = await app.inject(
      presetPostback(s.network.config, {
        clickId: '',
        subId: s.member.subId,
        externalOfferId: '',
        transactionId: 'agm-rename',
      })!,
    );
    expect(res.statusCode).toBe(200);
    const renamed = await admin.put('/api/admin/networks.php', {
      network_id: s.network.id,
      token_param: 'key',
      macros: { ...s.network.config.macros },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // What is stored: the old receiver kept the token in the request and masked it only by the
    // current parameter name, so the console showed it once the parameter was renamed.
    const stored = await query<{ row: string }>(
      db,
      sql`select row_to_json(p)::text as row from postback_log p where network_id = ${s.network.id}`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.row).not.toContain(secret);
    const listed = await admin.get(`/api/admin/postbacks.php?network_id=${s.network.id}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(secret);
  });

  // ---- item 7: the receiver cannot serve content ------------------------------------------------------
  it('refuses an HTML answer in the console, and never serves one (item 7)', async () => {
    const s = await networkScenario(db, 'cpx', { ipAllowlist: [] });
    const html = { status: 200, body: '<script>alert(document.cookie)</script>', contentType: 'text/html' };
    const edit = await admin.put('/api/admin/networks.php', {
      network_id: s.network.id,
      answers: { ...s.network.config.answers, success: html },
    });
    // The old console accepted it, and the receiver served it on the app's own origin.
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error).toMatch(/answers\.success\.contentType/);
    const refusal = await admin.put('/api/admin/networks.php', {
      network_id: s.network.id,
      answers: {
        ...s.network.config.answers,
        refusal: { status: 302, body: 'x', contentType: 'text/plain' },
      },
    });
    expect(refusal.statusCode).toBe(400);

    // A row stored before the check: answered as plain text, sandboxed.
    await updateNetwork(db, s.network.id, {
      ...s.network.config,
      answers: { ...s.network.config.answers, success: html },
    });
    const res = await app.inject(
      presetPostback(s.network.config, {
        clickId: '',
        subId: s.member.subId,
        externalOfferId: '',
        transactionId: 'html-1',
      })!,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    for (const url of ['/api/postback.php', '/api/postback/no-such-network'])
      expect((await app.inject({ url })).headers['content-security-policy']).toBe(
        "sandbox; default-src 'none'",
      );
  });

  // ---- item 8: weak configurations refused ------------------------------------------------------------
  it('refuses a short secret, an allowlist of the whole internet, and body parameters under a URL signature (item 8)', async () => {
    const create = (body: Record<string, unknown>) =>
      admin.post('/api/admin/networks.php', { name: 'Weak', ip_allowlist: [], ...body });
    const short = await create({ slug: 'weak-short', preset: 'cpx', secret: 'cpx-12-chars' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatch(/^secret: A signing secret is at least 16 characters/);
    for (const range of ['0.0.0.0/0', '10.0.0.0/8', '::/0', '2000::/16']) {
      const wide = await create({
        slug: `weak-wide-${wide_slug(range)}`,
        preset: 'adgatemedia',
        secret: '',
        token_param: null,
        ip_allowlist: [range],
      });
      expect(wide.statusCode, range).toBe(400);
      expect(wide.json().error).toMatch(/is wider than/);
    }
    const narrow = await create({
      slug: 'weak-narrow',
      preset: 'adgatemedia',
      secret: '',
      token_param: null,
      ip_allowlist: ['52.42.0.0/16'],
    });
    expect(narrow.statusCode, narrow.body).toBe(200);

    // BitLabs signs the URL only: a body parameter would choose, unsigned, which offer the signed URL
    // credits. The old receiver read it.
    const s = await networkScenario(db, 'bitlabs');
    const other = await createNetworkOffer(db, s.network, 'bitlabs-other');
    const otherClick = await createClick(db, s.member.userId, other.offerId);
    const signed = signPostback(
      s.network.config,
      { uid: s.member.subId, tx: 'bl-body-1', usd: '0.45', val: '450', type: 'COMPLETE' },
      { origin: TEST_PUBLIC_URL },
    );
    const res = await app.inject({
      method: 'POST',
      url: signed.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `offer_id=${other.externalOfferId}`,
      remoteAddress: '203.0.113.10',
    });
    expect(res.statusCode).toBe(403);
    expect(await completionsOfClick(db, otherClick)).toEqual([]);
    expect(await completionsOfClick(db, s.clickId)).toEqual([]);
    const [row] = await rowsOf(db, sql`network_id = ${s.network.id}`);
    expect(row!.reason).toMatch(/signs the URL only/);
  });

  // ---- item 9: unverified callers learn nothing -------------------------------------------------------
  it('answers an unknown slug, an inactive network and a forged postback alike (item 9)', async () => {
    const inactive = await networkScenario(db, 'tapjoy', { isActive: false });
    const active = await networkScenario(db, 'tapjoy');
    const answers = await Promise.all(
      [
        { url: '/api/postback/never-integrated?id=1' },
        { url: `/api/postback/${inactive.network.config.slug}?id=1` },
        // Tapjoy's configured refusal is 403 "refused" as text: the old receiver answered the forged
        // attempt with it, and an unknown slug with 404 JSON naming the slug.
        { url: `/api/postback/${active.network.config.slug}?id=1&snuid=x&currency=1&verifier=bad` },
      ].map((r) => app.inject({ ...r, remoteAddress: '192.0.2.160' })),
    );
    const seen = answers.map((r) => [r.statusCode, r.headers['content-type'], r.body]);
    expect(seen).toEqual([seen[0], seen[0], seen[0]]);
    expect(seen[0]).toEqual([403, 'application/json; charset=utf-8', '{"success":false,"error":"refused"}']);
  });

  // ---- item 10: a leaked secret can end at once ---------------------------------------------------------
  it('ends the previous secret at once when the rotation is for a leak (item 10)', async () => {
    const s = await networkScenario(db, 'cpx', { ipAllowlist: [] });
    const leaked = s.network.config;
    const rotated = await admin.put('/api/admin/networks.php', {
      network_id: s.network.id,
      secret: 'a-brand-new-secret-0123456789',
      rotation_reason: 'leak',
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const withLeaked = presetPostback(leaked, {
      clickId: '',
      subId: s.member.subId,
      externalOfferId: '',
      transactionId: 'leaked-1',
    })!;
    expect((await app.inject(withLeaked)).statusCode).toBe(403);
    expect(await completionsOfClick(db, s.clickId)).toEqual([]);
    const [entry] = (
      await admin.get(`/api/admin/audit-log.php?action=network.secret_rotate&target_id=${s.network.id}`)
    ).json().entries;
    expect(entry.after).toMatchObject({ reason: 'leak', previous_secret_valid_until: null });
  });
});

function wide_slug(range: string) {
  return range.replace(/[^0-9a-f]+/g, '-').replace(/^-|-$/g, '');
}

// ---- item 6: no secrets in the server's request log ------------------------------------------------
describe('the request log (pglite)', () => {
  let tdb: TestDatabase;
  let app: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    tdb = await createTestDatabase('pglite');
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    app = await buildApp({
      config: testConfig({ publicUrl: TEST_PUBLIC_URL }),
      database: tdb.database,
      sessionSecret: TEST_SESSION_SECRET,
      serveStatic: false,
      logger: { level: 'info', stream },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await tdb.drop();
  });

  it('writes no URL token or signature of a postback (item 6)', async () => {
    const s = await networkScenario(tdb.database.db, 'tune');
    const request = presetPostback(s.network.config, {
      clickId: s.clickId,
      subId: s.member.subId,
      externalOfferId: s.offer.externalOfferId,
      transactionId: 'tune-log-1',
    })!;
    expect((await app.inject(request)).statusCode).toBe(200);
    const sig = '0123456789abcdef'.repeat(4);
    await app.inject({ url: `/api/postback.php?click_id=x&sig=${sig}` });
    const log = lines.join('');
    // The old request log wrote every postback's URL, `token=<secret>` included.
    expect(log).toContain('/api/postback/');
    expect(log).not.toContain(s.network.config.secret);
    expect(log).not.toContain(sig);
    expect(presetConfig('tune').tokenParam).toBe('token');
  });
});
