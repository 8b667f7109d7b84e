import { Box, Card, CardContent, CardHeader, Chip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useShowController, useTranslate } from 'react-admin';
import type { AdminClaimRow } from '../../../shared/contract/admin/claims';
import { formatDateTime } from '../../../shared/format';
import { DetailList } from '../components/detail-list';
import { PageHeader } from '../components/page-header';
import { ErrorState, PageLoading } from '../components/page-states';
import { RecordLink } from '../components/record-links';
import type { AdminDataProvider } from '../data-provider';
import { TimelineTable } from '../records/timeline-table';
import { ageOf, DecisionButtons } from './claim-list';

const STATUS_COLORS = { pending: 'warning', approved: 'success', rejected: 'error' } as const;

/**
 * /admin/claims/:id/show (issue 36): one claim with what it takes to decide it: the click and its
 * network, the postback attempts for that click, every click, postback attempt and conversion of that
 * member for that offer, the member's past claims and reversals, and Approve / Reject (with ready
 * reasons).
 */
export function ClaimShow() {
  const t = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { record: claim, isPending, error, refetch } = useShowController<AdminClaimRow & { id: number }>();
  const click = useQuery({
    queryKey: ['click', claim?.click_id],
    queryFn: () => dataProvider.getClick(claim!.click_id),
    enabled: !!claim,
  });
  if (isPending) return <PageLoading message={t('app.claims.loading')} />;
  if (error || !claim)
    return <ErrorState error={error ?? t('app.records.not_found')} onRetry={() => refetch()} />;
  return (
    <Box sx={{ pb: 2 }}>
      <PageHeader
        title={t('app.claims.page_title', { id: claim.claim_id })}
        badge={<Chip color={STATUS_COLORS[claim.status]} label={t(`app.claims.statuses.${claim.status}`)} />}
        actions={claim.status === 'pending' ? <DecisionButtons claim={claim} /> : undefined}
      />
      <Card component="section" aria-label={t('app.claims.facts')} sx={{ mb: 2 }}>
        <CardHeader title={t('app.claims.facts')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
        <CardContent sx={{ pt: 0 }}>
          <DetailList
            items={[
              [
                t('app.claims.filed'),
                `${formatDateTime(claim.created_at)}${claim.status === 'pending' ? ` (${t('app.claims.age', { age: ageOf(claim.created_at) })})` : ''}`,
              ],
              [
                t('app.records.member'),
                <RecordLink key="m" kind="member" id={claim.user_id}>
                  {`${claim.user_name || claim.user_email} (${claim.user_email})`}
                </RecordLink>,
              ],
              [
                t('app.records.offer'),
                <RecordLink key="o" kind="offer" id={claim.offer_id}>
                  {claim.offer_title}
                </RecordLink>,
              ],
              [
                t('app.records.click'),
                <RecordLink key="c" kind="click" id={claim.click_id}>
                  {`${claim.click_id} · ${formatDateTime(claim.clicked_at)}`}
                </RecordLink>,
              ],
              [
                t('app.records.network'),
                click.data?.network_id ? (
                  <RecordLink key="n" kind="network" id={click.data.network_id}>
                    {click.data.network_name ?? `#${click.data.network_id}`}
                  </RecordLink>
                ) : click.isPending ? (
                  '…'
                ) : click.data ? (
                  'native'
                ) : (
                  'N/A'
                ),
              ],
              [t('app.claims.note'), claim.note || '—'],
              ...(claim.reject_reason
                ? ([[t('app.claims.reason'), claim.reject_reason]] as [string, string][])
                : []),
              ...(claim.decided_at
                ? ([
                    [
                      t('app.claims.columns.status'),
                      t('app.claims.decided', {
                        at: formatDateTime(claim.decided_at),
                        by: claim.decided_by ?? '—',
                      }),
                    ],
                  ] as [string, string][])
                : []),
            ]}
          />
          {claim.completion_id && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {`#${claim.completion_id}`}
            </Typography>
          )}
        </CardContent>
      </Card>
      <TimelineTable
        subject="click"
        id={claim.click_id}
        title={t('app.claims.click_history')}
        hide={['member', 'click']}
      />
      <TimelineTable
        subject="member"
        id={claim.user_id}
        offer={claim.offer_id}
        kinds={['click', 'postback', 'conversion']}
        title={t('app.claims.member_offer_attempts')}
        hide={['member', 'offer']}
      />
      <TimelineTable
        subject="member"
        id={claim.user_id}
        kinds={['claim', 'reversal']}
        title={t('app.claims.member_history')}
        hide={['member']}
      />
    </Box>
  );
}
