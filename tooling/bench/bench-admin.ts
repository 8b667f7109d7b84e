// `npm --prefix tooling run bench:admin`: times every admin list and the dashboard on DATABASE_URL (filled by
// `npm --prefix tooling run seed:large`): the default view and its heaviest filters and sorts, through the real app
// (app.inject, a real admin session), and prints p50 and p95 per call.
//   DATABASE_URL=postgres://... npm --prefix tooling run bench:admin [-- --runs 40 --markdown]
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { migrate, openDatabase, query } from '../../server/db/client';
import { upsertAdmin } from '../../server/admin/auth/service';
import { invalidateSummaries } from '../../server/db/admin/cache';

// `uncached`: the program-wide figures are dropped before every call (db/admin/cache.ts), so each call
// computes them, as the first call after their time to live does.
const CALLS: { name: string; url: string; uncached?: boolean }[] = [
  { name: 'dashboard', url: '/api/admin/dashboard.php' },
  { name: 'dashboard, uncached', url: '/api/admin/dashboard.php', uncached: true },
  // The dashboard's panel and the menu's count: one call, kept for a minute (admin/attention/service.ts).
  { name: 'needs attention', url: '/api/admin/attention.php' },
  { name: 'needs attention, uncached', url: '/api/admin/attention.php', uncached: true },
  { name: 'users default', url: '/api/admin/users.php' },
  { name: 'users search', url: '/api/admin/users.php?search=user4242' },
  // No index since migration 0021 (a spin's member row write is a HOT update): a top-N sort.
  { name: 'users by vouchers won', url: '/api/admin/users.php?sortBy=total_vouchers_won&sortOrder=desc' },
  {
    name: 'users inactive by revenue',
    url: '/api/admin/users.php?performanceFilter=inactive&sortBy=total_revenue_generated&sortOrder=desc',
  },
  {
    name: 'users 3 filters, name, p50',
    url: '/api/admin/users.php?performanceFilter=medium_performers&referralFilter=referred&voucherFilter=multiple_vouchers&dateRange=quarter&sortBy=first_name&sortOrder=asc&page=50',
  },
  { name: 'offers default', url: '/api/admin/offers.php' },
  {
    name: 'offers top performing',
    url: '/api/admin/offers.php?status=active&sortBy=total_completions&sortOrder=desc',
  },
  {
    name: 'offers search+category',
    url: '/api/admin/offers.php?search=shop&category=Shopping&dateRange=quarter',
  },
  { name: 'vouchers default', url: '/api/admin/vouchers.php' },
  {
    name: 'vouchers available soon',
    url: '/api/admin/vouchers.php?status=available&expiry_filter=expiring_soon&sortBy=expiry_date&sortOrder=asc',
  },
  {
    name: 'vouchers brand+range+assign',
    url: '/api/admin/vouchers.php?brand=Amazon&amount_range=0-50&assignment_filter=offer_rewards&sortBy=voucher_amount&sortOrder=desc',
  },
  { name: 'vouchers search code', url: '/api/admin/vouchers.php?search=AMZ-1234' },
  { name: 'referrals default', url: '/api/admin/referrals.php' },
  {
    name: 'referrals successful month',
    url: '/api/admin/referrals.php?status=successful&dateRange=month&sortBy=first_completion_date',
  },
  { name: 'referrals search', url: '/api/admin/referrals.php?search=user777' },
  { name: 'conversions default', url: '/api/admin/conversions.php' },
  {
    name: 'conversions won email payout',
    url: '/api/admin/conversions.php?voucherFilter=won&userTypeFilter=email&sortBy=payout_amount&sortOrder=desc',
  },
  {
    name: 'conversions month referred',
    url: '/api/admin/conversions.php?dateRange=month&referralFilter=referred_users&sortBy=completed_at',
  },
  {
    name: 'conversions first, page 200',
    url: '/api/admin/conversions.php?referralFilter=first_completions&page=200',
  },
  { name: 'conversions search user', url: '/api/admin/conversions.php?search=user4242%40' },
  { name: 'conversions offer', url: '/api/admin/conversions.php?offer=17&voucherFilter=lost' },
  { name: 'clicks default', url: '/api/admin/offer-clicks.php' },
  {
    name: 'clicks voucher_won payout',
    url: '/api/admin/offer-clicks.php?conversionStatus=voucher_won&sortBy=payout_amount',
  },
  { name: 'clicks email week', url: '/api/admin/offer-clicks.php?userType=email&dateRange=week' },
  { name: 'clicks by click time', url: '/api/admin/offer-clicks.php?sortBy=created_at&offer=42' },
  { name: 'clicks search email', url: '/api/admin/offer-clicks.php?search=user4242%40' },
  { name: 'audit log', url: '/api/admin/audit-log.php' },
  // Issue 36: the member's page, the detail views and their timelines. {clickId} and {networkId} are
  // read from the database at start (a click of member 4242, the first network).
  { name: 'member page (one user)', url: '/api/admin/users.php?user_id=4242' },
  { name: 'member timeline', url: '/api/admin/timeline.php?subject=member&id=4242' },
  { name: 'member timeline page 3', url: '/api/admin/timeline.php?subject=member&id=4242&page=3' },
  {
    name: 'member claims, reversals',
    url: '/api/admin/timeline.php?subject=member&id=4242&kinds=claim%2Creversal%2Cpostback',
  },
  { name: 'heavy member timeline', url: '/api/admin/timeline.php?subject=member&id={heavyUserId}' },
  // A claim's page: that member's clicks, attempts and conversions for the claimed offer.
  {
    name: 'member timeline, one offer',
    url: '/api/admin/timeline.php?subject=member&id={heavyUserId}&offer=17&kinds=click%2Cpostback%2Cconversion',
  },
  { name: 'offer page (one offer)', url: '/api/admin/offers.php?offer_id=17' },
  { name: 'offer timeline', url: '/api/admin/timeline.php?subject=offer&id=17' },
  { name: 'offer timeline page 50', url: '/api/admin/timeline.php?subject=offer&id=17&page=50' },
  { name: 'network timeline', url: '/api/admin/timeline.php?subject=network&id={networkId}' },
  { name: 'click detail', url: '/api/admin/click.php?click_id={clickId}' },
  { name: 'click timeline', url: '/api/admin/timeline.php?subject=click&id={clickId}' },
  { name: 'claim page (one claim)', url: '/api/admin/claims.php?claim_id=1' },
];

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '40' },
      markdown: { type: 'boolean', default: false },
      only: { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error(
      'bench:admin needs DATABASE_URL (a PostgreSQL database filled by npm --prefix tooling run seed:large).',
    );
    process.exit(2);
  }
  const config = {
    ...loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    databaseUrl: url,
  };
  const database = await openDatabase({ databaseUrl: url, poolMax: Number(process.env.DB_POOL_MAX ?? 10) });
  await migrate(database.db);
  const app = await buildApp({
    config,
    database,
    sessionSecret: randomBytes(16).toString('hex'),
    serveStatic: false,
  });
  await app.ready();

  const password = randomBytes(12).toString('base64url');
  await upsertAdmin(database.db, { username: 'bench-admin', password });
  const login = await app.inject({
    method: 'POST',
    url: '/api/admin/login.php',
    payload: { username: 'bench-admin', password },
  });
  const sid = login.cookies.find((c) => c.name === 'admin_sid');
  if (!sid) throw new Error(`admin sign-in failed: ${login.statusCode} ${login.body}`);
  const headers = { cookie: `admin_sid=${sid.value}` };

  // The ids the detail calls name: a click of member 4242 (or, when that member clicked nothing in this
  // seed, the latest click of anyone), the member with the most clicks, a network.
  const [ids = {}] = await query<Record<string, unknown>>(
    database.db,
    sql`select
      coalesce((select id from clicks where user_id = 4242 order by created_at desc limit 1),
               (select id from clicks order by created_at desc limit 1)) as "clickId",
      (select id from users order by total_completions desc limit 1) as "heavyUserId",
      coalesce((select min(id) from networks), 1) as "networkId"`,
  );
  const withIds = (u: string) =>
    u.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(String(ids[k] ?? 'none')));

  const results: { name: string; cold: number; p50: number; p95: number; max: number; total: string }[] = [];
  const calls = (values.only ? CALLS.filter((c) => c.name.includes(values.only!)) : CALLS).map((c) => ({
    ...c,
    url: withIds(c.url),
  }));
  for (const call of calls) {
    const times: number[] = [];
    let total = '';
    let cold = 0;
    for (let i = 0; i < runs + 3; i++) {
      if (call.uncached) invalidateSummaries(database.db);
      const t = process.hrtime.bigint();
      const res = await app.inject({ method: 'GET', url: call.url, headers });
      const ms = Number(process.hrtime.bigint() - t) / 1e6;
      if (res.statusCode !== 200) throw new Error(`${call.url}: ${res.statusCode} ${res.body}`);
      if (i >= 3) times.push(ms); // three warm-up calls
      if (i === 0) {
        cold = ms; // first call: summaries not cached yet (cache.ts) for most calls
        const p = res.json().pagination as { total: number; estimated?: boolean } | undefined;
        total = p ? `${p.total}${p.estimated ? ' (est.)' : ''}` : '';
      }
    }
    times.sort((a, b) => a - b);
    results.push({
      name: call.name,
      cold,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      max: times.at(-1)!,
      total,
    });
  }
  await app.close();
  await database.close();

  if (values.markdown) {
    console.log('| call | query | rows total | first call ms | p50 ms | p95 ms |');
    console.log('|---|---|---:|---:|---:|---:|');
    for (const [i, r] of results.entries())
      console.log(
        `| ${r.name} | \`${calls[i]!.url.replace('/api/admin/', '')}\` | ${r.total} | ${r.cold.toFixed(1)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`,
      );
  } else {
    console.log(
      `${'call'.padEnd(30)} ${'total'.padStart(16)} ${'1st ms'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
    );
    for (const r of results)
      console.log(
        `${r.name.padEnd(30)} ${r.total.padStart(16)} ${r.cold.toFixed(1).padStart(8)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.max.toFixed(1).padStart(8)}`,
      );
  }
  const slow = results.filter((r) => r.p95 >= 100);
  console.log(
    slow.length
      ? `\n${slow.length} call(s) at p95 >= 100 ms: ${slow.map((r) => r.name).join(', ')}`
      : `\nEvery call under 100 ms at p95 (${runs} runs each).`,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
