import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadingState } from './ui/spinner';
import { EmptyState, ErrorState } from './ui/state';

export interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /**
   * What to render: the query's data, or a value that follows it (the dashboard passes
   * `useDeferredValue(query.data)`, which can still be empty while the data has arrived).
   */
  data: T | undefined;
  /** The screen's own loading text (e.g. 'Loading your rewards...'). */
  loading: string;
  /** The line under "You're offline" when there is nothing to show until the network is back. */
  offline: string;
  children: (data: T) => ReactNode;
}

/**
 * A member screen's data, or why it is not there yet: "You're offline" while the first fetch waits
 * for the network (fetchStatus 'paused'), the screen's loading text while it runs, an alert with
 * "Try again" when it failed with nothing to show. Data already there (restored from the cache, or
 * kept after a failed refetch) is always shown.
 */
export function QueryState<T>({ query, data, loading, offline, children }: QueryStateProps<T>) {
  if (query.isPending) {
    return query.fetchStatus === 'paused' ? (
      <EmptyState title="You're offline">{offline}</EmptyState>
    ) : (
      <LoadingState label={loading} />
    );
  }
  if (data !== undefined) return children(data);
  if (query.isError && query.data === undefined) {
    return <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  return <LoadingState label={loading} />;
}
