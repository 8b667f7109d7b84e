// What needs the operator's attention (GET /api/admin/attention.php,
// docs/decisions/attention-ordered-by-impact.md): the win-rate monitor, voucher stock, codes expiring
// unassigned (one row per brand), reversals piling up, refused postbacks, held referrals, claims
// waiting and held rewards (issue 36). The rows come from server/admin/attention/repository.ts;
// the rules that flag them are here, pure where they can be (wilson, stockRows, winRateRows).
import type { Db } from '../../db/client';
import { cached } from '../../db/admin/cache';
import * as reads from './repository';
import { REVERSAL_HOLD_DEFAULTS, type ReversalHoldPolicy } from '../../config';
import { DEFAULT_SLOT_CONFIG, offerTable, type SlotConfig } from '../../../shared/slot';
import {
  CLAIMS_SHOWN,
  EXPIRING_DAYS,
  REFUSED_HOURS,
  STOCK_ALERT_DAYS,
  STOCK_DAYS,
  WIN_RATE_WINDOW,
  type AdminAttentionResponse,
  type AdminStockRow,
  type AdminWinRate,
} from '../../../shared/contract/admin/attention';

/** z for a two-sided 95 % interval. */
const Z95 = 1.959963984540054;

/**
 * The Wilson score interval of `k` successes in `n` trials, as proportions (0..1): it stays inside
 * [0, 1] and behaves at 0 and n successes, where the normal approximation does not. n = 0: [0, 1].
 */
export function wilson(k: number, n: number, z = Z95): { low: number; high: number } {
  if (n <= 0) return { low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  // At k = 0 and k = n the bound is exactly 0 or 1 (computed, it can miss by a rounding error, which
  // would flag a table paying 100 % that paid every time).
  return { low: k === 0 ? 0 : Math.max(0, centre - half), high: k === n ? 1 : Math.min(1, centre + half) };
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** A table's paying amounts and their chances in percent (an amount listed twice adds up). */
export function payingChances(table: SlotConfig): Map<number, number> {
  const chances = new Map<number, number>();
  for (const reel of table.reels) {
    if (reel.amount > 0 && reel.probability > 0)
      chances.set(reel.amount, (chances.get(reel.amount) ?? 0) + reel.probability);
  }
  return chances;
}

interface MonitoredTable {
  offerId: number | null;
  title: string;
  table: SlotConfig;
  /** USD per conversion, null without conversions (free spins: null). */
  payoutUsd: number | null;
}

/**
 * Per table and paying amount: the configured chance against the observed share of draws in the
 * window with its 95 % Wilson interval; the rupees handed out per spin against the expected cost and
 * the payout in rupees. A table without spins in the window is left out (nothing to compare).
 */
export function winRateRows(
  tables: MonitoredTable[],
  draws: reads.DrawGroup[],
  fxUsdInr: number,
): AdminWinRate[] {
  const out: AdminWinRate[] = [];
  for (const t of tables) {
    const groups = draws.filter((d) => d.offerId === t.offerId);
    const spins = groups.reduce((sum, g) => sum + g.draws, 0);
    if (spins === 0) continue;
    const paid = groups.reduce((sum, g) => sum + g.paid, 0);
    const chances = payingChances(t.table);
    const amounts = [...chances.entries()]
      .sort((a, b) => b[0] - a[0])
      .map(([amount, configured]) => {
        const k = groups.filter((g) => g.drawnAmount === amount).reduce((sum, g) => sum + g.draws, 0);
        const { low, high } = wilson(k, spins);
        const p = configured / 100;
        return {
          amount,
          configured: round(configured, 2),
          draws: k,
          observed: round((100 * k) / spins, 2),
          low: round(100 * low, 2),
          high: round(100 * high, 2),
          flagged: p < low || p > high,
        };
      });
    const expected = [...chances.entries()].reduce((sum, [amount, pct]) => sum + (amount * pct) / 100, 0);
    const costPerSpin = paid / spins;
    const payoutInr = t.payoutUsd === null ? null : round(t.payoutUsd * fxUsdInr, 2);
    out.push({
      offer_id: t.offerId,
      title: t.title,
      spins,
      amounts,
      cost_per_spin: round(costPerSpin, 2),
      expected_cost_per_spin: round(expected, 2),
      payout_inr: payoutInr,
      cost_flagged: payoutInr !== null && costPerSpin > payoutInr,
    });
  }
  return out;
}

/**
 * Voucher stock per amount (a spin claims a code by amount, any brand): available codes, the draws
 * that wanted one over STOCK_DAYS days, days of stock left at that pace; flagged on stock-outs, below
 * STOCK_ALERT_DAYS days left, or when an amount some active table pays has no code at all.
 */
export function stockRows(
  available: { amount: number; brand: string; available: number }[],
  demand: { amount: number; draws: number; stockOuts: number; membersMissed: number }[],
  payable: Set<number>,
  owedDebts: { amount: number; owed: number; members: number; since: string | null }[] = [],
): AdminStockRow[] {
  const amounts = new Set<number>([
    ...available.map((a) => a.amount),
    ...demand.map((d) => d.amount),
    ...payable,
    ...owedDebts.map((o) => o.amount),
  ]);
  return [...amounts]
    .sort((a, b) => a - b)
    .map((amount) => {
      const brands = available
        .filter((a) => a.amount === amount)
        .map((a) => ({ brand: a.brand, available: a.available }));
      const stock = brands.reduce((sum, b) => sum + b.available, 0);
      const d = demand.find((x) => x.amount === amount);
      const draws = d?.draws ?? 0;
      const perDay = draws / STOCK_DAYS;
      const daysLeft = perDay > 0 ? round(stock / perDay, 1) : null;
      const stockOuts = d?.stockOuts ?? 0;
      const isPayable = payable.has(amount);
      const owed = owedDebts.find((o) => o.amount === amount);
      return {
        amount,
        available: stock,
        brands,
        wins7d: draws,
        wins_per_day: round(perDay, 2),
        days_left: daysLeft,
        stock_outs7d: stockOuts,
        members_missed7d: d?.membersMissed ?? 0,
        owed: owed?.owed ?? 0,
        owed_members: owed?.members ?? 0,
        owed_since: owed?.since ?? null,
        payable: isPayable,
        flagged:
          stockOuts > 0 ||
          (owed?.owed ?? 0) > 0 ||
          (daysLeft !== null && daysLeft < STOCK_ALERT_DAYS) ||
          (isPayable && stock === 0),
      };
    });
}

/** Amounts some active offer's table can pay (the default table for an offer without its own). */
export function payableAmounts(offers: { slotConfig: unknown }[]): Set<number> {
  const out = new Set<number>();
  for (const o of offers)
    for (const amount of payingChances(offerTable(o.slotConfig)).keys()) out.add(amount);
  return out;
}

/** Reversals "piling up": at least one fewer than the hold's threshold (never below 2) in its window. */
export function reversalWatch(policy: ReversalHoldPolicy): { days: number; min: number } {
  const active = policy.threshold > 0 && policy.days > 0 ? policy : REVERSAL_HOLD_DEFAULTS;
  return { days: active.days, min: Math.max(2, active.threshold - 1) };
}

export interface AttentionSettings {
  fxUsdInr: number;
  reversalHold: ReversalHoldPolicy;
}

/** Kept for a minute per database: the panel and the menu's count both ask on every page. */
export const ATTENTION_TTL_MS = 60_000;

export function attention(
  db: Db,
  settings: AttentionSettings,
): Promise<Omit<AdminAttentionResponse, 'success'>> {
  return cached(db, `attention:${settings.fxUsdInr}`, () => computeAttention(db, settings), ATTENTION_TTL_MS);
}

export async function computeAttention(
  db: Db,
  settings: AttentionSettings,
): Promise<Omit<AdminAttentionResponse, 'success'>> {
  const watch = reversalWatch(settings.reversalHold);
  const [offers, draws, available, demand, expiring, reversalMembers, refused, held, owed, claims, reviews] =
    await Promise.all([
      reads.activeOffers(db),
      reads.recentDraws(db, WIN_RATE_WINDOW),
      reads.availableStock(db),
      reads.recentDemand(db, STOCK_DAYS),
      reads.expiringUnassigned(db, EXPIRING_DAYS),
      reads.reversalsPilingUp(db, watch.days, watch.min),
      reads.refusedPostbacks(db, REFUSED_HOURS),
      reads.heldReferrals(db),
      reads.owedByAmount(db),
      reads.claimsWaiting(db, CLAIMS_SHOWN),
      reads.reviewsWaiting(db),
    ]);
  const tables: MonitoredTable[] = [
    ...offers.map((o) => ({
      offerId: o.id,
      title: o.title,
      table: offerTable(o.slotConfig),
      payoutUsd: o.totalCompletions > 0 ? o.totalRevenue / o.totalCompletions : null,
    })),
    { offerId: null, title: 'Free spins', table: DEFAULT_SLOT_CONFIG, payoutUsd: null },
  ];
  const winRates = winRateRows(tables, draws, settings.fxUsdInr);
  const stock = stockRows(available, demand, payableAmounts(offers), owed);
  const refusedPostbacks = refused.map((r) => ({ ...r, network: r.network ?? 'Native postback' }));
  const count =
    winRates.reduce((n, w) => n + w.amounts.filter((a) => a.flagged).length + (w.cost_flagged ? 1 : 0), 0) +
    stock.filter((s) => s.flagged).length +
    expiring.length +
    reversalMembers.length +
    refusedPostbacks.length +
    (held > 0 ? 1 : 0) +
    (claims.waiting > 0 ? 1 : 0) +
    (reviews.waiting > 0 ? 1 : 0);
  return {
    count,
    window: WIN_RATE_WINDOW,
    winRates,
    stock,
    expiring,
    reversals: { days: watch.days, members: reversalMembers },
    refusedPostbacks,
    heldReferrals: held,
    claims,
    reviews,
  };
}
