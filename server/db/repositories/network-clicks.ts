// The click a partner network's postback credits (docs/networks.md): our click id echoed back, or the
// member's public sub-id plus, where the network sends one, its own offer id. Only clicks on the
// network's own offers count: a click of another network's offer, or of a native offer, is unknown here.
import { sql } from 'drizzle-orm';
import { query, type Queryable } from '../client';
import type { PostbackClick } from './clicks';

interface Network {
  id: number;
  slug: string;
}

/**
 * The click with this id on one of the network's offers. `network` in the answer is the network's
 * slug: the conversions' key for every offer the network credits.
 */
export async function findNetworkClickById(
  db: Queryable,
  network: Network,
  clickId: string,
): Promise<PostbackClick | undefined> {
  const [click] = await query<PostbackClick>(
    db,
    sql`select c.id, c.user_id as "userId", c.offer_id as "offerId", ${network.slug}::text as network
          from clicks c join offers o on o.id = c.offer_id
         where c.id = ${clickId} and o.network_id = ${network.id}`,
  );
  return click;
}

/**
 * The click a member sub-id names, in one query: the value as a click id of this network first (a
 * network may echo our click id in its user parameter), else the member with that sub_id and their
 * latest click on the network's offer whose external_offer_id is `networkOfferId`, or, when the
 * network sends no offer id, their latest click on any of the network's offers.
 */
export async function findNetworkClickBySub(
  db: Queryable,
  network: Network,
  subValue: string,
  networkOfferId: string | undefined,
): Promise<PostbackClick | undefined> {
  const offerFilter =
    networkOfferId === undefined
      ? sql`o.network_id = ${network.id}`
      : sql`o.network_id = ${network.id} and o.external_offer_id = ${networkOfferId}`;
  const [click] = await query<PostbackClick & { rank: number }>(
    db,
    sql`(select c.id, c.user_id as "userId", c.offer_id as "offerId", ${network.slug}::text as network,
                0 as rank
           from clicks c join offers o on o.id = c.offer_id
          where c.id = ${subValue} and o.network_id = ${network.id})
        union all
        (select c.id, c.user_id, c.offer_id, ${network.slug}::text, 1
           from users u
           join clicks c on c.user_id = u.id
           join offers o on o.id = c.offer_id
          where u.sub_id = ${subValue} and ${offerFilter}
          order by c.created_at desc, c.id desc
          limit 1)
        order by rank
        limit 1`,
  );
  if (!click) return undefined;
  return { id: click.id, userId: click.userId, offerId: click.offerId, network: click.network };
}

export interface TestClick {
  clickId: string;
  subId: string;
  /** The clicked offer's external_offer_id (what a network echoes as its offer id). */
  externalOfferId: string | null;
  /** Whether the click's offer is one of this network's. */
  onNetwork: boolean;
}

/**
 * What a test postback needs to name a click as the network would: the click with this id (any offer:
 * a click of another network's offer is then refused as the receiver would refuse it), or without an
 * id the latest click on one of the network's offers.
 */
export async function findClickForTestPostback(
  db: Queryable,
  networkId: number,
  clickId: string | undefined,
): Promise<TestClick | undefined> {
  const where = clickId === undefined ? sql`o.network_id = ${networkId}` : sql`c.id = ${clickId}`;
  const [row] = await query<TestClick>(
    db,
    sql`select c.id as "clickId", u.sub_id as "subId", o.external_offer_id as "externalOfferId",
               coalesce(o.network_id = ${networkId}, false) as "onNetwork"
          from clicks c join offers o on o.id = c.offer_id join users u on u.id = c.user_id
         where ${where}
         order by c.created_at desc, c.id desc
         limit 1`,
  );
  return row;
}
