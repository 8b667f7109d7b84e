// The admin offers list (GET /api/admin/offers.php): filters, whitelisted sorts and the page, with the
// per-offer totals the postback and spin transactions keep on the offers row.
import { sql, type SQL } from 'drizzle-orm';
import { query, type Db } from '../../db/client';
import type { AdminOffersResponse } from '../../../shared/contract/admin/offers';
import {
  dateRangeCondition,
  equalsFilter,
  searchPattern,
  sortedPage,
  whereOf,
  type SortedPageInput,
} from '../../db/admin/list-sql';
import { countRows } from '../../db/admin/count';
import { pagination, toOfferRow } from '../mapper';
import type { OfferSortField } from '../../../shared/contract/admin/offers';
import type { OfferRow } from '../../offers/repository';

/**
 * Sorts of the offers list: newest/oldest (created_at), title A-Z/Z-A (title), most completions and
 * the performance shortcuts (total_completions), highest revenue (total_revenue), highest reward
 * (reward_amount), category A-Z (category); plus the other per-offer totals.
 */
const SORTS: Record<OfferSortField, SQL> = {
  created_at: sql`o.created_at`,
  title: sql`o.title`,
  category: sql`o.category`,
  reward_amount: sql`o.reward_amount`,
  total_completions: sql`o.total_completions`,
  total_revenue: sql`o.total_revenue`,
  unique_users: sql`o.unique_users`,
  spins_used: sql`o.spins_used`,
  rewards_won: sql`o.rewards_won`,
  model: sql`o.model`,
  is_active: sql`o.is_active`,
};

export interface OfferListInput extends SortedPageInput {
  search?: string;
  status?: 'all' | 'active' | 'inactive';
  category?: string;
  model?: string;
  dateRange?: string;
  network_id?: number;
  offer_id?: number;
}

export async function listOffers(
  db: Db,
  input: OfferListInput,
  fxUsdInr: number,
): Promise<Omit<AdminOffersResponse, 'success'>> {
  const pattern = searchPattern(input.search);
  const where = whereOf([
    pattern
      ? sql`(o.title ilike ${pattern} or o.description ilike ${pattern} or o.external_offer_id ilike ${pattern})`
      : undefined,
    input.status === 'active'
      ? sql`o.is_active`
      : input.status === 'inactive'
        ? sql`not o.is_active`
        : undefined,
    equalsFilter(sql`o.category`, input.category),
    equalsFilter(sql`o.model`, input.model),
    dateRangeCondition(sql`o.created_at`, input.dateRange),
    input.network_id !== undefined ? sql`o.network_id = ${input.network_id}` : undefined,
    input.offer_id !== undefined ? sql`o.id = ${input.offer_id}` : undefined,
  ]);
  const [rows, count] = await Promise.all([
    query<OfferRow & { network_name: string | null }>(
      db,
      sql`select o.*, n.name as network_name
            from offers o left join networks n on n.id = o.network_id
          ${where} ${sortedPage(SORTS, input, sql`o.id`, ['category']).page}`,
    ),
    countRows(db, sql`from offers o ${where}`),
  ]);
  return {
    offers: rows.map((r) => toOfferRow(r, fxUsdInr)),
    pagination: pagination(input, count.total, count.estimated),
  };
}
