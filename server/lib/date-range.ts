// The admin lists' date-range filter: the bounds each range name stands for.
/**
 * Start (inclusive) and end (exclusive) of a date-range filter, in UTC:
 * today, yesterday, week = the last 7 days, month = the last 30 days, quarter = the last 90 days.
 */
export function dateRangeBounds(range: string, now = new Date()): { from: Date; to: Date | null } | null {
  const startOfToday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
  switch (range) {
    case 'today':
      return { from: startOfToday, to: null };
    case 'yesterday':
      return { from: new Date(startOfToday.getTime() - 86_400_000), to: startOfToday };
    case 'week':
      return { from: daysAgo(7), to: null };
    case 'month':
      return { from: daysAgo(30), to: null };
    case 'quarter':
      return { from: daysAgo(90), to: null };
    default:
      return null;
  }
}
