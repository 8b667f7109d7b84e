// Program-wide figures (summary cards, voucher stats, dashboard tiles) are aggregates over whole
// tables; recomputing them for every page of every list would cost more than the page. They are kept
// for SUMMARY_TTL_MS per database handle (so each test database has its own), recomputed by one
// caller at a time, and dropped at once when an admin changes something they depend on. They are
// derived data: losing them (another process, a restart) only costs one recomputation.
import type { Queryable } from '../client';

export const SUMMARY_TTL_MS = 10_000;

const caches = new WeakMap<object, Map<string, { at: number; value: Promise<unknown> }>>();

export function cached<T>(
  db: Queryable,
  key: string,
  compute: () => Promise<T>,
  ttlMs = SUMMARY_TTL_MS,
): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < ttlMs) return hit.value as Promise<T>;
  const value = compute();
  cache.set(key, { at: Date.now(), value });
  // A failed computation is not kept.
  value.catch(() => cache!.delete(key));
  return value;
}

/** After an admin change: the next read recomputes. */
export function invalidateSummaries(db: Queryable): void {
  caches.get(db)?.clear();
}
