import { Box, Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AdminVoucherRow } from '../../../shared/contract/admin/vouchers';
import { expiryBadge } from './voucher-rules';

const STATUS_COLORS = { available: 'success', assigned: 'info', used: 'default', expired: 'error' } as const;

export function VoucherStatusBadges({ voucher }: { voucher: AdminVoucherRow }) {
  const t = useTranslate();
  const extra = expiryBadge(voucher);
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      <Chip
        size="small"
        color={STATUS_COLORS[voucher.status] ?? 'default'}
        label={t(`app.vouchers.status.${voucher.status}`, { _: voucher.status })}
      />
      {extra === 'expired' && (
        <Chip size="small" color="error" variant="outlined" label={t('app.vouchers.badge_expired')} />
      )}
      {extra === 'expiring_soon' && (
        <Chip size="small" color="warning" label={t('app.vouchers.badge_expiring_soon')} />
      )}
    </Box>
  );
}

/** Assignment context labels ('Free Spin (Referral)', 'Offer Completion', 'Admin Assigned'). */
export function assignmentLabel(t: (k: string, o?: object) => string, context: string | null): string {
  if (!context) return t('app.vouchers.details.not_assigned');
  return t(`app.vouchers.context.${context}`, { _: context });
}
