// The admin networks list (GET /api/admin/networks.php): search, status, id, whitelisted sorts and the
// page, with each network's offers, its last postback and its last 24 hours of attempts (read through
// postback_log_network_idx).
import { sql, type SQL } from 'drizzle-orm';
import { execute, query, type Queryable } from '../../db/client';
import type { NetworkSortField } from '../../../shared/contract/admin/networks';
import { POSTBACK_SUCCESS_OUTCOMES } from '../../../shared/contract/admin/postbacks';
import { searchPattern, sortedPage, whereOf, type SortedPageInput } from '../../db/admin/list-sql';
import { countRows } from '../../db/admin/count';
import { toStoredNetwork, type NetworkRow, type StoredNetwork } from '../../networks/repository';

const SORTS: Record<NetworkSortField, SQL> = {
  created_at: sql`n.created_at`,
  name: sql`n.name`,
  slug: sql`n.slug`,
};

export interface NetworkListInput extends SortedPageInput {
  search?: string;
  status?: 'all' | 'active' | 'inactive';
  id?: number;
}

export interface NetworkStats {
  offersCount: number;
  lastPostbackAt: Date | null;
  accepted24h: number;
  refused24h: number;
}

export interface NetworkListRow {
  network: StoredNetwork;
  stats: NetworkStats;
}

/** A network's row with its offers and the last 24 hours' postback attempts. */
interface NetworkListQueryRow extends NetworkRow {
  offers_count: number;
  last_postback_at: Date | string | null;
  accepted: number;
  refused: number;
}

export async function listNetworks(
  db: Queryable,
  input: NetworkListInput,
): Promise<{ rows: NetworkListRow[]; total: number; estimated: boolean }> {
  const pattern = searchPattern(input.search);
  const where = whereOf([
    pattern ? sql`(n.name ilike ${pattern} or n.slug ilike ${pattern})` : undefined,
    input.status === 'active'
      ? sql`n.is_active`
      : input.status === 'inactive'
        ? sql`not n.is_active`
        : undefined,
    input.id !== undefined ? sql`n.id = ${input.id}` : undefined,
  ]);
  const success = [...POSTBACK_SUCCESS_OUTCOMES];
  const [rows, count] = await Promise.all([
    query<NetworkListQueryRow>(
      db,
      sql`select n.id, n.slug, n.name, n.preset, n.is_active as "isActive", n.config, n.secret,
                 n.previous_secret as "previousSecret",
                 n.previous_secret_valid_until as "previousSecretValidUntil",
                 n.created_at as "createdAt", n.updated_at as "updatedAt",
                 (select count(*)::int from offers o where o.network_id = n.id) as offers_count,
                 (select max(p.received_at) from postback_log p where p.network_id = n.id) as last_postback_at,
                 recent.accepted, recent.refused
            from networks n
            cross join lateral (
              select coalesce(sum(p.repeat_count) filter (where p.outcome in ${success}), 0)::int as accepted,
                     coalesce(sum(p.repeat_count) filter (where p.outcome not in ${success}), 0)::int as refused
                from postback_log p
               where p.network_id = n.id and p.received_at > now() - interval '24 hours') recent
          ${where} ${sortedPage(SORTS, input, sql`n.id`).page}`,
    ),
    countRows(db, sql`from networks n ${where}`),
  ]);
  return {
    rows: rows.map((r) => ({
      network: toStoredNetwork(r),
      stats: {
        offersCount: Number(r.offers_count ?? 0),
        lastPostbackAt: r.last_postback_at ? new Date(r.last_postback_at) : null,
        accepted24h: Number(r.accepted ?? 0),
        refused24h: Number(r.refused ?? 0),
      },
    })),
    total: count.total,
    estimated: count.estimated,
  };
}

/**
 * The console's activation toggle (issue 36): locks the network and sets is_active, returning its
 * state before (undefined: no such network). The configuration itself is left as it is.
 */
export async function lockNetworkActive(
  db: Queryable,
  id: number,
): Promise<{ isActive: boolean; name: string; slug: string } | undefined> {
  const [row] = await query<{ is_active: boolean; name: string; slug: string }>(
    db,
    sql`select is_active, name, slug from networks where id = ${id} for update`,
  );
  return row && { isActive: row.is_active, name: row.name, slug: row.slug };
}

export async function setNetworkActive(db: Queryable, id: number, isActive: boolean): Promise<void> {
  await execute(db, sql`update networks set is_active = ${isActive}, updated_at = now() where id = ${id}`);
}
