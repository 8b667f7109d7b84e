// The races (concurrent spins, postbacks and blocks), written once and run against one server
// process or split across several (the requests alternate between the `urls`). Each returns after
// recording its checks.
import pg from 'pg';
import { signPostback } from '../../../server/postbacks/conversions-service';
import {
  REL_POSTBACK_SECRET,
  checkInvariants,
  createMembers,
  createOffer,
  grantCompletions,
  stockVouchers,
  type Member,
} from './db';
import { HttpClient, countBy, runPool, shuffle, type HttpResult } from './http';
import type { Scenario } from './report';

const spinBody = (offerId?: number) => (offerId ? { spinType: 'offer', offerId } : { spinType: 'free' });

export async function recordInvariants(s: Scenario, pool: pg.Pool) {
  for (const inv of await checkInvariants(pool)) s.check(`invariant: ${inv.name}`, inv.broken === 0, inv);
}

export function no5xx(s: Scenario, results: HttpResult[]) {
  const bad = results.filter((r) => r.status >= 500 || r.status === 0);
  s.check(
    'no 5xx and no dropped connection',
    bad.length === 0,
    bad.slice(0, 3).map((r) => [r.status, r.body, r.error]),
  );
}

/** 200 concurrent spins of one completion: exactly one wins the spin, 199 get 409. */
export async function raceOneCompletion(s: Scenario, pool: pg.Pool, urls: string[]) {
  const client = new HttpClient(256);
  const offerId = await createOffer(pool, [{ amount: 10, probability: 50 }]);
  const [member] = await createMembers(pool, 1, { label: 'one' });
  await grantCompletions(pool, [member!.userId], offerId);
  const results = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      client.request('POST', `${urls[i % urls.length]}/api/slot-spin.php`, {
        cookie: member!.cookie,
        body: spinBody(offerId),
      }),
    ),
  );
  s.requests += client.requests;
  client.close();
  const statuses = countBy(results, (r) => r.status);
  s.check('exactly one 200', statuses['200'] === 1, statuses);
  s.check('199 answered 409 Conflict', statuses['409'] === 199, statuses);
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from spins where user_id = $1`,
    [member!.userId],
  );
  s.check('one spin recorded', rows[0]!.n === 1, rows[0]);
  await recordInvariants(s, pool);
}

/**
 * 10,000 spins by 1,000 members on a small stock: each member has one offer completion and 8 free
 * spins but asks for 9, so 1,000 requests must be refused. No voucher twice, no count below zero,
 * wins equal vouchers assigned.
 */
export async function raceManyMembers(s: Scenario, pool: pg.Pool, urls: string[], members = 1000) {
  const client = new HttpClient(200);
  const offerAmount = 25;
  const offerId = await createOffer(pool, [{ amount: offerAmount, probability: 60 }]);
  const people = await createMembers(pool, members, { freeSpins: 8, label: 'many' });
  await grantCompletions(
    pool,
    people.map((m) => m.userId),
    offerId,
  );
  // Free spins use the default reels (10 at 20 %, 5 at 30 %): stock far below the draws.
  const stock = { 10: 30, 5: 30, [offerAmount]: 20 };
  for (const [amount, count] of Object.entries(stock)) await stockVouchers(pool, Number(amount), count);
  const totalStock = Object.values(stock).reduce((a, b) => a + b, 0);

  const tasks: (() => Promise<HttpResult & { member: Member }>)[] = [];
  let i = 0;
  for (const m of people) {
    for (let k = 0; k < 10; k++) {
      const url = urls[i++ % urls.length]!;
      const body = k === 0 ? spinBody(offerId) : spinBody();
      tasks.push(async () => ({
        ...(await client.request('POST', `${url}/api/slot-spin.php`, { cookie: m.cookie, body })),
        member: m,
      }));
    }
  }
  const started = Date.now();
  const results = await runPool(shuffle(tasks), 200);
  const secs = (Date.now() - started) / 1000;
  s.requests += client.requests;
  client.close();
  const statuses = countBy(results, (r) => r.status);
  console.log(
    `[reliability]   ${results.length} spins in ${secs.toFixed(1)} s (${Math.round(results.length / secs)}/s): ${JSON.stringify(statuses)}`,
  );
  no5xx(s, results);
  s.check(`${members * 9} spins granted`, statuses['200'] === members * 9, statuses);
  s.check(
    `${members} spins beyond the member's allowance refused with 409`,
    statuses['409'] === members,
    statuses,
  );
  // A win that lost the race for the last code of its amount is owed (voucher null, owedVoucher set):
  // only wins that revealed a code take stock.
  const wins = results.filter(
    (r) => r.status === 200 && r.json?.isWinningCombination && r.json.voucher !== null,
  );
  const codes = wins.map((w) => (w.json!.voucher as { code: string }).code);
  s.check('no voucher code given twice (responses)', new Set(codes).size === codes.length, codes.length);
  s.check('wins with a code never exceed the stock', wins.length <= totalStock, {
    wins: wins.length,
    totalStock,
  });
  const { rows } = await pool.query<{
    assigned: number;
    distinct_codes: number;
    win_spins: number;
    below_zero: number;
    left: number;
  }>(
    `select (select count(*) from vouchers where status = 'assigned')::int as assigned,
            (select count(distinct voucher_code) from vouchers where status = 'assigned')::int as distinct_codes,
            (select count(*) from spins s where is_win
               and not exists (select 1 from owed_vouchers d where d.spin_id = s.id))::int as win_spins,
            (select count(*) from users where free_spins_remaining < 0)::int as below_zero,
            (select count(*) from users where id = any($1::int[]) and free_spins_remaining <> 0)::int as left`,
    [people.map((p) => p.userId)],
  );
  const db = rows[0]!;
  s.check(
    'wins answered = vouchers assigned = winning spins recorded',
    wins.length === db.assigned && db.assigned === db.win_spins,
    { answered: wins.length, ...db },
  );
  s.check(
    'no free-spin count below zero; every member spent exactly 8',
    db.below_zero === 0 && db.left === 0,
    db,
  );
  // With draws far above the stock, every voucher is given, each exactly once.
  s.check(
    'the whole stock was given out, once',
    db.assigned === totalStock && db.distinct_codes === totalStock,
    db,
  );
  await recordInvariants(s, pool);
}

/** 1,000 concurrent replays (approved and pending copies) of one referred member's postback: credited once. */
export async function racePostbackReplays(s: Scenario, pool: pg.Pool, urls: string[], replays = 1000) {
  const client = new HttpClient(256);
  const [referrer, friend] = await createMembers(pool, 2, { label: 'ref' });
  const { rows: codeRows } = await pool.query<{ referral_code: string }>(
    `select referral_code from users where id = $1`,
    [referrer!.userId],
  );
  const code = codeRows[0]!.referral_code;
  await pool.query(`update users set referred_by_user_id = $1, referred_by_code = $2 where id = $3`, [
    referrer!.userId,
    code,
    friend!.userId,
  ]);
  await pool.query(`update users set total_referrals = total_referrals + 1 where id = $1`, [
    referrer!.userId,
  ]);
  await pool.query(
    `insert into referrals (referrer_user_id, referred_user_id, referral_code) values ($1, $2, $3)`,
    [referrer!.userId, friend!.userId, code],
  );
  const offerId = await createOffer(pool, [{ amount: 10, probability: 50 }]);
  const click = await client.request('POST', `${urls[0]}/api/click-offer.php`, {
    cookie: friend!.cookie,
    body: { offerId },
  });
  s.check('click recorded', click.status === 200, click.body);
  const clickId = String(click.json?.clickId);
  const urlFor = (status: string, i: number) => {
    const params = {
      click_id: clickId,
      transaction_id: `REPLAY-${clickId}`,
      payout: '3.5',
      currency: 'USD',
      status,
    };
    const sig = signPostback(params, REL_POSTBACK_SECRET);
    return `${urls[i % urls.length]}/api/postback.php?${new URLSearchParams({ ...params, sig })}`;
  };
  const tasks = shuffle(
    Array.from(
      { length: replays },
      (_, i) => () => client.request('GET', urlFor(i % 5 === 0 ? 'pending' : 'approved', i)),
    ),
  );
  const results = await runPool(tasks, 250);
  s.requests += client.requests;
  client.close();
  no5xx(s, results);
  s.check(
    'every replay answered 200',
    results.every((r) => r.status === 200),
    countBy(results, (r) => r.status),
  );
  // Accepted answers carry neither `duplicate` (a replay) nor `message` (an ignored transition).
  const credited = results.filter(
    (r) => r.json?.status === 'approved' && !r.json?.duplicate && !r.json?.message,
  );
  s.check('exactly one answer credited the approval', credited.length === 1, credited.length);
  const { rows } = await pool.query(
    `select (select count(*) from completions where user_id = $1)::int as completions,
            (select count(*) from completions where user_id = $1 and status = 'approved')::int as approved,
            (select total_completions from users where id = $1) as friend_completions,
            (select free_spins_remaining from users where id = $2) as referrer_free,
            (select successful_referrals from users where id = $2) as referrer_successful,
            (select status from referrals where referred_user_id = $1) as referral_status`,
    [friend!.userId, referrer!.userId],
  );
  s.check(
    'one completion, credited once; the referrer got exactly one free spin',
    JSON.stringify(rows[0]) ===
      JSON.stringify({
        completions: 1,
        approved: 1,
        friend_completions: 1,
        referrer_free: 1,
        referrer_successful: 1,
        referral_status: 'successful',
      }),
    rows[0],
  );
  await recordInvariants(s, pool);
}

/**
 * Bulk block during spins: 100 members spin (20 free spins each, 25 requests each) while an admin
 * blocks all of them at once, one call per member as the console does. No spin may be granted to
 * a request sent after that member's block answered (the block had committed).
 */
export async function raceBlockDuringSpins(
  s: Scenario,
  pool: pg.Pool,
  urls: string[],
  adminCookie: string,
  members = 100,
) {
  const client = new HttpClient(256);
  const people = await createMembers(pool, members, { freeSpins: 20, label: 'blk' });
  const blockedAt = new Map<number, number>();
  const spinResults: (HttpResult & { userId: number })[] = [];
  let done = 0;
  const expected = members * 25;
  let blockStarted: Promise<HttpResult[]> | null = null;
  const startBlock = () =>
    (blockStarted ??= Promise.all(
      people.map(async (m, i) => {
        const r = await client.request('PUT', `${urls[i % urls.length]}/api/admin/users.php`, {
          cookie: adminCookie,
          body: { user_id: m.userId, action: 'flag' },
        });
        blockedAt.set(m.userId, r.doneAt);
        return r;
      }),
    ));
  await Promise.all(
    people.map(async (m, i) => {
      for (let k = 0; k < 25; k++) {
        const r = await client.request('POST', `${urls[(i + k) % urls.length]}/api/slot-spin.php`, {
          cookie: m.cookie,
          body: spinBody(),
        });
        spinResults.push({ ...r, userId: m.userId });
        if (++done === Math.floor(expected / 4)) void startBlock();
      }
    }),
  );
  const blocks = await startBlock();
  s.requests += client.requests;
  client.close();
  s.check(
    'every block call answered 200',
    blocks.every((b) => b.status === 200),
    countBy(blocks, (b) => b.status),
  );
  no5xx(s, spinResults);
  const late = spinResults.filter(
    (r) => r.status === 200 && r.sentAt > (blockedAt.get(r.userId) ?? Infinity),
  );
  s.check('no spin granted to a request sent after the block committed', late.length === 0, late.length);
  const afterBlock = spinResults.filter((r) => r.sentAt > (blockedAt.get(r.userId) ?? Infinity));
  // Checked on at least one request: with none sent after the block, the rule was never exercised.
  s.check(
    'requests after the block answered 401 (sessions ended) or 403 (blocked), at least one of them',
    afterBlock.length > 0 && afterBlock.every((r) => r.status === 401 || r.status === 403),
    { sentAfterBlock: afterBlock.length, ...countBy(afterBlock, (r) => r.status) },
  );
  const granted = countBy(
    spinResults.filter((r) => r.status === 200),
    (r) => r.userId,
  );
  const { rows } = await pool.query<{ user_id: number; n: number }>(
    `select user_id, count(*)::int as n from spins where user_id = any($1::int[]) group by user_id`,
    [people.map((p) => p.userId)],
  );
  const mismatched = rows.filter((r) => (granted[r.user_id] ?? 0) !== r.n);
  const recordedTotal = rows.reduce((a, r) => a + r.n, 0);
  const grantedTotal = Object.values(granted).reduce((a, b) => a + b, 0);
  s.check(
    'spins recorded = spins answered 200, per member',
    mismatched.length === 0 && recordedTotal === grantedTotal,
    {
      mismatched: mismatched.length,
      recordedTotal,
      grantedTotal,
    },
  );
  const { rows: state } = await pool.query(
    `select count(*) filter (where not is_suspicious)::int as unblocked,
            (select count(*) from sessions where user_id = any($1::int[]))::int as sessions
     from users where id = any($1::int[])`,
    [people.map((p) => p.userId)],
  );
  s.check(
    'all blocked, their sessions deleted',
    state[0].unblocked === 0 && state[0].sessions === 0,
    state[0],
  );
  console.log(
    `[reliability]   block during spins: ${grantedTotal} spins granted before the blocks, ${afterBlock.length} refused after`,
  );
  await recordInvariants(s, pool);
}
