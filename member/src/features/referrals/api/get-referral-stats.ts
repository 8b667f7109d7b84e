import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferralStatsResponse } from '../../../../../shared/contract/member';
import { api } from '../../../lib/api-client';

// GET /api/referral-stats.php: stale after 5 minutes (docs/product-rules.md#caching-and-refetch).
export const REFERRAL_STATS_STALE_MS = 5 * 60 * 1000;

export function getReferralStats({ signal }: { signal?: AbortSignal } = {}): Promise<ReferralStatsResponse> {
  return api.get<ReferralStatsResponse>('/referral-stats.php', signal);
}

export const getReferralStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['referral-stats'],
    queryFn: ({ signal }) => getReferralStats({ signal }),
    staleTime: REFERRAL_STATS_STALE_MS,
  });

export function useReferralStats() {
  return useQuery(getReferralStatsQueryOptions());
}
