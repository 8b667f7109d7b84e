// Attempts on the partner networks' receivers (/api/postback/{slug}) in postback_log: the network,
// why an attempt was refused or what it did (reason), the request as received (for Replay), repeated
// junk folded into one row, and the replay that re-ran a refused attempt.
import { sql } from 'drizzle-orm';
import { execute, query, type Queryable } from '../db/client';
import type { PostbackLogEntry } from './log-repository';

/** The request as the receiver saw it: what Replay re-runs (stored unmasked, shown masked). */
export interface StoredRequest {
  method: string;
  url: string;
  query: Record<string, unknown>;
  body?: unknown;
  headers: Record<string, string>;
  /** The URL token's SHA-256 (hex): the token itself is stored masked (Replay compares this). */
  tokenSha256?: string;
}

/** A native log row's fields, plus the network's: which network, why, the request, the replay. */
export interface AttemptEntry extends PostbackLogEntry {
  networkId: number | null;
  reason: string;
  request: StoredRequest | null;
  replayOf?: number | null;
}

const columns = sql`(network_id, method, ip, params, click_id, transaction_id, status, outcome, http_status,
                     completion_id, verified, reason, request, replay_of)`;

/** The row's values as a select list, typed, so that the same list serves a plain and a folded insert. */
const selected = (e: AttemptEntry) =>
  sql`select ${e.networkId}::int, ${e.method}::text, ${e.ip}::text, ${JSON.stringify(e.params)}::jsonb,
             ${e.clickId}::text, ${e.transactionId}::text, ${e.status}::text, ${e.outcome}::text,
             ${e.httpStatus}::int, ${e.completionId}::int, ${e.verified}::boolean, ${e.reason}::text,
             ${e.request === null ? null : JSON.stringify(e.request)}::jsonb, ${e.replayOf ?? null}::bigint`;

/** Stores one attempt; its id. */
export async function insertAttempt(db: Queryable, e: AttemptEntry): Promise<number> {
  const [row] = await query<{ id: number }>(
    db,
    sql`insert into postback_log ${columns} ${selected(e)} returning id`,
  );
  return Number(row!.id);
}

/** How long repeated junk from one address is folded into the same row. */
export const FOLD_WINDOW_SECONDS = 60;

/**
 * An unverified attempt, folded: when an unverified row of the same network (or none), address and
 * outcome, naming the same click, transaction and status and with the same parameters, was received in
 * the last minute (not a replay, not replayed), that row's repeat_count and last_received_at move on
 * instead of a new row being written. Only identical junk is folded: attempts that differ in their
 * transaction or click id each keep their row, so each can be replayed after a fix (issue 32, item 4).
 * One statement either way. The row's id and whether it was new.
 */
export async function foldOrInsertJunk(
  db: Queryable,
  e: AttemptEntry,
): Promise<{ id: number; inserted: boolean }> {
  const sameNetwork = e.networkId === null ? sql`network_id is null` : sql`network_id = ${e.networkId}`;
  const sameIp = e.ip === null ? sql`ip is null` : sql`ip = ${e.ip}`;
  const [row] = await query<{ id: number; inserted: boolean }>(
    db,
    sql`with folded as (
          update postback_log set repeat_count = repeat_count + 1, last_received_at = now()
           where id = (select id from postback_log
                        where ${sameNetwork} and ${sameIp} and outcome = ${e.outcome} and verified = false
                          and click_id is not distinct from ${e.clickId}::text
                          and transaction_id is not distinct from ${e.transactionId}::text
                          and status is not distinct from ${e.status}::text
                          and params = ${JSON.stringify(e.params)}::jsonb
                          and reason is not distinct from ${e.reason}::text
                          and request is not distinct from ${e.request === null ? null : JSON.stringify(e.request)}::jsonb
                          and replay_of is null and replayed_at is null
                          and received_at > now() - make_interval(secs => ${FOLD_WINDOW_SECONDS})
                        order by received_at desc
                        limit 1)
          returning id),
        inserted as (
          insert into postback_log ${columns}
          ${selected(e)}
           where not exists (select 1 from folded)
          returning id)
        select id, false as inserted from folded
        union all
        select id, true from inserted`,
  );
  return { id: Number(row!.id), inserted: row!.inserted };
}

export interface AttemptForReplay {
  id: number;
  networkId: number | null;
  ip: string | null;
  outcome: string;
  httpStatus: number;
  request: StoredRequest | null;
  replayedAt: Date | null;
}

/** One attempt, locked until the caller's transaction ends (so that two replays of it queue). */
export async function lockAttemptForReplay(db: Queryable, id: number): Promise<AttemptForReplay | undefined> {
  const [row] = await query<AttemptForReplay>(
    db,
    sql`select id, network_id as "networkId", ip, outcome, http_status as "httpStatus", request,
               replayed_at as "replayedAt"
          from postback_log where id = ${id}
           for update`,
  );
  return row && { ...row, id: Number(row.id) };
}

export async function markReplayed(db: Queryable, id: number): Promise<void> {
  await execute(db, sql`update postback_log set replayed_at = now() where id = ${id}`);
}
