// The postback log: every attempt, accepted or not (verified ones are the audit trail; unverified
// ones are junk anyone can send, purged after a retention period).
import { sql } from 'drizzle-orm';
import { execute, query, type Queryable } from '../db/client';

export interface PostbackLogEntry {
  method: string;
  ip: string | null;
  params: Record<string, string>;
  clickId: string | null;
  transactionId: string | null;
  status: string | null;
  outcome: string;
  httpStatus: number;
  completionId: number | null;
  verified: boolean;
}

export async function insertPostbackLog(db: Queryable, e: PostbackLogEntry): Promise<void> {
  await execute(
    db,
    sql`insert into postback_log (method, ip, params, click_id, transaction_id, status, outcome, http_status,
                                  completion_id, verified)
        values (${e.method}, ${e.ip}, ${JSON.stringify(e.params)}::jsonb, ${e.clickId}, ${e.transactionId},
                ${e.status}, ${e.outcome}, ${e.httpStatus}, ${e.completionId}, ${e.verified})`,
  );
}

/** Deletes up to `batch` unverified attempts older than `retentionDays`; returns how many. */
export async function deleteOldUnverified(
  db: Queryable,
  retentionDays: number,
  batch: number,
): Promise<number> {
  const [row] = await query<{ n: number }>(
    db,
    sql`with d as (
          delete from postback_log where id in (
            select id from postback_log
             where verified = false and received_at < now() - make_interval(days => ${retentionDays})
             limit ${batch})
          returning 1)
        select count(*)::int as n from d`,
  );
  return row?.n ?? 0;
}
