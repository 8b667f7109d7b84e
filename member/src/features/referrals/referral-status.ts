import type { MemberReferralStatus } from '../../../../shared/contract/member';

// Member history labels of a referral's status (docs/product-rules.md#referrals). A referral held
// because both accounts look like the same device reads 'Under review' until an administrator decides;
// then 'Reward granted' or 'Not approved'.
export type ReferralStatusLabel =
  'Registered' | 'Processing' | 'Under review' | 'Rewarded' | 'Reward granted' | 'Not approved' | 'Unknown';

export function referralStatusLabel(
  status: MemberReferralStatus | string,
  underReview = false,
  reviewOutcome: 'granted' | 'denied' | null = null,
): ReferralStatusLabel {
  if (underReview && status === 'completed_waiting') return 'Under review';
  switch (status) {
    case 'registered_only':
      return 'Registered';
    case 'completed_waiting':
      return 'Processing';
    case 'completed_and_rewarded':
      return reviewOutcome === 'granted' ? 'Reward granted' : 'Rewarded';
    case 'not_approved':
      return 'Not approved';
    default:
      return 'Unknown';
  }
}

/** Why a referral is under review, in one sentence. */
export const UNDER_REVIEW_REASON =
  "Your friend's account looks like it was made on the same device as yours, so an admin checks it before the free spin is granted.";

/** What an administrator's decision on a held referral means for the member, in one sentence. */
export const REVIEW_OUTCOME_NOTE: Partial<Record<ReferralStatusLabel, string>> = {
  'Under review': UNDER_REVIEW_REASON,
  'Reward granted': 'An admin checked this referral and granted your free spin.',
  'Not approved':
    'An admin checked this referral and did not approve a free spin: both accounts were used on the same device.',
};

/**
 * The share link on the address the member is on: the same path and code, so a link shared from the
 * app opened at 192.168.1.20:3000 does not point friends at localhost.
 */
export function shareUrlHere(shareUrl: string, origin: string): string {
  try {
    const url = new URL(shareUrl, origin);
    return `${origin}${url.pathname}${url.search}${url.hash}`;
  } catch {
    return shareUrl;
  }
}

/** registered_only counts as Pending. */
export function isPendingReferral(status: string): boolean {
  return status === 'registered_only';
}

export const SHARE_MESSAGE =
  'Join me on SpinRewards: complete offers, spin & win vouchers! Sign up with my link:';

export function shareTargets(shareUrl: string, code: string) {
  const text = `${SHARE_MESSAGE} ${shareUrl}`;
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(text)}`,
    telegram: `https://t.me/share/url?url=${encodeURIComponent(shareUrl)}&text=${encodeURIComponent(SHARE_MESSAGE)}`,
    email: `mailto:?subject=${encodeURIComponent('Spin & win vouchers with me on SpinRewards')}&body=${encodeURIComponent(
      `${text}\n\nMy referral code: ${code}`,
    )}`,
  };
}

/** A month's conversion rate in percent; 50 % or more shows 'Great'. */
export function monthlyRate(registrations: number, successful: number): number {
  return registrations > 0 ? (successful / registrations) * 100 : 0;
}

/** 'YYYY-MM' → 'Nov 2026'. */
export function monthLabel(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return month;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, 1);
  return new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric' }).format(d);
}
