import { Box, Link, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { DataTable, ExportButton, ListBase, useBasename, useListContext, useTranslate } from 'react-admin';
import type { AuditLogRow } from '../../../shared/contract/admin/audit-log';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '../../../shared/constants';
import { formatDateTime } from '../../../shared/format';
import { FilterCard } from '../components/filter-card';
import { DateFilter, SelectFilter } from '../components/filters';
import { ListTable } from '../components/list-shell';
import { PageHeader } from '../components/page-header';
import { csvExporter } from '../lib/csv';
import { auditSentence, fieldChanges, targetName, targetPath } from './audit-sentence';

type Row = AuditLogRow;

const exporter = csvExporter<Row>('audit-log', [
  'id',
  'created_at',
  'admin_username',
  'action',
  'target_type',
  'target_id',
  'target_label',
  'before',
  'after',
]);

/** Changed keys of a before/after pair, e.g. "is_active: true → false" (the CSV and older callers). */
export function describeChange(before: unknown, after: unknown): string {
  return fieldChanges(before, after)
    .map((c) => `${c.field}: ${c.before} → ${c.after}`)
    .join('; ');
}

/** The admin filter: a username or its start, applied on Enter or when the field is left. */
function AdminFilter({ label }: { label: string }) {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const applied = (filterValues?.admin as string | undefined) ?? '';
  const [value, setValue] = useState(applied);
  // Only a changed value is applied: leaving the field (e.g. by clicking a link in the table) must not
  // push the list's address again over the link's navigation.
  const apply = () => {
    if (value.trim() !== applied)
      setFilters({ ...filterValues, admin: value.trim() || undefined }, displayedFilters, false);
  };
  return (
    <TextField
      size="small"
      label={label}
      value={value}
      onChange={(e) => setValue(e.target.value)}
      onBlur={apply}
      onKeyDown={(e) => {
        if (e.key === 'Enter') apply();
      }}
    />
  );
}

/** What the entry did, as a sentence, with the target as a link to its record where it has one. */
function EntrySentence({ entry }: { entry: Row }) {
  const t = useTranslate();
  const basename = useBasename();
  const sentence = auditSentence(entry, t);
  const name = targetName(entry, t);
  const path = targetPath(entry);
  const at = path ? sentence.lastIndexOf(name) : -1;
  if (!path || at < 0) return <Typography variant="body2">{sentence}</Typography>;
  return (
    <Typography variant="body2">
      {sentence.slice(0, at)}
      <Link component={RouterLink} to={`${basename}${path}`}>
        {name}
      </Link>
      {sentence.slice(at + name.length)}
    </Typography>
  );
}

/** Each changed field on its own line: 'field: before → after'. */
function EntryChanges({ entry }: { entry: Row }) {
  const changes = fieldChanges(entry.before, entry.after);
  if (changes.length === 0) return <Typography variant="body2">—</Typography>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2, maxWidth: 460 }}>
      {changes.map((c) => (
        <Typography
          component="li"
          variant="body2"
          key={c.field}
          sx={{ fontSize: 13, overflowWrap: 'anywhere' }}
        >
          <Box component="span" sx={{ fontWeight: 600 }}>
            {c.field}
          </Box>
          {`: ${c.before} → ${c.after}`}
        </Typography>
      ))}
    </Box>
  );
}

function AuditLogView() {
  const t = useTranslate();
  const actionChoices = [
    { id: 'all', name: t('app.audit.filters.all_actions') },
    ...AUDIT_ACTIONS.map((a) => ({ id: a, name: t(`app.audit.actions.${a}`, { _: a }) })),
  ];
  const typeChoices = [
    { id: 'all', name: t('app.audit.filters.all_targets') },
    ...AUDIT_TARGET_TYPES.map((a) => ({ id: a, name: t(`app.audit.target_types.${a}`, { _: a }) })),
  ];
  return (
    <>
      <PageHeader
        title={t('app.audit.title')}
        subtitle={t('app.audit.subtitle')}
        actions={<ExportButton />}
      />
      <FilterCard>
        <AdminFilter label={t('app.audit.filters.admin')} />
        <SelectFilter source="action" label={t('app.audit.filters.action')} choices={actionChoices} />
        <SelectFilter source="target_type" label={t('app.audit.filters.target_type')} choices={typeChoices} />
        <DateFilter source="date_from" label={t('app.audit.filters.date_from')} />
        <DateFilter source="date_to" label={t('app.audit.filters.date_to')} />
      </FilterCard>
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
        <DataTable.Col
          label={t('app.audit.columns.what')}
          disableSort
          render={(e: Row) => <EntrySentence entry={e} />}
        />
        <DataTable.Col
          label={t('app.audit.columns.change')}
          disableSort
          render={(e: Row) => <EntryChanges entry={e} />}
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
