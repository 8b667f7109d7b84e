// GET /api/admin/offer-clicks.php: every click, with its approved completion
// when it converted. Sorted by completed_at, converted clicks come first (by completion time), then
// clicks that have not converted (newest first); each part is read through its own index, so a page
// never joins a million clicks to a million completions before sorting.
import { sql, type SQL } from 'drizzle-orm';
import { query, type Db } from '../../db/client';
import type { AdminClicksResponse } from '../../../shared/contract/admin/clicks';
import {
  inIds,
  dateRangeCondition,
  hasFilter,
  mappedFilter,
  offsetOf,
  searchPattern,
  whereOf,
  type PageInput,
  type SortOrder,
} from '../../db/admin/list-sql';
import { countRows, EXACT_COUNT_LIMIT_LARGE } from '../../db/admin/count';
import { matchingOfferIds, matchingUserIds } from '../../db/admin/search';
import { pagination, toClickRow, type ClickListRow } from '../mapper';
import { conversionTotals } from '../dashboard/totals-repository';
import { cached } from '../../db/admin/cache';
import type { ClickSortField } from '../../../shared/contract/admin/clicks';

export interface ClickListInput extends PageInput {
  search?: string;
  dateRange?: string;
  offer?: number;
  conversionStatus?: string;
  userType?: string;
  sortBy: ClickSortField;
  sortOrder: SortOrder;
}

/**
 * conversionStatus: voucher_won / no_voucher (the conversion's spin won a voucher,
 * or did not — not spun yet included), spinner_used / spinner_not_used. Each implies a conversion.
 */
const STATUS: Record<string, SQL> = {
  voucher_won: sql`c.voucher_id is not null`,
  no_voucher: sql`c.voucher_id is null`,
  spinner_used: sql`c.spinner_used`,
  spinner_not_used: sql`not c.spinner_used`,
};

const SELECT = sql`k.id as click_id, k.user_id, k.offer_id, k.created_at as clicked_at, c.id as completion_id, u.first_name, u.last_name,
  u.email, u.firebase_uid, o.title, o.category, o.external_offer_id, c.payout_amount, v.voucher_code,
  v.voucher_brand, v.voucher_amount, c.spinner_used, c.completed_at`;

export async function listClicks(
  db: Db,
  input: ClickListInput,
): Promise<Omit<AdminClicksResponse, 'success'>> {
  const search = input.search?.trim();
  const pattern = searchPattern(search);
  // Conditions on the click (k) and its member; the same for both parts.
  let searchCondition: SQL | undefined;
  if (pattern) {
    // User email, offer title or click ID; resolved to ids to use the click indexes.
    const [userIds, offerIds] = await Promise.all([
      matchingUserIds(db, pattern, 'email'),
      matchingOfferIds(db, pattern),
    ]);
    const byUser = userIds
      ? inIds(sql`k.user_id`, userIds)
      : sql`k.user_id in (select s.id from users s where s.email ilike ${pattern})`;
    searchCondition = sql`(k.id = ${search} or ${byUser} or ${inIds(sql`k.offer_id`, offerIds)})`;
  }
  const clickConditions = [
    searchCondition,
    dateRangeCondition(sql`k.created_at`, input.dateRange),
    input.offer ? sql`k.offer_id = ${input.offer}` : undefined,
    input.userType === 'firebase' || input.userType === 'email'
      ? sql`k.user_id in (select t.id from users t where t.registration_method = ${input.userType})`
      : undefined,
  ];
  const statusCondition = mappedFilter(STATUS, input.conversionStatus);
  const filtered = hasFilter([...clickConditions, statusCondition]);

  const convertedWhere = whereOf([
    sql`c.status = 'approved'`,
    sql`c.click_id is not null`,
    statusCondition,
    ...clickConditions,
  ]);
  const convertedFrom = sql`from completions c join clicks k on k.id = c.click_id ${convertedWhere}`;
  const openWhere = whereOf([
    sql`not exists (select 1 from completions c where c.click_id = k.id and c.status = 'approved')`,
    ...clickConditions,
  ]);
  const openFrom = sql`from clicks k ${openWhere}`;
  const dir = input.sortOrder === 'asc' ? sql`asc` : sql`desc`;

  const totalsPromise = conversionTotals(db);
  // Converted clicks: exact counter when unfiltered (every approved completion has its click).
  const convertedCount = filtered
    ? await countRows(db, convertedFrom, { limit: EXACT_COUNT_LIMIT_LARGE, estimateFirst: true })
    : { total: (await totalsPromise).totalConversions, estimated: false };
  // Clicks not converted = all matching clicks minus the converted ones (no anti-join over every click).
  const clicksFrom = sql`from clicks k ${whereOf(clickConditions)}`;
  const allClicks = statusCondition
    ? null
    : filtered
      ? await countRows(db, clicksFrom, { limit: EXACT_COUNT_LIMIT_LARGE, estimateFirst: true })
      : await cached(db, 'clicks-total', () =>
          countRows(db, clicksFrom, { limit: EXACT_COUNT_LIMIT_LARGE, estimateFirst: true }),
        );
  const openCount = allClicks
    ? { total: Math.max(0, allClicks.total - convertedCount.total), estimated: allClicks.estimated }
    : { total: 0, estimated: false };

  const offset = offsetOf(input);
  let rows: ClickListRow[] = [];
  if (input.sortBy === 'created_at') {
    // One ordering over all clicks by click time.
    const where = statusCondition
      ? sql`${convertedFrom}`
      : sql`from clicks k left join completions c on c.click_id = k.id and c.status = 'approved' ${whereOf(clickConditions)}`;
    rows = await query<ClickListRow>(
      db,
      sql`select ${SELECT} from (select k.id as kid, c.id as cid ${where}
            order by k.created_at ${dir}, k.id ${dir} limit ${input.limit} offset ${offset}) p
          join clicks k on k.id = p.kid left join completions c on c.id = p.cid
          join users u on u.id = k.user_id join offers o on o.id = k.offer_id
          left join vouchers v on v.id = c.voucher_id
          order by k.created_at ${dir}, k.id ${dir}`,
    );
  } else {
    const sortColumn = input.sortBy === 'payout_amount' ? sql`c.payout_amount` : sql`c.completed_at`;
    const fromConverted = offset < convertedCount.total;
    if (fromConverted) {
      rows = await query<ClickListRow>(
        db,
        sql`select ${SELECT} from (select c.id as cid ${convertedFrom}
              order by ${sortColumn} ${dir}, c.id ${dir} limit ${input.limit} offset ${offset}) p
            join completions c on c.id = p.cid join clicks k on k.id = c.click_id
            join users u on u.id = k.user_id join offers o on o.id = k.offer_id
            left join vouchers v on v.id = c.voucher_id
            order by ${sortColumn} ${dir}, c.id ${dir}`,
      );
    }
    const missing = input.limit - rows.length;
    if (missing > 0 && !statusCondition) {
      const openOffset = Math.max(0, offset - convertedCount.total);
      const open = await query<ClickListRow>(
        db,
        sql`select ${SELECT} from (select k.id as kid ${openFrom}
              order by k.created_at desc, k.id desc limit ${missing} offset ${openOffset}) p
            join clicks k on k.id = p.kid
            left join completions c on c.click_id = k.id and c.status = 'approved'
            join users u on u.id = k.user_id join offers o on o.id = k.offer_id
            left join vouchers v on v.id = c.voucher_id
            order by k.created_at desc, k.id desc`,
      );
      rows = rows.concat(open);
    }
  }

  const totals = await totalsPromise;
  return {
    clicks: rows.map(toClickRow),
    stats: {
      totalConversions: totals.totalConversions,
      uniqueUsers: totals.uniqueUsers,
      totalRevenue: totals.totalRevenue,
      voucherWinRate: totals.voucherWinRate,
    },
    pagination: pagination(
      input,
      convertedCount.total + openCount.total,
      convertedCount.estimated || openCount.estimated,
    ),
  };
}
