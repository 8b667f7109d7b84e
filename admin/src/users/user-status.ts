import type { AdminUserRow } from '../../../shared/contract/admin/users';

export type UserStatus = 'blocked' | 'active' | 'member' | 'new';

/** Status badge: Blocked if is_suspicious; Active above 10 completions; Member above 0; else New. */
export function userStatus(user: Pick<AdminUserRow, 'is_suspicious' | 'total_completions'>): UserStatus {
  if (user.is_suspicious) return 'blocked';
  if (user.total_completions > 10) return 'active';
  if (user.total_completions > 0) return 'member';
  return 'new';
}

export type BulkAction = 'block' | 'unblock';

/**
 * 'Successfully blocked N users' / 'Successfully unblocked N users', ', M failed' appended
 * when some failed. Returned as i18n key and values.
 */
export function bulkResultMessage(action: BulkAction, succeeded: number, failed: number) {
  return {
    key: failed > 0 ? `app.users.bulk_${action}_partial` : `app.users.bulk_${action}_success`,
    values: { n: succeeded, m: failed },
  };
}
