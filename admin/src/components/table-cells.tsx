import {
  Box,
  Chip,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Tooltip,
  Typography,
  type SvgIconProps,
} from '@mui/material';
import MoreIcon from '@mui/icons-material/MoreVert';
import { useId, useState, type ComponentType, type ReactNode } from 'react';
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
      <IconButton
        size="small"
        aria-label={`${label}: ${target}`}
        onClick={(e) => {
          // The row itself opens the record on click: a button in it does only its own thing.
          e.stopPropagation();
          onClick?.();
        }}
      >
        <Icon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

export interface RowMenuAction {
  label: string;
  icon: ComponentType<SvgIconProps>;
  onClick: () => void;
}

/**
 * A row's less frequent actions behind a '⋮' button (named 'More actions: {target}'), so that the
 * actions column stays narrow enough to be seen at 1280 px.
 */
export function RowActionsMenu({
  target,
  actions,
}: {
  target: string | number | null;
  actions: RowMenuAction[];
}) {
  const t = useTranslate();
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = t('app.actions.more');
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          size="small"
          aria-label={`${label}: ${target}`}
          aria-haspopup="menu"
          aria-controls={anchor ? id : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => {
            e.stopPropagation();
            setAnchor(e.currentTarget);
          }}
        >
          <MoreIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu
        id={id}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        onClick={(e) => e.stopPropagation()}
      >
        {actions.map(({ label: itemLabel, icon: Icon, onClick }) => (
          <MenuItem
            key={itemLabel}
            onClick={() => {
              setAnchor(null);
              onClick();
            }}
          >
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{itemLabel}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
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
