import { Box, Button, Chip, Typography } from '@mui/material';
import { BulkActionsToolbar, DataTable, ListBase, useListContext, useTranslate } from 'react-admin';
import type { AdminReviewRow, AdminReviewsResponse } from '../../../shared/contract/admin/reviews';
import { HOLD_STATUSES, RISK_LEVELS } from './constants';
import { formatDateTime } from '../../../shared/format';
import { ageOf } from '../claims/claim-list';
import { FilterCard } from '../components/filter-card';
import { SelectFilter, SortSelect } from '../components/filters';
import { actionsColumn, ListTable } from '../components/list-shell';
import { PageHeader } from '../components/page-header';
import { RecordLink } from '../components/record-links';
import { sortChoices, translatedChoices, withAll } from '../lib/choices';
import { formatCount, formatPayout } from '../lib/format';
import { BulkReviewButtons, ReviewDecisionButtons } from './review-decision';
import { LevelChip, ReasonList } from './risk-bits';

type Row = AdminReviewRow & { id: number };

const STATUS_COLORS = { held: 'warning', released: 'success', denied: 'error' } as const;

/** The status of a hold in words (a chip): 'Waiting', 'Approved', 'Denied'. */
export function HoldStatusChip({ hold }: { hold: AdminReviewRow }) {
  const t = useTranslate();
  return (
    <Chip size="small" color={STATUS_COLORS[hold.status]} label={t(`app.reviews.statuses.${hold.status}`)} />
  );
}

/** When it was held and how long it has waited; a medium one's release time; a decided one's decision. */
export function HeldCell({ hold }: { hold: AdminReviewRow }) {
  const t = useTranslate();
  return (
    <Box sx={{ minWidth: 120, maxWidth: 180 }}>
      <Typography variant="caption" sx={{ display: 'block' }}>
        {t('app.reviews.held_at', { at: formatDateTime(hold.created_at) })}
      </Typography>
      {hold.status === 'held' ? (
        <>
          <Typography variant="caption" sx={{ display: 'block', color: 'warning.dark', fontWeight: 600 }}>
            {t('app.reviews.held_for', { age: ageOf(hold.created_at) })}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {hold.release_at
              ? t('app.reviews.release_at', { at: formatDateTime(hold.release_at) })
              : t('app.reviews.waits_for_review')}
          </Typography>
        </>
      ) : (
        <Box sx={{ mt: 0.5 }}>
          <HoldStatusChip hold={hold} />
          {hold.decided_at && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {t('app.reviews.decided', {
                at: formatDateTime(hold.decided_at),
                by: hold.decided_by ?? '—',
              }).trim()}
            </Typography>
          )}
          {hold.deny_category && (
            <Typography variant="caption" sx={{ display: 'block' }}>
              {t(`app.reviews.categories.${hold.deny_category}`)}
            </Typography>
          )}
          {hold.note && (
            <Typography
              variant="caption"
              color="text.secondary"
              sx={{ display: 'block', overflowWrap: 'anywhere' }}
            >
              {hold.note}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}

/** The reward held: its kind, offer, network and payout. */
export function RewardCell({ hold }: { hold: AdminReviewRow }) {
  const t = useTranslate();
  return (
    <Box sx={{ minWidth: 140, maxWidth: 200 }}>
      <Chip size="small" variant="outlined" label={t(`app.reviews.kinds.${hold.kind}`)} sx={{ mb: 0.5 }} />
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {hold.offer_id !== null ? (
          <RecordLink kind="offer" id={hold.offer_id}>
            {hold.offer_title ?? `#${hold.offer_id}`}
          </RecordLink>
        ) : (
          t('app.reviews.no_offer')
        )}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {t('app.reviews.network', { name: hold.network_name ?? t('app.reviews.native') })}
        {hold.payout !== null ? ` · ${t('app.reviews.payout', { amount: formatPayout(hold.payout) })}` : ''}
      </Typography>
    </Box>
  );
}

function ReviewsView() {
  const t = useTranslate();
  const { meta, filterValues, setFilters, displayedFilters } = useListContext<Row>();
  const m = meta as Partial<AdminReviewsResponse> | undefined;
  const userFilter = filterValues?.user_id as string | number | undefined;
  const statusChoices = translatedChoices(t, 'app.reviews.statuses', [...HOLD_STATUSES, 'every']);
  const filtered = Boolean(filterValues?.level || userFilter || (filterValues?.status ?? 'held') !== 'held');
  const subtitle = [
    t('app.reviews.subtitle'),
    m?.waiting !== undefined ? t('app.reviews.waiting_count', { n: formatCount(m.waiting) }) : null,
    m?.oldest_waiting_at ? t('app.reviews.oldest', { age: ageOf(m.oldest_waiting_at) }) : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <PageHeader title={t('app.reviews.title')} subtitle={subtitle} />
      <FilterCard>
        <SelectFilter source="status" label={t('app.reviews.status')} choices={statusChoices} />
        <SelectFilter
          source="level"
          label={t('app.reviews.level')}
          choices={withAll(t('app.reviews.all_levels'), translatedChoices(t, 'app.risk.levels', RISK_LEVELS))}
        />
        <SortSelect
          label={t('app.reviews.sort')}
          choices={sortChoices(t, 'app.reviews.sorts', [
            ['riskiest', 'score', 'DESC'],
            ['newest', 'created_at', 'DESC'],
            ['oldest', 'created_at', 'ASC'],
          ])}
        />
        {userFilter !== undefined && userFilter !== '' && (
          <Box
            role="group"
            aria-label={t('app.reviews.member_filter', { id: userFilter })}
            sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Chip color="primary" label={t('app.reviews.member_filter', { id: userFilter })} />
            <Button
              size="small"
              onClick={() => {
                const { user_id: _drop, ...rest } = filterValues;
                setFilters(rest, displayedFilters, false);
              }}
            >
              {t('app.reviews.clear_member_filter')}
            </Button>
          </Box>
        )}
      </FilterCard>
      <ListTable<Row>
        loading={t('app.reviews.loading')}
        noun={t('app.reviews.noun')}
        emptyMessage={filtered ? t('app.reviews.empty_filtered') : t('app.reviews.empty')}
        bulkActionButtons={<BulkReviewButtons />}
        bulkActionsToolbar={
          <BulkActionsToolbar selectAllButton={false} label="app.reviews.selected">
            <BulkReviewButtons />
          </BulkActionsToolbar>
        }
        isRowSelectable={(r: Row) => r.status === 'held'}
      >
        <DataTable.Col
          label={t('app.reviews.columns.member')}
          disableSort
          render={(h: Row) => (
            <Box sx={{ minWidth: 130, maxWidth: 190 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                <RecordLink kind="member" id={h.user_id}>
                  {h.user_name || h.user_email}
                </RecordLink>
              </Typography>
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ display: 'block', overflowWrap: 'anywhere' }}
              >
                {h.user_email}
              </Typography>
              <Typography variant="caption" sx={{ display: 'block' }}>
                <RecordLink kind="review" id={h.hold_id} label={t('app.reviews.open', { id: h.hold_id })}>
                  {t('app.reviews.hold', { id: h.hold_id })}
                </RecordLink>
              </Typography>
            </Box>
          )}
        />
        <DataTable.Col
          label={t('app.reviews.columns.reward')}
          disableSort
          render={(h: Row) => <RewardCell hold={h} />}
        />
        <DataTable.Col
          label={t('app.reviews.columns.risk')}
          source="score"
          sortByOrder="DESC"
          render={(h: Row) => (
            <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
              <LevelChip level={h.level} score={h.score} />
              <HeldCell hold={h} />
            </Box>
          )}
        />
        <DataTable.Col
          label={t('app.reviews.columns.reasons')}
          disableSort
          render={(h: Row) => (
            <ReasonList
              compact
              reasons={h.reasons}
              label={`${t('app.reviews.columns.reasons')}: ${t('app.reviews.hold', { id: h.hold_id })}`}
            />
          )}
        />
        <DataTable.Col
          label={t('app.columns.actions')}
          {...actionsColumn}
          render={(h: Row) => (h.status === 'held' ? <ReviewDecisionButtons hold={h} /> : null)}
        />
      </ListTable>
    </>
  );
}

/** /admin/reviews: rewards held by risk, riskiest first, waiting ones by default, 20 a page (issue 33). */
export function ReviewList() {
  return (
    <ListBase
      resource="reviews"
      perPage={20}
      sort={{ field: 'score', order: 'DESC' }}
      filterDefaultValues={{ status: 'held' }}
    >
      <ReviewsView />
    </ListBase>
  );
}
