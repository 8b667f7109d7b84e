import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from './api-client';

// Spec section 9: data fresh for 5 minutes, no refetch on window focus, at most 2 retries and
// none on 401 or 403 (section 7: "retries up to 2 times, except on 401 or 403").
export const MAX_RETRIES = 2;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return false;
  return failureCount < MAX_RETRIES;
}

export const queryConfig: DefaultOptions = {
  queries: {
    staleTime: 5 * 60 * 1000,
    // Kept a day so the IndexedDB copy (section 5 of DESIGN.md) survives between visits.
    gcTime: 24 * 60 * 60 * 1000,
    refetchOnWindowFocus: false,
    retry: shouldRetry,
  },
  mutations: { retry: false },
};

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}
