import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OffersResponse } from '../../../../../shared/contract/member';
import { api } from '../../../lib/api-client';

// GET /api/offers.php: stale after 2 minutes, refetched every 5 (docs/product-rules.md#caching-and-refetch).
export const OFFERS_STALE_MS = 2 * 60 * 1000;
export const OFFERS_REFETCH_MS = 5 * 60 * 1000;

export function getOffers({ signal }: { signal?: AbortSignal } = {}): Promise<OffersResponse> {
  return api.get<OffersResponse>('/offers.php', signal);
}

export const getOffersQueryOptions = () =>
  queryOptions({
    queryKey: ['offers'],
    queryFn: ({ signal }) => getOffers({ signal }),
    staleTime: OFFERS_STALE_MS,
    refetchInterval: OFFERS_REFETCH_MS,
  });

export function useOffers() {
  return useQuery(getOffersQueryOptions());
}
