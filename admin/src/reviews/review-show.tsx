import { Box, Stack } from '@mui/material';
import { useShowController, useTranslate } from 'react-admin';
import type { AdminReviewRow } from '../../../shared/contract/admin/reviews';
import { formatDateTime } from '../../../shared/format';
import { ageOf } from '../claims/claim-list';
import { DetailList } from '../components/detail-list';
import { PageHeader } from '../components/page-header';
import { ErrorState, PageLoading } from '../components/page-states';
import { RecordLink } from '../components/record-links';
import { formatPayout } from '../lib/format';
import { RecordCard } from '../records/record-card';
import { MemberRiskDetails } from './member-risk';
import { ReviewDecisionButtons } from './review-decision';
import { HoldStatusChip } from './review-list';
import { LevelChip, ReasonList } from './risk-bits';

/**
 * /admin/reviews/:id/show (issue 33): one held reward with what it takes to decide it: its reasons,
 * the member's risk, linked accounts, referral tree and sightings, and Approve / Deny / Approve all.
 */
export function ReviewShow() {
  const t = useTranslate();
  const { record: hold, isPending, error, refetch } = useShowController<AdminReviewRow & { id: number }>();
  if (isPending) return <PageLoading message={t('app.reviews.loading')} />;
  if (error || !hold)
    return <ErrorState error={error ?? t('app.records.not_found')} onRetry={() => refetch()} />;
  const decided: [string, string][] = hold.decided_at
    ? [
        [
          t('app.reviews.status'),
          `${t(`app.reviews.statuses.${hold.status}`)} ${t('app.reviews.decided', {
            at: formatDateTime(hold.decided_at),
            by: hold.decided_by ?? '—',
          }).trim()}`,
        ],
        ...(hold.deny_category
          ? ([[t('app.reviews.category'), t(`app.reviews.categories.${hold.deny_category}`)]] as [
              string,
              string,
            ][])
          : []),
        ...(hold.note ? ([[t('app.reviews.note'), hold.note]] as [string, string][]) : []),
      ]
    : [];
  return (
    <Box sx={{ pb: 2 }}>
      <PageHeader
        title={t('app.reviews.page_title', { id: hold.hold_id })}
        badge={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <LevelChip level={hold.level} score={hold.score} size="medium" />
            <HoldStatusChip hold={hold} />
          </Stack>
        }
        actions={hold.status === 'held' ? <ReviewDecisionButtons hold={hold} inline /> : undefined}
      />
      <Box sx={{ display: 'grid', gap: 2, mb: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
        <RecordCard title={t('app.reviews.facts')}>
          <DetailList
            items={[
              [
                t('app.records.member'),
                <RecordLink key="m" kind="member" id={hold.user_id}>
                  {`${hold.user_name || hold.user_email} (${hold.user_email})`}
                </RecordLink>,
              ],
              [t('app.reviews.kind'), t(`app.reviews.kinds.${hold.kind}`)],
              [
                t('app.records.offer'),
                hold.offer_id !== null ? (
                  <RecordLink key="o" kind="offer" id={hold.offer_id}>
                    {hold.offer_title ?? `#${hold.offer_id}`}
                  </RecordLink>
                ) : (
                  t('app.reviews.no_offer')
                ),
              ],
              [t('app.records.network'), hold.network_name ?? t('app.reviews.native')],
              [t('app.columns.payout'), hold.payout !== null ? formatPayout(hold.payout) : '—'],
              [
                t('app.reviews.columns.held'),
                `${formatDateTime(hold.created_at)}${hold.status === 'held' ? ` (${t('app.reviews.held_for', { age: ageOf(hold.created_at) })})` : ''}`,
              ],
              ...(hold.status === 'held'
                ? ([
                    [
                      t('app.reviews.release'),
                      hold.release_at
                        ? t('app.reviews.release_at', { at: formatDateTime(hold.release_at) })
                        : t('app.reviews.waits_for_review'),
                    ],
                  ] as [string, string][])
                : []),
              ...decided,
            ]}
          />
          <Box sx={{ mt: 2 }}>
            <RecordLink kind="member" id={hold.user_id}>
              {t('app.reviews.timeline')}
            </RecordLink>
          </Box>
        </RecordCard>
        <RecordCard title={t('app.reviews.reasons_title')}>
          <ReasonList reasons={hold.reasons} label={t('app.reviews.reasons_title')} />
        </RecordCard>
      </Box>
      <MemberRiskDetails userId={hold.user_id} />
    </Box>
  );
}
