import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { ACTION_REASON_MAX } from '../../../shared/constants';

/** How many of the affected records the dialog names before 'and N more'. */
const NAMED = 10;

/**
 * A risky action asks first (issue 36): what it does, who it affects (by name), and why: a reason from
 * the common ones or in the administrator's own words, kept in the audit log. Confirm is the only way
 * on; Escape, Cancel or a click outside leave everything as it was.
 */
export function ConfirmReasonDialog({
  open,
  title,
  effect,
  affected,
  reasons,
  confirmLabel,
  danger = false,
  busy = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  effect: string;
  /** The records the action changes, by name (a member's name and email, an offer's title). */
  affected: string[];
  /** Ready-made reasons offered as chips; the text stays editable. */
  reasons: string[];
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const t = useTranslate();
  const id = useId();
  const [reason, setReason] = useState('');
  const tooLong = reason.length > ACTION_REASON_MAX;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth="sm"
      // Opened from a table row: a click inside must not reach the row (React events cross the portal).
      onClick={(e) => e.stopPropagation()}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <Alert severity={danger ? 'warning' : 'info'} sx={{ mb: 2 }}>
          {effect}
        </Alert>
        <Typography variant="subtitle2" component="h3" id={`${id}-affected`}>
          {t('app.confirm.affected')}
        </Typography>
        <List dense aria-labelledby={`${id}-affected`} sx={{ mb: 1, maxHeight: 180, overflowY: 'auto' }}>
          {affected.slice(0, NAMED).map((name, i) => (
            <ListItem key={`${i}-${name}`} disableGutters sx={{ py: 0 }}>
              <ListItemText primary={name} />
            </ListItem>
          ))}
          {affected.length > NAMED && (
            <ListItem disableGutters sx={{ py: 0 }}>
              <ListItemText
                primary={t('app.confirm.affected_more', { n: affected.length - NAMED })}
                slotProps={{ primary: { color: 'text.secondary' } }}
              />
            </ListItem>
          )}
        </List>
        <Typography variant="subtitle2" component="h3" id={`${id}-reasons`} sx={{ mb: 1 }}>
          {t('app.confirm.common_reasons')}
        </Typography>
        <Box
          role="group"
          aria-labelledby={`${id}-reasons`}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}
        >
          {reasons.map((r) => (
            <Chip
              key={r}
              label={r}
              clickable
              color={reason === r ? 'primary' : 'default'}
              variant={reason === r ? 'filled' : 'outlined'}
              aria-pressed={reason === r}
              onClick={() => setReason(r)}
            />
          ))}
        </Box>
        <TextField
          label={t('app.confirm.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          fullWidth
          multiline
          minRows={2}
          error={tooLong}
          helperText={tooLong ? `${reason.length} / ${ACTION_REASON_MAX}` : t('app.confirm.reason_help')}
          slotProps={{ htmlInput: { maxLength: ACTION_REASON_MAX + 50 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('app.actions.cancel')}
        </Button>
        <Button
          variant="contained"
          color={danger ? 'error' : 'primary'}
          disabled={busy || tooLong}
          startIcon={busy ? <CircularProgress size={14} color="inherit" /> : undefined}
          onClick={() => onConfirm(reason.trim())}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The common reasons of one kind of action, in the console's words. */
export function useCommonReasons(
  kind: 'block' | 'unblock' | 'offer_off' | 'offer_on' | 'network_off' | 'network_on',
): string[] {
  const t = useTranslate();
  const keys: Record<typeof kind, string[]> = {
    block: ['fraud', 'multi', 'chargebacks', 'abuse', 'request'],
    unblock: ['reviewed', 'mistake', 'appeal'],
    offer_off: ['budget', 'broken', 'paused', 'expired'],
    offer_on: ['fixed', 'resumed', 'budget'],
    network_off: ['broken', 'paused', 'leak'],
    network_on: ['fixed', 'resumed'],
  };
  return keys[kind].map((k) => t(`app.confirm.reasons.${kind}.${k}`));
}
