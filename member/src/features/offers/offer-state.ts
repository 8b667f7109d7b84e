import type { MemberOffer } from '../../../../shared/contract/member';
import { amountFromRewardType } from '../../../../shared/slot';

// Offer card states and dashboard grouping (docs/product-rules.md#offer-states).
export type OfferState = 'available' | 'verifying' | 'ready' | 'won' | 'no-reward';

export function offerState(offer: MemberOffer): OfferState {
  if (offer.completed) {
    if (!offer.spinner_used) return 'ready';
    return amountFromRewardType(offer.reward_type) !== null ? 'won' : 'no-reward';
  }
  if (offer.status === 'pending') return 'verifying';
  return 'available';
}

export const OFFER_STATE_LABELS: Record<OfferState, string> = {
  available: 'Available',
  verifying: 'Verifying',
  ready: 'Ready to Spin',
  won: 'Reward Won',
  'no-reward': 'No Reward',
};

export interface OfferGroups {
  readyToSpin: MemberOffer[];
  available: MemberOffer[];
  pending: MemberOffer[];
  completed: MemberOffer[];
}

export function groupOffers(offers: MemberOffer[]): OfferGroups {
  return {
    readyToSpin: offers.filter((o) => o.completed && !o.spinner_used),
    available: offers.filter((o) => !o.completed && o.status !== 'pending'),
    pending: offers.filter((o) => !o.completed && o.status === 'pending'),
    completed: offers.filter((o) => o.completed && o.spinner_used),
  };
}

/** Host of the preview link, or 'Invalid URL' (the missing-value text). */
export function previewHost(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).host || 'Invalid URL';
  } catch {
    return 'Invalid URL';
  }
}
