import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PrivacyNameRequest, PrivacyNameResponse } from '../../../../../shared/contract/privacy';
import { api } from '../../../lib/api-client';
import { getUserStatsQueryOptions } from '../../../lib/auth';

export const NAME_FAILED_MESSAGE = 'Could not save your name. Please try again.';

export async function correctName(request: PrivacyNameRequest): Promise<PrivacyNameResponse> {
  const data = await api.post<PrivacyNameResponse>('/privacy-name.php', request, NAME_FAILED_MESSAGE);
  if (!data?.success) throw new Error(NAME_FAILED_MESSAGE);
  return data;
}

/** POST /api/privacy-name.php; success refetches the member (the profile and the top bar show the name). */
export function useCorrectName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: correctName,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getUserStatsQueryOptions().queryKey }),
  });
}
