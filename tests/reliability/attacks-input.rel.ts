// Attacks on input and business rules, against one real server process on PostgreSQL over HTTP. Each
// scenario performs the attack, checks what the attacker and the operator would see, and then the
// database invariants (support/db.ts).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { insertNetwork } from '../../server/networks/repository';
import { configFromPreset } from '../../server/networks/presets';
import { signPostback } from '../../server/postbacks/conversions-service';
import { RECEIVER_LIMITS as POSTBACK_LIMITS } from '../../server/postbacks/service';
import { CLICKS_PER_MINUTE } from '../../server/offers/route';
import {
  REL_POSTBACK_SECRET,
  createAdmin,
  createMembers,
  createOffer,
  createScratchDatabase,
  type ScratchDatabase,
} from './support/db';
import { HttpClient, countBy, runPool, type HttpResult } from './support/http';
import { recordInvariants } from './support/races';
import { ServerProcess } from './support/server-process';
import { Scenario } from './support/report';

/** The error shape of every refusal: `{ success: false, error: '<a sentence>' }`. */
const isErrorShape = (r: HttpResult) =>
  r.json?.success === false && typeof r.json.error === 'string' && r.json.error.length > 0;
const no5xx = (s: Scenario, results: HttpResult[]) => {
  const bad = results.filter((r) => r.status >= 500 || r.status === 0);
  s.check(
    'no 5xx and no dropped connection',
    bad.length === 0,
    countBy(bad, (r) => r.status),
  );
};

describe('attacks on input', () => {
  let db: ScratchDatabase;
  let server: ServerProcess;
  let admin: { cookie: string };
  const client = new HttpClient(64);
  beforeAll(async () => {
    db = await createScratchDatabase(inject('postgresUrl'), 'attacks');
    server = await ServerProcess.start(db.url);
    admin = await createAdmin(db.pool);
  });
  afterAll(async () => {
    client.close();
    await server?.stop();
    await db?.drop();
  });
  const scenario = (name: string) => new Scenario(name, inject('reportDir'));
  const raw = async (s: Scenario, url: string, init: RequestInit): Promise<HttpResult> => {
    s.requests++;
    const res = await fetch(url, init);
    const body = await res.text();
    let json: Record<string, unknown> | null = null;
    try {
      json = JSON.parse(body) as Record<string, unknown>;
    } catch {
      json = null;
    }
    return { status: res.status, body, json, sentAt: 0, doneAt: 0 };
  };
  const count = async (sql: string, params: unknown[] = []) =>
    (await db.pool.query<{ n: number }>(sql, params)).rows[0]!.n;
  const signedUrl = (params: Record<string, string>) =>
    `${server.url}/api/postback.php?${new URLSearchParams({ ...params, sig: signPostback(params, REL_POSTBACK_SECRET) })}`;
  const click = async (s: Scenario, cookie: string, offerId: number) => {
    s.requests++;
    const r = await client.request('POST', `${server.url}/api/click-offer.php`, {
      cookie,
      body: { offerId },
    });
    return String(r.json?.clickId);
  };

  it('attack: postback disk fill', async () => {
    const s = scenario('attack: postback disk fill');
    // A process of its own: the flood uses up this address's postback limit for a minute.
    const target = await ServerProcess.start(db.url);
    const lastIdBefore = await count(`select coalesce(max(id), 0)::int as n from postback_log`);
    // More unsigned postbacks than the per-address limit, each as large as a URL gets (~8 KiB).
    const filler = 'F'.repeat(7_000);
    const tasks = Array.from(
      { length: POSTBACK_LIMITS.perIpPerMinute + 300 },
      (_, i) => () =>
        client.request(
          'GET',
          `${target.url}/api/postback.php?click_id=${i}&transaction_id=${filler}&sig=${'0'.repeat(64)}`,
        ),
    );
    const results = await runPool(tasks, 32);
    s.requests += results.length;
    no5xx(s, results);
    const statuses = countBy(results, (r) => r.status);
    // A value over 1,024 characters is refused before the signature: an unverified caller is told
    // "refused" (403) and nothing more (issue 32, item 9); past the address's allowance, 429.
    s.check(
      'every answer a 403 refusal or a 429',
      results.every((r) => r.status === 403 || r.status === 429),
      statuses,
    );
    s.check('the address is limited: some answers are 429', (statuses[429] ?? 0) >= 300, statuses);
    s.check(
      'every refusal in the error shape',
      results.every((r) => isErrorShape(r)),
      results.find((r) => !isErrorShape(r))?.body,
    );
    // 200 KiB bodies are refused unread (413) and logged as summaries within the same budget.
    const big = await raw(s, `${target.url}/api/postback.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `click_id=1&junk=${'J'.repeat(200 * 1024)}`,
    });
    s.check(
      'a 200 KiB body is refused with 413 or 429',
      big.status === 413 || big.status === 429,
      big.status,
    );
    // The flood's rows: those after the last one before it (the ids are a sequence).
    const rowsAdded = await count(`select count(*)::int as n from postback_log where id > $1`, [
      lastIdBefore,
    ]);
    s.check(
      `junk rows stored within the per-minute budget (${POSTBACK_LIMITS.junkRowsPerMinute})`,
      rowsAdded > 0 && rowsAdded <= POSTBACK_LIMITS.junkRowsPerMinute,
      rowsAdded,
    );
    // What the flood stored: the added rows' own bytes. Not the table's file size, which PostgreSQL
    // extends ahead by up to 512 pages when many inserts wait to extend it at once (1.4 MB in one CI
    // run for rows that were each under 1 KB).
    const growth = await count(
      `select coalesce(sum(pg_column_size(p.*)), 0)::int as n from postback_log p where id > $1`,
      [lastIdBefore],
    );
    s.check('the log grew by less than 1 MB', growth < 1_000_000, growth);
    const widest = await count(`select coalesce(max(length(params::text)), 0)::int as n from postback_log`);
    s.check('each junk row a summary of under 1 KB', widest < 1_000, widest);
    await target.stop();
    await recordInvariants(s, db.pool);
    expect(s.finish()).toEqual([]);
  });

  it('attack: junk starves a network', async () => {
    // Issue 32, item 3: unsigned attempts from one address used up a network's per-minute allowance,
    // and the network's real, correctly signed postbacks from its own servers got 429.
    const s = scenario('attack: junk starves a network');
    const target = await ServerProcess.start(db.url, {
      TRUST_PROXY: '127.0.0.1',
      NETWORK_POSTBACK_RATE_LIMIT: '300',
    });
    const secret = 'reliability-cpx-secure-hash-0123456789';
    const parsed = configFromPreset('cpx', {
      name: 'CPX (reliability)',
      slug: 'rel-cpx-starve',
      secret,
      ipAllowlist: ['10.9.0.0/16'],
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const database = await openDatabase({ databaseUrl: db.url, poolMax: 1 });
    const networkId = await insertNetwork(database.db, parsed.config);
    await database.close();
    const offerId = (
      await db.pool.query<{ id: number }>(
        `insert into offers (title, description, offer_url, external_offer_id, network, network_id, category, slot_config)
         values ('Starve offer', 'Reliability', 'https://partner.example.com/go?u={sub_id}', 'starve-1',
                 'rel-cpx-starve', $1, 'Gaming', '{"reels":[{"amount":10,"probability":50}]}')
         returning id`,
        [networkId],
      )
    ).rows[0]!.id;
    const members = await createMembers(db.pool, 20, { label: 'starve' });
    const subs = (
      await db.pool.query<{ id: number; sub_id: string }>(`select id, sub_id from users where id = any($1)`, [
        members.map((m) => m.userId),
      ])
    ).rows;
    await db.pool.query(
      `insert into clicks (id, user_id, offer_id, ip, user_agent)
       select 'starve-' || u, u, $2, '203.0.113.1', 'rel' from unnest($1::int[]) as u`,
      [subs.map((r) => r.id), offerId],
    );
    const url = (q: Record<string, string>) =>
      `${target.url}/api/postback/rel-cpx-starve?${new URLSearchParams(q)}`;

    // The flood: more unsigned attempts than the network's allowance, from one address, in parallel.
    const junk = Array.from(
      { length: 400 },
      (_, i) => () =>
        client.request('GET', url({ status: '1', trans_id: `junk-${i}`, user_id: 'x', secure_hash: '0' }), {
          headers: { 'x-forwarded-for': '203.0.113.66' },
        }),
    );
    const flood = await runPool(junk, 32);
    s.requests += flood.length;
    no5xx(s, flood);
    s.check(
      'the junk is refused (403), then limited for its address (429)',
      flood.every((r) => r.status === 403 || r.status === 429),
      countBy(flood, (r) => r.status),
    );

    // The network's real postbacks, from its own server, signed, in parallel.
    const real = subs.map(
      (m, i) => () =>
        client.request(
          'GET',
          url({
            status: '1',
            trans_id: `real-${i}`,
            user_id: m.sub_id,
            amount_usd: '0.50',
            type: 'complete',
            secure_hash: createHash('md5').update(`real-${i}-${secret}`).digest('hex'),
          }),
          { headers: { 'x-forwarded-for': '10.9.0.5' } },
        ),
    );
    const credited = await runPool(real, 8);
    s.requests += credited.length;
    s.check(
      'every real postback is credited (200), none 429',
      credited.every((r) => r.status === 200),
      countBy(credited, (r) => r.status),
    );
    const completions = await count(
      `select count(*)::int as n from completions where network = 'rel-cpx-starve' and status = 'approved'`,
    );
    s.check('20 conversions credited', completions === 20, completions);
    await target.stop();
    await recordInvariants(s, db.pool);
    expect(s.finish()).toEqual([]);
  });

  it('attack: lone surrogate in JSON', async () => {
    const s = scenario('attack: lone surrogate in JSON');
    const before = await count(`select count(*)::int as n from postback_log where transaction_id = 'SURR-1'`);
    const postback = await raw(s, `${server.url}/api/postback.php?transaction_id=SURR-1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"click_id":"\\ud800","transaction_id":"SURR-1","payout":"1","status":"approved","sig":"00"}',
    });
    s.check('postback: 400 in the error shape', postback.status === 400 && isErrorShape(postback), postback);
    const logged = await count(`select count(*)::int as n from postback_log where transaction_id = 'SURR-1'`);
    s.check('postback: the attempt is logged', logged === before + 1, { before, logged });
    const voucher = await raw(s, `${server.url}/api/admin/vouchers.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: admin.cookie },
      body: '{"voucher_type":"Gift Card","voucher_brand":"\\ud800","voucher_amount":10,"voucher_codes":["SURR-V"],"voucher_description":"d","voucher_terms":"t","expiry_date":"2099-01-01"}',
    });
    s.check(
      'admin voucher brand: 400 in the error shape',
      voucher.status === 400 && isErrorShape(voucher),
      voucher,
    );
    s.check(
      'admin voucher brand: nothing stored',
      (await count(`select count(*)::int as n from vouchers where voucher_code = 'SURR-V'`)) === 0,
    );
    await recordInvariants(s, db.pool);
    expect(s.finish()).toEqual([]);
  });

  it('attack: click flood by one member', async () => {
    const s = scenario('attack: click flood by one member');
    const [member, other] = await createMembers(db.pool, 2, { label: 'flood' });
    const offerId = await createOffer(db.pool, [{ amount: 10, probability: 50 }]);
    const tasks = Array.from(
      { length: 300 },
      () => () =>
        client.request('POST', `${server.url}/api/click-offer.php`, {
          cookie: member!.cookie,
          body: { offerId },
        }),
    );
    const results = await runPool(tasks, 32);
    s.requests += results.length;
    no5xx(s, results);
    const statuses = countBy(results, (r) => r.status);
    s.check(
      `exactly ${CLICKS_PER_MINUTE} clicks answered 200, the rest 429`,
      statuses[200] === CLICKS_PER_MINUTE && statuses[429] === 300 - CLICKS_PER_MINUTE,
      statuses,
    );
    s.check(
      '429s in the error shape',
      results.filter((r) => r.status === 429).every(isErrorShape),
      results.find((r) => r.status === 429)?.body,
    );
    const stored = await count(`select count(*)::int as n from clicks where user_id = $1`, [member!.userId]);
    s.check(`${CLICKS_PER_MINUTE} clicks stored`, stored === CLICKS_PER_MINUTE, stored);
    s.requests++;
    const otherClick = await client.request('POST', `${server.url}/api/click-offer.php`, {
      cookie: other!.cookie,
      body: { offerId },
    });
    s.check('another member on the same address still clicks', otherClick.status === 200, otherClick.status);
    await recordInvariants(s, db.pool);
    expect(s.finish()).toEqual([]);
  });

  it('attack: loose ids', async () => {
    const s = scenario('attack: loose ids');
    const [member] = await createMembers(db.pool, 1, { label: 'ids' });
    const offerId = await createOffer(db.pool, [{ amount: 10, probability: 50 }]);
    const id = member!.userId;
    const loose = [true, [id], `${id}e0`, ` ${id}`, `0${id}`, `${id}.0`, id + 0.5, null, {}];
    for (const bad of loose) {
      s.requests += 2;
      const put = await client.request('PUT', `${server.url}/api/admin/users.php`, {
        cookie: admin.cookie,
        body: { user_id: bad, action: 'flag' },
      });
      s.check(
        `users.php user_id=${JSON.stringify(bad)}: 400`,
        put.status === 400 && isErrorShape(put),
        put.body,
      );
      const clickRes = await client.request('POST', `${server.url}/api/click-offer.php`, {
        cookie: member!.cookie,
        body: { offerId: bad === true ? true : Array.isArray(bad) ? [offerId] : bad },
      });
      s.check(`click-offer.php offerId=${JSON.stringify(bad)}: 400`, clickRes.status === 400, clickRes.body);
    }
    s.check(
      'nobody blocked',
      (await count(`select count(*)::int as n from users where is_suspicious`)) === 0,
    );
    s.check(
      'no click stored',
      (await count(`select count(*)::int as n from clicks where user_id = $1`, [id])) === 0,
    );
    await recordInvariants(s, db.pool);
    expect(s.finish()).toEqual([]);
  });

  it('attack: transaction id reused with another click', async () => {
    const s = scenario('attack: transaction id reused with another click');
    const [a, b] = await createMembers(db.pool, 2, { label: 'txn' });
    const offerId = await createOffer(db.pool, [{ amount: 10, probability: 50 }]);
    const clickA = await click(s, a!.cookie, offerId);
    const clickB = await click(s, b!.cookie, offerId);
    s.requests++;
    const first = await client.request(
      'GET',
      signedUrl({ click_id: clickA, transaction_id: `REUSE-${clickA}`, payout: '4', status: 'approved' }),
    );
    s.check('the original postback is accepted', first.status === 200, first.body);
    const original = (await db.pool.query(`select * from completions where click_id = $1`, [clickA])).rows[0];
    const reuse = await runPool(
      ['reversed', 'approved', 'pending'].map(
        (status) => () =>
          client.request(
            'GET',
            signedUrl({ click_id: clickB, transaction_id: `REUSE-${clickA}`, payout: '99', status }),
          ),
      ),
      3,
    );
    s.requests += reuse.length;
    s.check(
      'each reuse refused with 409',
      reuse.every((r) => r.status === 409 && isErrorShape(r)),
      reuse,
    );
    const after = (await db.pool.query(`select * from completions where click_id = $1`, [clickA])).rows[0];
    s.check('the original completion is unchanged', JSON.stringify(after) === JSON.stringify(original), {
      original,
      after,
    });
    const logged = await count(
      `select count(*)::int as n from postback_log where outcome = 'transaction_conflict' and click_id = $1`,
      [clickB],
    );
    s.check('each refusal logged', logged === 3, logged);
    s.check(
      'the second member has no completion',
      (await count(`select count(*)::int as n from completions where user_id = $1`, [b!.userId])) === 0,
    );
    await recordInvariants(s, db.pool);
    expect(s.finish()).toEqual([]);
  });

  it('attack: approved postback for a blocked member', async () => {
    const s = scenario('attack: approved postback for a blocked member');
    const [m] = await createMembers(db.pool, 1, { label: 'held' });
    const offerId = await createOffer(db.pool, [{ amount: 10, probability: 50 }]);
    const clickId = await click(s, m!.cookie, offerId);
    const put = (action: string) => {
      s.requests++;
      return client.request('PUT', `${server.url}/api/admin/users.php`, {
        cookie: admin.cookie,
        body: { user_id: m!.userId, action },
      });
    };
    s.check('blocked', (await put('flag')).status === 200);
    s.requests++;
    const res = await client.request(
      'GET',
      signedUrl({ click_id: clickId, transaction_id: `HELD-${clickId}`, payout: '2', status: 'approved' }),
    );
    s.check(
      'the postback is recorded (200, held)',
      res.status === 200 && res.json?.status === 'held',
      res.body,
    );
    const row = (await db.pool.query(`select * from completions where click_id = $1`, [clickId])).rows[0];
    s.check(
      'the completion row exists, held',
      row?.status === 'pending' && row?.approval_held_at !== null,
      row,
    );
    s.check(
      'nothing granted while blocked (no approved completion, no counters)',
      (await count(
        `select count(*)::int as n from users where id = $1 and total_completions = 0 and spins_used = 0`,
        [m!.userId],
      )) === 1,
    );
    s.check('unblocked', (await put('unflag')).status === 200);
    // Blocking ended the member's sessions: a fresh one, as a new sign-in would leave it.
    const [again] = await createMembers(db.pool, 1, { label: 'held2' });
    await db.pool.query(`update sessions set user_id = $1 where user_id = $2`, [m!.userId, again!.userId]);
    s.requests++;
    const spin = await client.request('POST', `${server.url}/api/slot-spin.php`, {
      cookie: again!.cookie,
      body: { spinType: 'offer', offerId },
    });
    s.check('after the unblock the spin is available', spin.status === 200, spin.body);
    await recordInvariants(s, db.pool);
    expect(s.finish()).toEqual([]);
  });
});
