import { Box, Chip } from '@mui/material';
import { useShowController, useTranslate } from 'react-admin';
import type { AdminOfferRow } from '../../../shared/contract/admin/offers';
import { formatDate, formatRupees } from '../../../shared/format';
import { ActivationSwitch } from '../components/activation-switch';
import { DetailList } from '../components/detail-list';
import { PageHeader } from '../components/page-header';
import { ErrorState, PageLoading } from '../components/page-states';
import { ListLink, RecordLink } from '../components/record-links';
import { categoryLabel, formatPayout, hostOf } from '../lib/format';
import { RecordCard } from '../records/record-card';
import { TimelineTable } from '../records/timeline-table';

type Row = AdminOfferRow & { id: number };

/**
 * /admin/offers/:id/show (issue 36): one offer, its network, its figures, the Active switch (confirmed,
 * with a reason) and its recent history: clicks, conversions, reversals, spins, claims, admin actions.
 */
export function OfferShow() {
  const t = useTranslate();
  const { record: offer, isPending, error, refetch } = useShowController<Row>();
  if (isPending) return <PageLoading message={t('app.offers.loading')} />;
  if (error || !offer)
    return <ErrorState error={error ?? t('app.records.not_found')} onRetry={() => refetch()} />;
  const title = offer.title || 'Untitled Offer';
  return (
    <Box sx={{ pb: 2 }}>
      <PageHeader
        title={title}
        badge={
          <Chip
            color={offer.is_active ? 'success' : 'default'}
            label={
              offer.is_active ? t('app.records.offer_page.active') : t('app.records.offer_page.inactive')
            }
          />
        }
        actions={
          <ActivationSwitch
            kind="offer"
            record={offer}
            id={offer.offer_id}
            name={title}
            isActive={offer.is_active}
          />
        }
      />
      <Box sx={{ display: 'grid', gap: 2, mb: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <RecordCard title={t('app.records.offer_page.title')}>
          <DetailList
            items={[
              [
                t('app.records.network'),
                offer.network_id ? (
                  <RecordLink key="n" kind="network" id={offer.network_id}>
                    {offer.network_name ?? `#${offer.network_id}`}
                  </RecordLink>
                ) : (
                  'native'
                ),
              ],
              ['ID', `${offer.offer_id} · ${offer.external_offer_id}`],
              [t('app.filters.category'), categoryLabel(offer.category)],
              [t('app.filters.model'), offer.model],
              ['URL', hostOf(offer.offer_url)],
              [t('app.columns.registered'), formatDate(offer.created_at)],
            ]}
          />
        </RecordCard>
        <RecordCard title={t('app.records.member_page.lists')}>
          <DetailList
            items={[
              [
                t('app.records.member_page.conversions'),
                <ListLink
                  key="c"
                  resource="conversions"
                  filter={{ offer: String(offer.offer_id), status: 'both' }}
                >
                  {String(offer.total_completions)}
                </ListLink>,
              ],
              [t('app.records.member'), String(offer.unique_users)],
              ['Revenue', `${formatPayout(offer.total_revenue)} · ${formatRupees(offer.revenue_inr)}`],
              [
                t('app.records.member_page.vouchers'),
                `${offer.rewards_won} · ${formatRupees(offer.voucher_cost)}`,
              ],
              [
                t('app.records.member_page.claims'),
                <ListLink
                  key="cl"
                  resource="claims"
                  filter={{ offer: String(offer.offer_id), status: 'all' }}
                >
                  {t('app.records.member_page.claims')}
                </ListLink>,
              ],
              [
                t('app.records.member_page.audit'),
                <ListLink
                  key="a"
                  resource="audit-log"
                  filter={{ target_type: 'offer', target_id: String(offer.offer_id) }}
                >
                  {t('app.records.member_page.audit')}
                </ListLink>,
              ],
            ]}
          />
        </RecordCard>
      </Box>
      <TimelineTable subject="offer" id={offer.offer_id} hide={['offer']} />
    </Box>
  );
}
