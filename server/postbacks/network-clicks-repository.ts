// The click a partner network's postback credits (docs/networks.md): our click id echoed back, or the
// member's public sub-id plus, where the network sends one, its own offer id. Only clicks on the
// network's own offers count: a click of another network's offer, or of a native offer, is unknown here.
import { sql } from 'drizzle-orm';
import { query, type Queryable } from '../db/client';
import { clickAgeColumn, type PostbackClick } from '../offers/clicks-repository';

interface Network {
  id: number;
  slug: string;
}

/** A click as a network's receiver resolves it, with what binds it to the network's own offer. */
export interface NetworkClick extends PostbackClick {
  secondsSinceClick: number;
  /** The clicked offer's external_offer_id: the network's offer id it must match (issue 32, item 2). */
  externalOfferId: string | null;
  /** Found by its click id (ours, or echoed in the sub-id parameter), not by the member's sub-id. */
  byClickId: boolean;
}

interface NetworkClickRow extends PostbackClick {
  externalOfferId: string | null;
  rank: number;
}

const toNetworkClick = (r: NetworkClickRow): NetworkClick => ({
  id: r.id,
  userId: r.userId,
  offerId: r.offerId,
  network: r.network,
  secondsSinceClick: Number(r.secondsSinceClick),
  externalOfferId: r.externalOfferId,
  byClickId: Number(r.rank) === 0,
});

/**
 * The click with this id on one of the network's offers. `network` in the answer is the network's
 * slug: the conversions' key for every offer the network credits.
 */
export async function findNetworkClickById(
  db: Queryable,
  network: Network,
  clickId: string,
): Promise<NetworkClick | undefined> {
  const [click] = await query<NetworkClickRow>(
    db,
    sql`select c.id, c.user_id as "userId", c.offer_id as "offerId", ${network.slug}::text as network,
               o.external_offer_id as "externalOfferId", 0 as rank, ${clickAgeColumn}
          from clicks c join offers o on o.id = c.offer_id
         where c.id = ${clickId} and o.network_id = ${network.id}`,
  );
  return click && toNetworkClick(click);
}

/**
 * The click a member sub-id names, in one query: for a network that echoes our click id in its sub-id
 * parameter (`clickIdInSubId`), the value as a click id of this network first; else the member with that
 * sub_id and their latest click on the network's offer whose external_offer_id is `networkOfferId`, or,
 * when the network sends no offer id, their latest click on any of the network's offers.
 */
export async function findNetworkClickBySub(
  db: Queryable,
  network: Network,
  subValue: string,
  networkOfferId: string | undefined,
  opts: { clickIdInSubId: boolean },
): Promise<NetworkClick | undefined> {
  const offerFilter =
    networkOfferId === undefined
      ? sql`o.network_id = ${network.id}`
      : sql`o.network_id = ${network.id} and o.external_offer_id = ${networkOfferId}`;
  const byMember = sql`(select c.id, c.user_id as "userId", c.offer_id as "offerId",
                 ${network.slug}::text as network, o.external_offer_id as "externalOfferId", 1 as rank, ${clickAgeColumn}
            from users u
            join clicks c on c.user_id = u.id
            join offers o on o.id = c.offer_id
           where u.sub_id = ${subValue} and ${offerFilter}
           order by c.created_at desc, c.id desc
           limit 1)`;
  const [click] = await query<NetworkClickRow>(
    db,
    opts.clickIdInSubId
      ? sql`(select c.id, c.user_id as "userId", c.offer_id as "offerId", ${network.slug}::text as network,
                    o.external_offer_id as "externalOfferId", 0 as rank, ${clickAgeColumn}
               from clicks c join offers o on o.id = c.offer_id
              where c.id = ${subValue} and o.network_id = ${network.id})
            union all
            ${byMember}
            order by rank
            limit 1`
      : byMember,
  );
  return click && toNetworkClick(click);
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
