import { Box, Chip, Typography } from '@mui/material';
import ConversionIcon from '@mui/icons-material/TaskAlt';
import PeopleIcon from '@mui/icons-material/People';
import RevenueIcon from '@mui/icons-material/Payments';
import RateIcon from '@mui/icons-material/Casino';
import ViewIcon from '@mui/icons-material/Visibility';
import { DataTable, ExportButton, ListBase, useListContext, useTranslate } from 'react-admin';
import type { AdminClickRow, AdminClicksResponse } from '../../../shared/contract/admin/clicks';
import { formatDateTime, formatPercent } from '../../../shared/format';
import { FilterCard } from '../components/filter-card';
import { SearchFilter, SelectFilter, SortSelect } from '../components/filters';
import { actionsColumn, ListTable } from '../components/list-shell';
import { RewardChip, RowActionButton, TwoLineCell } from '../components/table-cells';
import { PageHeader } from '../components/page-header';
import { StatCard, StatGrid } from '../components/stat-card';
import { csvExporter } from '../lib/csv';
import { formatCount, formatPayout, fullName } from '../lib/format';
import { dateRangeChoices, sortChoices, translatedChoices } from '../lib/choices';
import { RecordLink } from '../components/record-links';

type Row = AdminClickRow & { id: string };

/** Clicks search debounce (the other lists wait 500 ms). */
export const CLICKS_DEBOUNCE_MS = 300;

const exporter = csvExporter<Row>('clicks', [
  'click_id',
  'completion_id',
  'email',
  'first_name',
  'last_name',
  { header: 'user_type', value: (c) => (c.firebase_uid ? 'firebase' : 'email') },
  'title',
  'external_offer_id',
  'payout_amount',
  'spinner_used',
  'voucher_brand',
  'voucher_amount',
  'completed_at',
]);

function ClicksView() {
  const t = useTranslate();
  const { meta, isPending } = useListContext<Row>();
  const stats = (meta as Partial<AdminClicksResponse> | undefined)?.stats;
  const choices = (source: string, ids: string[]) =>
    translatedChoices(t, `app.clicks.filter_values.${source}`, ids);
  return (
    <>
      <PageHeader
        title={t('app.clicks.title')}
        subtitle={t('app.clicks.subtitle')}
        actions={<ExportButton />}
      />
      <StatGrid columns={4}>
        <StatCard
          loading={isPending}
          label={t('app.clicks.tiles.conversions')}
          value={formatCount(stats?.totalConversions)}
          icon={<ConversionIcon />}
        />
        <StatCard
          loading={isPending}
          label={t('app.clicks.tiles.unique_users')}
          value={formatCount(stats?.uniqueUsers)}
          icon={<PeopleIcon />}
          color="info.main"
        />
        <StatCard
          loading={isPending}
          label={t('app.clicks.tiles.revenue')}
          value={formatPayout(stats?.totalRevenue)}
          icon={<RevenueIcon />}
          color="success.dark"
        />
        <StatCard
          loading={isPending}
          label={t('app.clicks.tiles.win_rate')}
          value={formatPercent(stats?.voucherWinRate ?? 0, 1)}
          icon={<RateIcon />}
          color="warning.main"
        />
      </StatGrid>
      <FilterCard>
        <SearchFilter placeholder={t('app.clicks.search')} />
        <SelectFilter source="dateRange" label={t('app.filters.date_range')} choices={dateRangeChoices(t)} />
        <SelectFilter
          source="conversionStatus"
          label={t('app.clicks.conversion_status')}
          choices={choices('conversionStatus', [
            'all',
            'voucher_won',
            'no_voucher',
            'spinner_used',
            'spinner_not_used',
          ])}
        />
        <SelectFilter
          source="userType"
          label={t('app.clicks.user_type')}
          choices={choices('userType', ['all', 'firebase', 'email'])}
        />
        <SortSelect
          label={t('app.filters.sort')}
          choices={sortChoices(t, 'app.clicks.sort', [
            ['recent', 'completed_at', 'DESC'],
            ['payout', 'payout_amount', 'DESC'],
          ])}
        />
      </FilterCard>
      <ListTable
        loading={t('app.clicks.loading')}
        noun={t('app.clicks.noun')}
        emptyMessage={t('app.clicks.empty')}
      >
        <DataTable.Col
          label={t('app.columns.user')}
          disableSort
          render={(c: Row) => (
            <Box>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                <RecordLink kind="member" id={c.user_id}>
                  {fullName(c.first_name, c.last_name)}
                </RecordLink>
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {c.email}
              </Typography>
              <Chip
                size="small"
                variant="outlined"
                label={c.firebase_uid ? t('app.clicks.firebase') : t('app.clicks.email')}
              />
            </Box>
          )}
        />
        <DataTable.Col
          label={t('app.columns.offer')}
          disableSort
          render={(c: Row) => (
            <TwoLineCell
              primary={
                <RecordLink kind="offer" id={c.offer_id}>
                  {c.title || 'Untitled Offer'}
                </RecordLink>
              }
              secondary={c.external_offer_id}
            />
          )}
        />
        <DataTable.Col
          label={t('app.clicks.columns.details')}
          disableSort
          render={(c: Row) => (
            <Box sx={{ fontSize: 13 }}>
              <div>
                {t('app.clicks.click_id')}:{' '}
                <RecordLink kind="click" id={c.click_id} label={`${t('app.records.click')} ${c.click_id}`}>
                  <code>{c.click_id}</code>
                </RecordLink>
              </div>
              <div>
                {t('app.clicks.payout')}: {c.payout_amount === null ? 'N/A' : formatPayout(c.payout_amount)}
              </div>
              <div>
                {t('app.clicks.completion_id')}: {c.completion_id ?? 'N/A'}
              </div>
            </Box>
          )}
        />
        <DataTable.Col
          label={t('app.columns.reward')}
          disableSort
          render={(c: Row) => (
            <RewardChip
              won={Boolean(c.voucher_amount)}
              brand={c.voucher_brand}
              amount={c.voucher_amount}
              spinnerUsed={c.spinner_used}
            />
          )}
        />
        <DataTable.Col
          label={t('app.clicks.columns.time')}
          disableSort
          render={(c: Row) => (c.completed_at ? formatDateTime(c.completed_at) : 'N/A')}
        />
        <DataTable.Col
          label={t('app.columns.actions')}
          {...actionsColumn}
          render={(c: Row) => (
            // A view button with no action attached, as the product defines it.
            <RowActionButton label={t('app.clicks.view')} target={c.click_id} icon={ViewIcon} />
          )}
        />
      </ListTable>
    </>
  );
}

/** /admin/clicks, headed 'Conversion Analytics'. */
export function ClickList() {
  return (
    <ListBase
      resource="clicks"
      perPage={20}
      sort={{ field: 'completed_at', order: 'DESC' }}
      debounce={CLICKS_DEBOUNCE_MS}
      exporter={exporter}
    >
      <ClicksView />
    </ListBase>
  );
}
