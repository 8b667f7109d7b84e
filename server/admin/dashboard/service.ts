// GET /api/admin/dashboard.php. A read: its queries (program-wide figures from the counters, kept for a
// few seconds) are in server/admin/dashboard/repository.ts; the getting-started checklist's facts
// in server/admin/attention/repository.ts; money in one currency at the FX_USD_INR setting.
import type { Db } from '../../db/client';
import { cached } from '../../db/admin/cache';
import * as figures from './repository';
import { activeOffers, availableStock, gettingStartedFacts } from '../attention/repository';
import { payableAmounts } from '../attention/service';
import type { AdminDashboardResponse } from '../../../shared/contract/admin/dashboard';

/**
 * The demo's own partner networks (server/demo/seed.ts): offers.network of the native demo offers
 * and the CPX demo network's slug. Conversions on them are not the operator's activity, and
 * connecting them is not connecting a partner.
 */
export const DEMO_NETWORKS = ['demo', 'cpx-demo'] as const;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** `days`: the chart's range (the contract's `days`, 30 when left out); the tiles do not depend on it. */
export async function dashboard(
  db: Db,
  settings: { fxUsdInr: number },
  days: number = figures.DAILY_DAYS,
): Promise<Omit<AdminDashboardResponse, 'success'>> {
  const [data, gettingStarted] = await Promise.all([
    figures.dashboard(db, days),
    // Kept as long as the dashboard's tiles (cache.ts): the stock read counts the available codes.
    cached(db, 'getting-started', () => gettingStartedOf(db)),
  ]);
  const revenueInr = round2(data.stats.total_revenue * settings.fxUsdInr);
  const cost = data.stats.total_voucher_value;
  return {
    ...data,
    money: {
      fx_usd_inr: settings.fxUsdInr,
      revenue_usd: data.stats.total_revenue,
      revenue_inr: revenueInr,
      voucher_cost: cost,
      margin_inr: round2(revenueInr - cost),
    },
    gettingStarted,
  };
}

/**
 * The checklist: a partner network connected (an active network other than the demo's), the demo
 * offers reviewed (an administrator created, edited or switched an offer: the audit log), vouchers in
 * stock for every amount an active offer's table can pay, and the member app opened (a member has
 * signed in). Shown until every step is done, and never once the console has real activity.
 */
export async function gettingStartedOf(db: Db): Promise<AdminDashboardResponse['gettingStarted']> {
  const [facts, offers, stock] = await Promise.all([
    gettingStartedFacts(db, DEMO_NETWORKS),
    activeOffers(db),
    availableStock(db),
  ]);
  const stocked = new Set(stock.filter((s) => s.available > 0).map((s) => s.amount));
  const missing = [...payableAmounts(offers)].filter((a) => !stocked.has(a)).sort((a, b) => a - b);
  const steps = [
    { id: 'network' as const, done: facts.network },
    { id: 'offers' as const, done: facts.offersReviewed },
    { id: 'vouchers' as const, done: missing.length === 0 },
    { id: 'member_app' as const, done: facts.memberApp },
  ];
  return {
    show: !facts.realActivity && steps.some((s) => !s.done),
    steps,
    missing_amounts: missing,
  };
}
