import { Box, Chip, IconButton, Tooltip, Typography, type SvgIconProps } from '@mui/material';
import type { ComponentType, ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { formatRupees } from '../../../shared/format';

/** A table cell of two lines: the main text (bold where asked) over a grey caption. */
export function TwoLineCell({
  primary,
  secondary,
  bold = false,
}: {
  primary: ReactNode;
  secondary: ReactNode;
  bold?: boolean;
}) {
  return (
    <Box>
      <Typography variant="body2" sx={bold ? { fontWeight: 600 } : undefined}>
        {primary}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {secondary}
      </Typography>
    </Box>
  );
}

/**
 * A small icon button of a table row with a tooltip; its accessible name is `{label}: {target}` so that
 * each row's button can be told apart (e.g. 'View user: ann@example.com').
 */
export function RowActionButton({
  label,
  target,
  icon: Icon,
  onClick,
}: {
  label: string;
  target: string | number | null;
  icon: ComponentType<SvgIconProps>;
  onClick?: () => void;
}) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={`${label}: ${target}`} onClick={onClick}>
        <Icon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** The reward of a completion: the voucher won (brand and amount), otherwise 'No win' or 'Not spun'. */
export function RewardChip({
  won,
  brand,
  amount,
  spinnerUsed,
}: {
  won: boolean;
  brand: string | null | undefined;
  amount: unknown;
  spinnerUsed: boolean;
}) {
  const t = useTranslate();
  return won ? (
    <Chip size="small" color="success" label={`${brand ?? ''} ${formatRupees(amount)}`.trim()} />
  ) : (
    <Chip
      size="small"
      variant="outlined"
      label={spinnerUsed ? t('app.conversions.no_win') : t('app.conversions.not_spun')}
    />
  );
}
