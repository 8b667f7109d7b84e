import { CATEGORY_LABELS } from '../../../shared/constants';

/** Conversion payouts carry a currency, USD by default. */
export function formatPayout(amount: unknown, currency: string | null | undefined = 'USD'): string {
  const n = Number(amount);
  const value = Number.isFinite(n) && amount !== null && amount !== '' ? n : 0;
  try {
    return new Intl.NumberFormat('en-IN', { style: 'currency', currency: currency || 'USD' }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency}`;
  }
}

/** Category label (Health & Fitness, Food & Delivery); 'No Category' when missing. */
export function categoryLabel(category: string | null | undefined): string {
  if (!category) return 'No Category';
  return CATEGORY_LABELS[category] ?? category;
}

/** user_category with underscores shown as spaces (user detail). */
export function underscoreToSpace(value: string | null | undefined): string {
  return (value ?? '').replace(/_/g, ' ');
}

export function fullName(first: string | null | undefined, last: string | null | undefined): string {
  return [first, last].filter(Boolean).join(' ').trim() || 'Unknown';
}

/** Host of a URL, or 'Invalid URL'. */
export function hostOf(url: string | null | undefined): string {
  if (!url) return 'N/A';
  try {
    // Relative links (the demo partner pages) are on this server.
    return new URL(url, typeof window === 'undefined' ? undefined : window.location.origin).host;
  } catch {
    return 'Invalid URL';
  }
}

export function formatCount(value: unknown): string {
  const n = Number(value);
  return new Intl.NumberFormat('en-IN').format(Number.isFinite(n) ? n : 0);
}
