// The member app's pages, in one table (docs/decisions/member-page-registry.md): each page's code chunk,
// whether it sits in the member shell, its heading, and the API calls it shows first. Everything that
// treats pages one by one derives from it: the router (member/src/app/router.tsx), the boot's warm-up
// (member/src/app/warm-up.ts, whose chunk loaders the type below makes complete), the server render and
// its first calls (server/lib/member-ssr.ts), the modulepreloads and painted headings of a direct visit
// (server/lib/member-pages.ts), `npm run size`. A new page is a row here and its route module
// (member/src/app/routes/<chunk>.tsx, exporting `component`).
//
// This module is in the member app's entry chunk: plain values only. The paths are written out rather
// than imported (the type keeps each one a path of shared/contract/paths.ts): a constant shared with
// other chunks costs an export there.
import type { OFFERS_PATH, REFERRAL_STATS_PATH, USER_STATS_PATH } from './contract/paths';

export interface PageHead {
  title: string;
  subtitle: string;
  /** What the page says while its data loads. */
  loading: string;
}

type FirstCall = typeof USER_STATS_PATH | typeof OFFERS_PATH | typeof REFERRAL_STATS_PATH;

export interface MemberPage {
  /** The route module, member/src/app/routes/<chunk>.tsx (its own lazy chunk); null: in the entry chunk. */
  chunk: string | null;
  /** The route module's export that renders the page. */
  component?: string;
  /** Inside the member shell (top bar, navigation; a session needed), or a page of its own. */
  shell?: boolean;
  /** The heading the page renders, painted by the server before any JavaScript runs. */
  head?: PageHead;
  /**
   * The API calls the page shows first (the session check and the page's own data): the boot starts
   * them, and the server answers them inside the HTML of a signed-in member's direct visit, rendering
   * the page from them. A page without them is not server-rendered.
   */
  calls?: readonly FirstCall[];
}

export const MEMBER_PAGES = {
  // /login is where most first visits land: part of the entry chunk, rendered the same for everyone.
  '/login': { chunk: null },
  /** The dashboard greets the member by first name once it is known ("Welcome, Ada!"). */
  '/dashboard': {
    chunk: 'dashboard',
    component: 'DashboardRoute',
    shell: true,
    head: {
      title: 'Welcome!',
      subtitle: 'Complete offers, spin the reels and collect vouchers.',
      loading: 'Loading your dashboard...',
    },
    calls: ['/user-stats.php', '/offers.php'],
  },
  '/referrals': {
    chunk: 'referrals',
    component: 'ReferralsRoute',
    shell: true,
    head: {
      title: 'Refer & Earn',
      subtitle:
        'Invite friends. When a friend completes a first offer, you get 1 free spin — it never expires.',
      loading: 'Loading referral data...',
    },
    calls: ['/user-stats.php', '/referral-stats.php'],
  },
  '/rewards': {
    chunk: 'rewards',
    component: 'RewardsRoute',
    shell: true,
    head: {
      title: 'My Rewards',
      subtitle: "Every voucher you've won, ready to copy and redeem.",
      loading: 'Loading your rewards...',
    },
    calls: ['/user-stats.php'],
  },
  '/profile': { chunk: 'profile', component: 'ProfileRoute', shell: true, calls: ['/user-stats.php'] },
  /** The privacy centre (issue 37): linked from the profile; not server-rendered (no first calls). */
  '/privacy-centre': {
    chunk: 'privacy-centre',
    component: 'PrivacyCentreRoute',
    shell: true,
    head: {
      title: 'Privacy centre',
      subtitle: 'Download your data, correct your name or delete your account.',
      loading: 'Loading your privacy centre...',
    },
  },
  // The public pages (issue 37): no member shell, no session needed.
  '/rules': { chunk: 'rules', component: 'RulesRoute' },
  '/terms': { chunk: 'legal', component: 'TermsRoute' },
  '/privacy': { chunk: 'legal', component: 'PrivacyRoute' },
  '/help': { chunk: 'legal', component: 'HelpRoute' },
} as const satisfies Record<string, MemberPage>;

type Pages = typeof MEMBER_PAGES;
export type MemberPagePath = keyof Pages;
/** Every lazy route module a page names. */
export type MemberPageChunk = NonNullable<Pages[MemberPagePath]['chunk']>;
type PagesWith<K extends string> = {
  [P in MemberPagePath]: Pages[P] extends Record<K, unknown> ? P : never;
}[MemberPagePath];

/** The pages the server renders for a signed-in member's direct visit, with their first calls. */
export type ServerRenderedPage = PagesWith<'calls'>;
export const MEMBER_PAGE_CALLS = pick('calls') as { [P in ServerRenderedPage]: Pages[P]['calls'] };
export type MemberPageCall = (typeof MEMBER_PAGE_CALLS)[ServerRenderedPage][number];

/** Each page's heading, written once: the page renders it and the server paints it. */
export const MEMBER_PAGE_HEADS = pick('head') as { [P in PagesWith<'head'>]: Pages[P]['head'] };

function pick<K extends keyof MemberPage>(key: K): Partial<Record<MemberPagePath, MemberPage[K]>> {
  const out: Partial<Record<MemberPagePath, MemberPage[K]>> = {};
  for (const [path, page] of Object.entries(MEMBER_PAGES) as [MemberPagePath, MemberPage][])
    if (page[key] !== undefined) out[path] = page[key];
  return out;
}

/** The answers a server-rendered page was rendered from, by call: the client starts from them. */
export type ServerAnswers = Partial<Record<MemberPageCall, unknown>>;

/** The id of the JSON script element carrying a server-rendered page's `ServerAnswers`. */
export const SERVER_ANSWERS_ID = 'server-answers';
