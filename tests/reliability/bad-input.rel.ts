// Bad input: every member, admin and postback call fed generated malformed input
// (fast-check: wrong types, huge strings, unicode, SQL fragments in search and sort fields, negative
// and enormous pages). Every answer must be a 4xx JSON error, never a 500, and the database must be
// unchanged: row counts and checksums of every table are compared before and after (the postback log
// and the failed admin sign-in log record every attempt by design and are left out, and so are the
// session columns that activity moves: an admin's last_seen_at, a member's rolling expires_at).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { signPostback } from '../../server/postbacks/conversions-service';
import { isValidOfferUrl } from '../../shared/contract/admin/offer-form';
import type { Database } from '../../server/db/client';
import { idParam } from '../../shared/contract/common';
import {
  REL_POSTBACK_SECRET,
  createAdmin,
  createMembers,
  createOffer,
  createScratchDatabase,
  snapshot,
  stockVouchers,
  type ScratchDatabase,
} from './support/db';
import { inProcessApp, idTokenFor } from './support/app';
import { Scenario } from './support/report';

const RUNS = Number(process.env.REL_FUZZ_RUNS ?? 120);

// ---- generators -------------------------------------------------------------------------------
const SQL_FRAGMENTS = [
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  'registration_date; delete from users',
  'id desc, (select pg_sleep(5))',
  '1)) union select null, version() --',
  "%' and pg_sleep(5) --",
  "' || (select password_hash from admins limit 1) || '",
  '$$; drop table vouchers; $$',
  '"; truncate spins cascade; --',
  '\\',
  '%',
  '_',
  "\\'",
];
const sqlFragment = fc.constantFrom(...SQL_FRAGMENTS);
/** Any code points: astral, combining marks, lone surrogates, controls, NUL. */
const unicode = fc.string({ unit: 'binary', minLength: 1, maxLength: 40 });
const nasty = fc.oneof(
  sqlFragment,
  unicode,
  fc.constantFrom('\u0000', 'a\u0000b', '\u202e', '🎰🎰🎰', 'ﷺ'.repeat(30)),
);
const hugeString = fc.integer({ min: 1_000, max: 40_000 }).map((k) => 'Z'.repeat(k));
const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.double({ noNaN: false }),
  fc.integer({ min: -2_000_000_000_000, max: 2_000_000_000_000 }),
  fc.constantFrom(-1, 0, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 2 ** 31, 0.5),
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.integer(), fc.string()), { maxKeys: 3 }),
);
/** Anything that is not a plain value of the right kind. */
const anyBad = fc.oneof(wrongType, nasty, hugeString);

/**
 * Invalid as an id, or a valid-looking id far beyond any row (404). Ids are strict (server/lib/ids.ts):
 * only a JSON integer or its canonical decimal string is one, so `true`, `[7]`, `"1e3"` and `" 7"` are
 * generated as bad ids too (they used to be coerced and had to be filtered out here).
 */
const isRealId = (v: unknown) =>
  (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v < 1_000_000) ||
  (typeof v === 'string' && /^[1-9][0-9]{0,5}$/.test(v));
const badId = fc
  .oneof(anyBad, fc.constantFrom(1_999_999_999, '2000000000', true, [7], '1e3', ' 7', '07', 7.5))
  .filter((v) => !isRealId(v));
/** Query string values: strings or repeated keys (arrays). */
const badQueryValue = fc.oneof(
  sqlFragment.map((s) => `' ${s}`),
  unicode.map((s) => `' ${s}`),
  fc.constantFrom('-1', '0', '1000001', '99999999999999999999', '1e309', 'NaN', '1.5', '', ' '),
  fc.array(fc.constantFrom('1', 'asc', 'desc'), { minLength: 2, maxLength: 3 }),
);
/**
 * A bad value for an id filter (`offer`): a bad query value the contract's own id rule refuses. A
 * canonical id such as '1000001' is a valid filter for an offer that does not exist (200, empty list).
 */
const offerIdRule = idParam('offer');
const badIdQueryValue = badQueryValue.filter((v) => !offerIdRule.safeParse(v).success);
const badPage = fc.oneof(
  fc.integer({ max: 0 }).map(String),
  fc.integer({ min: 1_000_001 }).map(String),
  fc.constantFrom('99999999999999999999', '1e309', '-0.5', 'abc', "1' OR '1'='1", '2.5', ''),
);
const badLimit = fc.oneof(
  fc.integer({ max: 0 }).map(String),
  fc.integer({ min: 101 }).map(String),
  fc.constantFrom('1e9', 'all', '-1', '50.5', '20; drop table users'),
);
const badSort = fc.oneof(
  sqlFragment,
  unicode.map((s) => `' ${s}`),
  fc.constantFrom('password_hash', 'id;', 'users.id'),
);

// ---- helpers ----------------------------------------------------------------------------------
interface Ctx {
  app: FastifyInstance;
  s: Scenario;
}

async function send(ctx: Ctx, opts: InjectOptions) {
  ctx.s.requests++;
  const res = await ctx.app.inject(opts);
  let json: Record<string, unknown> | null = null;
  try {
    json = res.json();
  } catch {
    json = null;
  }
  return { status: res.statusCode, json, body: res.body };
}

/** The answer to malformed input: a 4xx with `{ success: false, error: '<a sentence>' }`. */
function isJsonError(r: { status: number; json: Record<string, unknown> | null }) {
  return (
    r.status >= 400 &&
    r.status < 500 &&
    r.json?.success === false &&
    typeof r.json.error === 'string' &&
    r.json.error.length > 0
  );
}

function qs(params: Record<string, unknown>): string {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (Array.isArray(v)) for (const x of v) u.append(k, String(x));
    else u.append(k, String(v));
  }
  return u.toString();
}

/** Picks a non-empty subset of `fields` to corrupt, each with its own generator. */
function corrupt(base: Record<string, unknown>, fields: Record<string, fc.Arbitrary<unknown>>) {
  const names = Object.keys(fields);
  return fc
    .tuple(
      fc.subarray(names, { minLength: 1 }),
      fc.record(Object.fromEntries(names.map((n) => [n, fields[n]!]))),
    )
    .map(([chosen, values]) => {
      const out: Record<string, unknown> = { ...base };
      for (const n of chosen) out[n] = (values as Record<string, unknown>)[n];
      return out;
    });
}

const WHOLE_BODY_BAD = fc.oneof(
  fc.constantFrom(
    { payload: 'not json', type: 'application/json' },
    { payload: '{"a":', type: 'application/json' },
    { payload: '[]', type: 'application/json' },
    { payload: '"text"', type: 'application/json' },
    { payload: '123', type: 'application/json' },
    { payload: 'null', type: 'application/json' },
    { payload: '{"__proto__":{"x":1}}', type: 'application/json' },
    { payload: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
    { payload: 'hello', type: 'text/plain' },
    { payload: '<x/>', type: 'application/xml' },
  ),
  fc.constant({ payload: `{"x":"${'A'.repeat(300 * 1024)}"}`, type: 'application/json' }),
);

describe('bad input', () => {
  let db: ScratchDatabase;
  let app: FastifyInstance;
  let database: Database;
  let member: { cookie: string };
  let admin: { cookie: string };
  let offerId: number;
  let emulatorHost: string;
  let before: Record<string, string>;
  const scenarios: Scenario[] = [];

  beforeAll(async () => {
    emulatorHost = inject('emulatorHost');
    db = await createScratchDatabase(inject('postgresUrl'), 'fuzz');
    ({ app, database } = await inProcessApp(db.url, emulatorHost));
    [member] = await createMembers(db.pool, 1, { label: 'fz' });
    await createMembers(db.pool, 20, { label: 'fzo', freeSpins: 2 });
    admin = await createAdmin(db.pool);
    offerId = await createOffer(db.pool, [{ amount: 10, probability: 50 }]);
    await createOffer(db.pool, [{ amount: 5, probability: 20 }], { active: false });
    await stockVouchers(db.pool, 10, 5);
    before = await snapshot(db.pool);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await db?.drop();
  });

  /** Runs a property over generated requests; each answer must satisfy `expectOk`. */
  async function fuzz(
    name: string,
    arb: fc.Arbitrary<InjectOptions>,
    expectOk: (r: { status: number; json: Record<string, unknown> | null }) => boolean = isJsonError,
    runs = RUNS,
  ) {
    const s = new Scenario(`bad input: ${name}`, inject('reportDir'));
    scenarios.push(s);
    const ctx = { app, s };
    let failures = 0;
    let sent = 0;
    let firstFailure: unknown;
    let thrown: unknown;
    await fc
      .assert(
        fc.asyncProperty(arb, async (opts) => {
          const r = await send(ctx, opts);
          sent++;
          if (!expectOk(r)) {
            failures++;
            firstFailure ??= {
              request: { ...opts, payload: String(opts.payload ?? '').slice(0, 300) },
              status: r.status,
              body: r.json ?? undefined,
            };
            return false;
          }
          return true;
        }),
        { numRuns: runs, endOnFailure: true },
      )
      // fast-check rejects on a failing answer (counted above) and on anything a run threw, such as a
      // request that never got an answer: either fails the check, never silently.
      .catch((error: unknown) => (thrown = error));
    s.check(
      `every answer a 4xx JSON error, never a 500`,
      failures === 0 && thrown === undefined,
      firstFailure ?? String(thrown).slice(0, 500),
    );
    s.check(`all ${runs} generated requests sent and answered`, sent === runs, { sent, runs });
    const after = await snapshot(db.pool);
    const changed = Object.keys(before).filter((t) => before[t] !== after[t]);
    s.check('database unchanged', changed.length === 0, changed);
    before = after;
    expect(s.finish()).toEqual([]);
  }

  const json = (
    method: 'POST' | 'PUT',
    url: string,
    cookie: string | null,
    payload: unknown,
  ): InjectOptions => ({
    method,
    url,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(payload),
  });
  const raw = (method: 'POST' | 'PUT', url: string, cookie: string | null) =>
    WHOLE_BODY_BAD.map((b): InjectOptions => ({
      method,
      url,
      headers: { 'content-type': b.type, ...(cookie ? { cookie } : {}) },
      payload: b.payload,
    }));

  // ---- the check itself -----------------------------------------------------------------------
  it('the snapshot ignores session activity only: a session created, deleted or otherwise changed shows', async () => {
    const same = async () => JSON.stringify(await snapshot(db.pool)) === JSON.stringify(before);
    const { rows } = await db.pool.query<{ id_hash: string }>(
      `select id_hash from sessions where kind = 'member' order by id_hash limit 1`,
    );
    const idHash = rows[0]!.id_hash;
    // Activity: last_seen_at and expires_at move, nothing else.
    await db.pool.query(
      `update sessions set last_seen_at = now() - interval '1 minute', expires_at = expires_at + interval '3 days'
        where id_hash = $1`,
      [idHash],
    );
    expect(await same()).toBe(true);
    // Any other column.
    await db.pool.query(`update sessions set public_id = public_id || 'x' where id_hash = $1`, [idHash]);
    expect(await same()).toBe(false);
    await db.pool.query(`update sessions set public_id = left(public_id, -1) where id_hash = $1`, [idHash]);
    expect(await same()).toBe(true);
    // A session created, then deleted again.
    await db.pool.query(
      `insert into sessions (id_hash, public_id, kind, user_id, created_at, expires_at)
       select 'extra-' || id_hash, public_id || 'e', kind, user_id, created_at, expires_at from sessions where id_hash = $1`,
      [idHash],
    );
    expect(await same()).toBe(false);
    await db.pool.query(`delete from sessions where id_hash = $1`, [`extra-${idHash}`]);
    expect(await same()).toBe(true);
    // A session deleted (kept aside and put back as it was).
    const kept = await db.pool.query<{ row: unknown }>(
      `delete from sessions where id_hash = $1 returning to_jsonb(sessions) as row`,
      [idHash],
    );
    expect(await same()).toBe(false);
    await db.pool.query(`insert into sessions select * from jsonb_populate_record(null::sessions, $1)`, [
      kept.rows[0]!.row,
    ]);
    expect(await same()).toBe(true);
  });

  // ---- member calls ---------------------------------------------------------------------------
  it('POST /api/firebase-auth.php', async () => {
    const token = await idTokenFor(emulatorHost, 'fuzz');
    const bodies = fc.oneof(
      corrupt({}, { idToken: fc.oneof(anyBad, fc.constantFrom('', 'a.b.c', 'eyJhbGciOiJub25lIn0.e30.')) }),
      // A real token, with another field wrong: no member may be created.
      corrupt(
        { idToken: token },
        {
          deviceFingerprint: fc.oneof(wrongType, hugeString).filter((v) => v !== null),
          referralCode: fc
            .oneof(wrongType, fc.string({ minLength: 33, maxLength: 200 }))
            .filter((v) => v !== null),
        },
      ),
    );
    await fuzz(
      'POST /api/firebase-auth.php',
      fc.oneof(
        bodies.map((b) => json('POST', '/api/firebase-auth.php', null, b)),
        raw('POST', '/api/firebase-auth.php', null),
      ),
    );
  });

  it('POST /api/click-offer.php', async () => {
    await fuzz(
      'POST /api/click-offer.php',
      fc.oneof(
        corrupt({ offerId }, { offerId: badId }).map((b) =>
          json('POST', '/api/click-offer.php', member.cookie, b),
        ),
        raw('POST', '/api/click-offer.php', member.cookie),
      ),
    );
  });

  it('POST /api/slot-spin.php', async () => {
    // The member has no spin: even a well-formed body must be refused (409) without a trace.
    await fuzz(
      'POST /api/slot-spin.php',
      fc.oneof(
        corrupt(
          { spinType: 'offer', offerId },
          {
            spinType: fc.oneof(anyBad, fc.constantFrom('free', 'offer', 'FREE', 'bonus')),
            offerId: fc.oneof(badId, fc.constant(offerId)),
          },
        ).map((b) => json('POST', '/api/slot-spin.php', member.cookie, b)),
        raw('POST', '/api/slot-spin.php', member.cookie),
      ),
    );
  });

  it('GET member reads with junk query strings and bad cookies', async () => {
    const paths = ['/api/offers.php', '/api/user-stats.php', '/api/referral-stats.php'];
    await fuzz(
      'member reads with junk cookies',
      fc
        .tuple(fc.constantFrom(...paths), fc.oneof(nasty, hugeString, fc.constant('')))
        .map(([url, junk]): InjectOptions => ({
          method: 'GET',
          url,
          headers: { cookie: `sid=${encodeURIComponent(junk)}` },
        })),
    );
    // Junk query parameters are ignored by member reads (200), except NUL, refused with a 400.
    await fuzz(
      'member reads with junk query strings',
      fc
        .tuple(
          fc.constantFrom(...paths),
          fc.dictionary(fc.oneof(nasty, fc.string()), fc.oneof(nasty, hugeString), { maxKeys: 4 }),
        )
        .map(([url, q]): InjectOptions => ({
          method: 'GET',
          url: `${url}?${qs(q)}`,
          headers: { cookie: member.cookie },
        })),
      (r) => (r.status === 200 && r.json?.success === true) || isJsonError(r),
      40,
    );
  });

  // ---- postback -------------------------------------------------------------------------------
  it('GET and POST /api/postback.php', async () => {
    const params = fc.dictionary(
      fc.oneof(
        fc.constantFrom('click_id', 'transaction_id', 'payout', 'currency', 'status', 'sig'),
        fc.string({ maxLength: 8 }),
      ),
      fc.oneof(nasty, fc.string(), fc.constantFrom('approved', 'reversed', '-1', '1e9', 'USD')),
      { maxKeys: 7 },
    );
    const unsigned = params.map((p): InjectOptions => ({ method: 'GET', url: `/api/postback.php?${qs(p)}` }));
    // Correctly signed but malformed or for an unknown click: 400 or 404, nothing credited.
    const signed = fc
      .record({
        click_id: fc.oneof(nasty, fc.string({ minLength: 1, maxLength: 80 })),
        transaction_id: fc.oneof(nasty, hugeString),
        payout: fc.oneof(fc.constantFrom('-1', '1e9', 'abc', '1.23456', '999999999'), nasty),
        currency: fc.oneof(fc.constantFrom('US', 'EURO', '$$$'), nasty),
        status: fc.oneof(fc.constantFrom('approved', 'pending', 'reversed', 'chargeback'), nasty),
      })
      .map((p) => {
        const flat = Object.fromEntries(Object.entries(p).map(([k, v]) => [k, String(v)]));
        return { ...flat, sig: signPostback(flat, REL_POSTBACK_SECRET) };
      })
      .map((p): InjectOptions => ({ method: 'GET', url: `/api/postback.php?${qs(p)}` }));
    const nested = fc.constantFrom<InjectOptions>(
      { method: 'GET', url: '/api/postback.php?click_id=a&click_id=b&sig=00' },
      { method: 'GET', url: '/api/postback.php?click_id[x]=1' },
      {
        method: 'POST',
        url: '/api/postback.php',
        headers: { 'content-type': 'application/json' },
        payload: '{"click_id":{"$ne":1}}',
      },
      {
        method: 'POST',
        url: '/api/postback.php',
        headers: { 'content-type': 'application/json' },
        payload: '{"a":',
      },
      {
        method: 'POST',
        url: '/api/postback.php',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'click_id=1&click_id=2',
      },
      { method: 'POST', url: '/api/postback.php', headers: { 'content-type': 'text/plain' }, payload: 'x' },
    );
    await fuzz('GET/POST /api/postback.php', fc.oneof(unsigned, signed, nested));
  });

  // ---- admin calls ----------------------------------------------------------------------------
  it('POST /api/admin/login.php', async () => {
    await fuzz(
      'POST /api/admin/login.php',
      fc
        .oneof(
          corrupt({ username: 'nobody', password: 'wrong' }, { username: anyBad, password: anyBad }).map(
            (b) => json('POST', '/api/admin/login.php', null, b),
          ),
          raw('POST', '/api/admin/login.php', null),
        )
        .map((o) => ({
          ...o,
          remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
        })),
    );
  });

  const LISTS: { url: string; filters: string[]; free?: string[] }[] = [
    {
      url: '/api/admin/users.php',
      filters: ['dateRange', 'performanceFilter', 'referralFilter', 'voucherFilter'],
      free: ['search'],
    },
    { url: '/api/admin/offers.php', filters: ['status', 'category', 'model', 'dateRange'], free: ['search'] },
    {
      url: '/api/admin/vouchers.php',
      filters: ['status', 'voucher_type', 'amount_range', 'expiry_filter', 'assignment_filter'],
      free: ['search', 'brand'],
    },
    { url: '/api/admin/referrals.php', filters: ['status', 'dateRange'], free: ['search'] },
    {
      url: '/api/admin/conversions.php',
      filters: ['dateRange', 'voucherFilter', 'userTypeFilter', 'referralFilter', 'offer'],
      free: ['search'],
    },
    {
      url: '/api/admin/offer-clicks.php',
      filters: ['dateRange', 'conversionStatus', 'userType', 'offer'],
      free: ['search'],
    },
    { url: '/api/admin/audit-log.php', filters: ['action', 'target_type'], free: ['target_id'] },
  ];

  it('admin lists: malformed page, limit, sort, filters and unknown parameters → 400', async () => {
    const arb = fc.constantFrom(...LISTS).chain((list) => {
      const fields: Record<string, fc.Arbitrary<unknown>> = {
        page: badPage,
        limit: badLimit,
        sortBy: badSort,
        sortOrder: badQueryValue,
        [`' or 1=1 --`]: fc.constant('1'),
        unknownParam: fc.constant('x'),
      };
      for (const f of list.filters) fields[f] = f === 'offer' ? badIdQueryValue : badQueryValue;
      for (const f of list.free ?? []) fields[f] = fc.constantFrom('Z'.repeat(201), 'a\u0000b', '\u0000');
      return corrupt({}, fields).map((q): InjectOptions => ({
        method: 'GET',
        url: `${list.url}?${qs(q)}`,
        headers: { cookie: admin.cookie },
      }));
    });
    await fuzz('admin lists: malformed page/limit/sort/filters', arb, isJsonError, RUNS * 2);
  });

  it('admin lists: SQL fragments and unicode in search fields are searched for, not run', async () => {
    const arb = fc.constantFrom(...LISTS.filter((l) => l.free)).chain((list) =>
      fc
        .tuple(
          fc.constantFrom(...list.free!),
          // NUL is refused (400, above); everything else is text to search for.
          fc.oneof(sqlFragment, unicode).map((v) => v.replaceAll('\u0000', '')),
          fc.integer({ min: 1, max: 3 }),
        )
        .map(([field, value, page]): InjectOptions => ({
          method: 'GET',
          url: `${list.url}?${qs({ [field]: value, page })}`,
          headers: { cookie: admin.cookie },
        })),
    );
    await fuzz(
      'admin lists: hostile search text answers 200',
      arb,
      (r) => r.status === 200 && r.json?.success === true,
    );
  });

  it('PUT /api/admin/users.php', async () => {
    const { rows } = await db.pool.query<{ id: number }>(`select id from users order by id limit 1`);
    await fuzz(
      'PUT /api/admin/users.php',
      fc
        .oneof(
          corrupt(
            { user_id: rows[0]!.id, action: 'flag' },
            { action: fc.oneof(anyBad, fc.constantFrom('block', 'FLAG', 'delete')) },
          ),
          corrupt({ user_id: rows[0]!.id, action: 'flag' }, { user_id: badId }),
        )
        .map((b) => json('PUT', '/api/admin/users.php', admin.cookie, b))
        .chain((o) => fc.oneof(fc.constant(o), raw('PUT', '/api/admin/users.php', admin.cookie))),
    );
  });

  const validOffer = () => ({
    title: 'Fuzz offer',
    description: 'A valid description',
    offer_url: 'https://partner.example.com/x?c={click_id}',
    preview_url: null,
    external_offer_id: `fuzz_${Date.now()}`,
    category: 'Gaming',
    model: 'CPA',
    targeting: 'ALL',
    reward_amount: 5,
    slot_config: { reels: [{ amount: 10, probability: 20 }] },
    is_active: true,
  });
  const badOfferFields = {
    title: fc.oneof(
      wrongType.filter((v) => v !== null),
      fc.constantFrom('', '   '),
      fc.constant('T'.repeat(201)),
    ),
    description: fc.oneof(
      wrongType.filter((v) => v !== null),
      fc.constantFrom('', ' '),
      fc.constant('D'.repeat(5001)),
    ),
    offer_url: fc
      .oneof(
        wrongType,
        nasty,
        fc.constantFrom('javascript:alert(1)', 'ftp://x.example', '//evil.example', 'http://a b'),
      )
      .filter((v) => !(typeof v === 'string' && isValidOfferUrl(v.trim()))),
    preview_url: fc
      .oneof(nasty, fc.constantFrom('javascript:alert(1)', 'nope'))
      .filter((v) => !(typeof v === 'string' && (v.trim() === '' || isValidOfferUrl(v.trim())))),
    model: fc.oneof(
      wrongType.filter((v) => v !== null),
      nasty,
      fc.constantFrom('cpa', 'CPX'),
    ),
    category: fc
      .oneof(nasty, fc.constantFrom('gaming', 'Weapons'))
      .filter((v) => typeof v !== 'string' || v.trim() !== ''),
    targeting: fc
      .oneof(nasty, fc.constantFrom('EVERYONE'))
      .filter((v) => typeof v !== 'string' || v.trim() !== ''),
    reward_amount: fc.constantFrom(-1, -0.01, 'abc', 1e12, {}, [], true, '1e400'),
    slot_config: fc.constantFrom(
      { reels: [] },
      {
        reels: [
          { amount: 10, probability: 60 },
          { amount: 5, probability: 50 },
        ],
      },
      { reels: [{ amount: -5, probability: 10 }] },
      { reels: [{ amount: 5, probability: 0 }] },
      { reels: [{ amount: 5, probability: 100 }] },
      { reels: Array.from({ length: 11 }, () => ({ amount: 1, probability: 1 })) },
      '{"reels":',
      'null',
      42,
      [1, 2],
      { reels: 'many' },
    ),
    external_offer_id: fc.oneof(
      wrongType.filter((v) => v !== null),
      fc.constantFrom('', '  '),
      fc.constant('E'.repeat(101)),
    ),
  };

  it('POST and PUT /api/admin/offers.php', async () => {
    await fuzz(
      'POST /api/admin/offers.php',
      fc.oneof(
        corrupt(validOffer(), badOfferFields).map((b) =>
          json('POST', '/api/admin/offers.php', admin.cookie, b),
        ),
        raw('POST', '/api/admin/offers.php', admin.cookie),
      ),
    );
    const { external_offer_id: _x, is_active: _y, ...edit } = validOffer();
    const { external_offer_id: _z, ...editFields } = badOfferFields;
    await fuzz(
      'PUT /api/admin/offers.php',
      fc.oneof(
        corrupt({ offer_id: offerId, ...edit }, editFields).map((b) =>
          json('PUT', '/api/admin/offers.php', admin.cookie, b),
        ),
        corrupt(
          { offer_id: offerId, is_active: false },
          { is_active: fc.constantFrom('false', 0, 1, null, 'yes', []) },
        ).map((b) => json('PUT', '/api/admin/offers.php', admin.cookie, b)),
        corrupt({ offer_id: offerId, is_active: false }, { offer_id: badId }).map((b) =>
          json('PUT', '/api/admin/offers.php', admin.cookie, b),
        ),
        raw('PUT', '/api/admin/offers.php', admin.cookie),
      ),
    );
  });

  it('POST and PUT /api/admin/vouchers.php', async () => {
    const valid = {
      voucher_type: 'Gift Card',
      voucher_brand: 'FuzzBrand',
      voucher_amount: 10,
      voucher_codes: ['FUZZ-1', 'FUZZ-2'],
      voucher_description: 'd',
      voucher_terms: 't',
      expiry_date: '2099-12-31',
    };
    await fuzz(
      'POST /api/admin/vouchers.php',
      fc.oneof(
        corrupt(valid, {
          voucher_brand: fc.oneof(
            fc.constantFrom('', ' ', null),
            fc.constant('B'.repeat(101)),
            fc.constantFrom(5, true, [], {}),
          ),
          voucher_amount: fc.constantFrom(0, -5, 0.5, 1.005, 'ten', null, '', 1e12, [], {}),
          voucher_codes: fc.constantFrom(
            [],
            [''],
            ['  ', ''],
            ['A', 'A'],
            Array.from({ length: 101 }, (_, i) => `C${i}`),
            ['X'.repeat(101)],
            '',
          ),
          expiry_date: fc.constantFrom(
            '2000-01-01',
            '2099-13-45',
            'tomorrow',
            '31/12/2099',
            20991231,
            null,
            '',
            "2099-12-31' or '1'='1",
          ),
          voucher_type: fc
            .oneof(nasty, fc.constantFrom('Coupon', 'gift card'))
            .filter((v) => typeof v !== 'string' || v.trim() !== ''),
        }).map((b) => json('POST', '/api/admin/vouchers.php', admin.cookie, b)),
        raw('POST', '/api/admin/vouchers.php', admin.cookie),
      ),
    );
    const { rows } = await db.pool.query<{ id: number }>(`select id from vouchers order by id limit 1`);
    await fuzz(
      'PUT /api/admin/vouchers.php',
      fc
        .oneof(
          corrupt(
            { voucher_id: rows[0]!.id, status: 'expired' },
            { status: fc.oneof(anyBad, fc.constantFrom('assigned', 'used', 'EXPIRED')) },
          ),
          corrupt({ voucher_id: rows[0]!.id, status: 'expired' }, { voucher_id: badId }),
        )
        .map((b) => json('PUT', '/api/admin/vouchers.php', admin.cookie, b)),
    );
  });
});
