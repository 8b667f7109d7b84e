import { Card } from '@mui/material';
import type { ReactNode } from 'react';
import { useListContext } from 'react-admin';
import { ErrorState, PageLoading } from './page-states';

/**
 * The body of a list page: the page's loading text on first load, an error with a retry, otherwise
 * the table in a card that scrolls sideways on narrow screens.
 */
export function ListTableCard({
  loading,
  children,
  footer,
}: {
  loading: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { isPending, error, refetch } = useListContext();
  if (isPending) return <PageLoading message={loading} />;
  if (error) return <ErrorState error={error} onRetry={() => refetch()} />;
  return (
    <Card sx={{ mb: 2 }}>
      <div style={{ overflowX: 'auto' }}>{children}</div>
      {footer}
    </Card>
  );
}
