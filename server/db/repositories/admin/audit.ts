// The admin audit log's list (GET /api/admin/audit-log.php), newest first by default.
import { sql } from 'drizzle-orm';
import { query, type Queryable } from '../../client';
import type { AdminAuditLogResponse } from '../../../../shared/contract/admin/audit-log';
import { offsetOf, whereOf, type PageInput, type SortOrder } from '../../admin/list-sql';
import { countRows } from '../../admin/count';
import { pagination } from '../../mappers/admin';
import { iso, num, strOrNull } from '../../row-mappers';

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
