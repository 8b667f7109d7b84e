import { Alert, Box, Button, IconButton, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useTranslate } from 'react-admin';
import type { SlotReel } from '../../../shared/slot';
import { MAX_REELS, clampReelValue, isReelTotalValid, probabilityTotal, tryAgainChance } from './offer-form';

/**
 * Slot reels (docs/product-rules.md#slot-tables): amount (min 0) and probability (1 to 99) per
 * reel; 1 to 10 reels; a new reel starts at 0/0; the remaining 'try again' chance is shown while the
 * total is valid.
 */
export function ReelEditor({
  reels,
  onChange,
}: {
  reels: SlotReel[];
  onChange: (reels: SlotReel[]) => void;
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
            slotProps={{
              htmlInput: {
                min: 0,
                step: 1,
                'aria-label': t('app.offers.form.reel_amount_n', { n: index + 1 }),
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
    </Box>
  );
}
