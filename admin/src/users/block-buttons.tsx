import { Button, CircularProgress } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import UnblockIcon from '@mui/icons-material/LockOpen';
import { useState } from 'react';
import {
  useAddUndoableMutation,
  useDataProvider,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
  useUpdate,
  type Identifier,
} from 'react-admin';
import type { AdminUserRow } from '../../../shared/contract/admin/users';
import { ConfirmReasonDialog, useCommonReasons } from '../components/confirm-reason-dialog';
import { fullName } from '../lib/format';
import { bulkResultMessage, type BulkAction } from './user-status';

/** A member as the confirmation names them: 'Priya Sharma (priya@example.com)'. */
export function memberLabel(u: Pick<AdminUserRow, 'first_name' | 'last_name' | 'email'>): string {
  const name = fullName(u.first_name, u.last_name);
  return name && name !== u.email ? `${name} (${u.email})` : u.email;
}

/**
 * Block is offered when is_suspicious is false, unblock when true. It asks first (who, what it does,
 * why), then says 'User blocked successfully' etc. with Undo: react-admin's undoable mode, so the call
 * is sent only once the notification closes and Undo sends nothing (the member is never signed out).
 */
export function BlockToggleButton({
  user,
  variant = 'text',
  fullLabel = false,
  onDone,
}: {
  user: AdminUserRow;
  variant?: 'text' | 'contained' | 'outlined';
  /** 'Block User' / 'Unblock User' (the detail dialog) instead of 'Block' / 'Unblock' (the table). */
  fullLabel?: boolean;
  onDone?: () => void;
}) {
  const t = useTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  const [asking, setAsking] = useState(false);
  const blocked = user.is_suspicious;
  const reasons = useCommonReasons(blocked ? 'unblock' : 'block');
  const label = blocked ? t('app.users.unblock_user') : t('app.users.block_user');
  const name = memberLabel(user);

  const confirm = (reason: string) => {
    setAsking(false);
    update(
      'users',
      {
        id: user.user_id,
        data: { is_suspicious: !blocked, reason },
        previousData: { ...user, id: user.user_id },
      },
      {
        mutationMode: 'undoable',
        onSuccess: () => {
          notify(blocked ? 'app.users.unblocked' : 'app.users.blocked', { type: 'success', undoable: true });
          onDone?.();
        },
        onError: () =>
          notify(blocked ? 'app.users.unblock_failed' : 'app.users.block_failed', { type: 'error' }),
      },
    );
  };

  return (
    <>
      <Button
        size="small"
        variant={variant}
        color={blocked ? 'success' : 'error'}
        disabled={isPending}
        startIcon={isPending ? <CircularProgress size={14} /> : blocked ? <UnblockIcon /> : <BlockIcon />}
        aria-label={fullLabel ? undefined : `${label}: ${user.email}`}
        onClick={(e) => {
          e.stopPropagation();
          setAsking(true);
        }}
      >
        {fullLabel ? label : blocked ? t('app.users.unblock') : t('app.users.block')}
      </Button>
      {asking && (
        <ConfirmReasonDialog
          open
          title={t(blocked ? 'app.confirm.unblock_title' : 'app.confirm.block_title', {
            name,
            smart_count: 1,
          })}
          effect={t(blocked ? 'app.confirm.unblock_effect' : 'app.confirm.block_effect')}
          affected={[name]}
          reasons={reasons}
          confirmLabel={t(blocked ? 'app.confirm.confirm_unblock' : 'app.confirm.confirm_block')}
          danger={!blocked}
          onConfirm={confirm}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}

/**
 * The bulk-action bar's buttons: a confirmation naming every selected member, then one PUT per selected
 * user, in parallel (data provider updateMany). The specification's message reports what succeeded and
 * what failed, so the calls are sent at once (not after the notification, as the single block is); its
 * Undo sends the opposite action for the members that changed. Selection cleared and list refreshed
 * after success.
 */
export function BulkBlockButtons() {
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider();
  const addUndoable = useAddUndoableMutation();
  const { selectedIds, onUnselectItems, data } = useListContext<AdminUserRow & { id: Identifier }>();
  const [running, setRunning] = useState<BulkAction | null>(null);
  const [asking, setAsking] = useState<BulkAction | null>(null);
  const blockReasons = useCommonReasons('block');
  const unblockReasons = useCommonReasons('unblock');

  const selected = (data ?? []).filter((u) => selectedIds.includes(u.id));
  const names = selected.length === selectedIds.length ? selected.map(memberLabel) : selectedIds.map(String);

  const send = (action: BulkAction, ids: Identifier[], reason: string) =>
    dataProvider.updateMany('users', { ids, data: { is_suspicious: action === 'block', reason } });

  const run = async (action: BulkAction, reason: string) => {
    setAsking(null);
    setRunning(action);
    try {
      const result = await send(action, selectedIds, reason);
      const changed = (result.data ?? []) as Identifier[];
      const failed = (result.meta?.failed as unknown[] | undefined)?.length ?? 0;
      const { key, values } = bulkResultMessage(action, changed.length, failed);
      addUndoable(({ isUndo }) => {
        if (!isUndo || changed.length === 0) return;
        const reverse: BulkAction = action === 'block' ? 'unblock' : 'block';
        send(reverse, changed, t('app.confirm.undo_reason'))
          .then((undone) => {
            const undoFailed = (undone.meta?.failed as unknown[] | undefined)?.length ?? 0;
            const message = bulkResultMessage(reverse, undone.data?.length ?? 0, undoFailed);
            notify(message.key, { type: undoFailed > 0 ? 'warning' : 'info', messageArgs: message.values });
          })
          .catch(() => notify('app.users.bulk_failed', { type: 'error' }))
          .finally(() => refresh());
      });
      notify(key, { type: failed > 0 ? 'warning' : 'success', messageArgs: values, undoable: true });
      onUnselectItems();
      refresh();
    } catch (error) {
      const all = (error as Error)?.message === 'All bulk actions failed';
      notify(all ? 'app.users.bulk_all_failed' : 'app.users.bulk_failed', { type: 'error' });
    } finally {
      setRunning(null);
    }
  };

  return (
    <>
      <Button
        size="small"
        color="error"
        variant="contained"
        disabled={running !== null}
        startIcon={running === 'block' ? <CircularProgress size={14} color="inherit" /> : <BlockIcon />}
        onClick={() => setAsking('block')}
      >
        {t('app.users.block_selected')}
      </Button>
      <Button
        size="small"
        color="success"
        variant="contained"
        disabled={running !== null}
        startIcon={running === 'unblock' ? <CircularProgress size={14} color="inherit" /> : <UnblockIcon />}
        onClick={() => setAsking('unblock')}
        sx={{ ml: 1 }}
      >
        {t('app.users.unblock_selected')}
      </Button>
      {asking && (
        <ConfirmReasonDialog
          open
          title={t(asking === 'block' ? 'app.confirm.block_title' : 'app.confirm.unblock_title', {
            name: names[0] ?? '',
            smart_count: selectedIds.length,
          })}
          effect={t(asking === 'block' ? 'app.confirm.block_effect' : 'app.confirm.unblock_effect')}
          affected={names}
          reasons={asking === 'block' ? blockReasons : unblockReasons}
          confirmLabel={t(asking === 'block' ? 'app.confirm.confirm_block' : 'app.confirm.confirm_unblock')}
          danger={asking === 'block'}
          onConfirm={(reason) => void run(asking, reason)}
          onClose={() => setAsking(null)}
        />
      )}
    </>
  );
}
