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

/** "about 20 minutes", "about 2 hours", "about 3 days": an observed time, rounded as a person says it. */
export function aboutDuration(minutes: number): string {
  if (minutes < 60) return `about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `about ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  return `about ${Math.round(hours / 24)} days`;
}

/** "just now", "12 min ago", "3 h ago", "2 days ago": how long ago the member started the offer. */
export function agoText(iso: string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}
