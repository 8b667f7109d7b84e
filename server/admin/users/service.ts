// PUT /api/admin/users.php: block and unblock, audited. The list (GET) is a read whose query is in
// server/admin/users/repository.ts.
import type { Db } from '../../db/client';
import { lockMemberBlockState, setBlocked } from '../../members/repository';
import * as users from './repository';
import { invalidateSummaries } from '../../db/admin/cache';
import { lockHeldCompletions, releaseHeldCompletions } from '../../postbacks/conversions-service';
import { deleteUserSessions } from '../../members/sessions-service';
import { conflict, notFound } from '../../lib/errors';
import { writeAudit, type Actor } from '../audit/service';

export function listUsers(db: Db, input: users.UserListInput) {
  return users.listUsers(db, input);
}

/**
 * Block ('flag') or unblock ('unflag') a member. Blocking ends every session of
 * theirs in the same transaction, so their next call is refused. Repeating the current state
 * changes nothing and writes no audit entry.
 */
export async function setUserBlocked(
  db: Db,
  actor: Actor,
  userId: number,
  action: 'flag' | 'unflag',
  reason?: string,
): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    // Lock order as in the postback receiver and the spin: the member's completions, then the member.
    if (action === 'unflag') await lockHeldCompletions(tx, userId);
    const user = await lockMemberBlockState(tx, userId);
    if (!user) throw notFound('User not found');
    // A deleted account (the member erased it in the privacy centre) stays blocked: its anonymous row
    // must never earn or spin again.
    if (user.deleted && action === 'unflag')
      throw conflict('This account was deleted by its member and cannot be unblocked');
    const blocked = action === 'flag';
    if (user.isSuspicious === blocked) return { changed: false };
    await setBlocked(tx, userId, blocked);
    if (blocked) await deleteUserSessions(tx, userId);
    // Approvals that arrived while the member was blocked granted nothing; the unblock grants them now.
    const released = blocked ? 0 : await releaseHeldCompletions(tx, userId);
    invalidateSummaries(db);
    await writeAudit(tx, actor, {
      action: blocked ? 'user.block' : 'user.unblock',
      targetType: 'user',
      targetId: userId,
      before: { is_suspicious: user.isSuspicious, email: user.email },
      after: {
        is_suspicious: blocked,
        email: user.email,
        ...(released ? { released_held_completions: released } : {}),
        ...(reason ? { reason } : {}),
      },
    });
    return { changed: true };
  });
}
