import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AdminUserRow } from '../../../shared/contract/admin/users';
import { userStatus } from './user-status';

const COLORS = { blocked: 'error', active: 'success', member: 'info', new: 'default' } as const;

export function UserStatusBadge({ user }: { user: AdminUserRow }) {
  const t = useTranslate();
  const status = userStatus(user);
  return <Chip size="small" color={COLORS[status]} label={t(`app.users.status.${status}`)} />;
}
