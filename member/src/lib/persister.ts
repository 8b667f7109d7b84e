import { del, get, set } from 'idb-keyval';
import type { QueryClient } from '@tanstack/react-query';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { getSessionUser } from './session';

// The react-query cache goes to IndexedDB (docs/product-rules.md#offline), keyed to the signed-in member
// and wiped at logout. The key is computed at each read/write, so one persister follows
// whoever is signed in, and nothing is written while nobody is.
const PREFIX = 'spinrewards-cache-';
export const CACHE_MAX_AGE = 7 * 24 * 60 * 60 * 1000;
/** Bump when the cached shapes change so old copies are dropped. */
export const CACHE_BUSTER = 'v1';

export function cacheKeyFor(userId: number): string {
  return `${PREFIX}${userId}`;
}

function currentKey(): string | null {
  const user = getSessionUser();
  return user ? cacheKeyFor(user.id) : null;
}

export const idbStorage = {
  getItem: async (_key: string): Promise<string | null> => {
    const key = currentKey();
    if (!key) return null;
    return ((await get<string>(key)) ?? null) as string | null;
  },
  setItem: async (_key: string, value: string): Promise<void> => {
    const key = currentKey();
    if (key) await set(key, value);
  },
  removeItem: async (_key: string): Promise<void> => {
    const key = currentKey();
    if (key) await del(key);
  },
};

export const persister = createAsyncStoragePersister({ storage: idbStorage, throttleTime: 500 });

/** Only the member's own data calls are worth keeping offline. */
const PERSISTED_ROOTS = new Set(['offers', 'user-stats', 'referral-stats']);
export function shouldPersistQuery(query: {
  queryKey: readonly unknown[];
  state: { status: string };
}): boolean {
  return query.state.status === 'success' && PERSISTED_ROOTS.has(String(query.queryKey[0]));
}

/** The persister's options, one set for restoring and saving (the boot, the provider). */
export const persistOptions = {
  persister,
  maxAge: CACHE_MAX_AGE,
  buster: CACHE_BUSTER,
  dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
};

/** When this page load began: data older than this came from the saved copy. */
const LOAD_TIME = Date.now();

/**
 * Marks what the saved copy restored as stale, so that every query shown asks again: a reload checks
 * the session again and picks up what changed on the server since. `refetch: false`
 * leaves the asking to the queries when they mount.
 */
export function refreshRestoredQueries(queryClient: QueryClient, { refetch = true } = {}): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => q.state.dataUpdatedAt < LOAD_TIME,
    refetchType: refetch ? 'active' : 'none',
  });
}

export async function wipePersistedCache(userId: number | null | undefined): Promise<void> {
  if (userId === null || userId === undefined) return;
  try {
    await del(cacheKeyFor(userId));
  } catch {
    /* IndexedDB unavailable (private mode): nothing was stored */
  }
}
