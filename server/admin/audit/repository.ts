// The admin audit log's list (GET /api/admin/audit-log.php), newest first by default.
import { sql } from 'drizzle-orm';
import { query, type Queryable } from '../../db/client';
import type { AdminAuditLogResponse } from '../../../shared/contract/admin/audit-log';
import { likePattern, offsetOf, whereOf, type PageInput, type SortOrder } from '../../db/admin/list-sql';
import { countRows } from '../../db/admin/count';
import { pagination } from '../mapper';
import { iso, num, strOrNull } from '../../db/row-mappers';

export interface AuditListInput extends PageInput {
  sortOrder: SortOrder;
  action?: string;
  target_type?: string;
  target_id?: string;
  admin?: string;
  date_from?: string;
  date_to?: string;
}

interface AuditEntryRow {
  id: string | number;
  admin_id: number | null;
  admin_username: string;
  action: string;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
  created_at: Date | string;
  /** The target's name today; null for a target type without one, or a target gone. */
  target_label: string | null;
}

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

export async function listAudit(
  db: Queryable,
  input: AuditListInput,
): Promise<Omit<AdminAuditLogResponse, 'success'>> {
  const where = whereOf([
    input.action ? sql`action = ${input.action}` : undefined,
    input.target_type ? sql`target_type = ${input.target_type}` : undefined,
    input.target_id ? sql`target_id = ${input.target_id}` : undefined,
    input.admin ? sql`admin_username ilike ${`${likePattern(input.admin).slice(1)}`}` : undefined,
    input.date_from ? sql`created_at >= ${`${input.date_from}T00:00:00Z`}::timestamptz` : undefined,
    input.date_to ? sql`created_at < ${`${nextDay(input.date_to)}T00:00:00Z`}::timestamptz` : undefined,
  ]);
  const dir = input.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const [rows, count] = await Promise.all([
    // The page's targets named as they are today: one lookup per row of the page (by primary key),
    // only for the target types that have a name; target ids that are not numbers name nothing.
    query<AuditEntryRow>(
      db,
      sql`select a.id, a.admin_id, a.admin_username, a.action, a.target_type, a.target_id, a.before,
                 a.after, a.created_at,
                 case a.target_type
                   when 'user' then (select coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email)
                                     from users u where u.id = a.target_num)
                   when 'offer' then (select o.title from offers o where o.id = a.target_num)
                   when 'voucher' then (select v.voucher_code from vouchers v where v.id = a.target_num)
                   when 'network' then (select n.name from networks n where n.id = a.target_num)
                   -- A claim names its member and offer (issue 36): 'Priya Sharma on Survey Sprint'.
                   when 'claim' then (select coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email)
                                             || ' on ' || o.title
                                      from claims c join users u on u.id = c.user_id
                                      join offers o on o.id = c.offer_id
                                     where c.id = a.target_num)
                 end as target_label
          from (select *, case when target_id ~ '^[0-9]{1,9}$' then target_id::int end as target_num
                from admin_audit_log ${where}
                order by created_at ${dir}, id ${dir}
                limit ${input.limit} offset ${offsetOf(input)}) a
          order by a.created_at ${dir}, a.id ${dir}`,
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
      target_label: strOrNull(r.target_label),
      before: r.before ?? null,
      after: r.after ?? null,
      created_at: iso(r.created_at),
    })),
    pagination: pagination(input, count.total, count.estimated),
  };
}
