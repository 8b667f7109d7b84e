import { Box, Card, CardContent, Typography } from '@mui/material';
import { RecordContextProvider, useShowController, useTranslate } from 'react-admin';
import type { AdminPostbackRow } from '../../../shared/contract/admin/postbacks';
import { formatDateTime } from '../../../shared/format';
import { DetailList } from '../components/detail-list';
import { PageHeader } from '../components/page-header';
import { ErrorState, PageLoading } from '../components/page-states';
import { RecordLink } from '../components/record-links';
import { OutcomeChip } from './outcome-chip';
import { PostbackDetail, ReplayButton } from './postback-list';

type Row = AdminPostbackRow & { id: number };

/**
 * /admin/postbacks/:id/show (issue 36): one postback attempt: its network, the click it named (and so
 * the member), the outcome and why, the request as received (masked), Replay when refused.
 */
export function PostbackShow() {
  const t = useTranslate();
  const { record: p, isPending, error, refetch } = useShowController<Row>();
  if (isPending) return <PageLoading message={t('app.postbacks.loading')} />;
  if (error || !p)
    return <ErrorState error={error ?? t('app.records.not_found')} onRetry={() => refetch()} />;
  return (
    <Box sx={{ pb: 2 }}>
      <PageHeader
        title={`${t('app.records.kinds.postback')} #${p.postback_id}`}
        badge={<OutcomeChip outcome={p.outcome} status={p.status} />}
        actions={p.replayable ? <ReplayButton postback={p} /> : undefined}
      />
      <Card component="section" aria-label={t('app.records.kinds.postback')} sx={{ mb: 2 }}>
        <CardContent>
          <DetailList
            items={[
              [t('app.records.when'), formatDateTime(p.created_at)],
              [
                t('app.records.network'),
                <RecordLink key="n" kind="network" id={p.network_id}>
                  {p.network}
                </RecordLink>,
              ],
              [
                t('app.records.click'),
                p.click_id ? (
                  <RecordLink key="c" kind="click" id={p.click_id}>
                    {p.click_id}
                  </RecordLink>
                ) : (
                  '—'
                ),
              ],
              [t('app.postbacks.transaction'), p.transaction_id ?? '—'],
              [t('app.postbacks.status'), `${p.status ?? '—'} · HTTP ${p.http_status}`],
              [t('app.postbacks.columns.ip'), p.ip ?? '—'],
            ]}
          />
          <Typography variant="subtitle2" component="h2" sx={{ mt: 2, mb: 1 }}>
            {t('app.postbacks.detail.request')}
          </Typography>
          <RecordContextProvider value={p}>
            <PostbackDetail />
          </RecordContextProvider>
        </CardContent>
      </Card>
    </Box>
  );
}
