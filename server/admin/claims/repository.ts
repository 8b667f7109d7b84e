// The claims list as the console reads it (GET /api/admin/claims.php): newest first (or by decision
// time), filtered by status, offer and the day filed on indexed columns (claims_status_created_idx,
// claims_offer_created_idx, claims_created_idx). The sort comes from a constant table, never from
// the request.
import { sql, type SQL } from 'drizzle-orm';
import { query, type Queryable } from '../../db/client';
import { offsetOf, whereOf, type PageInput, type SortOrder } from '../../db/admin/list-sql';
import { countRows } from '../../db/admin/count';
import type { ClaimSortField, ClaimStatus } from '../../../shared/contract/admin/claims';
import type { ClaimListRow } from '../../claims/mapper';

export interface ClaimListInput extends PageInput {
  sortBy: ClaimSortField;
  sortOrder: SortOrder;
  status?: ClaimStatus | 'all';
  offer?: number;
  claim_id?: number;
  date_from?: string;
  date_to?: string;
}

const SORT: Record<ClaimSortField, SQL> = {
  created_at: sql`cl.created_at`,
  decided_at: sql`cl.decided_at`,
};

/** The day after a yyyy-MM-dd date, as yyyy-MM-dd (UTC). */
function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

export async function listClaims(
  db: Queryable,
  input: ClaimListInput,
): Promise<{ rows: ClaimListRow[]; total: number; estimated: boolean; pending: number }> {
  const where = whereOf([
    input.status && input.status !== 'all' ? sql`cl.status = ${input.status}` : undefined,
    input.offer !== undefined ? sql`cl.offer_id = ${input.offer}` : undefined,
    input.claim_id !== undefined ? sql`cl.id = ${input.claim_id}` : undefined,
    input.date_from ? sql`cl.created_at >= ${`${input.date_from}T00:00:00Z`}::timestamptz` : undefined,
    input.date_to ? sql`cl.created_at < ${`${nextDay(input.date_to)}T00:00:00Z`}::timestamptz` : undefined,
  ]);
  const dir = input.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const nulls = input.sortOrder === 'asc' ? sql`nulls first` : sql`nulls last`;
  const [rows, count, pending] = await Promise.all([
    query<ClaimListRow>(
      db,
      sql`select cl.id, cl.status, cl.created_at, cl.note, cl.click_id, k.created_at as clicked_at,
                 cl.offer_id, o.title as offer_title, cl.user_id, u.first_name, u.last_name, u.email,
                 cl.reject_reason, cl.decided_at, a.username as decided_by, cl.completion_id
            from claims cl
            join clicks k on k.id = cl.click_id
            join offers o on o.id = cl.offer_id
            join users u on u.id = cl.user_id
            left join admins a on a.id = cl.decided_by
          ${where}
          order by ${SORT[input.sortBy]} ${dir} ${nulls}, cl.id ${dir}
          limit ${input.limit} offset ${offsetOf(input)}`,
    ),
    countRows(db, sql`from claims cl ${where}`),
    query<{ n: number }>(db, sql`select count(*)::int as n from claims where status = 'pending'`),
  ]);
  return { rows, total: count.total, estimated: count.estimated, pending: Number(pending[0]?.n ?? 0) };
}
