import { Box, Chip } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { formatDateTime } from '../../../shared/format';
import { DetailList } from '../components/detail-list';
import { PageHeader } from '../components/page-header';
import { ErrorState, PageLoading } from '../components/page-states';
import { RecordLink } from '../components/record-links';
import type { AdminDataProvider } from '../data-provider';
import { RecordCard } from '../records/record-card';
import { TimelineTable } from '../records/timeline-table';

/**
 * /admin/clicks/:id/show (issue 36): one click (the id the member app made when the member started
 * the offer): who, which offer and network, from where, its conversion, and its history: the postback
 * attempts that named it (each linked to its log entry), the conversion, any claim.
 */
export function ClickShow() {
  const t = useTranslate();
  const { id = '' } = useParams();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const {
    data: click,
    isPending,
    error,
    refetch,
  } = useQuery({
    queryKey: ['click', id],
    queryFn: () => dataProvider.getClick(id),
  });
  if (isPending) return <PageLoading message={t('app.records.timeline_loading')} />;
  if (error || !click)
    return <ErrorState error={error ?? t('app.records.not_found')} onRetry={() => refetch()} />;
  return (
    <Box sx={{ pb: 2 }}>
      <PageHeader
        title={`${t('app.records.click_page.title')} ${click.click_id}`}
        badge={
          <Chip
            color={
              click.completion_status === 'approved'
                ? 'success'
                : click.completion_status
                  ? 'warning'
                  : 'default'
            }
            label={click.completion_status ?? t('app.records.click_page.no_conversion')}
          />
        }
      />
      <Box sx={{ mb: 2 }}>
        <RecordCard title={t('app.records.click_page.title')}>
          <DetailList
            items={[
              [
                t('app.records.member'),
                <RecordLink key="m" kind="member" id={click.user_id}>
                  {`${click.user_name} (${click.user_email})`}
                </RecordLink>,
              ],
              [
                t('app.records.offer'),
                <RecordLink key="o" kind="offer" id={click.offer_id}>
                  {click.offer_title}
                </RecordLink>,
              ],
              [
                t('app.records.network'),
                click.network_id ? (
                  <RecordLink key="n" kind="network" id={click.network_id}>
                    {click.network_name ?? `#${click.network_id}`}
                  </RecordLink>
                ) : (
                  'native'
                ),
              ],
              [t('app.records.click_page.clicked_at'), formatDateTime(click.created_at)],
              [t('app.records.click_page.ip'), click.ip ?? 'N/A'],
              [t('app.records.click_page.user_agent'), click.user_agent ?? 'N/A'],
              [
                t('app.records.click_page.conversion'),
                click.completion_id
                  ? `#${click.completion_id} · ${click.completion_status}`
                  : t('app.records.click_page.no_conversion'),
              ],
              [t('app.records.click_page.attempts'), String(click.postback_count)],
            ]}
          />
        </RecordCard>
      </Box>
      <TimelineTable subject="click" id={click.click_id} hide={['member', 'click']} />
    </Box>
  );
}
