// The admin search resolved to member or offer ids, so the big tables are read through their indexes.
import { sql } from 'drizzle-orm';
import { query, type Queryable } from '../client';

/** Above this many matching members (or offers) a search stays a subquery instead of an id list. */
export const SEARCH_ID_LIMIT = 500;

/**
 * Ids of the members whose email, full name or referral code contains the search (through the
 * trigram indexes), or null when more than SEARCH_ID_LIMIT match. An id list lets the big tables be
 * read through their member index instead of being scanned for a hashed subquery.
 */
export async function matchingUserIds(
  db: Queryable,
  pattern: string,
  fields: 'all' | 'email' = 'all',
): Promise<number[] | null> {
  const condition =
    fields === 'email'
      ? sql`email ilike ${pattern}`
      : sql`(email ilike ${pattern} or (first_name || ' ' || last_name) ilike ${pattern} or referral_code ilike ${pattern})`;
  const rows = await query<{ id: number }>(
    db,
    sql`select id from users where ${condition} limit ${SEARCH_ID_LIMIT + 1}`,
  );
  return rows.length > SEARCH_ID_LIMIT ? null : rows.map((r) => Number(r.id));
}

/** Ids of the offers whose title contains the search (offers are few: always a list). */
export async function matchingOfferIds(db: Queryable, pattern: string): Promise<number[]> {
  const rows = await query<{ id: number }>(db, sql`select id from offers where title ilike ${pattern}`);
  return rows.map((r) => Number(r.id));
}
