import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StartedOffersResponse } from '../../../../../shared/contract/started-offers';
import { api } from '../../../lib/api-client';

// GET /api/started-offers.php (issue 35, item 4): the member's started offers with no conversion yet.
// Refetched with the offers (a click, a live event, the Refresh button) and every 5 minutes.
export function getStartedOffers({ signal }: { signal?: AbortSignal } = {}): Promise<StartedOffersResponse> {
  return api.get<StartedOffersResponse>('/started-offers.php', signal);
}

export const getStartedOffersQueryOptions = () =>
  queryOptions({
    queryKey: ['started-offers'],
    queryFn: ({ signal }) => getStartedOffers({ signal }),
    staleTime: 60 * 1000,
    refetchInterval: 5 * 60 * 1000,
  });

export function useStartedOffers(enabled = true) {
  return useQuery({ ...getStartedOffersQueryOptions(), enabled });
}
