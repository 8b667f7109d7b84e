import { Card } from '@mui/material';
import type { ReactNode } from 'react';
import { DataTable, useListContext, type DataTableProps, type RaRecord } from 'react-admin';
import { EmptyState, ErrorState, PageLoading } from './page-states';
import { SpecPagination } from './spec-pagination';

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

/**
 * The table of a list page: `ListTableCard` around a `DataTable` with no row
 * click, no bulk actions (unless given), the page's empty text, and 'Showing x to y of z {noun}'
 * pagination below. Other DataTable props (columns, bulk actions, row styles) pass through.
 */
export function ListTable<RecordType extends RaRecord = RaRecord>({
  loading,
  noun,
  emptyMessage,
  hideWhenSinglePage,
  ...tableProps
}: {
  loading: string;
  noun: string;
  emptyMessage: string;
  hideWhenSinglePage?: boolean;
} & Omit<DataTableProps<RecordType>, 'empty'>) {
  return (
    <ListTableCard
      loading={loading}
      footer={<SpecPagination noun={noun} hideWhenSinglePage={hideWhenSinglePage} />}
    >
      <DataTable<RecordType>
        rowClick={false}
        bulkActionButtons={false}
        empty={<EmptyState message={emptyMessage} />}
        {...tableProps}
      />
    </ListTableCard>
  );
}
