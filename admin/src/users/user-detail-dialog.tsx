import {
  Alert,
  Avatar,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { AdminUserRow } from '../../../shared/contract/admin/users';
import { formatDateTime, formatRupees, initials } from '../../../shared/format';
import { DetailList } from '../components/detail-list';
import { StatCard } from '../components/stat-card';
import { formatCount, formatPayout, fullName, underscoreToSpace } from '../lib/format';
import { BlockToggleButton } from './block-buttons';
import { UserStatusBadge } from './user-status-badge';

/** The user-detail dialog: four stat cards and the Profile, Activity and Admin Actions tabs. */
export function UserDetailDialog({ user, onClose }: { user: AdminUserRow | null; onClose: () => void }) {
  const t = useTranslate();
  const [tab, setTab] = useState(0);
  if (!user) return null;
  const name = fullName(user.first_name, user.last_name);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="user-detail-title">
      <DialogTitle id="user-detail-title" sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>{initials(name)}</Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="span" sx={{ display: 'block' }}>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {user.email}
          </Typography>
        </Box>
        <UserStatusBadge user={user} />
      </DialogTitle>
      <DialogContent dividers>
        {user.held_at && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            <strong>{t('app.users.detail.held')}</strong>
            {` · ${t('app.users.detail.held_since', { date: formatDateTime(user.held_at) })}`}
          </Alert>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
            mb: 2,
          }}
        >
          <StatCard
            label={t('app.users.detail.offers_completed')}
            value={formatCount(user.total_completions)}
          />
          <StatCard label={t('app.users.detail.vouchers_won')} value={formatCount(user.total_vouchers_won)} />
          <StatCard
            label={t('app.users.detail.successful_referrals')}
            value={formatCount(user.successful_referrals)}
          />
          <StatCard
            label={t('app.users.detail.revenue_generated')}
            value={formatPayout(user.total_revenue_generated)}
          />
        </Box>
        <Tabs
          value={tab}
          onChange={(_e, v: number) => setTab(v)}
          aria-label={t('app.users.detail.tabs')}
          variant="scrollable"
        >
          <Tab label={t('app.users.detail.profile')} id="user-tab-0" aria-controls="user-panel-0" />
          <Tab label={t('app.users.detail.activity')} id="user-tab-1" aria-controls="user-panel-1" />
          <Tab label={t('app.users.detail.admin_actions')} id="user-tab-2" aria-controls="user-panel-2" />
        </Tabs>
        <Box role="tabpanel" id={`user-panel-${tab}`} aria-labelledby={`user-tab-${tab}`} sx={{ pt: 2 }}>
          {tab === 0 && (
            <DetailList
              items={[
                [t('app.users.detail.full_name'), name],
                [t('app.users.detail.email'), user.email],
                [t('app.users.detail.registration_date'), formatDateTime(user.registration_date)],
                [t('app.users.detail.user_category'), underscoreToSpace(user.user_category)],
                [
                  t('app.users.detail.status'),
                  user.is_suspicious ? t('app.users.detail.blocked') : t('app.users.detail.active'),
                ],
                ...(user.referred_by_code
                  ? ([
                      [
                        t('app.users.detail.referred_by'),
                        `${user.referred_by_code}${user.referred_by_name ? ` (${user.referred_by_name})` : ''}`,
                      ],
                    ] as [string, string][])
                  : []),
              ]}
            />
          )}
          {tab === 1 && (
            <DetailList
              items={[
                [t('app.users.detail.total_completions'), formatCount(user.total_completions)],
                [t('app.users.detail.free_spins_remaining'), formatCount(user.free_spins_remaining)],
                [t('app.users.detail.vouchers_won'), formatCount(user.total_vouchers_won)],
                [t('app.users.detail.total_referrals'), formatCount(user.total_referrals)],
                [
                  t('app.users.detail.clawbacks'),
                  t('app.users.detail.clawbacks_value', {
                    n: formatCount(user.clawbacks_count),
                    value: formatRupees(user.clawbacks_value),
                  }),
                ],
                ...(user.last_activity
                  ? ([[t('app.users.detail.last_activity'), formatDateTime(user.last_activity)]] as [
                      string,
                      string,
                    ][])
                  : []),
              ]}
            />
          )}
          {tab === 2 && (
            <Box>
              <Alert severity={user.is_suspicious ? 'warning' : 'info'} sx={{ mb: 2 }}>
                {t('app.users.detail.block_explanation')}
              </Alert>
              <BlockToggleButton user={user} variant="contained" fullLabel />
            </Box>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app.actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
