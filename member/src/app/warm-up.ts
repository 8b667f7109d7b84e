import { MEMBER_PAGE_CALLS, SERVER_ANSWERS_ID } from '../../../shared/page-heads';
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
  'privacy-centre': () => import('./routes/privacy-centre'),
};

/**
 * Opening a member page directly: fetch the layout, the page chunk and the page's first calls at
 * once instead of one after the other. The answers go through the page's own queries (see
 * `startEarly`), so they are persisted for offline use like any other.
 */
export function warmUp(pathname: string): void {
  const page = pathname.replace(/^\//, '') as keyof typeof pages;
  if (!(page in pages) || page === 'layout') return;
  // A page the server rendered is on screen with its answers (member/src/app/prepare.ts): nothing
  // to ask, and its code loads after the first paint (the boot), not in competition with it.
  if (document.getElementById(SERVER_ANSWERS_ID)) return;
  // The privacy centre has no first calls of its own (not server-rendered): the guard's session check only.
  const calls = (MEMBER_PAGE_CALLS as Partial<Record<string, readonly string[]>>)[`/${page}`];
  if (navigator.onLine && calls) startEarly(calls);
  void pages.layout();
  void pages[page]();
}
