import {
  onlineManager,
  type FetchQueryOptions,
  type QueryClient,
  type QueryFunction,
} from '@tanstack/react-query';
import { persistQueryClientRestore } from '@tanstack/react-query-persist-client';
import { getReferralStatsQueryOptions } from '../features/referrals/api/get-referral-stats';
import { getOffersQueryOptions } from '../features/offers/api/get-offers';
import { setUnauthorizedHandler } from '../lib/api-client';
import {
  MEMBER_PAGE_CALLS,
  SERVER_ANSWERS_ID,
  type MemberPageCall,
  type ServerAnswers,
} from '../../../shared/member-pages';
import type { UserStatsResponse } from '../../../shared/contract/member';
import { acceptUserStats, getUserStatsQueryOptions } from '../lib/auth';
import { persistOptions, refreshRestoredQueries } from '../lib/persister';
import { shouldRetry } from '../lib/query-client';
import { preloadRoute } from './router';

// Before the first render (the dashboard's long tasks): the app used to render, then
// render again when the IndexedDB copy was restored, again when the session check answered, again
// when the page's chunk arrived and again when its data did; each pass was a long task of style,
// layout and cold JavaScript after the first paint. Now the boot gets those ready first, in small
// tasks, while the server's app shell (or the HTML's loader) stays on screen, and React renders
// the page once, complete. What the member sees meanwhile is what React would have shown.

/** How long the first render waits for the page's data before showing its loading state instead. */
export const FIRST_DATA_WAIT_MS = 2500;

/** The query behind each first call of a member page (shared/member-pages.ts, MEMBER_PAGE_CALLS). */
export const QUERY_OF_CALL = {
  '/user-stats.php': getUserStatsQueryOptions,
  '/offers.php': getOffersQueryOptions,
  '/referral-stats.php': getReferralStatsQueryOptions,
} as const satisfies Record<MemberPageCall, () => { queryKey: readonly unknown[] }>;

function firstCallsOf(pathname: string): readonly MemberPageCall[] {
  return (MEMBER_PAGE_CALLS as Record<string, readonly MemberPageCall[] | undefined>)[pathname] ?? [];
}

/** Puts `answers` into `queryClient` under their calls' query keys, as of now. */
export function putAnswers(queryClient: QueryClient, answers: ServerAnswers): void {
  for (const [call, data] of Object.entries(answers)) {
    const options = QUERY_OF_CALL[call as MemberPageCall];
    if (options && data !== undefined) queryClient.setQueryData<unknown>([...options().queryKey], data);
  }
}

/**
 * Puts the answers a server-rendered page came with into `queryClient`, as fresh as the page: the
 * first render (a hydration) shows exactly what the server rendered, and nothing is asked again.
 * The session check's answer names the signed-in member, as a fetched one does.
 */
export function seedServerAnswers(queryClient: QueryClient, answers: ServerAnswers): void {
  const stats = answers['/user-stats.php'];
  if (stats) acceptUserStats(stats as UserStatsResponse);
  putAnswers(queryClient, answers);
}

/** The answers in a server-rendered page's HTML (`SERVER_ANSWERS_ID`), or null. */
export function readServerAnswers(): ServerAnswers | null {
  const element = document.getElementById(SERVER_ANSWERS_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerAnswers;
  } catch {
    return null;
  }
}

/** Resolves after `ms` in a new task (0: as soon as the browser has had its turn). */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The saved copy of the member's data (docs/product-rules.md#offline), put back into `queryClient`,
 * marked stale so that every query shown refetches it: a reload checks the session again.
 */
export async function restoreSavedQueries(queryClient: QueryClient): Promise<void> {
  try {
    await persistQueryClientRestore({ queryClient, ...persistOptions });
  } catch {
    // Unreadable copy: the restore already discarded it; the page loads from the network.
  }
  await refreshRestoredQueries(queryClient, { refetch: false });
}

/**
 * A page's first call as the boot sends it: the call's own query (key, function, freshness) and its
 * retry policy. This is the page's request: the page mounts onto it, running or settled, and does not
 * ask again (retryOnMount: false). It is not tied to a component (it never reads the abort signal), so
 * a component that mounts and unmounts meanwhile does not cancel it into a second request.
 */
export function bootRequest(options: FetchQueryOptions): FetchQueryOptions {
  const queryFn = options.queryFn as QueryFunction;
  const unaborted = new AbortController().signal;
  return {
    ...options,
    retry: shouldRetry,
    queryFn: (context) =>
      queryFn({ queryKey: context.queryKey, meta: context.meta, client: context.client, signal: unaborted }),
  };
}

/**
 * Gets `pathname` ready to render in one pass: the saved copy restored, the route's code loaded,
 * and (online) its first queries answered, or `waitMs` elapsed. A failed query is left in its error
 * state for the page to show (and retry) as usual; a 401 is the page guard's to handle.
 */
export async function prepareApp(
  queryClient: QueryClient,
  pathname: string,
  { waitMs = FIRST_DATA_WAIT_MS, serverAnswers = null as ServerAnswers | null } = {},
): Promise<void> {
  onlineManager.setOnline(navigator.onLine);
  await restoreSavedQueries(queryClient);
  // A new task: the restore's continuation (the saved copy put back) and what follows (the page's
  // answers seeded, the route, the first render) would otherwise be one chain of microtasks, one task
  // of over 10 ms on a phone-speed CPU.
  await delay(0);
  const route = preloadRoute(pathname);
  if (serverAnswers) {
    seedServerAnswers(queryClient, serverAnswers);
    await route;
    return;
  }
  const queries = firstCallsOf(pathname).map((call) => QUERY_OF_CALL[call]);
  if (queries.length > 0 && navigator.onLine) {
    // The guard turns a 401 into a redirect that remembers the page; the global handler (a full
    // reload of /login) would not. The router installs its own handler when it mounts.
    setUnauthorizedHandler(() => undefined);
    const answered = Promise.all(
      queries.map((options) => queryClient.prefetchQuery(bootRequest(options() as FetchQueryOptions))),
    );
    await Promise.race([answered, delay(waitMs)]);
  }
  await route;
}
