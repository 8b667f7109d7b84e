import { Box, Button, Chip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { Link as RouterLink } from 'react-router-dom';
import { useBasename, useShowController, useTranslate } from 'react-admin';
import type { AdminNetworkRow } from '../../../shared/contract/admin/networks';
import { formatDateTime } from '../../../shared/format';
import { ActivationSwitch } from '../components/activation-switch';
import { DetailList } from '../components/detail-list';
import { PageHeader } from '../components/page-header';
import { ErrorState, PageLoading } from '../components/page-states';
import { ListLink } from '../components/record-links';
import { RecordCard } from '../records/record-card';
import { TimelineTable } from '../records/timeline-table';

type Row = AdminNetworkRow & { id: number };

/**
 * /admin/networks/:id/show (issue 36): one partner network, its Active switch (confirmed, with a
 * reason), and its recent history: postback attempts (each linked to its click and member) and
 * administrators' changes.
 */
export function NetworkShow() {
  const t = useTranslate();
  const basename = useBasename();
  const { record: network, isPending, error, refetch } = useShowController<Row>();
  if (isPending) return <PageLoading message={t('app.networks.loading')} />;
  if (error || !network)
    return <ErrorState error={error ?? t('app.records.not_found')} onRetry={() => refetch()} />;
  return (
    <Box sx={{ pb: 2 }}>
      <PageHeader
        title={network.name}
        badge={
          <Chip
            color={network.is_active ? 'success' : 'default'}
            label={
              network.is_active ? t('app.records.offer_page.active') : t('app.records.offer_page.inactive')
            }
          />
        }
        actions={
          <>
            <ActivationSwitch
              kind="network"
              record={network}
              id={network.network_id}
              name={network.name}
              isActive={network.is_active}
            />
            <Button
              component={RouterLink}
              to={`${basename}/networks/${network.network_id}`}
              variant="outlined"
              startIcon={<EditIcon />}
            >
              {t('app.records.network_page.edit')}
            </Button>
          </>
        }
      />
      <Box sx={{ mb: 2 }}>
        <RecordCard title={t('app.records.network_page.title')}>
          <DetailList
            items={[
              ['Slug', network.slug],
              ['Preset', network.preset],
              ['Postback URL', network.postback_url],
              [
                t('app.records.offer'),
                <ListLink key="o" resource="offers" filter={{ network_id: String(network.network_id) }}>
                  {String(network.offers_count)}
                </ListLink>,
              ],
              [
                t('app.records.network_page.postbacks'),
                <ListLink key="p" resource="postbacks" filter={{ network_id: String(network.network_id) }}>
                  {`${network.postbacks_24h.accepted} / ${network.postbacks_24h.refused} (24 h)`}
                </ListLink>,
              ],
              ['Last postback', network.last_postback_at ? formatDateTime(network.last_postback_at) : 'N/A'],
            ]}
          />
        </RecordCard>
      </Box>
      <TimelineTable subject="network" id={network.network_id} />
    </Box>
  );
}
