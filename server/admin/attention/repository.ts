// GET /api/admin/attention.php and the dashboard's getting-started checklist: the reads behind them,
// each bounded by an index of migration 0012 (or an earlier one) so that none reads a table whole at
// a million rows. The rules that turn these rows into flags are in server/admin/attention/service.ts.
import { sql } from 'drizzle-orm';
import { query, type Queryable } from '../../db/client';
import { POSTBACK_SUCCESS_OUTCOMES } from '../../../shared/contract/admin/postbacks';
import { num, numOrNull, str, strOrNull, iso, isoOrNull, dateOnly, bool, money } from '../../db/row-mappers';

interface ActiveOfferRow {
  id: number;
  title: string;
  slot_config: unknown;
  total_revenue: string;
  total_completions: number;
}

/** Active offers with what the monitor needs: the table, and the counters for the average payout (USD). */
export async function activeOffers(db: Queryable) {
  const rows = await query<ActiveOfferRow>(
    db,
    sql`select id, title, slot_config, total_revenue, total_completions
          from offers where is_active order by id`,
  );
  return rows.map((r) => ({
    id: num(r.id),
    title: str(r.title),
    slotConfig: r.slot_config,
    totalRevenue: num(r.total_revenue),
    totalCompletions: num(r.total_completions),
  }));
}

export interface DrawGroup {
  /** null: free spins. */
  offerId: number | null;
  /** null: the draw paid nothing. */
  drawnAmount: number | null;
  draws: number;
  /** Rupees of the codes handed out in this group (wins only; a stock-out gave nothing). */
  paid: number;
}

interface DrawGroupRow {
  offer_id: number | null;
  drawn_amount: string | null;
  draws: number;
  paid: string;
}

/**
 * The last `window` spins of each active offer and of free spins, grouped by the amount drawn: a
 * backward range scan of spins_offer_recent_idx per offer, read from the index alone.
 */
export async function recentDraws(db: Queryable, window: number): Promise<DrawGroup[]> {
  const rows = await query<DrawGroupRow>(
    db,
    sql`select o.id as offer_id, s.drawn_amount, count(*)::int as draws,
               coalesce(sum(s.drawn_amount) filter (where s.is_win), 0) as paid
          from offers o
          cross join lateral (
            select sp.drawn_amount, sp.is_win from spins sp
             where sp.offer_id = o.id order by sp.id desc limit ${window}) s
         where o.is_active
         group by o.id, s.drawn_amount
        union all
        select null, s.drawn_amount, count(*)::int, coalesce(sum(s.drawn_amount) filter (where s.is_win), 0)
          from (select sp.drawn_amount, sp.is_win from spins sp
                 where sp.offer_id is null order by sp.id desc limit ${window}) s
         group by s.drawn_amount`,
  );
  return rows.map((r) => ({
    offerId: numOrNull(r.offer_id),
    drawnAmount: numOrNull(r.drawn_amount),
    draws: num(r.draws),
    paid: money(r.paid),
  }));
}

interface StockRow {
  voucher_amount: string;
  voucher_brand: string;
  available: number;
}

/** Available, unexpired codes by amount and brand (an index-only scan of vouchers_available_stock_idx). */
export async function availableStock(db: Queryable) {
  const rows = await query<StockRow>(
    db,
    sql`select voucher_amount, voucher_brand, count(*)::int as available
          from vouchers
         where status = 'available' and (expiry_date is null or expiry_date >= current_date)
         group by voucher_amount, voucher_brand
         order by voucher_amount, voucher_brand`,
  );
  return rows.map((r) => ({
    amount: num(r.voucher_amount),
    brand: str(r.voucher_brand),
    available: num(r.available),
  }));
}

interface DemandRow {
  drawn_amount: string;
  draws: number;
  stock_outs: number;
  members_missed: number;
}

/**
 * The draws that wanted a code over the last `days` days, by amount: won, stock-outs (a winning draw
 * with no code: rewards_spin records stock_out) and the members those stock-outs hit (spins_drawn_created_idx).
 */
export async function recentDemand(db: Queryable, days: number) {
  const rows = await query<DemandRow>(
    db,
    sql`select drawn_amount, count(*)::int as draws,
               count(*) filter (where stock_out)::int as stock_outs,
               count(distinct user_id) filter (where stock_out)::int as members_missed
          from spins
         where drawn_amount is not null and created_at >= now() - make_interval(days => ${days})
         group by drawn_amount`,
  );
  return rows.map((r) => ({
    amount: num(r.drawn_amount),
    draws: num(r.draws),
    stockOuts: num(r.stock_outs),
    membersMissed: num(r.members_missed),
  }));
}

interface OwedRow {
  voucher_amount: string;
  owed: number;
  members: number;
  since: Date | string | null;
}

/**
 * The open debts by amount (owed_vouchers, migration 0025: wins owed a code until a restock), the
 * members they are owed to and the oldest's time (owed_vouchers_open_idx).
 */
export async function owedByAmount(db: Queryable) {
  const rows = await query<OwedRow>(
    db,
    sql`select voucher_amount, count(*)::int as owed, count(distinct user_id)::int as members,
               min(created_at) as since
          from owed_vouchers
         where voucher_id is null
         group by voucher_amount`,
  );
  return rows.map((r) => ({
    amount: num(r.voucher_amount),
    owed: num(r.owed),
    members: num(r.members),
    since: r.since === null || r.since === undefined ? null : new Date(r.since).toISOString(),
  }));
}

/**
 * Available codes whose expiry date is today or within `days` days, one row per brand (issue 36): the
 * codes, their amounts and the first expiry, soonest first (vouchers_available_stock_idx's rows).
 */
export async function expiringUnassigned(db: Queryable, days: number) {
  const rows = await query<{
    voucher_brand: string;
    codes: number;
    amounts: (string | number)[] | string;
    first_expiry: unknown;
  }>(
    db,
    sql`select voucher_brand, count(*)::int as codes,
               json_agg(distinct voucher_amount order by voucher_amount) as amounts,
               min(expiry_date) as first_expiry
          from vouchers
         where status = 'available' and expiry_date >= current_date
           and expiry_date <= current_date + ${days}::int
         group by voucher_brand
         order by min(expiry_date), voucher_brand`,
  );
  return rows.map((r) => ({
    brand: str(r.voucher_brand),
    codes: num(r.codes),
    // json: parsed by the driver; a string where a driver leaves it as text.
    amounts: (typeof r.amounts === 'string' ? (JSON.parse(r.amounts) as number[]) : r.amounts).map(num),
    first_expiry: dateOnly(r.first_expiry) ?? '',
  }));
}

interface ClaimWaitingRow {
  claim_id: number;
  user_id: number;
  first_name: string | null;
  last_name: string | null;
  email: string;
  offer_id: number;
  offer_title: string;
  created_at: unknown;
}

/**
 * Claims waiting for a decision: how many, and the oldest `shown`, oldest first (both read through
 * claims_status_created_idx).
 */
export async function claimsWaiting(db: Queryable, shown: number) {
  const [rows, [count]] = await Promise.all([
    query<ClaimWaitingRow>(
      db,
      sql`select c.id as claim_id, c.user_id, u.first_name, u.last_name, u.email, c.offer_id,
                 o.title as offer_title, c.created_at
            from (select * from claims where status = 'pending' order by created_at, id limit ${shown}) c
            join users u on u.id = c.user_id
            join offers o on o.id = c.offer_id
           order by c.created_at, c.id`,
    ),
    query<{ n: number }>(db, sql`select count(*)::int as n from claims where status = 'pending'`),
  ]);
  return {
    waiting: num(count?.n),
    oldest: rows.map((r) => ({
      claim_id: num(r.claim_id),
      user_id: num(r.user_id),
      user_name: `${str(r.first_name)} ${str(r.last_name)}`.trim() || str(r.email),
      offer_id: num(r.offer_id),
      offer_title: str(r.offer_title),
      created_at: iso(r.created_at),
    })),
  };
}

/**
 * Held rewards waiting in the review queue (issue 33's reward_holds, read only: the same count the
 * queue's own list answers) and since when the oldest waits.
 */
export async function reviewsWaiting(db: Queryable) {
  const [row] = await query<{ n: number; oldest: unknown }>(
    db,
    sql`select count(*)::int as n, min(created_at) as oldest from reward_holds where status = 'held'`,
  );
  return { waiting: num(row?.n), oldest_at: isoOrNull(row?.oldest) };
}

export const REVERSAL_MEMBERS = 20;

interface ReversalsRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  held_at: Date | string | null;
  n: number;
}

/** Members with at least `min` reversals over the last `days` days, most first (completions_reversed_at_idx). */
export async function reversalsPilingUp(db: Queryable, days: number, min: number) {
  const rows = await query<ReversalsRow>(
    db,
    sql`select u.id, u.first_name, u.last_name, u.email, u.held_at, r.n
          from (select user_id, count(*)::int as n from completions
                 where status = 'reversed' and reversed_at >= now() - make_interval(days => ${days})
                 group by user_id having count(*) >= ${min}
                 order by n desc, user_id limit ${REVERSAL_MEMBERS}) r
          join users u on u.id = r.user_id
         order by r.n desc, u.id`,
  );
  return rows.map((r) => ({
    user_id: num(r.id),
    name: `${str(r.first_name)} ${str(r.last_name)}`.trim(),
    email: str(r.email),
    reversals: num(r.n),
    held_at: isoOrNull(r.held_at),
  }));
}

interface RefusedRow {
  network_id: number | null;
  name: string | null;
  refused: number;
}

/** Refused postback attempts (folded repeats counted) per network over the last `hours` hours. */
export async function refusedPostbacks(db: Queryable, hours: number) {
  const success = [...POSTBACK_SUCCESS_OUTCOMES];
  const rows = await query<RefusedRow>(
    db,
    sql`select p.network_id, n.name, sum(p.repeat_count)::int as refused
          from postback_log p left join networks n on n.id = p.network_id
         where p.received_at >= now() - make_interval(hours => ${hours}) and p.outcome not in ${success}
         group by p.network_id, n.name
         order by refused desc, p.network_id nulls first`,
  );
  return rows.map((r) => ({
    network_id: numOrNull(r.network_id),
    network: strOrNull(r.name),
    refused: num(r.refused),
  }));
}

/** Same-device referrals waiting for an administrator's decision (referrals_needs_review_idx, 0011). */
export async function heldReferrals(db: Queryable): Promise<number> {
  const [row] = await query<{ n: number }>(
    db,
    sql`select count(*)::int as n from referrals where same_device and status = 'completed_waiting'`,
  );
  return num(row?.n);
}

interface FactsRow {
  network: boolean;
  offers_reviewed: boolean;
  member_app: boolean;
  real_activity: boolean;
}

/** The getting-started checklist's facts, each an `exists` on a small table or an index. */
export async function gettingStartedFacts(db: Queryable, demoNetworks: readonly string[]) {
  const [row] = await query<FactsRow>(
    db,
    sql`select
          exists(select 1 from networks where is_active and slug not in ${[...demoNetworks]}) as network,
          exists(select 1 from admin_audit_log where target_type = 'offer') as offers_reviewed,
          exists(select 1 from sessions where user_id is not null) as member_app,
          exists(select 1 from offers where network not in ${[...demoNetworks]} and total_completions > 0)
            as real_activity`,
  );
  return {
    network: bool(row?.network),
    offersReviewed: bool(row?.offers_reviewed),
    memberApp: bool(row?.member_app),
    realActivity: bool(row?.real_activity),
  };
}
