// Clicks: the row a member's offer start stores, and the lookup a postback starts from.
import { sql } from 'drizzle-orm';
import { query, type Queryable } from '../client';

export interface NewClick {
  id: string;
  userId: number;
  offerId: number;
  ip: string | null;
  userAgent: string | null;
}

export async function insertClick(db: Queryable, c: NewClick): Promise<void> {
  await query(
    db,
    sql`insert into clicks (id, user_id, offer_id, ip, user_agent)
        values (${c.id}, ${c.userId}, ${c.offerId}, ${c.ip}, ${c.userAgent})`,
  );
}

export interface PostbackClick {
  id: string;
  userId: number;
  offerId: number;
  /** The offer's network: a conversion is unique per (network, transaction id). */
  network: string;
}

export async function findClickWithNetwork(
  db: Queryable,
  clickId: string,
): Promise<PostbackClick | undefined> {
  const [click] = await query<PostbackClick>(
    db,
    sql`select c.id, c.user_id as "userId", c.offer_id as "offerId", o.network
          from clicks c join offers o on o.id = c.offer_id
         where c.id = ${clickId} limit 1`,
  );
  return click;
}

/** The title and description of the offer a click started (the demo partner's page shows them). */
export async function findClickedOffer(
  db: Queryable,
  clickId: string,
): Promise<{ title: string; description: string } | undefined> {
  const [row] = await query<{ title: string; description: string }>(
    db,
    sql`select o.title, o.description from clicks c join offers o on o.id = c.offer_id
         where c.id = ${clickId} limit 1`,
  );
  return row;
}
