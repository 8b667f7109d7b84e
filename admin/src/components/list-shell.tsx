import { Card } from '@mui/material';
import type { ReactNode } from 'react';
import { DataTable, useListContext, type DataTableProps, type RaRecord } from 'react-admin';
import { EmptyState, ErrorState, PageLoading } from './page-states';
import { SpecPagination } from './spec-pagination';

/** The class of a row's actions column: pinned to the right edge of the table card (see TABLE_SX). */
export const ACTIONS_CLASS = 'column-actions';

/**
 * A row's tint (e.g. a blocked member's), set through `rowSx`: the row's background and the same tint
 * over the pinned actions cell, whose own opaque background would otherwise hide it.
 */
export function tintedRow(color: string) {
  return { bgcolor: color, '--row-tint': color };
}

/** Props of a DataTable.Col holding a row's actions: pinned to the right, not sortable. */
export const actionsColumn = {
  disableSort: true,
  cellClassName: ACTIONS_CLASS,
  headerClassName: ACTIONS_CLASS,
} as const;

const TABLE_SX = {
  // react-admin draws the bulk toolbar 48 px above the table, where the card (which scrolls sideways)
  // clips it and the filter card sits: here it takes its place at the top of the table instead.
  // (`&&`: one class more than react-admin's own rule, whose styles are inserted after the card's.)
  '&& .RaBulkActionsToolbar-toolbar': { position: 'relative', transform: 'none' },
  // A row's actions stay in view when the table is wider than the screen.
  [`&& td.${ACTIONS_CLASS}, && th.${ACTIONS_CLASS}`]: {
    position: 'sticky',
    right: 0,
    zIndex: 1,
    bgcolor: 'background.paper',
    // The row's tint (tintedRow) over the cell's opaque background.
    backgroundImage: 'linear-gradient(var(--row-tint, transparent), var(--row-tint, transparent))',
    boxShadow: '-6px 0 6px -6px rgba(0, 0, 0, 0.25)',
    whiteSpace: 'nowrap',
    width: '1%',
  },
  // Above the other header cells (react-admin makes the header sticky too).
  [`&& th.${ACTIONS_CLASS}`]: { zIndex: 3 },
  '& .RaDataTable-clickableRow': { cursor: 'pointer' },
  // 12 px instead of 16 px each side: one column's width more across a table at 1280 px.
  '& .MuiTableCell-root': { px: 1.5 },
} as const;

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
    <Card sx={{ mb: 2, ...TABLE_SX }}>
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
