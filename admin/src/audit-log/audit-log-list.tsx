import { Box, Chip, Typography } from '@mui/material';
import { DataTable, ExportButton, ListBase, useTranslate } from 'react-admin';
import type { AuditLogRow } from '../../../shared/contract/admin/audit-log';
import { formatDateTime } from '../../../shared/format';
import { ListTable } from '../components/list-shell';
import { PageHeader } from '../components/page-header';
import { csvExporter } from '../lib/csv';

type Row = AuditLogRow;

const exporter = csvExporter<Row>('audit-log', [
  'id',
  'created_at',
  'admin_username',
  'action',
  'target_type',
  'target_id',
  'before',
  'after',
]);

/** Changed keys of a before/after pair, e.g. "is_active: true → false". */
export function describeChange(before: unknown, after: unknown): string {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter(
    (k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]),
  );
  const show = (v: unknown) =>
    v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return keys.map((k) => `${k}: ${show(b[k])} → ${show(a[k])}`).join('; ');
}

function AuditLogView() {
  const t = useTranslate();
  return (
    <>
      <PageHeader
        title={t('app.audit.title')}
        subtitle={t('app.audit.subtitle')}
        actions={<ExportButton />}
      />
      <ListTable
        loading={t('app.audit.loading')}
        noun={t('app.audit.noun')}
        emptyMessage={t('app.audit.empty')}
      >
        <DataTable.Col
          label={t('app.audit.columns.time')}
          disableSort
          render={(e: Row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.created_at)}</span>}
        />
        <DataTable.Col label={t('app.audit.columns.admin')} disableSort source="admin_username" />
        <DataTable.Col
          label={t('app.audit.columns.action')}
          disableSort
          render={(e: Row) => <Chip size="small" label={e.action} />}
        />
        <DataTable.Col
          label={t('app.audit.columns.target')}
          disableSort
          render={(e: Row) => `${e.target_type} #${e.target_id}`}
        />
        <DataTable.Col
          label={t('app.audit.columns.change')}
          disableSort
          render={(e: Row) => (
            <Box sx={{ maxWidth: 520 }}>
              <Typography
                variant="body2"
                sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-word' }}
              >
                {describeChange(e.before, e.after) || '—'}
              </Typography>
            </Box>
          )}
        />
      </ListTable>
    </>
  );
}

/** An addition to the product's pages: every admin change, newest first (GET /api/admin/audit-log.php). */
export function AuditLogList() {
  return (
    <ListBase resource="audit-log" perPage={20} sort={{ field: 'id', order: 'DESC' }} exporter={exporter}>
      <AuditLogView />
    </ListBase>
  );
}
