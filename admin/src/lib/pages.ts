/** At most 5 page numbers, centred on the current page where the ends allow. */
export function pageNumbers(current: number, totalPages: number, max = 5): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(max, totalPages);
  let start = Math.max(1, current - Math.floor(count / 2));
  start = Math.min(start, totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** 'Showing x to y of z' bounds for a 1-based page. */
export function showingRange(page: number, perPage: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  return { from: (page - 1) * perPage + 1, to: Math.min(page * perPage, total) };
}
