import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from './api-client';

// Data fresh for 5 minutes, no refetch on window focus, at most 2 retries and none on 401 or 403
// (docs/product-rules.md#caching-and-refetch and #calls).
export const MAX_RETRIES = 2;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return false;
  return failureCount < MAX_RETRIES;
}

export const queryConfig: DefaultOptions = {
  queries: {
    staleTime: 5 * 60 * 1000,
    // Kept a day so the IndexedDB copy (docs/product-rules.md#offline) survives between visits.
    gcTime: 24 * 60 * 60 * 1000,
    refetchOnWindowFocus: false,
    retry: shouldRetry,
    // A query that failed after its retries is not asked again because another component (or the
    // page after the boot's prefetch) mounts: one request, one retry policy, whichever path starts it.
    // The member's Retry (and invalidation) asks again.
    retryOnMount: false,
  },
  mutations: { retry: false },
};

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}
