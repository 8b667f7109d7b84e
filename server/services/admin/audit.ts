// The admin audit log (DESIGN.md section 4): every admin change is written in the transaction that
// makes it, with the admin, the time, the target and the values before and after.
import { sql } from 'drizzle-orm';
import { query, type Queryable } from '../../db/client';
import { adminAuditLog } from '../../db/schema';
import type { AdminAuditLogResponse } from '../../../shared/api-types';
import {
  countRows,
  iso,
  num,
  offsetOf,
  pagination,
  strOrNull,
  whereOf,
  type PageInput,
  type SortOrder,
} from './common';

export interface Actor {
  adminId: number;
  username: string;
  ip?: string | null;
}

export type AuditAction =
  | 'user.block'
  | 'user.unblock'
  | 'offer.create'
  | 'offer.edit'
  | 'offer.activate'
  | 'offer.deactivate'
  | 'voucher.add'
  | 'voucher.expire'
  | 'voucher.unexpire';

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
  await db.insert(adminAuditLog).values({
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

export const AUDIT_ACTIONS: AuditAction[] = [
  'user.block',
  'user.unblock',
  'offer.create',
  'offer.edit',
  'offer.activate',
  'offer.deactivate',
  'voucher.add',
  'voucher.expire',
  'voucher.unexpire',
];
export const AUDIT_TARGET_TYPES = ['user', 'offer', 'voucher', 'voucher_batch'] as const;

export interface AuditListInput extends PageInput {
  sortOrder: SortOrder;
  action?: string;
  target_type?: string;
  target_id?: string;
}

export async function listAudit(
  db: Queryable,
  input: AuditListInput,
): Promise<Omit<AdminAuditLogResponse, 'success'>> {
  const where = whereOf([
    input.action ? sql`action = ${input.action}` : undefined,
    input.target_type ? sql`target_type = ${input.target_type}` : undefined,
    input.target_id ? sql`target_id = ${input.target_id}` : undefined,
  ]);
  const dir = input.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const [rows, count] = await Promise.all([
    query(
      db,
      sql`select id, admin_id, admin_username, action, target_type, target_id, before, after, created_at
          from admin_audit_log ${where}
          order by created_at ${dir}, id ${dir}
          limit ${input.limit} offset ${offsetOf(input)}`,
    ),
    countRows(db, sql`from admin_audit_log ${where}`),
  ]);
  return {
    entries: rows.map((r) => ({
      id: num(r.id),
      admin_id: r.admin_id === null ? null : num(r.admin_id),
      admin_username: String(r.admin_username),
      action: String(r.action),
      target_type: String(r.target_type),
      target_id: strOrNull(r.target_id) ?? '',
      before: r.before ?? null,
      after: r.after ?? null,
      created_at: iso(r.created_at),
    })),
    pagination: pagination(input, count.total, count.estimated),
  };
}
