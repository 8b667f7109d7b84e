import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useMemo, useState, type FormEvent } from 'react';
import { useCreate, useGetList, useNotify, useRefresh, useTranslate, useUpdate } from 'react-admin';
import type { AdminNetworkRow } from '../../../shared/contract/admin/networks';
import type { AdminOfferRow } from '../../../shared/contract/admin/offers';
import { OFFER_CATEGORIES, OFFER_MODELS, OFFER_TARGETING } from '../../../shared/constants';
import { serverErrorText } from '../http-client';
import { categoryLabel } from '../lib/format';
import {
  emptyOfferForm,
  generateExternalId,
  isReelTotalValid,
  offerToForm,
  toCreateRequest,
  toEditRequest,
  unstockedAmounts,
  validateOffer,
  type OfferFieldErrors,
  type OfferFormValues,
} from './offer-form';
import { ReelEditor } from './reel-editor';
import { useAttention } from '../dashboard/use-attention';
import { formatRupees } from '../../../shared/format';
import { prizeText } from '../i18n/en-prizes';

/** Add Offer (offer null) and Edit Offer dialogs; the rules are in offer-form.ts. */
export function OfferFormDialog({ offer, onClose }: { offer: AdminOfferRow | null; onClose: () => void }) {
  const t = useTranslate();
  const networks = useGetList<AdminNetworkRow & { id: number }>('networks', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const notify = useNotify();
  const refresh = useRefresh();
  const [create] = useCreate();
  const [update] = useUpdate();
  const mode = offer ? 'edit' : 'create';
  const [values, setValues] = useState<OfferFormValues>(() =>
    offer ? offerToForm(offer) : emptyOfferForm(),
  );
  const [errors, setErrors] = useState<OfferFieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  // The id follows the title until the admin edits the id field (or it was filled before).
  const [idIsGenerated, setIdIsGenerated] = useState(true);
  const reelsValid = isReelTotalValid(values.reels);
  // Codes in stock per amount and the offer's payout (needs-attention's figures, a minute fresh).
  const attention = useAttention();
  const stock = useMemo(
    () =>
      attention.data ? new Map(attention.data.stock.map((r) => [r.amount, r.available] as const)) : undefined,
    [attention.data],
  );
  const payoutInr = offer
    ? (attention.data?.winRates.find((w) => w.offer_id === offer.offer_id)?.payout_inr ?? null)
    : undefined;
  // A tier with no code in stock that saving would make (or keep) live: said before the save.
  const goesLive = offer ? offer.is_active : true;
  const unstocked = stock && goesLive ? unstockedAmounts(values.reels, stock) : [];
  const warning = unstocked.length > 0;

  const set = <K extends keyof OfferFormValues>(key: K, value: OfferFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (!isReelTotalValid(values.reels)) {
      notify('app.offers.form.errors.total_probability', { type: 'error' });
      return;
    }
    const found = validateOffer(values, mode);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    setServerError(null);
    const done = {
      onSuccess: () => {
        notify(mode === 'create' ? 'app.offers.added' : 'app.offers.updated', { type: 'success' });
        refresh();
        onClose();
      },
      onError: (error: unknown) => {
        notify(mode === 'create' ? 'app.offers.add_failed' : 'app.offers.update_failed', { type: 'error' });
        setServerError(serverErrorText(error));
        setSubmitting(false);
      },
    };
    if (offer) {
      update(
        'offers',
        { id: offer.offer_id, data: toEditRequest(values), previousData: { ...offer, id: offer.offer_id } },
        done,
      );
    } else {
      create('offers', { data: toCreateRequest(values) }, done);
    }
  };

  const field = (key: keyof OfferFormValues) => ({
    value: values[key] as string,
    error: Boolean(errors[key]),
    helperText: errors[key] ? t(errors[key]!) : undefined,
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
    fullWidth: true,
    size: 'small' as const,
    name: key,
  });

  return (
    <Dialog
      open
      onClose={submitting ? undefined : onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="offer-form-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="offer-form-title">
          {mode === 'create' ? t('app.offers.form.add_title') : t('app.offers.form.edit_title')}
        </DialogTitle>
        <DialogContent dividers>
          {serverError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {serverError}
            </Alert>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              {...field('title')}
              label={t('app.offers.form.title')}
              required
              autoFocus
              onChange={(e) => {
                const title = e.target.value;
                // With a title typed and the id empty, the id is generated; it stays editable.
                setValues((v) => ({
                  ...v,
                  title,
                  external_offer_id:
                    mode === 'create' && (!v.external_offer_id || idIsGenerated)
                      ? title.trim()
                        ? generateExternalId(title)
                        : ''
                      : v.external_offer_id,
                }));
                setErrors((er) => ({ ...er, title: undefined, external_offer_id: undefined }));
              }}
            />
            {mode === 'create' ? (
              <TextField
                {...field('external_offer_id')}
                label={t('app.offers.form.external_offer_id')}
                required
                onChange={(e) => {
                  setIdIsGenerated(false);
                  set('external_offer_id', e.target.value);
                }}
              />
            ) : (
              <TextField
                value={values.external_offer_id}
                label={t('app.offers.form.external_offer_id')}
                size="small"
                fullWidth
                disabled
              />
            )}
            <TextField
              {...field('description')}
              label={t('app.offers.form.description')}
              required
              multiline
              minRows={2}
              sx={{ gridColumn: { sm: '1 / -1' } }}
            />
            <TextField
              {...field('offer_url')}
              label={t('app.offers.form.offer_url')}
              required
              type="url"
              helperText={errors.offer_url ? t(errors.offer_url) : t('app.offers.form.offer_url_help')}
            />
            <TextField {...field('preview_url')} label={t('app.offers.form.preview_url')} type="url" />
            <TextField {...field('category')} select label={t('app.offers.form.category')}>
              <MenuItem value="">{t('app.offers.form.no_category')}</MenuItem>
              {OFFER_CATEGORIES.map((c) => (
                <MenuItem key={c} value={c}>
                  {categoryLabel(c)}
                </MenuItem>
              ))}
            </TextField>
            <TextField {...field('model')} select label={t('app.offers.form.model')} required>
              {OFFER_MODELS.map((m) => (
                <MenuItem key={m} value={m}>
                  {t(`app.offers.models.${m.replace(' ', '_')}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField {...field('targeting')} select label={t('app.offers.form.targeting')}>
              {OFFER_TARGETING.map((g) => (
                <MenuItem key={g} value={g}>
                  {t(`app.offers.targeting.${g}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              {...field('network_id')}
              select
              label={t('app.offers.form.network')}
              helperText={t('app.offers.form.network_help')}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('app.offers.form.no_network')}</MenuItem>
              {(networks.data ?? []).map((n) => (
                <MenuItem key={n.network_id} value={String(n.network_id)}>
                  {n.is_active ? n.name : t('app.offers.form.network_inactive', { name: n.name })}
                </MenuItem>
              ))}
              {/* The offer's network when the list has not loaded it (yet). */}
              {values.network_id &&
                !(networks.data ?? []).some((n) => String(n.network_id) === values.network_id) && (
                  <MenuItem value={values.network_id}>
                    {offer?.network_name ?? `#${values.network_id}`}
                  </MenuItem>
                )}
            </TextField>
            <TextField
              {...field('reward_amount')}
              label={t('app.offers.form.reward_amount')}
              type="number"
              slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
            />
          </Box>
          <Box sx={{ mt: 2 }}>
            <ReelEditor
              reels={values.reels}
              onChange={(reels) => set('reels', reels)}
              stock={stock}
              payoutInr={payoutInr}
            />
          </Box>
          {warning && (
            <Alert severity="warning" sx={{ mt: 2 }} role="alert" data-testid="no-stock-warning">
              {prizeText(t, 'no_stock_warning', {
                amounts: unstocked.map((a) => formatRupees(a)).join(', '),
              })}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={submitting}>
            {t('app.actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!reelsValid || submitting}
            startIcon={submitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {mode === 'create' ? t('app.offers.form.submit_add') : t('app.offers.form.submit_edit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
