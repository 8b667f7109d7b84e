// The admin audit log: one row per admin change, with the change's before and after.
import { sql } from 'drizzle-orm';
import { execute, type Queryable } from '../../db/client';

export interface AuditEntry {
  adminId: number | null;
  adminUsername: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  ip: string | null;
}

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

export async function insertAuditEntry(db: Queryable, e: AuditEntry): Promise<void> {
  await execute(
    db,
    sql`insert into admin_audit_log (admin_id, admin_username, action, target_type, target_id, before, after, ip)
        values (${e.adminId}, ${e.adminUsername}, ${e.action}, ${e.targetType}, ${e.targetId},
                ${json(e.before)}::jsonb, ${json(e.after)}::jsonb, ${e.ip})`,
  );
}
