import { Alert, Box, Button, IconButton, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useTranslate } from 'react-admin';
import type { SlotReel } from '../../../shared/slot';
import {
  MAX_REELS,
  clampReelValue,
  expectedVoucherCost,
  isReelTotalValid,
  probabilityTotal,
  tryAgainChance,
} from './offer-form';
import { prizeText } from '../i18n/en-prizes';

/**
 * Slot reels (docs/product-rules.md#slot-tables): amount (min 0) and probability (1 to 99) per
 * reel; 1 to 10 reels; a new reel starts at 0/0; the remaining 'try again' chance is shown while the
 * total is valid.
 */
export function ReelEditor({
  reels,
  onChange,
  stock,
  payoutInr,
}: {
  reels: SlotReel[];
  onChange: (reels: SlotReel[]) => void;
  /** Codes in stock per amount (needs-attention's stock rows); undefined while loading. */
  stock?: ReadonlyMap<number, number>;
  /** The offer's average payout per completion in rupees; null: no conversions yet; undefined: a new offer. */
  payoutInr?: number | null;
}) {
  const t = useTranslate();
  const total = probabilityTotal(reels);
  const valid = isReelTotalValid(reels);
  const set = (index: number, key: keyof SlotReel, raw: string) =>
    onChange(reels.map((r, i) => (i === index ? { ...r, [key]: clampReelValue(raw) } : r)));

  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        {t('app.offers.form.reels_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('app.offers.form.reels_help')}
      </Typography>
      {reels.map((reel, index) => (
        <Box
          key={index}
          sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}
          role="group"
          aria-label={t('app.offers.form.reel', { n: index + 1 })}
        >
          <Typography variant="body2" sx={{ width: 56, flexShrink: 0 }}>
            {t('app.offers.form.reel', { n: index + 1 })}
          </Typography>
          <TextField
            size="small"
            type="number"
            label={t('app.offers.form.reel_amount')}
            value={reel.amount}
            onChange={(e) => set(index, 'amount', e.target.value)}
            helperText={stockText(t, Number(reel.amount), stock)}
            slotProps={{
              htmlInput: {
                min: 0,
                step: 1,
                'aria-label': t('app.offers.form.reel_amount_n', { n: index + 1 }),
              },
              formHelperText: {
                sx:
                  stock && Number(reel.amount) > 0 && (stock.get(Number(reel.amount)) ?? 0) === 0
                    ? { color: 'warning.dark', fontWeight: 600 }
                    : undefined,
              },
            }}
            sx={{ flex: 1 }}
          />
          <TextField
            size="small"
            type="number"
            label={t('app.offers.form.reel_probability')}
            value={reel.probability}
            onChange={(e) => set(index, 'probability', e.target.value)}
            slotProps={{
              htmlInput: {
                min: 1,
                max: 99,
                step: 1,
                'aria-label': t('app.offers.form.reel_probability_n', { n: index + 1 }),
              },
            }}
            sx={{ flex: 1 }}
          />
          {reels.length > 1 && (
            <Tooltip title={t('app.offers.form.remove_reel')}>
              <IconButton
                aria-label={t('app.offers.form.remove_reel_n', { n: index + 1 })}
                onClick={() => onChange(reels.filter((_, i) => i !== index))}
              >
                <DeleteIcon />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      ))}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={reels.length >= MAX_REELS}
          onClick={() => onChange([...reels, { amount: 0, probability: 0 }])}
        >
          {t('app.offers.form.add_reel')}
        </Button>
        <Typography variant="body2" color={valid ? 'text.secondary' : 'error'} aria-live="polite">
          {t('app.offers.form.total_probability', { total })}
        </Typography>
        {valid && (
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {t('app.offers.form.try_again', { chance: tryAgainChance(reels) })}
          </Typography>
        )}
      </Box>
      {!valid && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('app.offers.form.errors.total_probability')}
        </Alert>
      )}
      {valid && <VoucherCost reels={reels} stock={stock} payoutInr={payoutInr} />}
    </Box>
  );
}

/**
 * The codes in stock for a reel's amount, under its field: a spin cannot win an amount with none (it
 * is not drawn). Nothing for a reel without an amount.
 */
function stockText(
  t: (key: string, options?: Record<string, unknown>) => string,
  amount: number,
  stock?: ReadonlyMap<number, number>,
): string | undefined {
  if (!(amount > 0)) return undefined;
  if (!stock) return prizeText(t, 'stock_loading');
  const n = stock.get(amount) ?? 0;
  return n === 0
    ? prizeText(t, 'no_stock')
    : prizeText(t, 'in_stock', { n: n.toLocaleString('en-IN'), smart_count: n });
}

/** The expected voucher cost per completion (one spin each), with and without the stock, against the payout. */
function VoucherCost({
  reels,
  stock,
  payoutInr,
}: {
  reels: SlotReel[];
  stock?: ReadonlyMap<number, number>;
  payoutInr?: number | null;
}) {
  const t = useTranslate();
  const cost = expectedVoucherCost(reels);
  const now = stock ? expectedVoucherCost(reels, stock) : cost;
  const over = payoutInr !== undefined && payoutInr !== null && cost > payoutInr;
  return (
    <Box sx={{ mt: 1.5 }} data-testid="voucher-cost">
      <Typography variant="subtitle2" component="p">
        {prizeText(t, 'cost_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {prizeText(t, 'cost_line', { cost: formatRupeesExact(cost), now: formatRupeesExact(now) })}
      </Typography>
      {payoutInr !== undefined && (
        <Typography variant="body2" color={over ? 'error' : 'text.secondary'}>
          {payoutInr === null
            ? prizeText(t, 'payout_none')
            : `${prizeText(t, 'payout_line', { payout: formatRupeesExact(payoutInr) })}${
                over ? ` · ${prizeText(t, 'cost_over_payout')}` : ''
              }`}
        </Typography>
      )}
    </Box>
  );
}

/** Rupees with up to two decimals (a cost per completion is often a few paise): '₹3.5', '₹12'. */
function formatRupeesExact(n: number): string {
  return `₹${n.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;
}
