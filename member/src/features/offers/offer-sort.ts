// The Available Offers section's category filter and sort (issue 35, item 6).
import type { MemberOffer } from '../../../../shared/contract/member';
import { CATEGORY_LABELS } from '../../../../shared/constants';
import { offerTable, tableOdds, winRange } from '../../../../shared/slot';

export type OfferSort = 'newest' | 'prize' | 'chance';

export const OFFER_SORT_LABELS: Record<OfferSort, string> = {
  newest: 'Newest',
  prize: 'Highest prize',
  chance: 'Best chance',
};

/** The category an offer is filed under, as its card names it ('General' without one). */
export function categoryOf(offer: MemberOffer): string {
  const c = offer.category?.trim();
  return c ? (CATEGORY_LABELS[c] ?? c) : 'General';
}

/**
 * The categories of these offers, each once, in alphabetical order. Compared by code unit, not with
 * localeCompare: the labels are plain English, and the first localeCompare of a page builds ICU's
 * collator, a 50-75 ms task on a throttled phone that was most of /dashboard's blocking time
 * (docs/decisions/no-collator-on-first-paint.md).
 */
export function categoriesOf(offers: readonly MemberOffer[]): string[] {
  return [...new Set(offers.map(categoryOf))].sort(byText);
}

function byText(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The chance of any voucher on one spin of the offer now (the odds its card shows), in percent. */
export function voucherChance(offer: MemberOffer): number {
  return Math.max(0, 100 - tableOdds(offer.slot_odds ?? offerTable(offer.slot_config)).tryAgain);
}

const topPrize = (offer: MemberOffer) => winRange(offer.slot_config)?.max ?? 0;

/**
 * The offers of one category (null: all), in the chosen order; ties (and 'newest') keep the server's
 * order, newest first.
 */
export function filterAndSort(
  offers: readonly MemberOffer[],
  category: string | null,
  sort: OfferSort,
): MemberOffer[] {
  const kept = category === null ? [...offers] : offers.filter((o) => categoryOf(o) === category);
  if (sort === 'prize') return kept.sort((a, b) => topPrize(b) - topPrize(a));
  if (sort === 'chance') return kept.sort((a, b) => voucherChance(b) - voucherChance(a));
  return kept;
}
