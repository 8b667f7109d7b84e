import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import ApproveIcon from '@mui/icons-material/CheckCircleOutline';
import DenyIcon from '@mui/icons-material/HighlightOff';
import ApproveAllIcon from '@mui/icons-material/DoneAll';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  Confirm,
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
  type Identifier,
} from 'react-admin';
import type {
  AdminReviewRow,
  DecideReviewsRequest,
  DenyCategory,
} from '../../../shared/contract/admin/reviews';
import { DENY_CATEGORIES, REVIEW_BULK_MAX } from './constants';
import { RowActionsMenu } from '../components/table-cells';
import type { AdminDataProvider } from '../data-provider';
import { serverErrorText } from '../http-client';

/** The note's limit (the contract's). */
const NOTE_MAX = 500;

type Translate = ReturnType<typeof useTranslate>;

/** "2 rewards approved; 1 was already decided" (the server's `skipped` said so). */
export function decisionMessage(
  t: Translate,
  action: 'approve' | 'deny',
  decided: number,
  skipped: number,
): string {
  const parts: string[] = [];
  if (decided > 0)
    parts.push(
      t(action === 'approve' ? 'app.reviews.approved_n' : 'app.reviews.denied_n', { smart_count: decided }),
    );
  else parts.push(t('app.reviews.nothing_changed'));
  if (skipped > 0) parts.push(t('app.reviews.skipped_n', { smart_count: skipped }));
  return parts.join(decided > 0 ? '; ' : ': ');
}

/**
 * PUT reviews.php, then say what happened (with the holds already decided) and read the lists, the
 * menu's count and the member's risk again. Rejects with the server's text so a dialog can show it.
 */
export function useDecideReviews() {
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AdminDataProvider>();
  return async (body: DecideReviewsRequest): Promise<number[]> => {
    try {
      const result = await dataProvider.decideReviews(body);
      const text = decisionMessage(t, body.action, result.decided.length, result.skipped.length);
      // Already in words: `_` keeps the notification from looking it up as a key.
      notify(text, { type: result.decided.length > 0 ? 'success' : 'warning', messageArgs: { _: text } });
      return result.decided;
    } catch (error) {
      throw new Error(serverErrorText(error) ?? t('app.reviews.decision_failed'));
    } finally {
      refresh();
      void queryClient.invalidateQueries({ queryKey: ['admin', 'risk'] });
    }
  };
}

/**
 * Deny asks why, in the categories the member is told (each shows what the member will read), with an
 * optional note for the audit log. Deny without a category is refused in the dialog.
 */
export function DenyDialog({
  open,
  title,
  affected,
  onClose,
  onDeny,
}: {
  open: boolean;
  title: string;
  /** Who or what is denied, in words (a member, an offer, '3 held rewards'). */
  affected?: string;
  onClose: () => void;
  /** Resolves when done; rejects with the text to show in the dialog. */
  onDeny: (category: DenyCategory, note: string | undefined) => Promise<void>;
}) {
  const t = useTranslate();
  const id = useId();
  const [category, setCategory] = useState<DenyCategory | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);

  const close = () => {
    if (busy) return;
    setCategory('');
    setNote('');
    setError(null);
    setMissing(false);
    onClose();
  };

  const deny = async () => {
    if (!category) {
      setMissing(true);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onDeny(category, note.trim() || undefined);
      setCategory('');
      setNote('');
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth="sm"
      onClick={(e) => e.stopPropagation()}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('app.reviews.deny_effect')}
        </Alert>
        {affected && (
          <Typography variant="body2" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            {affected}
          </Typography>
        )}
        <FormControl error={missing} required sx={{ mb: 2 }}>
          <FormLabel id={`${id}-category`}>{t('app.reviews.category')}</FormLabel>
          <RadioGroup
            aria-labelledby={`${id}-category`}
            value={category}
            onChange={(e) => {
              setCategory(e.target.value as DenyCategory);
              setMissing(false);
            }}
          >
            {DENY_CATEGORIES.map((c) => (
              <FormControlLabel
                key={c}
                value={c}
                control={<Radio />}
                label={
                  <Box sx={{ py: 0.5 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {t(`app.reviews.categories.${c}`)}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {t('app.reviews.member_told', { text: t(`app.reviews.categories_told.${c}`) })}
                    </Typography>
                  </Box>
                }
              />
            ))}
          </RadioGroup>
          {missing && <FormHelperText>{t('app.reviews.category_required')}</FormHelperText>}
        </FormControl>
        <TextField
          label={t('app.reviews.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          fullWidth
          multiline
          minRows={2}
          helperText={t('app.reviews.note_help', { n: note.trim().length, max: NOTE_MAX })}
          slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {t('app.actions.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={() => void deny()} loading={busy}>
          {t('app.reviews.deny')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The member of a hold as the dialogs name them: 'Priya (priya@example.com)'. */
export function holdMember(h: Pick<AdminReviewRow, 'user_name' | 'user_email'>): string {
  return h.user_name && h.user_name !== h.user_email ? `${h.user_name} (${h.user_email})` : h.user_email;
}

/** What a hold is, in words: '#12 Survey Plus, Priya (priya@example.com)'. */
export function holdTarget(t: Translate, h: AdminReviewRow): string {
  return `#${h.hold_id} ${h.offer_title ?? t(`app.reviews.kinds.${h.kind}`)}`;
}

/**
 * Approve, Deny and (behind ⋮ in a table, a button on a page) Approve all from this member, for a
 * held reward. Approve asks first; Deny asks why.
 */
export function ReviewDecisionButtons({ hold, inline = false }: { hold: AdminReviewRow; inline?: boolean }) {
  const t = useTranslate();
  const decide = useDecideReviews();
  const notify = useNotify();
  const [open, setOpen] = useState<'approve' | 'approve_all' | 'deny' | null>(null);
  const [pending, setPending] = useState(false);
  const target = holdTarget(t, hold);
  const member = holdMember(hold);

  const approve = async (body: DecideReviewsRequest) => {
    setPending(true);
    try {
      await decide(body);
    } catch (err) {
      notify((err as Error).message, { type: 'error', messageArgs: { _: (err as Error).message } });
    } finally {
      setPending(false);
      setOpen(null);
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: inline ? 'wrap' : 'nowrap' }}>
      {/* In a table the two buttons are stacked: the row's reasons keep their width at 1280 px. */}
      <Box
        sx={
          inline
            ? { display: 'contents' }
            : { display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 0.75 }
        }
      >
        <Button
          size="small"
          variant="contained"
          color="success"
          startIcon={<ApproveIcon />}
          aria-label={inline ? undefined : `${t('app.reviews.approve')}: ${target}`}
          onClick={(e) => {
            e.stopPropagation();
            setOpen('approve');
          }}
        >
          {t('app.reviews.approve')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          color="error"
          startIcon={<DenyIcon />}
          aria-label={inline ? undefined : `${t('app.reviews.deny')}: ${target}`}
          onClick={(e) => {
            e.stopPropagation();
            setOpen('deny');
          }}
        >
          {t('app.reviews.deny')}
        </Button>
      </Box>
      {inline ? (
        <Button
          size="small"
          variant="outlined"
          startIcon={<ApproveAllIcon />}
          onClick={() => setOpen('approve_all')}
        >
          {t('app.reviews.approve_all')}
        </Button>
      ) : (
        <RowActionsMenu
          target={target}
          actions={[
            {
              label: t('app.reviews.approve_all'),
              icon: ApproveAllIcon,
              onClick: () => setOpen('approve_all'),
            },
          ]}
        />
      )}
      <Confirm
        isOpen={open === 'approve'}
        loading={pending}
        title={t('app.reviews.approve_title', { id: hold.hold_id })}
        content={`${target} · ${member}. ${t('app.reviews.approve_effect')}`}
        confirm={t('app.reviews.approve')}
        onConfirm={() => approve({ hold_ids: [hold.hold_id], action: 'approve' })}
        onClose={() => setOpen(null)}
      />
      <Confirm
        isOpen={open === 'approve_all'}
        loading={pending}
        title={t('app.reviews.approve_all_title', { name: member })}
        content={t('app.reviews.approve_all_effect')}
        confirm={t('app.reviews.approve_all')}
        onConfirm={() => approve({ user_id: hold.user_id, action: 'approve' })}
        onClose={() => setOpen(null)}
      />
      <DenyDialog
        open={open === 'deny'}
        title={t('app.reviews.deny_title', { id: hold.hold_id })}
        affected={`${target} · ${member}`}
        onClose={() => setOpen(null)}
        onDeny={async (category, note) => {
          await decide({ hold_ids: [hold.hold_id], action: 'deny', category, ...(note ? { note } : {}) });
          setOpen(null);
        }}
      />
    </Box>
  );
}

/** The bulk bar's Approve selected / Deny selected: one PUT with the selected hold ids (at most 100). */
export function BulkReviewButtons() {
  const t = useTranslate();
  const notify = useNotify();
  const decide = useDecideReviews();
  const { selectedIds, onUnselectItems } = useListContext();
  const [open, setOpen] = useState<'approve' | 'deny' | null>(null);
  const [pending, setPending] = useState(false);
  const count = selectedIds.length;
  const tooMany = count > REVIEW_BULK_MAX;
  const ids = selectedIds.map((id: Identifier) => Number(id));

  return (
    <>
      {tooMany && (
        <Typography variant="body2" color="error" role="status" sx={{ mr: 1 }}>
          {t('app.reviews.bulk_too_many', { max: REVIEW_BULK_MAX })}
        </Typography>
      )}
      <Button
        size="small"
        color="success"
        variant="contained"
        disabled={tooMany || pending}
        startIcon={<ApproveIcon />}
        onClick={() => setOpen('approve')}
      >
        {t('app.reviews.bulk_approve')}
      </Button>
      <Button
        size="small"
        color="error"
        variant="contained"
        disabled={tooMany || pending}
        startIcon={<DenyIcon />}
        onClick={() => setOpen('deny')}
        sx={{ ml: 1 }}
      >
        {t('app.reviews.bulk_deny')}
      </Button>
      <Confirm
        isOpen={open === 'approve'}
        loading={pending}
        title={t('app.reviews.bulk_approve_title', { smart_count: count })}
        content={t('app.reviews.approve_effect')}
        confirm={t('app.reviews.approve')}
        onConfirm={async () => {
          setPending(true);
          try {
            await decide({ hold_ids: ids, action: 'approve' });
            onUnselectItems();
          } catch (err) {
            notify((err as Error).message, { type: 'error', messageArgs: { _: (err as Error).message } });
          } finally {
            setPending(false);
            setOpen(null);
          }
        }}
        onClose={() => setOpen(null)}
      />
      <DenyDialog
        open={open === 'deny'}
        title={t('app.reviews.bulk_deny_title', { smart_count: count })}
        onClose={() => setOpen(null)}
        onDeny={async (category, note) => {
          await decide({ hold_ids: ids, action: 'deny', category, ...(note ? { note } : {}) });
          onUnselectItems();
          setOpen(null);
        }}
      />
    </>
  );
}
