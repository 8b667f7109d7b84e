import { useMutation } from '@tanstack/react-query';
import type { ClickResponse } from '../../../../../shared/contract/member';
import { api } from '../../../lib/api-client';

// POST /api/click-offer.php {offerId}. A 2xx without success carries this call's own fallback
// text, 'Failed to process offer click'.
export const CLICK_FAILED_MESSAGE = 'Failed to process offer click';

export async function clickOffer(offerId: number): Promise<ClickResponse> {
  const data = await api.post<ClickResponse>('/click-offer.php', { offerId }, CLICK_FAILED_MESSAGE);
  if (!data?.success || !data.redirectUrl) throw new Error(CLICK_FAILED_MESSAGE);
  return data;
}

export function useClickOffer() {
  return useMutation({ mutationFn: clickOffer });
}
