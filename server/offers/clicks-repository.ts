// Clicks: the row a member's offer start stores, and the lookup a postback starts from.
import { sql } from 'drizzle-orm';
import { execute, query, run, type Queryable } from '../db/client';
import { statement } from '../db/statements';

export interface NewClick {
  id: string;
  userId: number;
  offerId: number;
  ip: string | null;
  userAgent: string | null;
}

export async function insertClick(db: Queryable, c: NewClick): Promise<void> {
  await execute(
    db,
    sql`insert into clicks (id, user_id, offer_id, ip, user_agent)
        values (${c.id}, ${c.userId}, ${c.offerId}, ${c.ip}, ${c.userAgent})`,
  );
}

export interface PostbackClick {
  id: string;
  userId: number;
  offerId: number;
  /**
   * The conversions' key: the offer's network slug, or for an offer with no network (the native
   * receiver's) its legacy network text. A conversion is unique per (network, transaction id).
   */
  network: string;
  /**
   * Seconds from the click to this transaction's start (`now()`), which is the created_at of a
   * conversion the transaction inserts: the risk gate's click-to-conversion time without reading it back.
   */
  secondsSinceClick?: number;
}

/** The row of a click's lookup: the columns every click lookup answers with (native and networks'). */
export interface ClickLookupRow {
  click_id: string;
  click_user_id: number;
  offer_id: number;
  network: string;
  seconds_since_click: number;
}

/** A click lookup's row as the receivers use it. */
export const toPostbackClick = (r: ClickLookupRow): PostbackClick & { secondsSinceClick: number } => ({
  id: r.click_id,
  userId: r.click_user_id,
  offerId: r.offer_id,
  network: r.network,
  secondsSinceClick: Number(r.seconds_since_click),
});

/**
 * The native receiver's click ($1, our click id): only offers that no configured network credits. One
 * text for the plain lookup and for the lookup with its member's evidence (server/trust/evidence.ts).
 */
export const NATIVE_CLICK_TEXT = `select c.id as click_id, c.user_id as click_user_id, c.offer_id, o.network,
          extract(epoch from now() - c.created_at)::float8 as seconds_since_click
     from clicks c join offers o on o.id = c.offer_id
    where c.id = $1 and o.network_id is null limit 1`;

/**
 * Sent by name (parsed and planned once per pooled connection, server/db/statements.ts): every
 * postback that takes the general path reads it, and planning it each time cost PostgreSQL 0.22 ms of
 * its 0.26 ms (pg_stat_statements, docs/trust-and-safety.md#what-the-checks-cost).
 */
export const NATIVE_CLICK = statement('native_click', NATIVE_CLICK_TEXT);

export async function findClickWithNetwork(
  db: Queryable,
  clickId: string,
): Promise<PostbackClick | undefined> {
  const [row] = await run<ClickLookupRow>(db, NATIVE_CLICK, [clickId]);
  return row && toPostbackClick(row);
}

export interface ClickedOffer {
  title: string;
  description: string;
  externalOfferId: string;
  /** The network that credits the offer; null: the native receiver. */
  networkId: number | null;
}

/**
 * The offer a click started (the demo partner's page shows it and answers in its network's format).
 */
export async function findClickedOffer(db: Queryable, clickId: string): Promise<ClickedOffer | undefined> {
  const [row] = await query<ClickedOffer>(
    db,
    sql`select o.title, o.description, o.external_offer_id as "externalOfferId", o.network_id as "networkId"
          from clicks c join offers o on o.id = c.offer_id
         where c.id = ${clickId} limit 1`,
  );
  return row;
}
