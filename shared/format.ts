// Formatting rules of spec section 1: rupees without decimals (₹0 for empty or invalid values),
// en-IN dates (short month, day, year, hour, minute), initials from the first two words.

const rupeeFormatter = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0, minimumFractionDigits: 0 });

export function formatRupees(value: unknown): string {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  if (!Number.isFinite(n)) return '₹0';
  return `₹${rupeeFormatter.format(Math.round(n))}`;
}

const dateFormatter = new Intl.DateTimeFormat('en-IN', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const dayFormatter = new Intl.DateTimeFormat('en-IN', { month: 'short', day: 'numeric', year: 'numeric' });

function toDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value as string | number);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** en-IN date and time, e.g. "22 Nov 2026, 06:30 pm"; 'Invalid Date' for bad input (spec section 8). */
export function formatDateTime(value: unknown): string {
  const d = toDate(value);
  return d ? dateFormatter.format(d) : 'Invalid Date';
}

/** en-IN calendar date without time, e.g. "22 Nov 2026". */
export function formatDate(value: unknown): string {
  const d = toDate(value);
  return d ? dayFormatter.format(d) : 'Invalid Date';
}

/** First letters of the first two words, uppercase (spec section 1). */
export function initials(name: string | null | undefined): string {
  if (!name) return '';
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** Percent with one decimal, used for win rates. */
export function formatPercent(value: unknown, digits = 1): string {
  const n = Number(value);
  return `${Number.isFinite(n) ? n.toFixed(digits) : (0).toFixed(digits)}%`;
}
