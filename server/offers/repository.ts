// Offers as members read them: the offers list and the spin's slot config are named statements (the
// member app's most frequent calls); the click reads one offer. Then the offer's counters, and the
// admin writes (Add and Edit Offer, the toggle) with the record the audit keeps.
import { sql, type Column } from 'drizzle-orm';
import type { MemberOffer } from '../../shared/contract/member';
import type { OfferFields } from '../../shared/contract/admin/offer-form';
import { execute, query, run, type Queryable } from '../db/client';
import { num } from '../db/row-mappers';
import { offers } from '../db/schema';
import { statement } from '../db/statements';
import {
  insertValues,
  selectList,
  setList,
  type RecordOf,
  type SqlRecordOf,
  type SqlRowOf,
} from '../db/columns';
import { memberSessionCtes, type FoldedSessionRow } from '../members/sessions-repository';

/** An offers row as the table defines it. */
export type Offer = typeof offers.$inferSelect;

/** An offers row as raw SQL reads it (`select o.*`), by column name. */
export type OfferRow = SqlRowOf<typeof offers>;

// ---------- offers.php with the cached catalogue (docs/decisions/cached-offers-catalogue.md) ----------
// The statements below are hand-written SQL (the member app's most frequent calls); their rows carry
// offers.php's field names, so the fields it shows as they are take their types from the contract.

/** What offers.php shows of an offer whoever reads it: the catalogue part a process keeps. */
export type CatalogueOfferRow = Pick<
  MemberOffer,
  'offer_id' | 'title' | 'description' | 'preview_url' | 'offer_url' | 'category'
> & {
  /** The column as it is: the mapper reads slot_config and slot_odds from it. */
  slot_config: unknown;
  /** created_at in microseconds since the epoch (exact in a float8): the list's order, newest first. */
  sort_us: number;
};

/** The fields offers.php shows of an offer as they are (the catalogue's and the member answer's). */
export const offerShownOf = (
  r: Omit<CatalogueOfferRow, 'slot_config' | 'sort_us'>,
): Omit<CatalogueOfferRow, 'slot_config' | 'sort_us'> => ({
  offer_id: r.offer_id,
  title: r.title,
  description: r.description,
  preview_url: r.preview_url,
  offer_url: r.offer_url,
  category: r.category,
});

/** The catalogue's fields of a row (the catalogue keeps nothing else of the statement's rows). */
export const catalogueOfferOf = (r: CatalogueOfferRow): CatalogueOfferRow => ({
  ...offerShownOf(r),
  slot_config: r.slot_config,
  sort_us: Number(r.sort_us),
});

/** The member's own state on one offer (null columns where they have none). */
export type MemberOfferStateRow = Pick<
  MemberOffer,
  'offer_id' | 'voucher_code' | 'can_claim' | 'claim_status' | 'claim_reason'
> & {
  is_active: boolean;
  completion_status: 'pending' | 'approved' | null;
  spinner_used: boolean | null;
  reward_type: string | null;
  /** A pending completion only: the click that started it, and when the partner's pending answer came. */
  clicked_at: Date | string | null;
  pending_since: Date | string | null;
  /** The member's latest reward hold on the offer (issue 33): held (with its level and release) or denied. */
  review_status?: 'held' | 'released' | 'denied' | null;
  review_level?: 'medium' | 'high' | 'very_high' | null;
  review_release_at?: Date | string | null;
  review_category?: string | null;
};

/** An offer with the member's state on it: what toMemberOffer turns into one of offers.php's offers. */
export type MemberOfferRow = Omit<CatalogueOfferRow, 'sort_us'> & Omit<MemberOfferStateRow, 'is_active'>;

/**
 * offers.php in one round trip, the catalogue cached per process: the member session check
 * (memberSessionCtes: $1 the cookie's hash, $2 the session lifetime, $3 the renewal step, in seconds),
 * the catalogue's generation as this statement's snapshot sees it (migration 0017), the catalogue's
 * rows only when $5 (the generation the process holds, as text; null: none) is not that generation,
 * and the member's state rows ($4: claimMinAgeMinutes) only for the offers they have something on:
 * a live completion (the inactive offer it is on comes with its catalogue columns: it stays listed), a
 * claim, or a click that can still be claimed (as in the uncached reference, server/test/member-reference.ts). No row: no live session. A
 * blocked member: one row with no offer (neither part is read). Otherwise one row with
 * kind null (nothing to list) or one row per catalogue offer ('c') and per offer with member state
 * ('s'), each carrying the session's columns and the generation.
 */
export const memberOffersCachedForSession = statement(
  'member_offers_cached_session',
  `with ${memberSessionCtes('$1', '$2', '$3')},
   g as (select gen from catalogue_generation where id = 1),
   mu as (select user_id from member_session where not is_suspicious),
   mcl as (
     select distinct on (y.offer_id) y.offer_id, y.status, y.reject_reason from claims y
      where y.user_id = (select user_id from mu)
      order by y.offer_id, y.created_at desc, y.id desc),
   mcc as (
     select distinct e.offer_id from clicks e
      where e.user_id = (select user_id from mu)
        and e.created_at <= now() - make_interval(mins => $4::int)
        and e.created_at >= now() - interval '30 days'
        and not exists (select 1 from completions x where x.click_id = e.id)
        and not exists (select 1 from claims y where y.click_id = e.id)),
   mcu as (
     select min(case when e.created_at > now() - make_interval(mins => $4::int)
                     then e.created_at + make_interval(mins => $4::int)
                     else e.created_at + interval '30 days' end) as until
       from clicks e
      where e.user_id = (select user_id from mu)
        and e.created_at >= now() - interval '30 days'
        and not exists (select 1 from completions x where x.click_id = e.id)
        and not exists (select 1 from claims y where y.click_id = e.id)),
   part as (
     select 'c' as kind, a.id as offer_id, true as is_active, a.title, a.description, a.preview_url, a.offer_url,
            a.category, a.slot_config, (extract(epoch from a.created_at) * 1000000)::float8 as sort_us,
            null::text as completion_status, null::boolean as spinner_used, null::text as reward_type,
            null::text as voucher_code, null::timestamptz as clicked_at, null::timestamptz as pending_since,
            null::text as claim_status, null::text as claim_reason, false as can_claim,
            null::text as review_status, null::text as review_level, null::timestamptz as review_release_at,
            null::text as review_category
       from offers a
      where a.is_active and (select user_id from mu) is not null
        and ((select gen from g) is null or $5::text is distinct from (select gen from g)::text)
     union all
     select 's', o.id, o.is_active,
            case when not o.is_active then o.title end, case when not o.is_active then o.description end,
            case when not o.is_active then o.preview_url end, case when not o.is_active then o.offer_url end,
            case when not o.is_active then o.category end, case when not o.is_active then o.slot_config end,
            (extract(epoch from o.created_at) * 1000000)::float8,
            c.status, c.spinner_used, c.reward_type, v.voucher_code,
            k.created_at, case when c.status = 'pending' then c.created_at end,
            cl.status, case when cl.status = 'rejected' then cl.reject_reason end,
            (c.id is null and cl.status is distinct from 'pending' and cc.offer_id is not null),
            rh.review_status, rh.review_level, rh.review_release_at, rh.review_category
       from (
         select x.offer_id from completions x where x.user_id = (select user_id from mu) and x.status <> 'reversed'
         union select offer_id from mcl
         union select offer_id from mcc
         union select hc.offer_id from reward_holds h join completions hc on hc.id = h.completion_id
                where h.user_id = (select user_id from mu) and h.status = 'denied') s
       cross join lateral (select o1.* from offers o1 where o1.id = s.offer_id offset 0) o
       left join lateral (
         select c1.id, c1.status, c1.spinner_used, c1.reward_type, c1.voucher_id, c1.click_id, c1.created_at
           from completions c1
          where c1.user_id = (select user_id from mu) and c1.offer_id = s.offer_id and c1.status <> 'reversed'
         offset 0) c on true
       left join lateral (select v1.voucher_code from vouchers v1 where v1.id = c.voucher_id offset 0) v on true
       left join lateral (
         select k1.created_at from clicks k1 where k1.id = c.click_id and c.status = 'pending' offset 0) k on true
       left join mcl cl on cl.offer_id = s.offer_id
       left join mcc cc on cc.offer_id = s.offer_id
       left join lateral (
         select h.status as review_status, h.level as review_level, h.release_at as review_release_at,
                h.deny_category as review_category
           from reward_holds h join completions hc on hc.id = h.completion_id
          where h.user_id = (select user_id from mu) and hc.offer_id = s.offer_id and h.kind = 'conversion'
          order by h.id desc limit 1) rh on true
      where o.is_active or c.id is not null)
   select ms.user_id as session_user_id, ms.is_suspicious as session_blocked,
          (select expires_at from member_renewed) as session_renewed, ms.expires_at as session_expires,
          (select until from mcu) as state_until,
          ms.free_spins_remaining as session_free_spins, (select gen from g)::text as catalogue_gen,
          case when (select gen from g) is null or $5::text is distinct from (select gen from g)::text
               then array(select vs.amount::float8 from voucher_stock vs where vs.in_stock order by vs.amount)
          end as stocked_amounts, p.*
     from member_session ms
     left join part p on not ms.is_suspicious`,
);

export type MemberOffersCachedRow = FoldedSessionRow & {
  session_free_spins: number;
  /** The catalogue's generation in this statement's snapshot (null: no generation row). */
  catalogue_gen: string | null;
  /**
   * With the catalogue's rows only: the prize amounts with a code in stock (voucher_stock, migration
   * 0025; a change bumps the catalogue's generation), for the odds of what can be won now.
   */
  stocked_amounts: number[] | null;
  /** The next moment one of the member's clicks becomes or stops being claimable (null: none will). */
  state_until: Date | string | null;
} & (
    | ({ kind: 'c' } & CatalogueOfferRow & Partial<MemberOfferStateRow>)
    | ({ kind: 's' } & MemberOfferStateRow & Partial<CatalogueOfferRow> & { sort_us: number })
    | { kind: null; offer_id: null }
  );

/** The session check, the catalogue unless `knownGeneration` is current, and the member's offer state. */
export function listMemberOfferPartsForSession(
  db: Queryable,
  session: { idHash: string; ttlSeconds: number; renewAfterSeconds: number },
  claimMinAgeMinutes: number,
  knownGeneration: string | null,
): Promise<MemberOffersCachedRow[]> {
  return run<MemberOffersCachedRow>(db, memberOffersCachedForSession, [
    session.idHash,
    session.ttlSeconds,
    session.renewAfterSeconds,
    claimMinAgeMinutes,
    knownGeneration,
  ]);
}

const offerSlotConfig = statement('offer_slot_config', 'select id, slot_config from offers where id = $1');

/** The offer's raw slot_config, or undefined when there is no such offer. */
export async function findOfferSlotConfig(
  db: Queryable,
  offerId: number,
): Promise<{ slotConfig: unknown } | undefined> {
  const [offer] = await run<Pick<OfferRow, 'id' | 'slot_config'>>(db, offerSlotConfig, [offerId]);
  return offer && { slotConfig: offer.slot_config };
}

/**
 * The offer a click starts: `network` is the partner network's slug when a network credits the
 * offer, else the offer's network label.
 */
export type ClickableOffer = Pick<Offer, 'id' | 'title' | 'offerUrl' | 'network' | 'isActive'> & {
  /** The clicking member's public sub-id (`{sub_id}` in the link), never their database id. */
  subId: string;
};

export async function findClickableOffer(
  db: Queryable,
  offerId: number,
  userId: number,
): Promise<ClickableOffer | undefined> {
  const [offer] = await query<ClickableOffer>(
    db,
    sql`select o.id, o.title, o.offer_url as "offerUrl", coalesce(n.slug, o.network) as network,
               o.is_active as "isActive", (select u.sub_id from users u where u.id = ${userId}) as "subId"
          from offers o left join networks n on n.id = o.network_id
         where o.id = ${offerId} limit 1`,
  );
  return offer;
}

/**
 * An approved completion's offer counters, the approval's last write (after every member row it
 * writes: server/postbacks/completions-repository.ts approveAndCredit says why).
 */
export async function creditOfferCompletion(db: Queryable, offerId: number, payout: number): Promise<void> {
  await execute(
    db,
    sql`update offers set total_completions = total_completions + 1, unique_users = unique_users + 1,
                          total_revenue = total_revenue + ${payout}
         where id = ${offerId}`,
  );
}

/** Takes back what creditOfferCompletion added (a reversed approved completion). */
export async function debitOfferCompletion(db: Queryable, offerId: number, payout: number): Promise<void> {
  await execute(
    db,
    sql`update offers set total_completions = total_completions - 1, unique_users = unique_users - 1,
                          total_revenue = total_revenue - ${payout}
         where id = ${offerId}`,
  );
}

// ---------- the admin writes ----------

/**
 * The columns an admin sets on an offer (Add and Edit Offer), by the forms' field names
 * (shared/contract/admin/offer-form.ts): a form field without its column here, or a column for no
 * field, does not compile.
 */
const offerFormColumns = {
  title: offers.title,
  description: offers.description,
  offer_url: offers.offerUrl,
  preview_url: offers.previewUrl,
  category: offers.category,
  model: offers.model,
  targeting: offers.targeting,
  reward_amount: offers.rewardAmount,
  slot_config: offers.slotConfig,
} satisfies Record<keyof OfferFields, Column>;

/** What an edit writes: the form and the network that credits the offer (null: the native receiver). */
const offerEditColumns = { ...offerFormColumns, network_id: offers.networkId };

/** What an insert writes: the edit's columns, the external id and whether the offer is active. */
const offerInsertColumns = {
  ...offerEditColumns,
  external_offer_id: offers.externalOfferId,
  is_active: offers.isActive,
};

/** The offer record the admin writes return, by its API names: one list, its select list and its type. */
const offerRecordColumns = { id: offers.id, ...offerInsertColumns };

/** An offer as the admin writes see it (the audit keeps its fields before and after a change). */
export type OfferRecord = RecordOf<typeof offerRecordColumns>;

type OfferRecordRow = SqlRecordOf<typeof offerRecordColumns>;

const offerRecordList = selectList(offerRecordColumns);

const toOfferRecord = (r: OfferRecordRow): OfferRecord => ({
  ...r,
  reward_amount: num(r.reward_amount),
});

/** The new, active offer, or undefined when its external offer id is taken. */
export async function insertOffer(
  db: Queryable,
  offer: OfferFields & Pick<OfferRecord, 'external_offer_id' | 'network_id'>,
): Promise<OfferRecord | undefined> {
  const [row] = await query<OfferRecordRow>(
    db,
    sql`insert into offers ${insertValues(offerInsertColumns, { ...offer, is_active: true })}
        on conflict (external_offer_id) do nothing
        returning ${offerRecordList}`,
  );
  return row && toOfferRecord(row);
}

export async function lockOfferRecord(db: Queryable, id: number): Promise<OfferRecord | undefined> {
  const [row] = await query<OfferRecordRow>(
    db,
    sql`select ${offerRecordList} from offers where id = ${id} limit 1 for update`,
  );
  return row && toOfferRecord(row);
}

export async function updateOffer(
  db: Queryable,
  id: number,
  offer: OfferFields & Pick<OfferRecord, 'network_id'>,
): Promise<OfferRecord> {
  const [row] = await query<OfferRecordRow>(
    db,
    sql`update offers
           set ${setList(offerEditColumns, offer)}, updated_at = now()
         where id = ${id}
     returning ${offerRecordList}`,
  );
  if (!row) throw new Error(`offer ${id} vanished during its edit`);
  return toOfferRecord(row);
}

export async function setOfferActive(db: Queryable, id: number, isActive: boolean): Promise<void> {
  await execute(db, sql`update offers set is_active = ${isActive}, updated_at = now() where id = ${id}`);
}

export async function countOffers(db: Queryable): Promise<number> {
  const [row] = await query<{ n: number }>(db, sql`select count(*)::int as n from offers`);
  return Number(row?.n ?? 0);
}

/** An offer as the demo data writes it: its network label and creation time given. */
export type DemoOffer = Pick<
  Offer,
  | 'title'
  | 'description'
  | 'offerUrl'
  | 'previewUrl'
  | 'externalOfferId'
  | 'network'
  | 'category'
  | 'model'
  | 'targeting'
  | 'rewardAmount'
  | 'slotConfig'
  | 'isActive'
  | 'createdAt'
> &
  Partial<Pick<Offer, 'networkId'>>;

/** Offers written as given (the demo data: its network, its creation times), in one statement. */
export async function insertOffers(db: Queryable, rows: DemoOffer[]): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (o) =>
        sql`(${o.title}, ${o.description}, ${o.offerUrl}, ${o.previewUrl}, ${o.externalOfferId}, ${o.network},
             ${o.category}, ${o.model}, ${o.targeting}, ${o.rewardAmount}, ${JSON.stringify(o.slotConfig)}::jsonb,
             ${o.isActive}, ${o.createdAt.toISOString()}, ${o.networkId ?? null})`,
    ),
    sql`, `,
  );
  await execute(
    db,
    sql`insert into offers (title, description, offer_url, preview_url, external_offer_id, network, category, model,
                            targeting, reward_amount, slot_config, is_active, created_at, network_id)
        values ${values}`,
  );
}
