import { startEarly } from '../lib/api-client';

// Every member page is its own lazy chunk: /login ships without the member pages, and no page
// ships Firebase. This module is part of the tiny entry chunk, so a page opened directly starts its
// chunks and its first calls before React, the router or the app's code have even been evaluated.
export const pages = {
  layout: () => import('./routes/app-layout'),
  dashboard: () => import('./routes/dashboard'),
  referrals: () => import('./routes/referrals'),
  rewards: () => import('./routes/rewards'),
  profile: () => import('./routes/profile'),
};

/** The calls each member page shows first: the session check (spec section 4) and the page's own data. */
const firstCalls: Record<Exclude<keyof typeof pages, 'layout'>, readonly string[]> = {
  dashboard: ['/user-stats.php', '/offers.php'],
  referrals: ['/user-stats.php', '/referral-stats.php'],
  rewards: ['/user-stats.php'],
  profile: ['/user-stats.php'],
};

/**
 * Opening a member page directly: fetch the layout, the page chunk and the page's first calls at
 * once instead of one after the other. The answers go through the page's own queries (see
 * `startEarly`), so they are persisted for offline use like any other.
 */
export function warmUp(pathname: string): void {
  const page = pathname.replace(/^\//, '') as keyof typeof pages;
  if (!(page in pages) || page === 'layout') return;
  if (navigator.onLine) startEarly(firstCalls[page]);
  void pages.layout();
  void pages[page]();
}
