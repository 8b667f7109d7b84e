import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDataProvider, useLogoutIfAccessDenied } from 'react-admin';
import type { AdminDataProvider } from '../data-provider';

/** Spec sections 7 and 9: the admin dashboard is refetched every 5 minutes. */
export const DASHBOARD_REFETCH_MS = 5 * 60_000;

export function useDashboard() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const query = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => dataProvider.getDashboard(),
    refetchInterval: DASHBOARD_REFETCH_MS,
  });
  useEffect(() => {
    if (query.error) void logoutIfAccessDenied(query.error);
  }, [query.error, logoutIfAccessDenied]);
  return query;
}
