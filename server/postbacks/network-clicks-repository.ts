// The click a partner network's postback credits (docs/networks.md): our click id echoed back, or the
// member's public sub-id plus, where the network sends one, its own offer id. Only clicks on the
// network's own offers count: a click of another network's offer, or of a native offer, is unknown here.
import { sql } from 'drizzle-orm';
import { query, run, type Queryable } from '../db/client';
import { statement, type Statement } from '../db/statements';
import { toPostbackClick, type ClickLookupRow, type PostbackClick } from '../offers/clicks-repository';
import { clickEvidenceStatement, clickWithEvidence, type GateEvidence } from '../trust/evidence';

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

interface NetworkClickRow extends ClickLookupRow {
  external_offer_id: string | null;
  rank: number;
}

const toNetworkClick = (r: NetworkClickRow): NetworkClick => ({
  ...toPostbackClick(r),
  externalOfferId: r.external_offer_id,
  byClickId: Number(r.rank) === 0,
});

// The lookups, sent by name (each pooled connection plans them once): $1 the click id or the member's
// sub-id, $2 the network's id, $3 its slug (`network` in the answer: the conversions' key for every
// offer the network credits), $4 the network's offer id where the postback names one.
const COLUMNS = `$3::text as network, extract(epoch from now() - c.created_at)::float8 as seconds_since_click,
                 o.external_offer_id`;
/** The click with this id on one of the network's offers. */
const BY_ID = `select c.id as click_id, c.user_id as click_user_id, c.offer_id, ${COLUMNS}, 0 as rank
                 from clicks c join offers o on o.id = c.offer_id
                where c.id = $1 and o.network_id = $2`;
/**
 * The member with that sub_id and their latest click on the network's offer whose external_offer_id
 * is $4, or, when the network sends no offer id, their latest click on any of the network's offers.
 */
const bySub = (offer: boolean) =>
  `select c.id as click_id, c.user_id as click_user_id, c.offer_id, ${COLUMNS}, 1 as rank
     from users u
     join clicks c on c.user_id = u.id
     join offers o on o.id = c.offer_id
    where u.sub_id = $1 and o.network_id = $2${offer ? ' and o.external_offer_id = $4' : ''}
    order by c.created_at desc, c.id desc
    limit 1`;
/** For a network that echoes our click id in its sub-id parameter: the value as a click id first. */
const byIdOrSub = (offer: boolean) => `(${BY_ID}) union all (${bySub(offer)}) order by rank limit 1`;

type Variant = 'id' | 'sub' | 'sub_offer' | 'id_or_sub' | 'id_or_sub_offer';
const TEXTS: Record<Variant, string> = {
  id: BY_ID,
  sub: bySub(false),
  sub_offer: bySub(true),
  id_or_sub: byIdOrSub(false),
  id_or_sub_offer: byIdOrSub(true),
};
const LOOKUPS = Object.fromEntries(
  Object.entries(TEXTS).map(([v, text]) => [
    v,
    {
      alone: statement(`network_click_${v}`, text),
      // With the member's evidence (server/trust/evidence.ts): the one-statement approval's first read.
      withEvidence: clickEvidenceStatement(`network_click_${v}_evidence`, text, [
        'external_offer_id',
        'rank',
      ]),
    },
  ]),
) as Record<Variant, { alone: Statement; withEvidence: Statement }>;

/** How a postback names its click: our click id, or the member's sub-id (docs/networks.md). */
export interface NetworkClickRef {
  kind: 'click' | 'sub';
  value: string;
}

function lookup(
  network: Network,
  ref: NetworkClickRef,
  networkOfferId: string | undefined,
  opts: { clickIdInSubId: boolean },
): { variant: Variant; values: unknown[] } {
  const base = [ref.value, network.id, network.slug];
  if (ref.kind === 'click') return { variant: 'id', values: base };
  const prefix = opts.clickIdInSubId ? 'id_or_sub' : 'sub';
  return networkOfferId === undefined
    ? { variant: prefix, values: base }
    : { variant: `${prefix}_offer`, values: [...base, networkOfferId] };
}

/**
 * The click a postback names, on one of the network's offers: by our click id; or by the member's
 * sub-id (for a network that echoes our click id in its sub-id parameter, `clickIdInSubId`, the value
 * as a click id of this network first), their latest click on the network's offer the postback names,
 * or on any of the network's offers when it names none.
 */
export async function findNetworkClick(
  db: Queryable,
  network: Network,
  ref: NetworkClickRef,
  networkOfferId: string | undefined,
  opts: { clickIdInSubId: boolean },
): Promise<NetworkClick | undefined> {
  const { variant, values } = lookup(network, ref, networkOfferId, opts);
  const [click] = await run<NetworkClickRow>(db, LOOKUPS[variant].alone, values);
  return click && toNetworkClick(click);
}

/** findNetworkClick's click and its member's evidence, in one statement. */
export async function findNetworkClickWithEvidence(
  db: Queryable,
  network: Network,
  ref: NetworkClickRef,
  networkOfferId: string | undefined,
  opts: { clickIdInSubId: boolean },
): Promise<{ click: NetworkClick; evidence: GateEvidence } | undefined> {
  const { variant, values } = lookup(network, ref, networkOfferId, opts);
  const found = await clickWithEvidence<NetworkClickRow>(db, LOOKUPS[variant].withEvidence, values);
  return found && { click: toNetworkClick(found.row), evidence: found.evidence };
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
