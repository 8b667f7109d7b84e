import {
  MEMBER_PAGES,
  SERVER_ANSWERS_ID,
  type MemberPage,
  type MemberPageChunk,
} from '../../../shared/member-pages';
import { startEarly } from '../lib/api-client';

// Every member page is its own lazy chunk: /login ships without the member pages, and no page
// ships Firebase. This module is part of the tiny entry chunk, so a page opened directly starts its
// chunks and its first calls before React, the router or the app's code have even been evaluated.
// One loader per route module of the page table (shared/member-pages.ts): the type refuses a table
// row whose chunk has no loader here (import() needs its path written out for the bundler).
export const pages = {
  layout: () => import('./routes/app-layout'),
  dashboard: () => import('./routes/dashboard'),
  referrals: () => import('./routes/referrals'),
  rewards: () => import('./routes/rewards'),
  profile: () => import('./routes/profile'),
  'privacy-centre': () => import('./routes/privacy-centre'),
  rules: () => import('./routes/rules'),
  legal: () => import('./routes/legal'),
} satisfies Record<MemberPageChunk | 'layout', () => Promise<unknown>>;

/**
 * Opening a member page directly: fetch the layout, the page chunk and the page's first calls at
 * once instead of one after the other. The answers go through the page's own queries (see
 * `startEarly`), so they are persisted for offline use like any other.
 */
export function warmUp(pathname: string): void {
  const page = (MEMBER_PAGES as Partial<Record<string, MemberPage>>)[pathname];
  // The member shell's pages only: the public pages and /login need no session and no first calls.
  if (!page?.chunk || !page.shell) return;
  // A page the server rendered is on screen with its answers (member/src/app/prepare.ts): nothing
  // to ask, and its code loads after the first paint (the boot), not in competition with it.
  if (document.getElementById(SERVER_ANSWERS_ID)) return;
  // A page without first calls of its own (the privacy centre): the guard's session check only.
  if (navigator.onLine && page.calls) startEarly(page.calls);
  void pages.layout();
  void pages[page.chunk as MemberPageChunk]();
}
