import type { MemberReferralStatus } from '../../../../shared/contract/member';

// Member history labels of a referral's status (docs/product-rules.md#referrals).
export function referralStatusLabel(
  status: MemberReferralStatus | string,
): 'Registered' | 'Processing' | 'Rewarded' | 'Unknown' {
  switch (status) {
    case 'registered_only':
      return 'Registered';
    case 'completed_waiting':
      return 'Processing';
    case 'completed_and_rewarded':
      return 'Rewarded';
    default:
      return 'Unknown';
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
