// The partner networks' admin calls: create from a preset with messages that name the field, edit,
// toggle and rotate the secret (each audited, no secret in any answer or audit entry), the list's
// filters and per-network figures, and the presets the console's form starts from.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { DATABASE_KINDS, clickOffer, insertOffer, signIn } from '../../test/helpers';
import { adminClient, adminTestApp, client, type Client } from '../../test/admin';
import type { Db } from '../../db/client';
import { execute, query } from '../../db/client';
import { PRESET_NAMES } from '../../../shared/networks/vocabulary';

const URL = '/api/admin/networks.php';
const CPX_SECRET = 'cpx-secure-hash-7Q2w';
const TOKEN = 'tune-token-0123456789abcdef';

describe.each(DATABASE_KINDS)('admin networks on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  let admin: Client;
  adminTestApp(kind, async (setup) => {
    app = setup.app;
    db = setup.db;
    admin = await adminClient(app);
  });

  const create = (body: Record<string, unknown>) => admin.post(URL, body);
  const rowOf = async (id: number) => {
    const res = await admin.get(`${URL}?id=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().networks[0];
  };
  const auditFor = async (id: number) => {
    const res = await admin.get(`/api/admin/audit-log.php?target_type=network&target_id=${id}&limit=100`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().entries as { action: string; before: unknown; after: unknown }[];
  };

  it('refuses a caller who is not signed in as an administrator', async () => {
    const anon = client(app);
    expect((await anon.get(URL)).statusCode).toBe(401);
    expect((await anon.post(URL, { preset: 'cpx', slug: 'x', name: 'x', secret: 'y' })).statusCode).toBe(401);
    expect((await anon.get('/api/admin/network-presets.php')).statusCode).toBe(401);
  });

  it('creates a network from a preset: listed with the secret hint and the URL to paste, audited without the secret', async () => {
    const res = await create({
      name: 'CPX main',
      slug: 'cpx-main',
      preset: 'cpx',
      secret: CPX_SECRET,
      ip_allowlist: ['188.40.3.73', '10.0.0.0/8'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().network_id;
    expect(res.json()).toEqual({ success: true, network_id: expect.any(Number) });

    const list = await admin.get(URL);
    expect(list.body).not.toContain(CPX_SECRET);
    const row = await rowOf(id);
    expect(row).toMatchObject({
      network_id: id,
      name: 'CPX main',
      slug: 'cpx-main',
      preset: 'cpx',
      is_active: true,
      ip_allowlist: ['188.40.3.73', '10.0.0.0/8'],
      secret_hint: '••••7Q2w',
      previous_secret_valid_until: null,
      offers_count: 0,
      last_postback_at: null,
      postbacks_24h: { accepted: 0, refused: 0 },
      params: { subId: 'user_id', transactionId: 'trans_id' },
      signature: { algorithm: 'md5', template: '{trans_id}-{secret}', name: 'secure_hash' },
    });
    expect(row.postback_url).toBe(
      'http://localhost:3000/api/postback/cpx-main?status={status}&trans_id={trans_id}&user_id={user_id}' +
        '&amount_local={amount_local}&amount_usd={amount_usd}&type={type}&secure_hash={secure_hash}',
    );

    const [entry] = await auditFor(id);
    expect(entry).toMatchObject({ action: 'network.create', before: null });
    expect(entry!.after).toMatchObject({ slug: 'cpx-main', secret_hint: '••••7Q2w' });
    expect(JSON.stringify(entry)).not.toContain(CPX_SECRET);
  });

  it('shows a URL token as YOUR_TOKEN and overrides a preset field by field', async () => {
    const res = await create({
      name: 'Everflow',
      slug: 'everflow',
      preset: 'tune',
      secret: TOKEN,
      ip_allowlist: [],
      params: { offerId: null },
      answers: { success: { status: 200, body: 'success=true;', contentType: 'text/plain' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await rowOf(res.json().network_id);
    expect(row.postback_url).toMatch(
      /\/api\/postback\/everflow\?aff_click_id=\{aff_click_id\}&aff_sub=\{aff_sub\}.*&token=YOUR_TOKEN$/,
    );
    expect(row.params).toMatchObject({
      clickId: 'aff_click_id',
      offerId: null,
      transactionId: 'transaction_id',
    });
    expect(row.answers.success.body).toBe('success=true;');
    expect(row.answers.duplicate.body).toBe('ok');
    expect(JSON.stringify(row)).not.toContain(TOKEN);
  });

  describe('refuses bad input with a message naming the field', () => {
    const base = { name: 'Net', preset: 'cpx', secret: CPX_SECRET, ip_allowlist: [] };
    const refusal = async (body: Record<string, unknown>, status = 400) => {
      const res = await create(body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().success).toBe(false);
      return res.json().error as string;
    };

    it('a taken slug (409)', async () => {
      expect((await create({ ...base, slug: 'taken-slug' })).statusCode).toBe(200);
      expect(await refusal({ ...base, slug: 'taken-slug' }, 409)).toMatch(/^The slug "taken-slug" is taken/);
    });

    it('a bad CIDR range', async () => {
      expect(await refusal({ ...base, slug: 'bad-cidr', ip_allowlist: ['1.2.3.4', '10.0.0.0/33'] })).toMatch(
        /^ip_allowlist\.1: /,
      );
    });

    it('a hashed scheme whose template has no {secret}', async () => {
      const error = await refusal({ ...base, slug: 'no-secret', signature: { template: '{trans_id}' } });
      expect(error).toContain('signature.template: ');
      expect(error).toContain('{secret}');
    });

    it('a URL token too short', async () => {
      const error = await refusal({ ...base, slug: 'adgate', preset: 'adgatemedia', secret: 'short' });
      expect(error).toMatch(/^secret: A URL token is at least 16 characters/);
    });

    it('a bad slug, an unknown preset, an unknown field, a missing slug', async () => {
      expect(await refusal({ ...base, slug: 'Bad Slug' })).toMatch(/^slug: /);
      expect(await refusal({ ...base, slug: 'x', preset: 'nope' })).toMatch(
        /^preset must be one of: native, cpx/,
      );
      expect(await refusal({ ...base, slug: 'x', colour: 'red' })).toMatch(/^Unknown field "colour"/);
      expect(await refusal({ ...base })).toMatch(/^slug: /);
    });

    it('nothing is stored for a refused create', async () => {
      const res = await admin.get(`${URL}?search=bad-cidr`);
      expect(res.json().networks).toEqual([]);
    });
  });

  describe('edits', () => {
    let id: number;
    it('setup', async () => {
      const res = await create({
        name: 'Wannads',
        slug: 'wannads-edit',
        preset: 'wannads',
        secret: 'first-secret-AAAA',
        ip_allowlist: [],
      });
      expect(res.statusCode, res.body).toBe(200);
      id = res.json().network_id;
    });

    it('deactivates and activates, each audited, and the status filter follows', async () => {
      expect((await admin.put(URL, { network_id: id, is_active: false })).statusCode).toBe(200);
      expect((await rowOf(id)).is_active).toBe(false);
      const inactive = (await admin.get(`${URL}?status=inactive`))
        .json()
        .networks.map((n: { network_id: number }) => n.network_id);
      expect(inactive).toContain(id);
      const active = (await admin.get(`${URL}?status=active`))
        .json()
        .networks.map((n: { network_id: number }) => n.network_id);
      expect(active).not.toContain(id);
      expect((await admin.put(URL, { network_id: String(id), is_active: true })).statusCode).toBe(200);
      const actions = (await auditFor(id)).map((e) => e.action);
      expect(actions.slice(0, 2)).toEqual(['network.activate', 'network.deactivate']);
    });

    it('edits a field partially: the rest of the configuration stays', async () => {
      const res = await admin.put(URL, {
        network_id: id,
        name: 'Wannads EU',
        ip_allowlist: ['3.22.177.178'],
      });
      expect(res.statusCode, res.body).toBe(200);
      const row = await rowOf(id);
      expect(row).toMatchObject({
        name: 'Wannads EU',
        ip_allowlist: ['3.22.177.178'],
        secret_hint: '••••AAAA',
      });
      expect(row.signature.template).toBe('{subId}{transId}{reward}{secret}');
      const [entry] = await auditFor(id);
      expect(entry).toMatchObject({
        action: 'network.edit',
        before: { name: 'Wannads' },
        after: { name: 'Wannads EU' },
      });
    });

    it('rotates the secret: the old one stays accepted for 72 hours by default, audited as rotated', async () => {
      const before = Date.now();
      const res = await admin.put(URL, { network_id: id, secret: 'second-secret-BBBB' });
      expect(res.statusCode, res.body).toBe(200);
      const row = await rowOf(id);
      expect(row.secret_hint).toBe('••••BBBB');
      const until = Date.parse(row.previous_secret_valid_until);
      expect(until).toBeGreaterThanOrEqual(before + 72 * 3_600_000 - 1000);
      expect(until).toBeLessThanOrEqual(Date.now() + 72 * 3_600_000 + 1000);
      const entries = await auditFor(id);
      expect(entries[0]).toMatchObject({
        action: 'network.secret_rotate',
        after: { secret: 'rotated', secret_hint: '••••BBBB' },
      });
      const all = JSON.stringify(entries);
      expect(all).not.toContain('first-secret');
      expect(all).not.toContain('second-secret');
      const [stored] = await query<{ previous_secret: string }>(
        db,
        sql`select previous_secret from networks where id = ${id}`,
      );
      expect(stored!.previous_secret).toBe('first-secret-AAAA');
    });

    it('shows no rotation window once it has passed', async () => {
      await execute(
        db,
        sql`update networks set previous_secret_valid_until = now() - interval '1 minute' where id = ${id}`,
      );
      expect((await rowOf(id)).previous_secret_valid_until).toBeNull();
    });

    it('rotates with rotation_hours 0: the old secret stops at once', async () => {
      const res = await admin.put(URL, { network_id: id, secret: 'third-secret-CCCC', rotation_hours: 0 });
      expect(res.statusCode, res.body).toBe(200);
      expect((await rowOf(id)).previous_secret_valid_until).toBeNull();
      const [stored] = await query<{ previous_secret: string | null }>(
        db,
        sql`select previous_secret from networks where id = ${id}`,
      );
      expect(stored!.previous_secret).toBeNull();
    });

    it('accepts the list row sent back whole: its figures are ignored, nothing changes', async () => {
      const row = await rowOf(id);
      const entries = (await auditFor(id)).length;
      const res = await admin.put(URL, { ...row, network_id: id });
      expect(res.statusCode, res.body).toBe(200);
      expect(await rowOf(id)).toEqual(row);
      expect(await auditFor(id)).toHaveLength(entries);
    });

    it('keeps the slug: the same one is accepted, another is refused', async () => {
      expect((await admin.put(URL, { network_id: id, slug: 'wannads-edit', name: 'W' })).statusCode).toBe(
        200,
      );
      const res = await admin.put(URL, { network_id: id, slug: 'renamed' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/^The slug cannot change/);
      expect((await rowOf(id)).slug).toBe('wannads-edit');
    });

    it('refuses an invalid edit, an unknown network and a bad id', async () => {
      const bad = await admin.put(URL, { network_id: id, ip_allowlist: ['nope'] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatch(/^ip_allowlist\.0: /);
      expect((await rowOf(id)).ip_allowlist).toEqual(['3.22.177.178']);
      expect((await admin.put(URL, { network_id: 999999, name: 'x' })).statusCode).toBe(404);
      expect((await admin.put(URL, { network_id: 'abc', name: 'x' })).statusCode).toBe(400);
      expect(
        (await admin.put(URL, { network_id: id, rotation_hours: -1, secret: 'x-secret-DDDD' })).statusCode,
      ).toBe(400);
    });
  });

  it('counts offers, the last postback and the last 24 hours of attempts by result', async () => {
    const res = await create({
      name: 'Stats',
      slug: 'stats-net',
      preset: 'cpx',
      secret: CPX_SECRET,
      ip_allowlist: [],
    });
    const id = res.json().network_id as number;
    await insertOffer(db, { networkId: id });
    await insertOffer(db, { networkId: id });
    const log = (outcome: string, ago: string, repeat = 1) =>
      execute(
        db,
        sql`insert into postback_log (method, params, outcome, http_status, network_id, repeat_count, received_at)
            values ('GET', '{}'::jsonb, ${outcome}, 200, ${id}, ${repeat}, now() - ${ago}::interval)`,
      );
    await log('accepted', '1 hour');
    await log('replay', '2 hours');
    await log('bad_signature', '3 hours', 5);
    await log('accepted', '3 days');
    const row = await rowOf(id);
    expect(row.offers_count).toBe(2);
    expect(row.postbacks_24h).toEqual({ accepted: 2, refused: 5 });
    expect(Date.now() - Date.parse(row.last_postback_at)).toBeLessThan(2 * 3_600_000);
  });

  it('searches by name or slug and sorts by a whitelisted field', async () => {
    const names = (r: { json(): { networks: { slug: string }[] } }) => r.json().networks.map((n) => n.slug);
    expect(names(await admin.get(`${URL}?search=EVERFLOW`))).toEqual(['everflow']);
    expect(names(await admin.get(`${URL}?search=cpx-m`))).toEqual(['cpx-main']);
    const sorted = names(await admin.get(`${URL}?sortBy=slug&sortOrder=asc&limit=100`));
    expect(sorted).toEqual([...sorted].sort());
    expect((await admin.get(`${URL}?sortBy=secret`)).statusCode).toBe(400);
  });

  describe('Send test postback', () => {
    const TEST_URL = '/api/admin/network-test.php';
    let id: number;
    let clickId: string;
    const completionCount = async () =>
      (await query<{ n: number }>(db, sql`select count(*)::int as n from completions`))[0]!.n;

    it('setup', async () => {
      const res = await create({
        name: 'Test CPX',
        slug: 'cpx-test',
        preset: 'cpx',
        secret: CPX_SECRET,
        ip_allowlist: [],
      });
      id = res.json().network_id;
      const offerId = await insertOffer(db, { networkId: id });
      clickId = await clickOffer(app, await signIn(app), offerId);
    });

    it('says what the receiver would do, signed as the network would, without changing anything', async () => {
      const before = await completionCount();
      const res = await admin.post(TEST_URL, {
        network_id: id,
        click_id: clickId,
        status: 'approved',
        payout: 1.25,
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, outcome: 'accepted', http_status: 200 });
      expect(body.request.url).toMatch(/^http:\/\/localhost:3000\/api\/postback\/cpx-test\?/);
      expect(body.request.url).toContain('secure_hash=***');
      expect(typeof body.detail).toBe('string');
      expect(await completionCount()).toBe(before);
      const log = await admin.get(`/api/admin/postbacks.php?network_id=${id}`);
      expect(log.json().postbacks).toEqual([]);
      const [entry] = await auditFor(id);
      expect(entry).toMatchObject({
        action: 'network.test',
        after: { click_id: clickId, status: 'approved', payout: 1.25, outcome: 'accepted' },
      });
      expect(JSON.stringify(entry)).not.toContain(CPX_SECRET);
    });

    it('uses the latest click when none is given; a network without clicks says so', async () => {
      const latest = await admin.post(TEST_URL, { network_id: id });
      expect(latest.statusCode, latest.body).toBe(200);
      expect(latest.json().detail).toContain(clickId);
      const other = await create({
        name: 'Empty',
        slug: 'cpx-empty',
        preset: 'cpx',
        secret: CPX_SECRET,
        ip_allowlist: [],
      });
      const none = await admin.post(TEST_URL, { network_id: other.json().network_id });
      expect(none.statusCode, none.body).toBe(200);
      expect(none.json().outcome).toBe('unknown_click');
    });

    it('refuses an unknown network (404) and bad input (400)', async () => {
      expect((await admin.post(TEST_URL, { network_id: 999999 })).statusCode).toBe(404);
      expect((await admin.post(TEST_URL, { network_id: id, status: 'paid' })).statusCode).toBe(400);
      expect((await admin.post(TEST_URL, { network_id: id, payout: -1 })).statusCode).toBe(400);
    });
  });

  it('lists every preset with its source, notes and documented addresses, then custom', async () => {
    const res = await admin.get('/api/admin/network-presets.php');
    expect(res.statusCode, res.body).toBe(200);
    const presets = res.json().presets as {
      preset: string;
      label: string;
      source: string;
      notes: string;
      ip_allowlist: string[];
    }[];
    expect(presets.map((p) => p.preset)).toEqual([...PRESET_NAMES, 'custom']);
    for (const p of presets.filter((p) => p.preset !== 'custom')) {
      expect(p.label).not.toBe('');
      expect(p.source).not.toBe('');
    }
    expect(presets.find((p) => p.preset === 'cpx')).toMatchObject({
      label: 'CPX Research',
      ip_allowlist: ['188.40.3.73', '157.90.97.92', '2a01:4f8:d0a:30ff::2'],
      signature: { algorithm: 'md5' },
    });
    expect(presets.find((p) => p.preset === 'tapjoy')!.source).toContain('dev.tapjoy.com');
  });

  it("serves custom as the receiver's defaults, which make a network once a URL token is added", async () => {
    const res = await admin.get('/api/admin/network-presets.php');
    const { preset, label, source, notes, ip_allowlist, ...settings } = res
      .json()
      .presets.find((p: { preset: string }) => p.preset === 'custom');
    expect({ preset, label, source, ip_allowlist }).toEqual({
      preset: 'custom',
      label: 'Custom',
      source: '',
      ip_allowlist: [],
    });
    expect(notes).toContain("network's postback documentation");
    expect(settings).toMatchObject({
      params: { clickId: null, transactionId: 'transaction_id' },
      signature: { algorithm: 'none' },
      answers: { success: { status: 200, body: 'ok' }, refusal: { status: null, body: null } },
      macros: {},
    });

    const created = await create({
      ...settings,
      name: 'My wall',
      slug: 'my-wall',
      preset: 'custom',
      secret: TOKEN,
      ip_allowlist: [],
      params: { ...settings.params, clickId: 'click_id' },
      token_param: 'token',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(await rowOf(created.json().network_id)).toMatchObject({
      preset: 'custom',
      params: { clickId: 'click_id', transactionId: 'transaction_id' },
      token_param: 'token',
    });
  });
});
