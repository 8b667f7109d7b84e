import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { API_BASE, EVENTS_PATH, PUSH_PRESENCE_PATH } from '../../../shared/contract/paths';
import { formatRupees } from '../../../shared/format';
import { paths } from '../config/paths';
import { getOffersQueryOptions } from '../features/offers/api/get-offers';
import { getReferralStatsQueryOptions } from '../features/referrals/api/get-referral-stats';
import { getUserStatsQueryOptions } from '../lib/auth';
import type { LiveEvent } from '../lib/live-events';
import { wipePersistedCache } from '../lib/persister';
import { getSessionUser, setSessionUser } from '../lib/session';
import { toast } from '../lib/toast';
import { afterPageSettles } from '../lib/page-settled';
import { inReturnWindow, isPageHidden, watchReturns } from '../features/offers/return-moment';

// What each live event (lib/live-events.ts) means for the member's screens: the queries it makes
// stale (through each call's own query options), and what the member is told. The app's caching
// rules are unchanged (no refetch on focus, offers every 5 minutes): events only add refetches.

/** After a `logout` event, how long this tab's own logout gets to finish before the session is checked. */
const LOGOUT_SETTLE_MS = 1500;

/** After a block, the member pages have left the screen by then. */
const BLOCKED_CLEAR_DELAY_MS = 1000;

export const liveToasts = {
  approved: (title: string) => `${title} confirmed — your spin is ready!`,
  pending: (title: string) => `${title}: the partner is confirming your completion`,
  reversed: (title: string) => `${title} was reversed by the partner`,
  notApproved: (title: string) => `${title} was not approved after review — the offer card says why`,
  freeSpin: 'Your friend completed an offer — you earned a free spin!',
  referralDenied: 'A referral was reviewed: no free spin for this one (both accounts were on one device).',
  claimApproved: (title: string) => `Your claim for ${title} was approved — your spin is ready!`,
  owedVoucher: (amount: number) => `Your ${formatRupees(amount)} voucher has arrived — it's in My Rewards`,
  claimRejected: (title: string, reason: string | null) =>
    `Your claim for ${title} was not accepted${reason?.trim() ? `: ${reason.trim()}` : '.'}`,
};

// Notices of events that arrive while the page is hidden (the member is on the partner's tab) are held
// and shown when the page is seen again: a toast lasts 5 seconds and would be gone unseen. A spin made
// ready while hidden is not toasted then: the return moment's banner names it (features/offers/return-moment.ts).
const held: (() => void)[] = [];

function whenSeen(show: () => void): void {
  if (isPageHidden()) held.push(show);
  else show();
}

/** Shows the notices held while the page was hidden (on its return). */
export function showHeldNotices(): void {
  held.splice(0).forEach((show) => show());
}

/** The notices held so far (tests). */
export function heldNoticeCount(): number {
  return held.length;
}

/**
 * Applies one event: invalidations, a toast, or the sign-out of a blocked member (`toLogin` shows the
 * login page with the reason).
 */
export function applyLiveEvent(
  event: LiveEvent,
  queryClient: QueryClient,
  toLogin: (reason: string) => void,
): void {
  const invalidate = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
  const offers = getOffersQueryOptions().queryKey;
  const userStats = getUserStatsQueryOptions().queryKey;
  switch (event.name) {
    case 'conversion': {
      const title = event.data.title?.trim() || 'Untitled Offer';
      invalidate(offers);
      // A pending answer changes only the offer's card; approval and reversal move the member's counts.
      if (event.data.status !== 'pending') invalidate(userStats);
      if (event.data.status === 'approved') {
        if (!isPageHidden() && !inReturnWindow()) toast.success(liveToasts.approved(title));
      } else if (event.data.status === 'pending') whenSeen(() => toast.info(liveToasts.pending(title)));
      else if (event.data.notApproved) whenSeen(() => toast.error(liveToasts.notApproved(title)));
      else whenSeen(() => toast.error(liveToasts.reversed(title)));
      return;
    }
    case 'free_spin':
      invalidate(userStats);
      invalidate(offers);
      invalidate(getReferralStatsQueryOptions().queryKey);
      whenSeen(() => toast.success(liveToasts.freeSpin));
      return;
    case 'referral':
      // An administrator denied a referral held for review: the referrals screen shows the outcome.
      invalidate(getReferralStatsQueryOptions().queryKey);
      whenSeen(() => toast.info(liveToasts.referralDenied));
      return;
    case 'claim': {
      // An administrator answered the member's missing-conversion claim: the card shows the answer
      // (an approval is also the offer's conversion: the spin, the member's counts).
      const title = event.data.title?.trim() || 'Untitled Offer';
      invalidate(offers);
      if (event.data.status === 'approved') {
        invalidate(userStats);
        if (!isPageHidden() && !inReturnWindow()) toast.success(liveToasts.claimApproved(title));
      } else whenSeen(() => toast.error(liveToasts.claimRejected(title, event.data.reason)));
      return;
    }
    case 'voucher':
      // A voucher the member was owed (a win that lost the race for the last code) was assigned at a
      // restock: the wallet shows its code, the offer's card its win.
      invalidate(userStats);
      invalidate(offers);
      whenSeen(() => toast.success(liveToasts.owedVoucher(event.data.amount)));
      return;
    case 'resync':
      // Events may have been missed: everything the member has loaded is refetched.
      void queryClient.invalidateQueries();
      return;
    case 'logout':
      // This session ended (a logout here or in another tab): the session check decides, through the
      // app's usual 401 path (to /login, which closes the stream), unless this tab is signing out itself.
      setTimeout(() => {
        if (getSessionUser()) invalidate(userStats);
      }, LOGOUT_SETTLE_MS);
      return;
    case 'blocked': {
      const user = getSessionUser();
      setSessionUser(null);
      void wipePersistedCache(user?.id);
      // To /login first, the memory cache after: cleared while the member pages are still shown, their
      // queries would ask again, meet the 401 of the ended session and go to /login without the reason.
      toLogin(event.data.message);
      setTimeout(() => queryClient.clear(), BLOCKED_CLEAR_DELAY_MS);
      return;
    }
    case 'ready':
      return;
  }
}

/**
 * The signed-in member's live updates, while the member pages are shown. The connection code is
 * loaded on first use, after sign-in.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  // useNavigate's function changes with the location; the connection must not.
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  });
  useEffect(() => {
    let cancelled = false;
    let close: (() => void) | undefined;
    const start = () =>
      void import('../lib/live-events').then(({ connectLiveEvents, newTabId }) => {
        if (cancelled) return;
        close = connectLiveEvents({
          url: `${API_BASE}${EVENTS_PATH}`,
          tab: newTabId(),
          presenceUrl: `${API_BASE}${PUSH_PRESENCE_PATH}`,
          onEvent: (event) =>
            applyLiveEvent(event, queryClient, (reason) =>
              navigateRef.current(paths.login.getHref(), { replace: true, state: { error: reason } }),
            ),
        }).close;
      });
    const cancelStart = afterPageSettles(start);
    const stopWatchingReturns = watchReturns(queryClient);
    const onVisibility = () => {
      if (!isPageHidden()) showHeldNotices();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      cancelled = true;
      cancelStart();
      close?.();
      stopWatchingReturns();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [queryClient]);
}
