import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VoucherUsedRequest, VoucherUsedResponse } from '../../../../../shared/contract/member';
import { api } from '../../../lib/api-client';
import { getUserStatsQueryOptions } from '../../../lib/auth';

export const MARK_USED_FAILED_MESSAGE = 'Could not mark the voucher as used. Please try again.';

export async function markVoucherUsed(request: VoucherUsedRequest): Promise<VoucherUsedResponse> {
  const data = await api.post<VoucherUsedResponse>('/voucher-used.php', request, MARK_USED_FAILED_MESSAGE);
  if (!data?.success) throw new Error(MARK_USED_FAILED_MESSAGE);
  return data;
}

/** POST /api/voucher-used.php; success (and a 409: already used elsewhere) refetches the wallet. */
export function useMarkVoucherUsed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markVoucherUsed,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getUserStatsQueryOptions().queryKey }),
  });
}
