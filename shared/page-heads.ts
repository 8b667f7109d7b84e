// The heading of each member page, written once: the pages render it, and the server paints it in
// the HTML of a signed-in member's direct visit (server/lib/member-pages.ts) so that the page's
// heading is on screen before any JavaScript has run.
import type { OFFERS_PATH, REFERRAL_STATS_PATH, USER_STATS_PATH } from './contract/paths';

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
  '/privacy-centre': {
    title: 'Privacy centre',
    subtitle: 'Download your data, correct your name or delete your account.',
    loading: 'Loading your privacy centre...',
  },
} as const satisfies Record<string, PageHead>;

/**
 * The API calls each member page shows first: the session check and the page's own
 * data. The member app starts them as it boots (member/src/app/warm-up.ts); the server answers them
 * inside the HTML of a signed-in member's direct visit, with the page rendered from them
 * (server/lib/member-pages.ts), so the first paint is the page itself. The paths are written out
 * rather than imported (the type keeps each one a path of shared/contract/paths.ts): this module is
 * in the member app's first chunk, where a constant shared with other chunks costs an export.
 */
export const MEMBER_PAGE_CALLS = {
  '/dashboard': ['/user-stats.php', '/offers.php'],
  '/referrals': ['/user-stats.php', '/referral-stats.php'],
  '/rewards': ['/user-stats.php'],
  '/profile': ['/user-stats.php'],
} as const satisfies Record<
  string,
  readonly (typeof USER_STATS_PATH | typeof OFFERS_PATH | typeof REFERRAL_STATS_PATH)[]
>;

export type MemberPageCall = (typeof MEMBER_PAGE_CALLS)[keyof typeof MEMBER_PAGE_CALLS][number];

/** The answers a server-rendered page was rendered from, by call: the client starts from them. */
export type ServerAnswers = Partial<Record<MemberPageCall, unknown>>;

/** The id of the JSON script element carrying a server-rendered page's `ServerAnswers`. */
export const SERVER_ANSWERS_ID = 'server-answers';
