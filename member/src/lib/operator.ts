import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OperatorResponse } from '../../../shared/contract/fair-play';
import { api } from './api-client';

// GET /api/operator.php (public): the operator's identity and support contact, the states and the
// terms' version (issue 37). They change only with the server's configuration: kept for the session.
export const getOperatorQueryOptions = () =>
  queryOptions({
    queryKey: ['operator'],
    queryFn: ({ signal }) => api.get<OperatorResponse>('/operator.php', signal),
    staleTime: 60 * 60 * 1000,
  });

export function useOperator() {
  return useQuery(getOperatorQueryOptions());
}
