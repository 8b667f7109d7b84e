// Slot-machine rules shared by the member app (display, spin type) and the server (draw).
// The rules: docs/product-rules.md#spins and #slot-tables.

import type { SlotConfig, SlotReel } from './contract/common';
import { formatRupees } from './format';

// The shape is the contract's (a type only: the member app's bundle carries no zod).
export type { SlotConfig, SlotReel };

/** Used when an offer has no slot_config, and for free spins: ₹10 at 20 %, ₹5 at 30 %, ₹0 at 50 %. */
export const DEFAULT_SLOT_CONFIG: SlotConfig = {
  reels: [
    { amount: 10, probability: 20 },
    { amount: 5, probability: 30 },
    { amount: 0, probability: 50 },
  ],
};

/** Amounts shown on the reels when no config exists. */
export const DEFAULT_REEL_AMOUNTS = [100, 50, 20, 10, 5, 0] as const;

export const SLOT_TIMINGS = {
  itemHeight: 80,
  reelStopBaseMs: 8000,
  reelStopStepMs: 500,
  resultDelayMs: 9000,
  animationClearMs: 10000,
} as const;

export const MAX_REELS = 10;

/** Parses an object or JSON string into a SlotConfig; null when absent or unparseable. */
export function parseSlotConfig(raw: unknown): SlotConfig | null {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object' || !Array.isArray((value as SlotConfig).reels)) return null;
  const reels = (value as { reels: unknown[] }).reels
    .map((r) => {
      const reel = r as Record<string, unknown>;
      return { amount: Number(reel?.amount), probability: Number(reel?.probability) };
    })
    .filter((r) => Number.isFinite(r.amount) && Number.isFinite(r.probability));
  return { reels };
}

/**
 * The table an offer's spin draws from: its own slot_config, or the default table when it has none
 * (absent, unparseable or without reels).
 */
export function offerTable(raw: unknown): SlotConfig {
  const config = parseSlotConfig(raw);
  return config && config.reels.length > 0 ? config : DEFAULT_SLOT_CONFIG;
}

/**
 * 'Win ₹min - ₹max' over the table the offer plays (the default table without a slot_config): only
 * reels with a numeric amount above 0 count; null when none.
 */
export function winRange(raw: unknown): { min: number; max: number } | null {
  const amounts = offerTable(raw)
    .reels.map((r) => r.amount)
    .filter((a) => a > 0);
  if (amounts.length === 0) return null;
  return { min: Math.min(...amounts), max: Math.max(...amounts) };
}

/** 'Win ₹5 - ₹10', or 'Win ₹10' when the table pays one amount. */
export function winRangeText(range: { min: number; max: number }): string {
  return range.min === range.max
    ? `Win ${formatRupees(range.min)}`
    : `Win ${formatRupees(range.min)} - ${formatRupees(range.max)}`;
}

/**
 * The odds of what can be won now (docs/product-rules.md#spins): the table's paying reels whose amount
 * has a code in stock (`stocked`, the server's voucher_stock), with their own chances; an amount with
 * none is not drawn, so its chance joins the miss. The table an offer card and the result panel show.
 */
export function stockedTable(config: SlotConfig, stocked: readonly number[]): SlotConfig {
  const inStock = new Set(stocked.map((a) => Math.round(a * 100)));
  return {
    reels: config.reels.filter(
      (r) => r.amount > 0 && r.probability > 0 && inStock.has(Math.round(r.amount * 100)),
    ),
  };
}

/**
 * A table's odds as the member is told them: each paying amount with its chance, highest first, and
 * the chance of no prize ('Try again'), in percent (the rest of 100 after the paying reels).
 */
export function tableOdds(config: SlotConfig): {
  prizes: { amount: number; percent: number }[];
  tryAgain: number;
} {
  const byAmount = new Map<number, number>();
  for (const r of config.reels) {
    if (r.amount > 0 && r.probability > 0)
      byAmount.set(r.amount, (byAmount.get(r.amount) ?? 0) + r.probability);
  }
  const prizes = [...byAmount.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([amount, percent]) => ({ amount, percent: round2(percent) }));
  const paying = prizes.reduce((sum, p) => sum + p.percent, 0);
  return { prizes, tryAgain: round2(Math.max(0, 100 - paying)) };
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/**
 * An owed win as the member is told it (docs/product-rules.md#spins): 'Your ₹50 voucher is on its way'
 * (the slot machine's result panel and the owed card in My Rewards).
 */
export function owedVoucherText(amount: number): string {
  return `Your ${formatRupees(amount)} voucher is on its way`;
}

/** Spin type rule: free if free spins remain or the pseudo-offer id is 0. */
export function spinTypeFor(offerId: number, freeSpinsRemaining: number): 'free' | 'offer' {
  return freeSpinsRemaining > 0 || offerId === 0 ? 'free' : 'offer';
}

/** reward_type is 'none' or 'voucher_<amount>'. */
export function rewardTypeFor(amount: number | null): string {
  return amount && amount > 0 ? `voucher_${formatAmount(amount)}` : 'none';
}

export function amountFromRewardType(rewardType: string | null | undefined): number | null {
  const m = /^voucher_(\d+(?:\.\d+)?)$/.exec(rewardType ?? '');
  return m ? Number(m[1]) : null;
}

function formatAmount(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Number(n.toFixed(2)));
}

/** Sum of probabilities must be above 0 and below 100 (the admin form's rule). */
export function isValidProbabilityTotal(reels: SlotReel[]): boolean {
  const total = reels.reduce((sum, r) => sum + (Number(r.probability) || 0), 0);
  return total > 0 && total < 100;
}

/** Colour tier of an amount: 100+, 50+, 20+, 10+. */
export function amountTier(amount: number): 'top' | 'high' | 'mid' | 'low' | 'none' {
  if (amount >= 100) return 'top';
  if (amount >= 50) return 'high';
  if (amount >= 20) return 'mid';
  if (amount >= 10) return 'low';
  return 'none';
}

/** Win-rate rating of vouchers won per spin, in percent (docs/product-rules.md#limits). */
export function winRateRating(rate: number): string {
  if (rate >= 70) return 'Excellent Luck';
  if (rate >= 50) return 'Good Performance';
  if (rate >= 30) return 'Keep Spinning';
  return 'Better Luck Next Time';
}

/** Referral conversion rating, in percent (docs/product-rules.md#limits). */
export function referralRating(rate: number): string {
  if (rate >= 80) return 'Excellent';
  if (rate >= 60) return 'Good';
  if (rate >= 40) return 'Average';
  return 'Needs Improvement';
}
