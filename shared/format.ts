// Formatting rules (docs/product-rules.md#formats): rupees without decimals (₹0 for empty or invalid values),
// en-IN dates (short month, day, year, hour, minute), initials from the first two words.

// No Intl formatter is built when this module loads: building one loads the locale's ICU data, about
// 30 ms on this machine for the three below, which ran in the member app's boot on every page (the
// dashboard's long task). Rupees are grouped by hand; the date formatters are built on
// first use.

/** en-IN digit grouping of an integer: 12,34,56,789 (the last three digits, then pairs). */
export function groupIndian(n: number): string {
  const digits = String(Math.abs(n));
  if (!/^\d+$/.test(digits)) return n.toLocaleString('en-IN'); // beyond 1e21: exponent form
  const sign = n < 0 ? '-' : '';
  if (digits.length <= 3) return sign + digits;
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${sign}${head},${digits.slice(-3)}`;
}

export function formatRupees(value: unknown): string {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  if (!Number.isFinite(n)) return '₹0';
  // + 0 turns -0 (a rounded -0.4) into 0. The sign goes before the rupee sign: -₹417, not ₹-417.
  const rounded = Math.round(n) + 0;
  return rounded < 0 ? `-₹${groupIndian(-rounded)}` : `₹${groupIndian(rounded)}`;
}

function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

const dateFormatter = lazy(
  () =>
    new Intl.DateTimeFormat('en-IN', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);

const dayFormatter = lazy(
  () => new Intl.DateTimeFormat('en-IN', { month: 'short', day: 'numeric', year: 'numeric' }),
);

const timeFormatter = lazy(() => new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit' }));

function toDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value as string | number);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** en-IN date and time, e.g. "22 Nov 2026, 06:30 pm"; 'Invalid Date' for bad input. */
export function formatDateTime(value: unknown): string {
  const d = toDate(value);
  return d ? dateFormatter().format(d) : 'Invalid Date';
}

/** en-IN calendar date without time, e.g. "22 Nov 2026". */
export function formatDate(value: unknown): string {
  const d = toDate(value);
  return d ? dayFormatter().format(d) : 'Invalid Date';
}

/** en-IN time of day, e.g. "06:30 pm"; 'Invalid Date' for bad input. */
export function formatTime(value: unknown): string {
  const d = toDate(value);
  return d ? timeFormatter().format(d) : 'Invalid Date';
}

/** First letters of the first two words, uppercase. */
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

/** '20 %' (with a no-break space), up to two decimals: a chance as the member is told it. */
export function percentText(n: number): string {
  return `${Number(n.toFixed(2))}\u00a0%`;
}
