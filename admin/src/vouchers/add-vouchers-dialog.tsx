import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useCreate, useTranslate } from 'react-admin';
import { VOUCHER_TYPES } from '../../../shared/constants';
import { serverErrorText } from '../http-client';
import {
  emptyVoucherForm,
  localDay,
  parseCodes,
  toVoucherRequest,
  validateVoucherForm,
  type VoucherFormValues,
} from './voucher-rules';

/**
 * Add New Vouchers dialog (docs/product-rules.md#admin-rules). Problems show in a red box at the top
 * of the form and the dialog stays open; on success the form resets and the page shows the alert.
 */
export function AddVouchersDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (created: number, duplicates: number) => void;
}) {
  const t = useTranslate();
  const [create] = useCreate();
  const [values, setValues] = useState<VoucherFormValues>(emptyVoucherForm);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const today = localDay();
  const count = parseCodes(values.codes).length;

  const set = (key: keyof VoucherFormValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const problem = validateVoucherForm(values, today);
    if (problem) {
      setError(t(problem));
      return;
    }
    setError(null);
    setSubmitting(true);
    create(
      'vouchers',
      { data: toVoucherRequest(values) },
      {
        onSuccess: (record) => {
          const created = Number((record as { created?: number }).created ?? 0);
          const duplicates = ((record as { duplicates?: unknown[] }).duplicates ?? []).length;
          setValues(emptyVoucherForm());
          setSubmitting(false);
          onCreated(created, duplicates);
        },
        onError: (e) => {
          const status = (e as { status?: number })?.status;
          setError(
            serverErrorText(e) ??
              (typeof status === 'number' && status > 0
                ? t('app.vouchers.add.errors.failed')
                : t('app.vouchers.add.errors.unknown')),
          );
          setSubmitting(false);
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={submitting ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="add-vouchers-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="add-vouchers-title">{t('app.vouchers.add.title')}</DialogTitle>
        <DialogContent dividers>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {error}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              label={t('app.vouchers.add.brand')}
              value={values.voucher_brand}
              onChange={set('voucher_brand')}
              required
              size="small"
              autoFocus
              name="voucher_brand"
            />
            <TextField
              select
              label={t('app.vouchers.add.type')}
              value={values.voucher_type}
              onChange={set('voucher_type')}
              size="small"
              name="voucher_type"
            >
              {VOUCHER_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {type}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('app.vouchers.add.amount')}
              type="number"
              value={values.voucher_amount}
              onChange={set('voucher_amount')}
              required
              size="small"
              name="voucher_amount"
              slotProps={{ htmlInput: { min: 1, step: 0.01 } }}
            />
            <TextField
              label={t('app.vouchers.add.expiry')}
              type="date"
              value={values.expiry_date}
              onChange={set('expiry_date')}
              required
              size="small"
              name="expiry_date"
              // Past days are disabled in the picker.
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
            />
            <TextField
              label={t('app.vouchers.add.codes')}
              value={values.codes}
              onChange={set('codes')}
              required
              multiline
              minRows={5}
              size="small"
              name="codes"
              helperText={t('app.vouchers.add.codes_help', { n: count })}
              sx={{ gridColumn: { sm: '1 / -1' }, '& textarea': { fontFamily: 'monospace' } }}
            />
            <TextField
              label={t('app.vouchers.add.description')}
              value={values.voucher_description}
              onChange={set('voucher_description')}
              size="small"
              multiline
              name="voucher_description"
            />
            <TextField
              label={t('app.vouchers.add.terms')}
              value={values.voucher_terms}
              onChange={set('voucher_terms')}
              size="small"
              multiline
              name="voucher_terms"
            />
          </Box>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            {t('app.vouchers.add.required_note')}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={submitting}>
            {t('app.actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={submitting}>
            {submitting ? t('app.vouchers.add.submitting') : t('app.vouchers.add.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
