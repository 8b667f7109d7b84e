// Vouchers as a member holds them (user-stats.php). Claiming one is the spin function's work
// (server/db/functions/rewards_spin.sql); the stock's administration is in the admin repositories.
import { sql } from 'drizzle-orm';
import { query, type Queryable } from '../client';

/** The member's vouchers counted and summed per amount and brand, as raw rows. */
export function voucherBreakdownOf(db: Queryable, userId: number) {
  return query(
    db,
    sql`
    select voucher_amount, voucher_brand, count(*)::int as count, sum(voucher_amount) as total_value
    from vouchers where assigned_to_user_id = ${userId}
    group by voucher_amount, voucher_brand
    order by voucher_amount desc, voucher_brand`,
  );
}

/** The member's vouchers, newest first, with the offer that won each, as raw rows. */
export function listMemberVouchers(db: Queryable, userId: number) {
  return query(
    db,
    sql`
    select v.id as voucher_id, v.voucher_code, v.voucher_amount, v.voucher_brand, v.voucher_description,
           coalesce(o.title, 'Free Spin Bonus') as title, v.assigned_at, c.completed_at, v.assignment_context
    from vouchers v
    left join completions c on c.id = v.completion_id
    left join offers o on o.id = c.offer_id
    where v.assigned_to_user_id = ${userId}
    order by v.assigned_at desc
    limit 200`,
  );
}
