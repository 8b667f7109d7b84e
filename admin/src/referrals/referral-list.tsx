import { Box, Chip, Tooltip, Typography } from '@mui/material';
import ShareIcon from '@mui/icons-material/Share';
import SuccessIcon from '@mui/icons-material/EmojiEvents';
import RateIcon from '@mui/icons-material/Percent';
import RevenueIcon from '@mui/icons-material/Payments';
import { DataTable, ExportButton, ListBase, useListContext, useTranslate } from 'react-admin';
import type { AdminReferralRow, AdminReferralsResponse } from '../../../shared/contract/admin/referrals';
import { REFERRAL_DATE_RANGES } from '../../../shared/constants';
import { formatDate, formatDateTime, formatPercent } from '../../../shared/format';
import { FilterCard } from '../components/filter-card';
import { SearchFilter, SelectFilter } from '../components/filters';
import { actionsColumn, ListTable } from '../components/list-shell';
import { TwoLineCell } from '../components/table-cells';
import { PageHeader } from '../components/page-header';
import { StatCard, StatGrid } from '../components/stat-card';
import { csvExporter } from '../lib/csv';
import { formatCount, formatPayout } from '../lib/format';
import { dateRangeChoices, translatedChoices } from '../lib/choices';
import { ReferralDecisionButtons, ReferralDecisionNote } from './referral-decision';
import { RecordLink } from '../components/record-links';
import { CollapsibleSection } from '../components/collapsible-section';

type Row = AdminReferralRow & { id: number };

const STATUS_COLORS = {
  successful: 'success',
  completed_waiting: 'warning',
  pending: 'default',
  denied: 'error',
} as const;

const exporter = csvExporter<Row>('referrals', [
  'referral_id',
  'referrer_name',
  'referrer_email',
  'referred_name',
  'referred_email',
  'registration_date',
  'referred_user_completions',
  'first_completion_date',
  'free_spins_granted',
  'status',
  'same_device',
  'needs_review',
  'review_decision',
  'reviewed_at',
  'reviewed_by',
  'review_reason',
]);

function Funnel({ summary }: { summary: AdminReferralsResponse['summary'] | undefined }) {
  const t = useTranslate();
  const total = summary?.total_referrals ?? 0;
  const completed = summary?.completed_referrals ?? 0;
  const rewarded = summary?.successful_referrals ?? 0;
  const items: [string, string][] = [
    [t('app.referrals.funnel.total'), formatCount(total)],
    [t('app.referrals.funnel.completed'), formatCount(completed)],
    [t('app.referrals.funnel.rewarded'), formatCount(rewarded)],
    [t('app.referrals.funnel.completion_rate'), formatPercent(total ? (100 * completed) / total : 0)],
    [
      t('app.referrals.funnel.reward_success_rate'),
      formatPercent(completed ? (100 * rewarded) / completed : 0),
    ],
  ];
  return (
    <CollapsibleSection storeKey="referrals.funnel" title={t('app.referrals.funnel.title')}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' } }}>
        {items.map(([label, value]) => (
          <Box key={label} sx={{ p: 1.5, bgcolor: 'action.hover', borderRadius: 2 }}>
            <Typography variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography variant="h6" component="p">
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </CollapsibleSection>
  );
}

function ReferralsView() {
  const t = useTranslate();
  const { meta, isPending, filterValues, displayedFilters, setFilters } = useListContext<Row>();
  const summary = (meta as Partial<AdminReferralsResponse> | undefined)?.summary;
  const needsReview = summary?.needs_review ?? 0;
  const reviewing = filterValues?.status === 'needs_review';
  return (
    <>
      <PageHeader
        title={t('app.referrals.title')}
        badge={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Chip
              color="success"
              label={t('app.referrals.success_badge', { rate: formatPercent(summary?.success_rate ?? 0) })}
            />
            {needsReview > 0 || reviewing ? (
              // One click to the referrals waiting for a decision (the same filter as the Status menu).
              <Chip
                color="warning"
                variant={reviewing ? 'filled' : 'outlined'}
                aria-pressed={reviewing}
                label={t('app.referrals.needs_review_chip', { smart_count: needsReview, n: needsReview })}
                onClick={() =>
                  setFilters(
                    { ...filterValues, status: reviewing ? undefined : 'needs_review' },
                    displayedFilters,
                    false,
                  )
                }
              />
            ) : null}
          </Box>
        }
        actions={<ExportButton />}
      />
      <StatGrid columns={4}>
        <StatCard
          loading={isPending}
          label={t('app.referrals.tiles.total')}
          value={formatCount(summary?.total_referrals)}
          icon={<ShareIcon />}
        />
        <StatCard
          loading={isPending}
          label={t('app.referrals.tiles.successful')}
          value={formatCount(summary?.successful_referrals)}
          icon={<SuccessIcon />}
          color="success.main"
        />
        <StatCard
          loading={isPending}
          label={t('app.referrals.tiles.success_rate')}
          value={formatPercent(summary?.success_rate ?? 0)}
          icon={<RateIcon />}
          color="info.main"
        />
        <StatCard
          loading={isPending}
          label={t('app.referrals.tiles.revenue_impact')}
          value={formatPayout(summary?.total_referral_revenue)}
          icon={<RevenueIcon />}
          color="success.dark"
        />
      </StatGrid>
      {!isPending && <Funnel summary={summary} />}
      <FilterCard>
        <SearchFilter placeholder={t('app.referrals.search')} />
        <SelectFilter
          source="status"
          label={t('app.filters.status')}
          choices={translatedChoices(t, 'app.referrals.filter_status', [
            'all',
            'needs_review',
            'successful',
            'completed',
            'pending',
            'denied',
          ])}
        />
        <SelectFilter
          source="dateRange"
          label={t('app.filters.date_range')}
          choices={dateRangeChoices(t, REFERRAL_DATE_RANGES)}
        />
      </FilterCard>
      <ListTable
        loading={t('app.referrals.loading')}
        noun={t('app.referrals.noun')}
        emptyMessage={t('app.referrals.empty')}
      >
        <DataTable.Col
          label={t('app.referrals.columns.referrer')}
          disableSort
          render={(r: Row) => (
            <TwoLineCell
              bold
              primary={
                <RecordLink kind="member" id={r.referrer_user_id}>
                  {r.referrer_name || 'Unknown'}
                </RecordLink>
              }
              secondary={r.referrer_email}
            />
          )}
        />
        <DataTable.Col
          label={t('app.referrals.columns.referred')}
          disableSort
          render={(r: Row) => (
            <Box>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                <RecordLink kind="member" id={r.referred_user_id}>
                  {r.referred_name || 'Unknown'}
                </RecordLink>
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {r.referred_email}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('app.referrals.joined', { date: formatDate(r.registration_date) })}
              </Typography>
            </Box>
          )}
        />
        <DataTable.Col
          label={t('app.referrals.columns.progress')}
          disableSort
          render={(r: Row) => (
            <Box>
              <Typography variant="body2">
                {t('app.referrals.offers_completed', {
                  smart_count: r.referred_user_completions,
                  n: r.referred_user_completions,
                })}
              </Typography>
              {r.first_completion_date && (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {t('app.referrals.first_completion', { date: formatDateTime(r.first_completion_date) })}
                </Typography>
              )}
              {r.free_spins_granted > 0 && (
                <Chip
                  size="small"
                  color="success"
                  variant="outlined"
                  label={t('app.referrals.free_spin_granted')}
                />
              )}
              {r.same_device && (
                <Tooltip title={t('app.referrals.same_device_help')}>
                  <Chip
                    size="small"
                    color="warning"
                    label={t('app.referrals.same_device')}
                    sx={{ ml: 0.5 }}
                  />
                </Tooltip>
              )}
            </Box>
          )}
        />
        <DataTable.Col
          label={t('app.referrals.columns.status')}
          disableSort
          render={(r: Row) => (
            <Box>
              {r.needs_review ? (
                <Chip size="small" color="warning" label={t('app.referrals.status.needs_review')} />
              ) : (
                <Chip
                  size="small"
                  color={STATUS_COLORS[r.status] ?? 'default'}
                  label={t(`app.referrals.status.${r.status}`, { _: 'Unknown' })}
                />
              )}
              <ReferralDecisionNote referral={r} />
            </Box>
          )}
        />
        <DataTable.Col
          label={t('app.columns.actions')}
          {...actionsColumn}
          render={(r: Row) =>
            // Only a referral held as same-device waits for a decision; every other one is settled by
            // its friend's first completion.
            r.needs_review ? <ReferralDecisionButtons referral={r} /> : null
          }
        />
      </ListTable>
    </>
  );
}

/** /admin/referrals. */
export function ReferralList() {
  return (
    <ListBase
      resource="referrals"
      perPage={20}
      sort={{ field: 'registration_date', order: 'DESC' }}
      debounce={500}
      exporter={exporter}
    >
      <ReferralsView />
    </ListBase>
  );
}
