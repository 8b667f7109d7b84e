import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConfirmEligibilityResponse,
  EligibilityRequest,
  EligibilityResponse,
} from '../../../../../shared/contract/fair-play';
import { api } from '../../../lib/api-client';

// GET /api/eligibility.php: what the member has answered and accepted, and today's daily free spin.
export const getEligibilityQueryOptions = () =>
  queryOptions({
    queryKey: ['eligibility'],
    queryFn: ({ signal }) => api.get<EligibilityResponse>('/eligibility.php', signal),
    staleTime: 5 * 60 * 1000,
  });

export function useEligibility(enabled = true) {
  return useQuery({ ...getEligibilityQueryOptions(), enabled });
}

/** POST /api/eligibility.php: the first sign-in's answers (18 or older, state, the terms). */
export function useConfirmEligibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EligibilityRequest) =>
      api.post<ConfirmEligibilityResponse>('/eligibility.php', body, 'Could not save your answers.'),
    onSuccess: (data) => {
      if (data.eligibility)
        queryClient.setQueryData(getEligibilityQueryOptions().queryKey, {
          success: true as const,
          eligibility: data.eligibility,
        });
    },
  });
}

/** POST /api/terms-acceptance.php: the member accepts the current terms' version. */
export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (termsVersion: string) =>
      api.post<EligibilityResponse>(
        '/terms-acceptance.php',
        { termsVersion },
        'Could not record your acceptance.',
      ),
    onSuccess: (data) => queryClient.setQueryData(getEligibilityQueryOptions().queryKey, data),
  });
}
