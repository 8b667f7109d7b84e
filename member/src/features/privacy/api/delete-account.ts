import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PrivacyDeleteResponse } from '../../../../../shared/contract/privacy';
import { api } from '../../../lib/api-client';
import { forgetLocalSession } from '../../../lib/auth';

export const DELETE_FAILED_MESSAGE = 'Could not delete your account. Nothing was changed; please try again.';

export async function deleteMyAccount(): Promise<PrivacyDeleteResponse> {
  const data = await api.post<PrivacyDeleteResponse>(
    '/privacy-delete.php',
    { confirm: true },
    DELETE_FAILED_MESSAGE,
  );
  if (!data?.success) throw new Error(DELETE_FAILED_MESSAGE);
  return data;
}

/** POST /api/privacy-delete.php; success forgets the member on this device (the server ended every session). */
export function useDeleteMyAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMyAccount,
    onSuccess: () => forgetLocalSession(queryClient),
  });
}
