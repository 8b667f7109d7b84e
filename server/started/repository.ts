// The member's started offers (issue 35, item 4): their latest click per offer with no conversion, and
// each offer's observed time from click to conversion. Parameterised `sql` templates only.
import { sql } from 'drizzle-orm';
import { query, type Queryable } from '../db/client';

export interface StartedClickRow {
  click_id: string;
  offer_id: number;
  offer_url: string;
  sub_id: string;
  started_at: Date | string;
}

/**
 * The member's latest click per active offer in the last 30 days, on the offers they have no live
 * conversion on (a pending or approved completion is the Verifying / Ready card's; a reversed one
 * leaves the offer startable again), newest start first.
 */
export function listStartedClicks(db: Queryable, userId: number): Promise<StartedClickRow[]> {
  return query<StartedClickRow>(
    db,
    sql`select k.id as click_id, k.offer_id, o.offer_url, u.sub_id, k.created_at as started_at
          from (select distinct on (e.offer_id) e.id, e.offer_id, e.created_at
                  from clicks e
                 where e.user_id = ${userId} and e.created_at >= now() - interval '30 days'
                 order by e.offer_id, e.created_at desc, e.id desc) k
          join offers o on o.id = k.offer_id and o.is_active
          join users u on u.id = ${userId}
         where not exists (select 1 from completions c
                            where c.user_id = ${userId} and c.offer_id = k.offer_id and c.status <> 'reversed')
         order by k.created_at desc
         limit 100`,
  );
}

export interface TypicalTimeRow {
  offer_id: number;
  /** Median seconds from the click to its conversion. */
  median_seconds: number | string;
}

/**
 * Each offer's median time from click to conversion over the last 90 days' conversions (pending or
 * approved, reversed ones too: the partner did report them), for offers with at least `minSamples`.
 */
export function listTypicalConfirmTimes(db: Queryable, minSamples: number): Promise<TypicalTimeRow[]> {
  return query<TypicalTimeRow>(
    db,
    sql`select c.offer_id,
               percentile_cont(0.5) within group (
                 order by extract(epoch from (c.created_at - k.created_at))) as median_seconds
          from completions c join clicks k on k.id = c.click_id
         where c.created_at >= now() - interval '90 days' and c.created_at >= k.created_at
         group by c.offer_id
        having count(*) >= ${minSamples}`,
  );
}
