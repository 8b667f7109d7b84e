// The admin audit log: every admin change is written in the transaction that
// makes it, with the admin, the time, the target and the values before and after.
import * as list from './repository';
import type { Queryable } from '../../db/client';
import { insertAuditEntry } from './write-repository';
import type { AuditAction } from '../../../shared/contract/admin/audit-log';

export interface Actor {
  adminId: number;
  username: string;
  ip?: string | null;
}

export async function writeAudit(
  db: Queryable,
  actor: Actor,
  entry: {
    action: AuditAction;
    targetType: string;
    targetId: string | number;
    before: unknown;
    after: unknown;
  },
): Promise<void> {
  await insertAuditEntry(db, {
    adminId: actor.adminId,
    adminUsername: actor.username,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: actor.ip ?? null,
  });
}

export function listAudit(db: Queryable, input: list.AuditListInput) {
  return list.listAudit(db, input);
}
