import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import ApproveIcon from '@mui/icons-material/CheckCircleOutline';
import RejectIcon from '@mui/icons-material/HighlightOff';
import { useId, useState } from 'react';
import {
  Confirm,
  DataTable,
  ListBase,
  useDataProvider,
  useGetList,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { CLAIM_REASON_MAX } from '../../../shared/constants';
import type { AdminClaimRow } from '../../../shared/contract/admin/claims';
import type { AdminOfferRow } from '../../../shared/contract/admin/offers';
import { formatDateTime } from '../../../shared/format';
import { FilterCard } from '../components/filter-card';
import { DateFilter, SelectFilter, type Choice } from '../components/filters';
import { actionsColumn, ListTable } from '../components/list-shell';
import { PageHeader } from '../components/page-header';
import { TwoLineCell } from '../components/table-cells';
import { RecordLink } from '../components/record-links';
import type { AdminDataProvider } from '../data-provider';
import { serverErrorText } from '../http-client';
import { translatedChoices, withAll } from '../lib/choices';
import { formatCount } from '../lib/format';

type Row = AdminClaimRow & { id: number };

/** How long a claim has waited: '3 h', '2 d' (needs attention shows the oldest first). */
export function ageOf(createdAt: string, now = Date.now()): string {
  const hours = Math.max(0, (now - Date.parse(createdAt)) / 3_600_000);
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))} min`;
  if (hours < 48) return `${Math.round(hours)} h`;
  return `${Math.round(hours / 24)} d`;
}

const STATUS_COLORS = { pending: 'warning', approved: 'success', rejected: 'error' } as const;

function useOfferChoices(t: ReturnType<typeof useTranslate>): Choice[] {
  const { data } = useGetList<AdminOfferRow & { id: number }>('offers', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'created_at', order: 'DESC' },
  });
  return withAll(
    t('app.claims.all_offers'),
    (data ?? []).map((o) => ({ id: String(o.offer_id), name: o.title })),
  );
}

const READY_REASONS = ['no_completion', 'too_soon', 'already', 'rules'] as const;

/** Approve or Reject a pending claim; Reject asks for the reason the member sees (ready ones offered). */
export function DecisionButtons({ claim }: { claim: AdminClaimRow }) {
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null);
  const [pending, setPending] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  const titleId = useId();

  const decide = async (action: 'approve' | 'reject') => {
    const text = reason.trim();
    if (action === 'reject' && !text) {
      setError(t('app.claims.reason_required'));
      return;
    }
    setPending(true);
    try {
      await dataProvider.decideClaim(claim.claim_id, action, action === 'reject' ? text : undefined);
      notify(t(action === 'approve' ? 'app.claims.approved_notice' : 'app.claims.rejected_notice'), {
        type: 'success',
      });
      setOpen(null);
      setReason('');
      setError(null);
    } catch (err) {
      const message = serverErrorText(err) ?? t('app.claims.decision_failed');
      if (action === 'reject') setError(message);
      else {
        notify(message, { type: 'error' });
        setOpen(null);
      }
    } finally {
      setPending(false);
      refresh();
    }
  };

  const target = `#${claim.claim_id} ${claim.offer_title}`;
  return (
    <Box sx={{ display: 'flex', gap: 1 }}>
      <Button
        size="small"
        variant="contained"
        color="success"
        startIcon={<ApproveIcon />}
        aria-label={`${t('app.claims.approve')}: ${target}`}
        onClick={() => setOpen('approve')}
      >
        {t('app.claims.approve')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        startIcon={<RejectIcon />}
        aria-label={`${t('app.claims.reject')}: ${target}`}
        onClick={() => setOpen('reject')}
      >
        {t('app.claims.reject')}
      </Button>
      <Confirm
        isOpen={open === 'approve'}
        loading={pending}
        title={t('app.claims.approve_title', { id: claim.claim_id })}
        content={t('app.claims.approve_confirm', { offer: claim.offer_title, member: claim.user_email })}
        confirm={t('app.claims.approve')}
        onConfirm={() => decide('approve')}
        onClose={() => setOpen(null)}
      />
      <Dialog
        open={open === 'reject'}
        onClose={() => !pending && setOpen(null)}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id={titleId}>{t('app.claims.reject_title', { id: claim.claim_id })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('app.claims.reject_explain', { offer: claim.offer_title, member: claim.user_email })}
          </DialogContentText>
          <Typography variant="subtitle2" component="h3" id={`${reasonId}-ready`} sx={{ mb: 1 }}>
            {t('app.claims.ready_reasons')}
          </Typography>
          <Box
            role="group"
            aria-labelledby={`${reasonId}-ready`}
            sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 1, mb: 2 }}
          >
            {READY_REASONS.map((k) => {
              const text = t(`app.claims.reasons.${k}`);
              return (
                <Chip
                  key={k}
                  label={text}
                  clickable
                  aria-pressed={reason === text}
                  color={reason === text ? 'primary' : 'default'}
                  variant={reason === text ? 'filled' : 'outlined'}
                  onClick={() => {
                    setReason(text);
                    setError(null);
                  }}
                  sx={{ height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 } }}
                />
              );
            })}
          </Box>
          <TextField
            id={reasonId}
            label={t('app.claims.reason')}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
            required
            multiline
            minRows={3}
            fullWidth
            autoFocus
            error={!!error}
            helperText={
              error ?? t('app.claims.reason_count', { n: reason.trim().length, max: CLAIM_REASON_MAX })
            }
            slotProps={{ htmlInput: { maxLength: CLAIM_REASON_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(null)} disabled={pending}>
            {t('app.actions.cancel')}
          </Button>
          <Button color="error" variant="contained" onClick={() => decide('reject')} loading={pending}>
            {t('app.claims.reject')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

function ClaimsView() {
  const t = useTranslate();
  const offers = useOfferChoices(t);
  const { meta } = useListContext() as { meta?: { pending?: number } };
  return (
    <>
      <PageHeader
        title={t('app.claims.title')}
        subtitle={
          meta?.pending !== undefined
            ? `${t('app.claims.subtitle')} ${t('app.claims.pending_count', { n: formatCount(meta.pending) })}`
            : t('app.claims.subtitle')
        }
      />
      <FilterCard>
        <SelectFilter
          source="status"
          label={t('app.claims.status')}
          choices={translatedChoices(t, 'app.claims.statuses', ['all', 'pending', 'approved', 'rejected'])}
        />
        <SelectFilter source="offer" label={t('app.claims.offer')} choices={offers} />
        <DateFilter source="date_from" label={t('app.claims.date_from')} />
        <DateFilter source="date_to" label={t('app.claims.date_to')} />
      </FilterCard>
      <ListTable
        loading={t('app.claims.loading')}
        noun={t('app.claims.noun')}
        emptyMessage={t('app.claims.empty')}
      >
        <DataTable.Col
          source="created_at"
          label={t('app.claims.columns.filed')}
          render={(c: Row) => (
            <TwoLineCell
              primary={
                <RecordLink
                  kind="claim"
                  id={c.claim_id}
                  label={`${formatDateTime(c.created_at)}, ${t('app.claims.view')} #${c.claim_id}`}
                >
                  {formatDateTime(c.created_at)}
                </RecordLink>
              }
              secondary={
                <>
                  {c.status === 'pending' && (
                    <Box component="span" sx={{ display: 'block', color: 'warning.dark', fontWeight: 600 }}>
                      {t('app.claims.age', { age: ageOf(c.created_at) })}
                    </Box>
                  )}
                  <RecordLink kind="member" id={c.user_id}>
                    {c.user_email}
                  </RecordLink>
                </>
              }
            />
          )}
        />
        <DataTable.Col
          label={t('app.claims.columns.offer')}
          disableSort
          render={(c: Row) => (
            <TwoLineCell
              primary={
                <RecordLink kind="offer" id={c.offer_id}>
                  {c.offer_title}
                </RecordLink>
              }
              secondary={
                <RecordLink kind="click" id={c.click_id}>
                  {t('app.claims.started', { at: formatDateTime(c.clicked_at) })}
                </RecordLink>
              }
            />
          )}
        />
        <DataTable.Col
          label={t('app.claims.columns.note')}
          disableSort
          render={(c: Row) => (
            <Typography
              variant="body2"
              sx={{ maxWidth: 280, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {c.note || '—'}
            </Typography>
          )}
        />
        <DataTable.Col
          label={t('app.claims.columns.status')}
          disableSort
          render={(c: Row) => (
            <Box sx={{ maxWidth: 260 }}>
              <Chip
                size="small"
                color={STATUS_COLORS[c.status]}
                label={t(`app.claims.statuses.${c.status}`)}
              />
              {c.decided_at ? (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {t('app.claims.decided', { at: formatDateTime(c.decided_at), by: c.decided_by ?? '—' })}
                </Typography>
              ) : null}
              {c.reject_reason ? (
                <Typography variant="caption" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                  {c.reject_reason}
                </Typography>
              ) : null}
            </Box>
          )}
        />
        <DataTable.Col
          label={t('app.columns.actions')}
          {...actionsColumn}
          render={(c: Row) => (c.status === 'pending' ? <DecisionButtons claim={c} /> : null)}
        />
      </ListTable>
    </>
  );
}

/** /admin/claims: the members' missing-conversion claims, pending first by default, 20 a page. */
export function ClaimList() {
  return (
    <ListBase
      resource="claims"
      perPage={20}
      sort={{ field: 'created_at', order: 'DESC' }}
      filterDefaultValues={{ status: 'pending' }}
    >
      <ClaimsView />
    </ListBase>
  );
}
