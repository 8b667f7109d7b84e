// Offers as a member sees them, and the click that starts one (docs/product-rules.md#clicks).
import type { Queryable } from '../db/client';
import { toMemberOffer } from '../members/mapper';
import { insertClick } from './clicks-repository';
import { hasApprovedCompletion } from '../postbacks/completions-repository';
import fastJsonStringify from 'fast-json-stringify';
import { z } from 'zod';
import {
  catalogueOfferOf,
  findClickableOffer,
  listMemberOfferPartsForSession,
  type CatalogueOfferRow,
  type MemberOfferStateRow,
} from './repository';
import {
  foldedSession,
  sessionCacheUntil,
  type FoldedSession,
  type MemberSessionKey,
} from '../members/sessions-service';
import { conflict, notFound } from '../lib/errors';
import { randomId } from '../lib/ids';
import { offers as offersEndpoint } from '../../shared/contract/member';
import { listStockedAmounts } from '../vouchers/repository';
import { DEFAULT_SLOT_CONFIG, stockedTable, type SlotConfig } from '../../shared/slot';

/** The free spin's odds now: the default table's paying reels with a code in stock. */
export async function freeSpinOdds(db: Queryable): Promise<SlotConfig> {
  return stockedTable(DEFAULT_SLOT_CONFIG, await listStockedAmounts(db));
}

/**
 * A serializer compiled from a contract schema (fast-json-stringify over the schema's JSON Schema), as
 * the member routes answer with it: only the contract's properties are written (every object schema
 * has `additionalProperties: false`).
 */
export function compileContractSerializer(schema: unknown): (data: unknown) => string {
  const json = z.toJSONSchema(schema as z.ZodType, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
  });
  return fastJsonStringify(json as Parameters<typeof fastJsonStringify>[0]) as (data: unknown) => string;
}

/** One offer of offers.php's answer, written exactly as the whole answer's serializer writes it. */
const serializeOffer = compileContractSerializer(offersEndpoint.schema.response[200].shape.offers.element);

const OPEN = Buffer.from('{"success":true,"offers":[');
const COMMA = Buffer.from(',');

/** The list's length limit (as the uncached reference's `limit 500`, server/test/member-reference.ts). */
const MAX_OFFERS = 500;

const NO_STATE = {
  completion_status: null,
  spinner_used: null,
  reward_type: null,
  voucher_code: null,
  clicked_at: null,
  pending_since: null,
  can_claim: false,
  claim_status: null,
  claim_reason: null,
  review_status: null,
  review_level: null,
  review_release_at: null,
  review_category: null,
} as const;

interface CatalogueEntry {
  offer: CatalogueOfferRow;
  /** The offer as a member with nothing on it sees it, already serialised, as bytes. */
  json: Buffer;
}

/** The active offers of one catalogue generation, newest first, and their positions by id. */
interface Catalogue {
  gen: string;
  entries: CatalogueEntry[];
  ids: Set<number>;
  /** The prize amounts in stock in this generation (voucher_stock: a change bumps the generation). */
  stocked: number[];
  /** The answer's end: freeSpinOdds (the default table with a code in stock), serialised. */
  freeOddsJson: string;
}

/**
 * Each process's catalogue, per database handle (docs/decisions/cached-offers-catalogue.md). It is
 * used only by a statement that read the same generation, and stored under the generation the statement
 * that returned its rows read: never stale, whatever another process or transaction changed.
 */
const catalogues = new WeakMap<object, Catalogue>();

/** Newest first, then the higher id first: the uncached reference's `order by created_at desc, id desc`. */
const before = (a: { sort_us: number; offer_id: number }, b: { sort_us: number; offer_id: number }) =>
  a.sort_us > b.sort_us || (a.sort_us === b.sort_us && a.offer_id > b.offer_id);

function catalogueOf(gen: string, rows: CatalogueOfferRow[], stocked: number[]): Catalogue {
  const sorted = [...rows].sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
  const entries = sorted.map((o) => {
    const offer = catalogueOfferOf(o);
    return { offer, json: Buffer.from(serializeOffer(toMemberOffer({ ...offer, ...NO_STATE }, stocked))) };
  });
  return {
    gen,
    entries,
    ids: new Set(entries.map((e) => e.offer.offer_id)),
    stocked,
    freeOddsJson: serializeFreeOdds(stockedTable(DEFAULT_SLOT_CONFIG, stocked)),
  };
}

/** freeSpinOdds as the whole answer's serializer writes it. */
const serializeFreeOdds = compileContractSerializer(offersEndpoint.schema.response[200].shape.freeSpinOdds);

/** An offer with the member's state on it; the catalogue's columns of a state row are null for an active offer. */
const withState = (offer: CatalogueOfferRow, s: MemberOfferStateRow, stocked: number[]): string =>
  serializeOffer(toMemberOffer({ ...s, ...offer }, stocked));

/**
 * A member call's answer as JSON bytes (null unless the session admits the member), and how long the
 * member answers cache may keep it (server/members/answers.ts): `sessionUntil` for the session
 * it checked (null: not at all), `until` (epoch ms) for the answer itself, when something in it changes
 * with time alone (Infinity: nothing does; only a change in the database ends it).
 */
export interface CachedAnswer {
  session: FoldedSession;
  json: Buffer | null;
  sessionUntil: number | null;
  until: number;
}

/**
 * offers.php in one round trip, its answer's JSON bytes: the session check, the catalogue's generation
 * and the member's own offer state in one statement (listMemberOfferPartsForSession), the catalogue's
 * rows only when this process does not hold that generation. The same bytes as serialising
 * the uncached reference's answer with the route's serializer (server/test/member-reference.ts,
 * server/members/answers-cache.test.ts).
 */
export async function memberOffersJsonForSession(
  db: Queryable,
  key: MemberSessionKey,
  claimMinAgeMinutes = 60,
): Promise<CachedAnswer> {
  // The catalogue this call may use: the one held when its statement starts (another call may replace
  // it meanwhile, with a newer generation; this call's snapshot may still be the older one).
  const held = catalogues.get(db);
  const rows = await listMemberOfferPartsForSession(db, key, claimMinAgeMinutes, held?.gen ?? null);
  const session = foldedSession(rows[0]);
  if (session.status !== 'ok') return { session, json: null, sessionUntil: null, until: 0 };
  const gen = rows[0]!.catalogue_gen;
  const returned = gen === null || held?.gen !== gen;
  const fresh: CatalogueOfferRow[] = [];
  const active = new Map<number, MemberOfferStateRow>();
  const inactive: (MemberOfferStateRow & CatalogueOfferRow)[] = [];
  for (const r of rows) {
    if (r.kind === 'c') fresh.push(r);
    else if (r.kind === 's') {
      if (r.is_active) active.set(r.offer_id, r);
      else inactive.push({ ...(r as MemberOfferStateRow & CatalogueOfferRow), sort_us: Number(r.sort_us) });
    }
  }
  let catalogue: Catalogue;
  if (returned) {
    catalogue = catalogueOf(gen ?? '', fresh, (rows[0]!.stocked_amounts ?? []).map(Number));
    // Kept under the generation this statement read; a newer one another call stored stays.
    const current = catalogues.get(db);
    if (gen !== null && (!current || BigInt(current.gen) < BigInt(gen))) catalogues.set(db, catalogue);
  } else catalogue = held!;
  // The state of an active offer belongs to an offer of the same snapshot's catalogue.
  for (const id of active.keys())
    if (!catalogue.ids.has(id)) throw new Error(`offers.php: offer ${id} is not in catalogue ${gen}`);
  inactive.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
  // The answer's bytes: the cached offers as they are, the member's own ones serialised now.
  const parts: Buffer[] = [OPEN];
  let n = 0;
  const entries = catalogue.entries;
  let i = 0;
  let j = 0;
  while (n < MAX_OFFERS && (i < entries.length || j < inactive.length)) {
    if (n++ > 0) parts.push(COMMA);
    if (j < inactive.length && (i >= entries.length || before(inactive[j]!, entries[i]!.offer))) {
      parts.push(Buffer.from(withState(inactive[j]!, inactive[j]!, catalogue.stocked)));
      j++;
    } else {
      const e = entries[i++]!;
      const s = active.get(e.offer.offer_id);
      parts.push(s ? Buffer.from(withState(e.offer, s, catalogue.stocked)) : e.json);
    }
  }
  const free = JSON.stringify(rows[0]!.session_free_spins);
  parts.push(Buffer.from(`],"freeSpinsRemaining":${free},"freeSpinOdds":${catalogue.freeOddsJson}}`));
  const stateUntil = rows[0]!.state_until;
  return {
    session,
    json: Buffer.concat(parts),
    sessionUntil: sessionCacheUntil(rows[0], key),
    until: stateUntil === null ? Infinity : new Date(stateUntil).getTime(),
  };
}

/**
 * Fills `{click_id}`, `{sub_id}` (the member's public sub-id, for networks that echo the member back)
 * and `{user_id}` in the offer's link; a link with neither `{click_id}` nor `{sub_id}` gets click_id
 * appended.
 */
export function buildRedirectUrl(
  offerUrl: string,
  ids: { clickId: string; userId: number; subId: string },
  publicUrl: string,
): string {
  let url = offerUrl;
  const hasPlaceholder = url.includes('{click_id}') || url.includes('{sub_id}');
  url = url
    .replaceAll('{click_id}', encodeURIComponent(ids.clickId))
    .replaceAll('{sub_id}', encodeURIComponent(ids.subId))
    .replaceAll('{user_id}', String(ids.userId));
  // Seeded demo offers point at our own partner page with a path relative to this server.
  const absolute = new URL(url, publicUrl + '/');
  if (!hasPlaceholder) absolute.searchParams.set('click_id', ids.clickId);
  return absolute.toString();
}

export interface ClickInput {
  userId: number;
  offerId: number;
  ip: string | null;
  userAgent: string | null;
  publicUrl: string;
}

export async function recordClick(db: Queryable, input: ClickInput) {
  const offer = await findClickableOffer(db, input.offerId, input.userId);
  if (!offer || !offer.isActive) throw notFound('This offer is not available.');
  if (await hasApprovedCompletion(db, input.userId, input.offerId))
    throw conflict('You have already completed this offer.');
  const clickId = randomId(16);
  await insertClick(db, {
    id: clickId,
    userId: input.userId,
    offerId: offer.id,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
  });
  return {
    clickId,
    offerTitle: offer.title,
    network: offer.network,
    redirectUrl: buildRedirectUrl(
      offer.offerUrl,
      { clickId, userId: input.userId, subId: offer.subId },
      input.publicUrl,
    ),
  };
}
