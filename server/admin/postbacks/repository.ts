// The postback log as the console lists it (GET /api/admin/postbacks.php): every attempt on the
// receivers, newest first, filtered on indexed columns (postback_log_network_idx, _outcome_idx,
// _click_idx, _txn_idx, _received_idx); and one attempt by id, for Replay.
import { sql } from 'drizzle-orm';
import { query, type Queryable } from '../../db/client';
import { POSTBACK_SUCCESS_OUTCOMES } from '../../../shared/contract/admin/postbacks';
import { offsetOf, whereOf, type PageInput, type SortOrder } from '../../db/admin/list-sql';
import { countRows, EXACT_COUNT_LIMIT_LARGE } from '../../db/admin/count';

export interface PostbackListInput extends PageInput {
  sortOrder: SortOrder;
  search?: string;
  network_id?: number;
  postback_id?: number;
  outcome?: string;
  result?: 'all' | 'accepted' | 'refused';
  status?: string;
  date_from?: string;
  date_to?: string;
}

/** The day after a yyyy-MM-dd date, as yyyy-MM-dd (UTC). */
function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** An attempt as the log stores it, with its network's slug and configuration (null: the native receiver). */
export interface PostbackLogRow {
  /** bigserial: text from node-postgres. */
  id: string | number;
  received_at: Date | string;
  method: string;
  ip: string | null;
  /** The parsed parameters (jsonb). */
  params: unknown;
  click_id: string | null;
  transaction_id: string | null;
  status: string | null;
  outcome: string;
  http_status: number;
  completion_id: number | null;
  verified: boolean | null;
  network_id: number | null;
  reason: string | null;
  /** The request as received (jsonb), for Replay; null on rows stored before it was kept. */
  request: unknown;
  repeat_count: number;
  replay_of: string | number | null;
  replayed_at: Date | string | null;
  network_slug: string | null;
  network_config: unknown;
}

const columns = sql`p.id, p.received_at, p.method, p.ip, p.params, p.click_id, p.transaction_id, p.status,
  p.outcome, p.http_status, p.completion_id, p.verified, p.network_id, p.reason, p.request,
  p.repeat_count, p.replay_of, p.replayed_at, n.slug as network_slug, n.config as network_config`;

export async function listPostbacks(
  db: Queryable,
  input: PostbackListInput,
): Promise<{ rows: PostbackLogRow[]; total: number; estimated: boolean }> {
  const success = [...POSTBACK_SUCCESS_OUTCOMES];
  const search = input.search?.trim();
  const where = whereOf([
    input.network_id !== undefined ? sql`p.network_id = ${input.network_id}` : undefined,
    input.postback_id !== undefined ? sql`p.id = ${input.postback_id}` : undefined,
    input.outcome ? sql`p.outcome = ${input.outcome}` : undefined,
    input.result === 'accepted'
      ? sql`p.outcome in ${success}`
      : input.result === 'refused'
        ? sql`p.outcome not in ${success}`
        : undefined,
    input.status ? sql`p.status = ${input.status}` : undefined,
    input.date_from ? sql`p.received_at >= ${`${input.date_from}T00:00:00Z`}::timestamptz` : undefined,
    input.date_to ? sql`p.received_at < ${`${nextDay(input.date_to)}T00:00:00Z`}::timestamptz` : undefined,
    search ? sql`(p.click_id = ${search} or p.transaction_id = ${search})` : undefined,
  ]);
  const dir = input.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  const [rows, count] = await Promise.all([
    query<PostbackLogRow>(
      db,
      sql`select ${columns}
            from postback_log p left join networks n on n.id = p.network_id
          ${where}
          order by p.received_at ${dir}, p.id ${dir}
          limit ${input.limit} offset ${offsetOf(input)}`,
    ),
    countRows(db, sql`from postback_log p ${where}`, {
      limit: EXACT_COUNT_LIMIT_LARGE,
      estimateFirst: true,
    }),
  ]);
  return { rows, total: count.total, estimated: count.estimated };
}

export async function findPostback(db: Queryable, id: number): Promise<PostbackLogRow | undefined> {
  const [row] = await query<PostbackLogRow>(
    db,
    sql`select ${columns} from postback_log p left join networks n on n.id = p.network_id where p.id = ${id}`,
  );
  return row;
}
