import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AdminVoucherRow } from '../../../shared/contract/admin/vouchers';
import { formatDate, formatDateTime, formatRupees } from '../../../shared/format';
import { DetailList } from '../components/detail-list';
import { assignmentLabel, VoucherStatusBadges } from './voucher-badges';
import { isPastExpiry } from './voucher-rules';

/** Voucher Details dialog. */
export function VoucherDetailsDialog({
  voucher,
  onClose,
}: {
  voucher: AdminVoucherRow;
  onClose: () => void;
}) {
  const t = useTranslate();
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="voucher-details-title">
      <DialogTitle id="voucher-details-title">{t('app.vouchers.details.title')}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ mb: 2, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="code" sx={{ fontFamily: 'monospace', fontSize: 20, fontWeight: 700 }}>
            {voucher.voucher_code}
          </Typography>
        </Box>
        <DetailList
          items={[
            [t('app.vouchers.details.code'), <code key="c">{voucher.voucher_code}</code>],
            [t('app.vouchers.details.brand'), voucher.voucher_brand || 'Unknown'],
            [t('app.vouchers.details.type'), voucher.voucher_type || 'Gift Card'],
            [t('app.vouchers.details.amount'), formatRupees(voucher.voucher_amount)],
            [t('app.vouchers.details.status'), <VoucherStatusBadges key="s" voucher={voucher} />],
            [
              t('app.vouchers.details.assignment_context'),
              <Chip
                key="a"
                size="small"
                variant="outlined"
                label={assignmentLabel(t, voucher.assignment_context)}
              />,
            ],
            [t('app.vouchers.details.created'), formatDateTime(voucher.created_at)],
            [t('app.vouchers.details.created_by'), voucher.created_by_username || 'Unknown'],
            [
              t('app.vouchers.details.expiry'),
              <Box key="e" component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                {voucher.expiry_date ? formatDate(voucher.expiry_date) : 'N/A'}
                {isPastExpiry(voucher) && (
                  <Chip size="small" color="error" label={t('app.vouchers.badge_expired')} />
                )}
              </Box>,
            ],
            [
              t('app.vouchers.details.assigned_at'),
              voucher.assigned_at ? formatDateTime(voucher.assigned_at) : 'N/A',
            ],
            [
              t('app.vouchers.details.assigned_to'),
              voucher.assigned_at || voucher.assigned_to_email ? (
                <Box key="u">
                  <div>{voucher.assigned_to_name || t('app.vouchers.details.unknown_user')}</div>
                  {voucher.assigned_to_email && (
                    <Typography variant="caption" color="text.secondary">
                      {voucher.assigned_to_email}
                    </Typography>
                  )}
                </Box>
              ) : (
                'N/A'
              ),
            ],
            [t('app.vouchers.details.description'), voucher.voucher_description || 'No description'],
            [t('app.vouchers.details.terms'), voucher.voucher_terms || 'N/A'],
          ]}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('app.actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
