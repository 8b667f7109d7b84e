import { Avatar, Box, Chip, Stack, Typography } from '@mui/material';
import { useShowController, useTranslate } from 'react-admin';
import type { AdminUserRow } from '../../../shared/contract/admin/users';
import { formatDate, formatDateTime, initials } from '../../../shared/format';
import { DetailList } from '../components/detail-list';
import { PageHeader } from '../components/page-header';
import { ErrorState, PageLoading } from '../components/page-states';
import { ListLink } from '../components/record-links';
import { formatPayout, fullName, underscoreToSpace } from '../lib/format';
import { RecordCard } from '../records/record-card';
import { TimelineTable } from '../records/timeline-table';
import { RiskCard } from '../reviews/member-risk';
import { BlockToggleButton } from './block-buttons';
import { UserStatusBadge } from './user-status-badge';

type Row = AdminUserRow & { id: number };

/**
 * /admin/users/:id/show (issue 36): one member's page: profile, status with its history (blocks and
 * unblocks with their reasons), risk and linked accounts (issue 33: GET risk.php), links
 * to their rows in the other lists, and one timeline of everything that happened to them.
 */
export function UserShow() {
  const t = useTranslate();
  const { record: user, isPending, error, refetch } = useShowController<Row>();
  if (isPending) return <PageLoading message={t('app.users.loading')} />;
  if (error || !user)
    return <ErrorState error={error ?? t('app.records.not_found')} onRetry={() => refetch()} />;
  const name = fullName(user.first_name, user.last_name);
  return (
    <Box sx={{ pb: 2 }}>
      <PageHeader
        title={name}
        badge={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Avatar aria-hidden sx={{ width: 32, height: 32, fontSize: 13 }}>
              {initials(name)}
            </Avatar>
            <UserStatusBadge user={user} />
            <Chip size="small" variant="outlined" label={underscoreToSpace(user.user_category)} />
          </Stack>
        }
        subtitle={`${user.email} · ${t('app.records.member_page.registered', { date: formatDate(user.registration_date) })}`}
        actions={<BlockToggleButton user={user} variant="contained" fullLabel />}
      />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          mb: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
        }}
      >
        <RecordCard title={t('app.records.member_page.profile')}>
          <DetailList
            items={[
              [t('app.users.detail.offers_completed'), String(user.total_completions)],
              [t('app.users.detail.revenue_generated'), formatPayout(user.total_revenue_generated)],
              [t('app.users.detail.vouchers_won'), String(user.total_vouchers_won)],
              [
                t('app.users.detail.successful_referrals'),
                `${user.successful_referrals} / ${user.total_referrals}`,
              ],
              [t('app.users.detail.free_spins_remaining'), String(user.free_spins_remaining)],
              [
                t('app.users.detail.last_activity'),
                user.last_activity ? formatDateTime(user.last_activity) : 'N/A',
              ],
              ...(user.referred_by_code
                ? ([
                    [
                      t('app.users.detail.referred_by'),
                      `${user.referred_by_name ?? ''} (${user.referred_by_code})`.trim(),
                    ],
                  ] as [string, string][])
                : []),
            ]}
          />
        </RecordCard>
        <RecordCard title={t('app.records.member_page.status')}>
          <DetailList
            items={[
              [
                t('app.users.detail.status'),
                user.is_suspicious ? t('app.users.detail.blocked') : t('app.users.detail.active'),
              ],
              ...(user.held_at
                ? ([[t('app.users.detail.held'), formatDateTime(user.held_at)]] as [string, string][])
                : []),
              ...(user.clawbacks_count
                ? ([
                    [
                      t('app.users.detail.clawbacks'),
                      t('app.users.detail.clawbacks_value', {
                        n: user.clawbacks_count,
                        value: `₹${user.clawbacks_value}`,
                      }),
                    ],
                  ] as [string, string][])
                : []),
            ]}
          />
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
            {t('app.records.member_page.lists')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
            <ListLink resource="conversions" filter={{ search: user.email, status: 'both' }}>
              {t('app.records.member_page.conversions')}
            </ListLink>
            <ListLink resource="vouchers" filter={{ search: user.email }}>
              {t('app.records.member_page.vouchers')}
            </ListLink>
            <ListLink resource="referrals" filter={{ search: user.email }}>
              {t('app.records.member_page.referrals')}
            </ListLink>
            <ListLink resource="audit-log" filter={{ target_type: 'user', target_id: String(user.user_id) }}>
              {t('app.records.member_page.audit')}
            </ListLink>
          </Box>
        </RecordCard>
        <RiskCard userId={user.user_id} />
      </Box>
      <TimelineTable subject="member" id={user.user_id} hide={['member']} />
      {/* The status's history: blocks and unblocks with their reasons (also in the timeline above). */}
      <TimelineTable
        subject="member"
        id={user.user_id}
        kinds={['admin']}
        title={t('app.users.detail.admin_actions')}
        hide={['member', 'offer', 'click']}
      />
    </Box>
  );
}
