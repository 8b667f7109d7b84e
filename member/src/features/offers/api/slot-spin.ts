import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SpinRequest, SpinResponse } from '../../../../../shared/contract/member';
import { spinTypeFor } from '../../../../../shared/slot';
import { api } from '../../../lib/api-client';
import { getUserStatsQueryOptions } from '../../../lib/auth';
import { getOffersQueryOptions } from './get-offers';

export const SPIN_FAILED_MESSAGE = 'Slot spin failed. Please try again.';

/** 'free' when free spins remain or the pseudo-offer id is 0; a free spin omits offerId. */
export function spinRequestFor(offerId: number, freeSpinsRemaining: number): SpinRequest {
  const spinType = spinTypeFor(offerId, freeSpinsRemaining);
  return spinType === 'free' ? { spinType } : { offerId, spinType };
}

export async function slotSpin(request: SpinRequest): Promise<SpinResponse> {
  const data = await api.post<SpinResponse>('/slot-spin.php', request, SPIN_FAILED_MESSAGE);
  if (!data?.success || !Array.isArray(data.slotResult)) throw new Error(SPIN_FAILED_MESSAGE);
  return data;
}

/** POST /api/slot-spin.php; success invalidates offers and user stats. */
export function useSlotSpin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: slotSpin,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: getOffersQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: getUserStatsQueryOptions().queryKey });
    },
  });
}
