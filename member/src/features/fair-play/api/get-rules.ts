import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RulesResponse } from '../../../../../shared/contract/fair-play';
import { api } from '../../../lib/api-client';

// GET /api/rules.php (public): the official rules as published now, or a past version by its hash.
export function getRules(version: string | null, signal?: AbortSignal): Promise<RulesResponse> {
  const path = version ? `/rules.php?version=${encodeURIComponent(version)}` : '/rules.php';
  // The query string is the call's own; the client's path type names the path without it.
  return api.get<RulesResponse>(path as '/rules.php', signal);
}

export const getRulesQueryOptions = (version: string | null) =>
  queryOptions({
    queryKey: ['rules', version ?? 'current'],
    queryFn: ({ signal }) => getRules(version, signal),
    staleTime: 60 * 1000,
  });

export function useRules(version: string | null) {
  return useQuery(getRulesQueryOptions(version));
}
