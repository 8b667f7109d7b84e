import {
  Alert,
  Autocomplete,
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
/** The codes a batch repeats, each once, in input order (named under the duplicates error). */
export function repeatedCodes(codes: string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const c of codes) (seen.has(c) ? repeated : seen).add(c);
  return [...repeated];
}

export function AddVouchersDialog({
  onClose,
  onCreated,
  brands = [],
}: {
  onClose: () => void;
  onCreated: (created: number, duplicates: number) => void;
  /** Brands already in stock, suggested as the brand is typed (a new brand is still allowed). */
  brands?: string[];
}) {
  const t = useTranslate();
  const [create] = useCreate();
  const [values, setValues] = useState<VoucherFormValues>(emptyVoucherForm);
  const [error, setError] = useState<string | null>(null);
  // The values the error is about (issue 36): the repeated codes, from the form or the server.
  const [errorCodes, setErrorCodes] = useState<string[]>([]);
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
      setErrorCodes(
        problem === 'app.vouchers.add.errors.duplicates' ? repeatedCodes(parseCodes(values.codes)) : [],
      );
      return;
    }
    setError(null);
    setErrorCodes([]);
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
          const codes = (e as { body?: { codes?: unknown } } | null)?.body?.codes;
          setErrorCodes(Array.isArray(codes) ? codes.map(String) : []);
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
              {errorCodes.length > 0 && (
                <Box component="span" sx={{ display: 'block', mt: 0.5, overflowWrap: 'anywhere' }}>
                  {t('app.vouchers.add.repeated_codes', {
                    smart_count: errorCodes.length,
                    codes: errorCodes.join(', '),
                  })}
                </Box>
              )}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {/* The brand suggests the brands in stock as it is typed (a typo no longer starts a new brand
                unnoticed); any other text is still a new brand (MUI Autocomplete, freeSolo). */}
            <Autocomplete
              freeSolo
              options={brands}
              inputValue={values.voucher_brand}
              onInputChange={(_, value) => setValues((v) => ({ ...v, voucher_brand: value }))}
              size="small"
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('app.vouchers.add.brand')}
                  required
                  autoFocus
                  name="voucher_brand"
                  helperText={brands.length > 0 ? t('app.vouchers.add.brand_help') : undefined}
                />
              )}
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
