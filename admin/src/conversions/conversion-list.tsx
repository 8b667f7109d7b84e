import { Box, Button, Card, CardContent, Chip, Typography } from '@mui/material';
import ConversionIcon from '@mui/icons-material/TaskAlt';
import RevenueIcon from '@mui/icons-material/Payments';
import ValueIcon from '@mui/icons-material/CurrencyRupee';
import VoucherIcon from '@mui/icons-material/CardGiftcard';
import ShareIcon from '@mui/icons-material/Share';
import PeopleIcon from '@mui/icons-material/People';
import ViewIcon from '@mui/icons-material/Visibility';
import { useState } from 'react';
import { DataTable, ExportButton, ListBase, useListContext, useTranslate } from 'react-admin';
import type {
  AdminConversionRow,
  AdminConversionsResponse,
} from '../../../shared/contract/admin/conversions';
import { formatDateTime, formatPercent, formatRupees } from '../../../shared/format';
import { FilterCard } from '../components/filter-card';
import { SearchFilter, SelectFilter, SortSelect } from '../components/filters';
import { actionsColumn, ListTable } from '../components/list-shell';
import { RewardChip, RowActionButton, TwoLineCell } from '../components/table-cells';
import { PageHeader } from '../components/page-header';
import { StatCard, StatGrid } from '../components/stat-card';
import { DetailList } from '../components/detail-list';
import { csvExporter } from '../lib/csv';
import { formatCount, formatPayout, fullName } from '../lib/format';
import { ConversionDetailsDialog } from './conversion-details-dialog';
import { activeFilters, conversionChoices, conversionSortChoices } from './conversion-filters';
import { RecordLink } from '../components/record-links';
import { CollapsibleSection } from '../components/collapsible-section';

type Row = AdminConversionRow & { id: number };
type Meta = Partial<Pick<AdminConversionsResponse, 'summary' | 'referralImpact' | 'userTypeBreakdown'>>;

const exporter = csvExporter<Row>('conversions', [
  'completion_id',
  'user_id',
  'email',
  'first_name',
  'last_name',
  'registration_method',
  'user_source',
  'referred_by_code',
  'title',
  'external_offer_id',
  'payout_amount',
  'payout_currency',
  'completed_at',
  'is_first_completion',
  'completion_type',
  'spinner_used',
  'voucher_won',
  'voucher_brand',
  'voucher_amount',
  'reward_type',
  'status',
  'reversed_at',
  'reversal_reason',
  'clawback_value',
]);

function InfoCard({ title, items }: { title: string; items: [string, string][] }) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        <DetailList items={items} />
      </CardContent>
    </Card>
  );
}

function FilterChips() {
  const t = useTranslate();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const active = activeFilters(filterValues ?? {});
  const remove = (name: string) =>
    setFilters({ ...filterValues, [name]: undefined }, displayedFilters, false);
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        disabled={active.length === 0}
        onClick={() => setFilters({}, {}, false)}
      >
        {t('app.conversions.clear', { n: active.length })}
      </Button>
      {active.length > 0 && (
        <Box
          sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', width: '100%' }}
          aria-label={t('app.conversions.active_filters')}
        >
          {active.map(([name, value]) => (
            <Chip
              key={name}
              size="small"
              color="primary"
              variant="outlined"
              label={`${t(`app.conversions.filter_names.${name}`)}: ${name === 'search' ? value : t(`app.conversions.filter_values.${name}.${value}`, { _: value })}`}
              onDelete={() => remove(name)}
            />
          ))}
        </Box>
      )}
    </>
  );
}

function ConversionsView() {
  const t = useTranslate();
  const { meta, total, isPending } = useListContext<Row>();
  const { summary, referralImpact, userTypeBreakdown } = (meta ?? {}) as Meta;
  const [viewing, setViewing] = useState<Row | null>(null);
  const totalConversions = summary?.totalConversions ?? 0;
  return (
    <>
      <PageHeader
        title={t('app.conversions.title')}
        badge={
          <Chip
            color="primary"
            label={t('app.conversions.count_badge', { smart_count: total ?? 0, n: formatCount(total ?? 0) })}
          />
        }
        actions={<ExportButton />}
      />
      <StatGrid columns={3}>
        <StatCard
          loading={isPending}
          label={t('app.conversions.tiles.total')}
          value={formatCount(totalConversions)}
          icon={<ConversionIcon />}
        />
        <StatCard
          loading={isPending}
          label={t('app.conversions.tiles.revenue')}
          value={formatPayout(summary?.totalRevenue)}
          icon={<RevenueIcon />}
          color="success.dark"
        />
        <StatCard
          loading={isPending}
          label={t('app.conversions.tiles.voucher_value')}
          value={formatRupees(summary?.voucherValue)}
          icon={<ValueIcon />}
          color="secondary.main"
        />
        <StatCard
          loading={isPending}
          label={t('app.conversions.tiles.vouchers_given')}
          value={formatCount(summary?.voucherWins)}
          hint={t('app.conversions.win_rate', { rate: formatPercent(summary?.voucherWinRate ?? 0) })}
          icon={<VoucherIcon />}
          color="warning.main"
        />
        <StatCard
          loading={isPending}
          label={t('app.conversions.tiles.referral_conversions')}
          value={formatCount(referralImpact?.referralDrivenConversions)}
          hint={t('app.conversions.of_total', {
            rate: formatPercent(
              referralImpact?.referralImpactRate ??
                (totalConversions
                  ? (100 * (referralImpact?.referralDrivenConversions ?? 0)) / totalConversions
                  : 0),
            ),
          })}
          icon={<ShareIcon />}
          color="info.main"
        />
        <StatCard
          loading={isPending}
          label={t('app.conversions.tiles.unique_users')}
          value={formatCount(summary?.uniqueUsers)}
          icon={<PeopleIcon />}
          color="primary.main"
        />
      </StatGrid>
      {!isPending && (
        <CollapsibleSection storeKey="conversions.cards" title={t('app.conversions.cards.section')}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
            <InfoCard
              title={t('app.conversions.cards.referral_impact')}
              items={[
                [t('app.conversions.cards.first_completions'), formatCount(referralImpact?.firstCompletions)],
                [
                  t('app.conversions.cards.from_referrals'),
                  formatCount(referralImpact?.firstCompletionsReferred),
                ],
                [
                  t('app.conversions.cards.referral_revenue'),
                  formatPayout(referralImpact?.referralDrivenRevenue),
                ],
                [
                  t('app.conversions.cards.first_completion_rate'),
                  formatPercent(referralImpact?.firstCompletionRate ?? 0),
                ],
              ]}
            />
            <InfoCard
              title={t('app.conversions.cards.user_types')}
              items={[
                [t('app.conversions.cards.firebase_users'), formatCount(userTypeBreakdown?.firebaseUsers)],
                [t('app.conversions.cards.email_users'), formatCount(userTypeBreakdown?.emailUsers)],
                [
                  t('app.conversions.cards.total'),
                  formatCount((userTypeBreakdown?.firebaseUsers ?? 0) + (userTypeBreakdown?.emailUsers ?? 0)),
                ],
              ]}
            />
            <InfoCard
              title={t('app.conversions.cards.voucher_performance')}
              items={[
                [t('app.conversions.cards.value_given'), formatRupees(summary?.voucherValue)],
                [t('app.conversions.cards.spins_used'), formatCount(summary?.spinsUsed)],
                [t('app.conversions.cards.win_rate'), formatPercent(summary?.voucherWinRate ?? 0)],
              ]}
            />
          </Box>
        </CollapsibleSection>
      )}
      <FilterCard>
        <SearchFilter placeholder={t('app.conversions.search')} showSearching />
        <SelectFilter
          source="status"
          label={t('app.conversions.filter_names.status')}
          choices={conversionChoices(t, 'status')}
        />
        <SelectFilter
          source="dateRange"
          label={t('app.filters.date_range')}
          choices={conversionChoices(t, 'dateRange')}
        />
        <SelectFilter
          source="voucherFilter"
          label={t('app.conversions.filter_names.voucherFilter')}
          choices={conversionChoices(t, 'voucherFilter')}
        />
        <SelectFilter
          source="userTypeFilter"
          label={t('app.conversions.filter_names.userTypeFilter')}
          choices={conversionChoices(t, 'userTypeFilter')}
        />
        <SelectFilter
          source="referralFilter"
          label={t('app.conversions.filter_names.referralFilter')}
          choices={conversionChoices(t, 'referralFilter')}
        />
        <SortSelect label={t('app.filters.sort')} choices={conversionSortChoices(t)} />
        <FilterChips />
      </FilterCard>
      <ListTable
        loading={t('app.conversions.loading')}
        noun={t('app.conversions.noun')}
        hideWhenSinglePage
        emptyMessage={t('app.conversions.empty')}
        // A click on a row opens the conversion's details.
        rowClick={(_id, _resource, c) => {
          setViewing(c as Row);
          return false;
        }}
      >
        <DataTable.Col
          label={t('app.columns.user')}
          disableSort
          render={(c: Row) => (
            <TwoLineCell
              bold
              primary={
                <RecordLink kind="member" id={c.user_id}>
                  {fullName(c.first_name, c.last_name)}
                </RecordLink>
              }
              secondary={c.email}
            />
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
              secondary={
                c.click_id ? (
                  <RecordLink kind="click" id={c.click_id}>
                    {c.external_offer_id}
                  </RecordLink>
                ) : (
                  c.external_offer_id
                )
              }
            />
          )}
        />
        <DataTable.Col
          label={t('app.columns.revenue')}
          source="payout_amount"
          sortByOrder="DESC"
          align="right"
          render={(c: Row) => formatPayout(c.payout_amount, c.payout_currency)}
        />
        <DataTable.Col
          label={t('app.columns.reward')}
          disableSort
          render={(c: Row) => (
            <Box>
              <RewardChip
                won={c.voucher_won}
                brand={c.voucher_brand}
                amount={c.voucher_amount}
                spinnerUsed={c.spinner_used}
              />
              {Number(c.clawback_value) > 0 && (
                <Typography
                  variant="caption"
                  color="error.dark"
                  sx={{ display: 'block', whiteSpace: 'nowrap' }}
                >
                  {t('app.conversions.clawback', { value: formatRupees(c.clawback_value) })}
                </Typography>
              )}
            </Box>
          )}
        />
        <DataTable.Col
          label={t('app.columns.date')}
          source="completed_at"
          sortByOrder="DESC"
          render={(c: Row) =>
            c.status === 'reversed' ? (
              <TwoLineCell
                primary={formatDateTime(c.completed_at)}
                secondary={t('app.conversions.reversed_on', {
                  date: c.reversed_at ? formatDateTime(c.reversed_at) : '—',
                })}
              />
            ) : (
              formatDateTime(c.completed_at)
            )
          }
        />
        <DataTable.Col
          label={t('app.columns.type')}
          disableSort
          render={(c: Row) => (
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', maxWidth: 220 }}>
              {c.status === 'reversed' && (
                <Chip
                  size="small"
                  color="error"
                  label={t('app.conversions.status.reversed')}
                  title={c.reversal_reason ?? undefined}
                />
              )}
              <Chip size="small" variant="outlined" label={c.registration_method} />
              {c.user_source === 'referred' && (
                <Chip size="small" color="info" label={t('app.conversions.referred')} />
              )}
              {c.is_first_completion && (
                <Chip size="small" color="secondary" variant="outlined" label={t('app.conversions.first')} />
              )}
              {c.status === 'reversed' && c.reversal_reason && (
                <Typography variant="caption" color="text.secondary" sx={{ width: '100%' }}>
                  {c.reversal_reason}
                </Typography>
              )}
            </Box>
          )}
        />
        <DataTable.Col
          label={t('app.columns.actions')}
          {...actionsColumn}
          render={(c: Row) => (
            <RowActionButton
              label={t('app.conversions.view')}
              target={c.completion_id}
              icon={ViewIcon}
              onClick={() => setViewing(c)}
            />
          )}
        />
      </ListTable>
      {viewing && <ConversionDetailsDialog conversion={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}

/** /admin/conversions. */
export function ConversionList() {
  return (
    <ListBase
      resource="conversions"
      perPage={20}
      sort={{ field: 'completed_at', order: 'DESC' }}
      debounce={500}
      exporter={exporter}
    >
      <ConversionsView />
    </ListBase>
  );
}
