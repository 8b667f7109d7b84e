import { queryOptions, useQuery } from '@tanstack/react-query';
import { REFERRAL_CODE_PATH } from '../../../../../shared/contract/paths';
import type { ReferralCodeCheckResponse } from '../../../../../shared/contract/member';
import { apiRequest } from '../../../lib/api-client';

// GET /referral-code.php?code=: whether ?ref= names a member who can refer, and their first name
// (docs/product-rules.md#referrals). The sign-in page says the code applies only once this says so.

export function checkReferralCode(code: string, signal?: AbortSignal): Promise<ReferralCodeCheckResponse> {
  return apiRequest<ReferralCodeCheckResponse>(`${REFERRAL_CODE_PATH}?code=${encodeURIComponent(code)}`, {
    signal,
  });
}

export const checkReferralCodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['referral-code', code.trim().toUpperCase()],
    queryFn: ({ signal }) => checkReferralCode(code.trim(), signal),
    // A code's answer does not change while the page is open.
    staleTime: Infinity,
  });

export function useReferralCodeCheck(code: string | null) {
  return useQuery({ ...checkReferralCodeQueryOptions(code ?? ''), enabled: !!code });
}
