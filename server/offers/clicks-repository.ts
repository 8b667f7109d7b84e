// Clicks: the row a member's offer start stores, and the lookup a postback starts from.
import { sql } from 'drizzle-orm';
import { execute, query, type Queryable } from '../db/client';

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

/** The select-list item of PostbackClick.secondsSinceClick, for a click aliased `c`. */
export const clickAgeColumn = sql`extract(epoch from now() - c.created_at)::float8 as "secondsSinceClick"`;

/** The native receiver's click: only offers that no configured network credits. */
export async function findClickWithNetwork(
  db: Queryable,
  clickId: string,
): Promise<PostbackClick | undefined> {
  const [click] = await query<PostbackClick>(
    db,
    sql`select c.id, c.user_id as "userId", c.offer_id as "offerId", o.network, ${clickAgeColumn}
          from clicks c join offers o on o.id = c.offer_id
         where c.id = ${clickId} and o.network_id is null limit 1`,
  );
  return click;
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
