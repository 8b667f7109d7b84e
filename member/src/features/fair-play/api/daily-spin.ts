import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DailySpinResponse } from '../../../../../shared/contract/fair-play';
import { api } from '../../../lib/api-client';
import { getUserStatsQueryOptions } from '../../../lib/auth';
import { getEligibilityQueryOptions } from './eligibility';

/** POST /api/daily-spin.php: today's free spin, claimed and drawn at once; the wallet and stats follow. */
export function useDailySpin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<DailySpinResponse>('/daily-spin.php', {}, 'The daily free spin failed. Please try again.'),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: getEligibilityQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: getUserStatsQueryOptions().queryKey });
    },
  });
}
