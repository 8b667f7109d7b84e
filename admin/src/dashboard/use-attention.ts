import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDataProvider, useLogoutIfAccessDenied } from 'react-admin';
import type { AdminDataProvider } from '../data-provider';

/** One query for the dashboard's panel and the menu's count: loaded once, fresh for a minute. */
export const ATTENTION_KEY = ['admin', 'attention'];
export const ATTENTION_STALE_MS = 60_000;

/**
 * What needs attention (GET /api/admin/attention.php). No timed refetch: it is read again when a page
 * mounts after a minute, so an idle console does not keep its session alive.
 */
export function useAttention() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const query = useQuery({
    queryKey: ATTENTION_KEY,
    queryFn: () => dataProvider.getAttention(),
    staleTime: ATTENTION_STALE_MS,
  });
  useEffect(() => {
    if (query.error) void logoutIfAccessDenied(query.error);
  }, [query.error, logoutIfAccessDenied]);
  return query;
}
