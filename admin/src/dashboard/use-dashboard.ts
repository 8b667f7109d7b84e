import { focusManager, keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useDataProvider, useLogoutIfAccessDenied } from 'react-admin';
import type { AdminDataProvider } from '../data-provider';
import type { DashboardRange } from '../../../shared/contract/admin/dashboard';

/** The admin dashboard is refetched every 5 minutes (docs/product-rules.md#caching-and-refetch). */
export const DASHBOARD_REFETCH_MS = 5 * 60_000;
const DASHBOARD_KEY = ['admin', 'dashboard'];

/**
 * The dashboard with the chart over the last `days` days, refetched every DASHBOARD_REFETCH_MS while the page is in front. Those timed
 * refetches are the console's own doing, so they are sent as background requests
 * (X-Background-Refresh: 1) and do not keep an idle admin signed in (sessions end after 30
 * minutes idle); the first load, a refresh and any other load a person causes count as activity.
 *
 * react-query's `refetchInterval` cannot tell its query function which fetches it started, so the
 * interval is kept here and marks the fetch it starts; a retry of that fetch (the query has failed
 * since it started) keeps the mark, any other fetch is the person's (a reload that cancels a failing
 * background load between its retries would keep the mark: rare, and the side that never extends a
 * session by mistake). The query's abort signal is not
 * read: reading it makes react-query cancel a load on unmount instead of letting the remount reuse it.
 *
 * Each range is its own query; while another range loads, the last answer stays on screen
 * (`isPlaceholderData` is then true), so the chart never empties between ranges.
 */
export function useDashboard(days: DashboardRange) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const background = useRef({ next: false, current: false });
  const query = useQuery({
    queryKey: [...DASHBOARD_KEY, days],
    queryFn: ({ client, queryKey }) => {
      const b = background.current;
      const retry = (client.getQueryState(queryKey)?.fetchFailureCount ?? 0) > 0;
      if (b.next || !retry) b.current = b.next;
      b.next = false;
      return dataProvider.getDashboard(b.current ? { background: true, days } : { days });
    },
    placeholderData: keepPreviousData,
  });
  const { refetch } = query;
  useEffect(() => {
    const timer = setInterval(() => {
      // As refetchInterval without refetchIntervalInBackground: only while the page is in front.
      if (!focusManager.isFocused()) return;
      background.current.next = true;
      // A load already under way is kept (and stays what it was), as refetchInterval does.
      void refetch({ cancelRefetch: false });
      // The query function runs synchronously when a fetch starts; none started, nothing is marked.
      background.current.next = false;
    }, DASHBOARD_REFETCH_MS);
    return () => clearInterval(timer);
  }, [refetch]);
  useEffect(() => {
    if (query.error) void logoutIfAccessDenied(query.error);
  }, [query.error, logoutIfAccessDenied]);
  return query;
}
