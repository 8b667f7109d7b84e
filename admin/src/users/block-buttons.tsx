import { Button, CircularProgress } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import UnblockIcon from '@mui/icons-material/LockOpen';
import { useState } from 'react';
import { useDataProvider, useListContext, useNotify, useRefresh, useTranslate, useUpdate } from 'react-admin';
import type { AdminUserRow } from '../../../shared/contract/admin/users';
import { bulkResultMessage, type BulkAction } from './user-status';

/** Block is offered when is_suspicious is false, unblock when true; says 'User blocked successfully' etc. */
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
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  const blocked = user.is_suspicious;
  const label = blocked ? t('app.users.unblock_user') : t('app.users.block_user');
  return (
    <Button
      size="small"
      variant={variant}
      color={blocked ? 'success' : 'error'}
      disabled={isPending}
      startIcon={isPending ? <CircularProgress size={14} /> : blocked ? <UnblockIcon /> : <BlockIcon />}
      aria-label={fullLabel ? undefined : `${label}: ${user.email}`}
      onClick={(e) => {
        e.stopPropagation();
        update(
          'users',
          {
            id: user.user_id,
            data: { is_suspicious: !blocked },
            previousData: { ...user, id: user.user_id },
          },
          {
            onSuccess: () => {
              notify(blocked ? 'app.users.unblocked' : 'app.users.blocked', { type: 'success' });
              refresh();
              onDone?.();
            },
            onError: () =>
              notify(blocked ? 'app.users.unblock_failed' : 'app.users.block_failed', { type: 'error' }),
          },
        );
      }}
    >
      {fullLabel ? label : blocked ? t('app.users.unblock') : t('app.users.block')}
    </Button>
  );
}

/**
 * The bulk-action bar's buttons: one PUT per selected user, in parallel (data provider updateMany).
 * Selection cleared and list refreshed after success.
 */
export function BulkBlockButtons() {
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider();
  const { selectedIds, onUnselectItems } = useListContext();
  const [running, setRunning] = useState<BulkAction | null>(null);

  const run = async (action: BulkAction) => {
    setRunning(action);
    try {
      const result = await dataProvider.updateMany('users', {
        ids: selectedIds,
        data: { is_suspicious: action === 'block' },
      });
      const failed = (result.meta?.failed as unknown[] | undefined)?.length ?? 0;
      const { key, values } = bulkResultMessage(action, result.data?.length ?? 0, failed);
      notify(key, { type: failed > 0 ? 'warning' : 'success', messageArgs: values });
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
        onClick={() => run('block')}
      >
        {t('app.users.block_selected')}
      </Button>
      <Button
        size="small"
        color="success"
        variant="contained"
        disabled={running !== null}
        startIcon={running === 'unblock' ? <CircularProgress size={14} color="inherit" /> : <UnblockIcon />}
        onClick={() => run('unblock')}
        sx={{ ml: 1 }}
      >
        {t('app.users.unblock_selected')}
      </Button>
    </>
  );
}
