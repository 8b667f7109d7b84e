import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { AdminConversionRow } from '../../../shared/contract/admin/conversions';
import { formatDate, formatDateTime, formatRupees } from '../../../shared/format';
import { DetailList } from '../components/detail-list';
import { categoryLabel, formatPayout, fullName } from '../lib/format';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Conversion details: user, referral, offer and conversion, reward, additional info. */
export function ConversionDetailsDialog({
  conversion: c,
  onClose,
}: {
  conversion: AdminConversionRow;
  onClose: () => void;
}) {
  const t = useTranslate();
  const yes = (v: boolean) => (v ? t('app.yes') : t('app.no'));
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="conversion-details-title">
      <DialogTitle id="conversion-details-title">{t('app.conversions.details.title')}</DialogTitle>
      <DialogContent dividers>
        {c.status === 'reversed' && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {[
              t('app.conversions.details.reversed', {
                date: c.reversed_at ? formatDateTime(c.reversed_at) : '—',
              }),
              c.reversal_reason,
              Number(c.clawback_value) > 0
                ? t('app.conversions.clawback', { value: formatRupees(c.clawback_value) })
                : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Part title={t('app.conversions.details.user')}>
            <DetailList
              items={[
                [t('app.conversions.details.name'), fullName(c.first_name, c.last_name)],
                [t('app.conversions.details.email'), c.email],
                [t('app.conversions.details.user_id'), c.user_id],
                [t('app.conversions.details.registration_method'), c.registration_method],
                [t('app.conversions.details.user_source'), c.user_source],
              ]}
            />
          </Part>
          <Part title={t('app.conversions.details.referral')}>
            <DetailList
              items={[
                [t('app.conversions.details.referral_code'), c.referral_code || 'N/A'],
                [t('app.conversions.details.referred_by'), c.referred_by_code || 'N/A'],
                [t('app.conversions.details.referrer'), c.referrer_info || 'N/A'],
                [t('app.conversions.details.first_completion'), yes(c.is_first_completion)],
              ]}
            />
          </Part>
          <Part title={t('app.conversions.details.offer')}>
            <DetailList
              items={[
                [t('app.conversions.details.offer_title'), c.title || 'Untitled Offer'],
                [t('app.conversions.details.category'), categoryLabel(c.category)],
                [t('app.conversions.details.external_id'), c.external_offer_id || 'N/A'],
                [t('app.conversions.details.payout'), formatPayout(c.payout_amount, c.payout_currency)],
                [t('app.conversions.details.completed_at'), formatDateTime(c.completed_at)],
              ]}
            />
          </Part>
          <Part title={t('app.conversions.details.reward')}>
            <DetailList
              items={[
                [t('app.conversions.details.spinner_used'), yes(c.spinner_used)],
                [t('app.conversions.details.voucher_won'), yes(c.voucher_won)],
                ...(c.voucher_won
                  ? ([
                      [
                        t('app.conversions.details.voucher'),
                        `${c.voucher_brand ?? 'Unknown'} ${formatRupees(c.voucher_amount)}`,
                      ],
                      [t('app.conversions.details.voucher_code'), c.voucher_code ?? 'N/A'],
                      [t('app.conversions.details.voucher_type'), c.voucher_type || 'Gift Card'],
                      [t('app.conversions.details.voucher_status'), c.voucher_status ?? 'N/A'],
                      [
                        t('app.conversions.details.voucher_expiry'),
                        c.voucher_expiry ? formatDate(c.voucher_expiry) : 'N/A',
                      ],
                    ] as [string, string][])
                  : []),
                [t('app.conversions.details.reward_type'), c.reward_type],
              ]}
            />
          </Part>
        </Box>
        <Part title={t('app.conversions.details.additional')}>
          <DetailList
            items={[
              [t('app.conversions.details.completion_id'), c.completion_id],
              [t('app.conversions.details.completion_type'), c.completion_type || 'N/A'],
              [t('app.conversions.details.referral_reward_processed'), yes(c.referral_reward_processed)],
            ]}
          />
        </Part>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app.actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
