// The heading of each member page, written once: the pages render it, and the server paints it in
// the HTML of a signed-in member's direct visit (server/lib/member-pages.ts) so that the page's
// heading is on screen before any JavaScript has run.
export interface PageHead {
  title: string;
  subtitle: string;
  /** What the page says while its data loads. */
  loading: string;
}

export const MEMBER_PAGE_HEADS = {
  /** The dashboard greets the member by first name once it is known ("Welcome, Ada!"). */
  '/dashboard': {
    title: 'Welcome!',
    subtitle: 'Complete offers, spin the reels and collect vouchers.',
    loading: 'Loading your dashboard...',
  },
  '/referrals': {
    title: 'Refer & Earn',
    subtitle:
      'Invite friends. When a friend completes a first offer, you get 1 free spin — it never expires.',
    loading: 'Loading referral data...',
  },
  '/rewards': {
    title: 'My Rewards',
    subtitle: "Every voucher you've won, ready to copy and redeem.",
    loading: 'Loading your rewards...',
  },
} as const satisfies Record<string, PageHead>;
