import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClaimRequest, ClaimResponse } from '../../../../../shared/contract/member';
import { api } from '../../../lib/api-client';
import { getOffersQueryOptions } from './get-offers';

// POST /api/claim.php {offerId, note}: the member reports an offer they completed that was not
// credited (docs/product-rules.md#claims). The server's refusals (too early, already claimed, …) are
// shown as they come; this text is only for an answer without one.
export const CLAIM_FAILED_MESSAGE = 'Could not send your claim. Please try again.';

export async function fileClaim(request: ClaimRequest): Promise<ClaimResponse> {
  const data = await api.post<ClaimResponse>('/claim.php', request, CLAIM_FAILED_MESSAGE);
  if (!data?.success) throw new Error(CLAIM_FAILED_MESSAGE);
  return data;
}

/** Files the claim; afterwards (filed or refused) the offers are refetched, so the card shows its claim. */
export function useFileClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fileClaim,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getOffersQueryOptions().queryKey }),
  });
}
