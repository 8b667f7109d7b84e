// What the server knows about a member when one of their rewards is judged (issue 33,
// docs/trust-and-safety.md#signals): one round trip, every figure from rows the server wrote itself
// (registration and sign-in sightings, clicks, completions, referrals), never from what the client chose.
import { run, type Queryable } from '../db/client';
import { statement } from '../db/statements';
import { NATIVE_CLICK_TEXT, toPostbackClick, type ClickLookupRow } from '../offers/clicks-repository';

/** Windows and allowances the signals use (the weights are the operator's, in the policy). */
export const SIGNAL_WINDOWS = {
  /** Other registrations from the same /24 (/48) within this many days count as linked. */
  addressDays: 30,
  /** Registrations from one address beyond this many others in the window (a family, a hostel). */
  addressAllowance: 3,
  /** Sign-ups from one address, or one device, within an hour of the member's registration. */
  burstAddress: 5,
  burstDevice: 3,
  /** Clicks or conversions by the member in the last 24 hours. */
  clicksPerDay: 60,
  conversionsPerDay: 15,
  /** A conversion this many times faster than the offer's median click-to-conversion time… */
  fastRatio: 10,
  /** …measured over the offer's last `fastSample` approved conversions, once it has `fastMinSample`. */
  fastSample: 200,
  fastMinSample: 20,
  /**
   * Before an offer has `fastMinSample` conversions: a conversion this many seconds or less after its
   * click is fast whatever the offer (no person opens a partner's page, completes its task and has the
   * partner confirm it in 3 s). Judged for members registered from a public address only: a private or
   * loopback one is a demo or a test on one machine, whose partner converts at once.
   */
  fastFloorSeconds: 3,
  /** A new account: registered this many days ago or less, with fewer approved completions than this. */
  newAccountDays: 7,
  newAccountRewards: 2,
  /** Reversed approvals over this many days. */
  reversalDays: 90,
  /** Distinct networks (ASNs) a member signed in from within a week, with at least one hosting one. */
  hoppingNetworks: 3,
  hoppingDays: 7,
  /** A referrer with this many referred accounts from one address, device or hosting network. */
  farmAccounts: 3,
  /** Referred accounts of one referrer whose only completion is their first, registered 3+ days ago. */
  quitAccounts: 3,
} as const;

/** Up to this many linked members are named per reason (the console lists the rest by query). */
const NAMED = 10;

/**
 * What judges a member's own conversion: every signal but the referral graph, which judges only the
 * referral reward their first completion earns their referrer (server/trust/score.ts). The referrer's
 * referred accounts cost a scan that grows with the referrer's reach (6.8 ms at 5,000 referred
 * accounts), on every approval.
 */
export type ConversionEvidence = Omit<MemberEvidence, 'referrer'>;

/**
 * What the receiver's gate reads with a click (gateText): a ConversionEvidence that judges to the same
 * level, score and reasons as the member's full evidence, but whose lists of linked ids are empty,
 * whose address counts are 0 while they cannot count (at most the allowance, no burst), whose clicks
 * and conversions of the day are 0 while they cannot count (below a reason's count) and whose
 * distinctAsns is 0 unless a hosting network was seen in the hopping window. Enough to decide whether
 * a conversion passes; a held one is judged again on the full evidence, which names accounts.
 */
export type GateEvidence = ConversionEvidence;

export interface MemberEvidence {
  userId: number;
  pausedAt: Date | null;
  registrationHosting: boolean;
  registrationAsn: number | null;
  registrationAddress: string | null;
  email: string;
  /** Days since registration, and the member's approved completions before this judgement. */
  ageDays: number;
  completions: number;
  /** Other members registered with the same device fingerprint (count, first few ids). */
  device: { n: number; ids: number[] };
  /** Other members registered from the same prefix within the window. */
  address: { n: number; ids: number[]; prefix: string | null };
  /** Other members with the same normalised email. */
  email_: { n: number; ids: number[] };
  /** Sign-ups within an hour of the member's registration, the member included. */
  burstAddress: number;
  burstDevice: number;
  clicks24h: number;
  conversions24h: number;
  reversals: number;
  /** Hosting networks (ASNs) the member signed in from in the hopping window, and all networks there. */
  hostingAsns: number[];
  distinctAsns: number;
  referrer: {
    id: number;
    /** The member shares the referrer's registration device, address prefix, or hosting network. */
    sameDevice: boolean;
    sameAddress: boolean;
    /** The largest group of the referrer's referred accounts on one device, one prefix, one hosting ASN. */
    farmDevice: number;
    farmAddress: number;
    farmHosting: number;
    /** Referred accounts of the referrer that stopped after their first completion. */
    quit: number;
    /** The referrer was referred by the member (a ring), or by someone who was referred too (a chain). */
    ring: boolean;
    chainDepth: number;
  } | null;
}

/** The member row's own columns, in every evidence row. */
interface MemberColumns {
  user_id: number;
  paused_at: Date | null;
  hosting: boolean;
  asn: number | null;
  address: string | null;
  prefix: string | null;
  email: string;
  age_days: number;
  completions: number;
}

interface EvidenceRow extends MemberColumns {
  device_n: number;
  device_ids: number[] | null;
  address_n: number;
  address_ids: number[] | null;
  email_n: number;
  email_ids: number[] | null;
  burst_address: number;
  burst_device: number;
  clicks_24h: number;
  conversions_24h: number;
  reversals: number;
  hosting_asns: number[] | null;
  distinct_asns: number;
}

/** The member's statement's row: the conversion's, and the referral graph's columns. */
interface MemberEvidenceRow extends EvidenceRow {
  referrer_id: number | null;
  ref_same_device: boolean | null;
  ref_same_address: boolean | null;
  farm_device: number | null;
  farm_address: number | null;
  farm_hosting: number | null;
  quit: number | null;
  ring: boolean | null;
  chain_depth: number | null;
}

const ids = (v: number[] | string | null): number[] => {
  if (v === null) return [];
  if (typeof v === 'string') return v.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
  return v.map(Number);
};

/**
 * The referral graph above the member (`m`): their referrer's links to them (`ref`) and the referrer's
 * referred accounts (`refd`), which judge the referral reward only (ConversionEvidence has none).
 */
const REFERRAL_CTES = `, ref as (
          select r.registration_fingerprint = m.fp as same_device, r.registration_prefix = m.px as same_address,
                 r.referred_by_user_id = m.id as ring,
                 case when r2.referred_by_user_id is not null then 3 when r.referred_by_user_id is not null then 2 else 1 end
                   as chain_depth
            from m join users r on r.id = m.ref left join users r2 on r2.id = r.referred_by_user_id
        ), refd as (
          select u.id, u.registration_fingerprint as fp, u.registration_prefix as px, u.registration_asn as asn,
                 u.registration_hosting as hosting, u.total_completions, u.registration_date
            from users u, m where m.ref is not null and u.referred_by_user_id = m.ref`;
const REFERRAL_COLUMNS = `,
               m.ref as referrer_id, ref.same_device as ref_same_device, ref.same_address as ref_same_address,
               (select max(n)::int from (select count(*) as n from refd where fp is not null group by fp) g) as farm_device,
               (select max(n)::int from (select count(*) as n from refd where px is not null group by px) g) as farm_address,
               (select max(n)::int from (select count(*) as n from refd where hosting group by asn) g) as farm_hosting,
               (select count(*)::int from refd
                 where total_completions = 1 and registration_date < now() - interval '3 days') as quit,
               ref.ring, ref.chain_depth`;

/** `col` (a registration time) within an hour of the member's registration `rd`: the sign-up bursts. */
const withinHour = (col: string, rd = 'm.rd') =>
  `${col} between ${rd} - interval '1 hour' and ${rd} + interval '1 hour'`;
/** `col` within the address window around the member's registration `rd`. */
const withinAddressDays = (col: string, rd = 'm.rd') =>
  `${col} between ${rd} - ${SIGNAL_WINDOWS.addressDays}::int * interval '1 day'
                   and ${rd} + ${SIGNAL_WINDOWS.addressDays}::int * interval '1 day'`;

/** `col` (a time) within the hopping window before now: the sightings the hosting and hopping reasons read. */
const withinHoppingDays = (col: string) =>
  `${col} > now() - ${SIGNAL_WINDOWS.hoppingDays}::int * interval '1 day'`;

/**
 * The member's (`id`, a column) own counts, the same subqueries in the full evidence and the gate's
 * second read: clicks and completions of the last 24 hours, approved completions reversed within the
 * reversal window.
 */
const clicksOfDay = (id: string) =>
  `(select count(*)::int from clicks k where k.user_id = ${id} and k.created_at > now() - interval '1 day')`;
const conversionsOfDay = (id: string) =>
  `(select count(*)::int from completions c where c.user_id = ${id} and c.created_at > now() - interval '1 day')`;
const reversalsOf = (id: string) =>
  `(select count(*)::int from completions c
     where c.user_id = ${id} and c.status = 'reversed' and c.completed_at is not null
       and c.reversed_at > now() - ${SIGNAL_WINDOWS.reversalDays}::int * interval '1 day')`;

/**
 * The evidence statement, sent by name (server/db/statements.ts): PostgreSQL parses and plans it once
 * per connection, where planning this many subqueries cost more than running them (docs/benchmarks.md,
 * "Trust checks' cost"). The windows are constants of this module, never input; the member is $1.
 */
const evidenceText = (member: string) =>
  // One pass over each group of linked rows: the accounts on the member's device, the registrations
  // from their address prefix (member_links' rows of it, by its primary key: docs/decisions/member-links.md),
  // the accounts with their email, their sightings (each an aggregate row).
  `with m as (
          select id, registration_fingerprint as fp, registration_prefix as px, registration_asn as asn,
                 registration_hosting as hosting, registration_address as address, email, email_normalised as en,
                 registration_date as rd, referred_by_user_id as ref, rewards_paused_at, total_completions
            from users where id = ${member}
        ), dev as (
          select count(*) filter (where u.id <> m.id)::int as n,
                 (array_agg(u.id order by u.id) filter (where u.id <> m.id))[1:${NAMED}] as ids,
                 count(*) filter (where ${withinHour('u.registration_date')})::int as burst
            from m join users u on m.fp is not null and u.registration_fingerprint = m.fp
        ), adr as (
          select count(*) filter (where l.user_id <> m.id)::int as n,
                 (array_agg(l.user_id order by l.user_id) filter (where l.user_id <> m.id))[1:${NAMED}] as ids,
                 count(*) filter (where ${withinHour('l.registered_at')})::int as burst
            from m join member_links l
              on m.px is not null and l.kind = 'p' and l.value = m.px and ${withinAddressDays('l.registered_at')}
        ), eml as (
          select count(*)::int as n, (array_agg(u.id order by u.id))[1:${NAMED}] as ids
            from m join users u on u.email_normalised = m.en and u.id <> m.id
        ), seen as (
          select array_agg(distinct s.asn) filter (where s.hosting) as hosting_asns,
                 count(distinct s.asn)::int as distinct_asns
            from m join member_sightings s
              on s.user_id = m.id and s.asn is not null
             and ${withinHoppingDays('s.created_at')}
        )${REFERRAL_CTES}
        )
        select m.id as user_id, m.rewards_paused_at as paused_at, m.hosting, m.asn, m.address, m.px as prefix, m.email,
               (extract(epoch from now() - m.rd) / 86400)::float8 as age_days, m.total_completions as completions,
               dev.n as device_n, dev.ids as device_ids, adr.n as address_n, adr.ids as address_ids,
               eml.n as email_n, eml.ids as email_ids, adr.burst as burst_address, dev.burst as burst_device,
               ${clicksOfDay('m.id')} as clicks_24h, ${conversionsOfDay('m.id')} as conversions_24h,
               ${reversalsOf('m.id')} as reversals,
               seen.hosting_asns, seen.distinct_asns${REFERRAL_COLUMNS}
          from m cross join dev cross join adr cross join eml cross join seen left join ref on true`;
const EVIDENCE = statement('trust_member_evidence', evidenceText('$1'));

/**
 * Whether the member's clicks and conversions of the last 24 hours can count (member row `u`): the
 * activity buckets' bound (migration 0036) reaches the lowest count that could give a reason. The
 * conversion being judged counts too (newConversionPassesGate), hence one less than the conversions'.
 */
const ACTIVITY_MAY_COUNT = Math.min(SIGNAL_WINDOWS.clicksPerDay, SIGNAL_WINDOWS.conversionsPerDay - 1);
const activityMayCount = `u.activity_recent
            + case when u.activity_since > now() - interval '25 hours' then u.activity_prior else 0 end
            >= ${ACTIVITY_MAY_COUNT}`;
/** Whether the member's reversals can count: their latest is within the window (migration 0036). */
const reversalsMayCount = `u.last_reversal_at > now() - ${SIGNAL_WINDOWS.reversalDays}::int * interval '1 day'`;

/**
 * The gate's read (docs/decisions/member-links.md, member-activity-bound.md): the judgement the evidence
 * statement's counts give, from fewer and narrower reads, for the receiver's one-statement approval,
 * which needs the level and not the text. One flat statement (a click lookup `k`, the member row `u`),
 * no CTE and no subquery: under load each CTE, aggregate and subplan costs its executor set-up on every
 * call, run or not.
 * - The member row.
 * - `further`: whether the member row's flags and bounds (kept by triggers) say that linked accounts,
 *   a hosting network, the day's activity or reversals may count: `users.links_shared` (another member
 *   has or had the device or the email), `users.address_crowded` (the prefix's registrations may count),
 *   `users.hosting_seen_at` within the hopping window, the activity buckets' bound, `last_reversal_at`
 *   within the reversal window. Only then does a second read (GATE_LINKS) count them; without a flag
 *   each counts as none, which judges the same.
 * It names no linked account (GateEvidence).
 */
const gateText = (click: string, select: string) =>
  `select ${select}u.id as user_id, u.rewards_paused_at as paused_at, u.registration_hosting as hosting,
          u.registration_asn as asn, u.registration_address as address, u.registration_prefix as prefix, u.email,
          (extract(epoch from now() - u.registration_date) / 86400)::float8 as age_days,
          u.total_completions as completions, u.registration_fingerprint is not null as has_device,
          (u.links_shared or u.address_crowded or ${withinHoppingDays('u.hosting_seen_at')}
            or ${activityMayCount} or ${reversalsMayCount}) as further
     from (${click}) k
     join users u on u.id = k.click_user_id`;

/**
 * The gate's second read, for a member whose flags say more may count (gateText's `further`), member $1:
 * - `shared`, when the member shares a device or an email (`users.links_shared`): [accounts on the
 *   device, sign-ups on it within the hour, accounts with the email], from `member_links`' primary key;
 * - `crowd`, when the prefix's registrations may count (`users.address_crowded`: more than the allowance
 *   of others, or a burst): [others in the window, sign-ups within the hour];
 * - `seen`, when the member was seen on a hosting network within the window (`users.hosting_seen_at`),
 *   since without one neither the hosting nor the hopping reason can hold: [networks seen, then each
 *   hosting one];
 * - `activity`, when the activity buckets' bound reaches a count that could give a reason: [clicks,
 *   conversions] of the last 24 hours;
 * - `reversals`, when the latest reversal is within the window: the reversals there.
 * Each null when its flag is not set (counted as none).
 */
const GATE_LINKS = statement(
  'trust_gate_links',
  `select case when u.address_crowded then (
            select array[count(*) filter (where l.user_id <> u.id),
                         count(*) filter (where ${withinHour('l.registered_at', 'u.registration_date')})]::int[]
              from member_links l
             where l.kind = 'p' and l.value = u.registration_prefix
               and ${withinAddressDays('l.registered_at', 'u.registration_date')}) end as crowd,
          case when u.links_shared then (
            select array[count(*) filter (where l.kind = 'd' and l.user_id <> u.id),
                         count(*) filter (where l.kind = 'd' and ${withinHour('l.registered_at', 'u.registration_date')}),
                         count(*) filter (where l.kind = 'e' and l.user_id <> u.id)]::int[]
              from member_links l
             where (l.kind, l.value) in (('d', u.registration_fingerprint), ('e', u.email_normalised))) end as shared,
          case when ${withinHoppingDays('u.hosting_seen_at')} then (
            select array[count(distinct s.asn)::int] || array_agg(distinct s.asn) filter (where s.hosting)
              from member_sightings s
             where s.user_id = u.id and s.asn is not null
               and ${withinHoppingDays('s.created_at')}) end as seen,
          case when ${activityMayCount} then array[${clicksOfDay('u.id')}, ${conversionsOfDay('u.id')}] end as activity,
          case when ${reversalsMayCount} then ${reversalsOf('u.id')} end as reversals
     from users u where u.id = $1`,
);

/** The gate read's row: the member's own columns and counts (gateText). */
interface GateRow extends MemberColumns {
  has_device: boolean;
  further: boolean;
}

/** The gate's second read's row (GATE_LINKS), all null for a member without flags. */
interface GateLinksRow {
  crowd: number[] | string | null;
  shared: number[] | string | null;
  seen: number[] | string | null;
  activity: number[] | string | null;
  reversals: number | null;
}
const NO_LINKS: GateLinksRow = { crowd: null, shared: null, seen: null, activity: null, reversals: null };

/**
 * A click and its member's gate evidence in one statement sent by name: the receiver's one-statement
 * approval reads both at once (docs/decisions/approved-postback-one-statement.md). `click` is the text
 * of a query of at most one row with the columns click_id, click_user_id, offer_id, network,
 * seconds_since_click and `extra` (its own parameters: the click's lookup); the gate's read follows,
 * with that click's member. Fixed at module load: never request data.
 */
export function clickEvidenceStatement(name: string, click: string, extra: readonly string[] = []) {
  const columns = ['click_id', 'click_user_id', 'offer_id', 'network', 'seconds_since_click', ...extra];
  return statement(name, gateText(click, columns.map((c) => `k.${c}, `).join('')));
}

/** A click and its member's gate evidence (clickEvidenceStatement's), or undefined for an unknown click. */
export async function clickWithEvidence<Row extends ClickLookupRow>(
  db: Queryable,
  st: ReturnType<typeof clickEvidenceStatement>,
  values: unknown[],
): Promise<{ row: Row; evidence: GateEvidence } | undefined> {
  // The lookup's own columns are the caller's (`Row`): the statement it built names them.
  const [r] = (await run<GateRow & ClickLookupRow>(db, st, values)) as (GateRow & Row)[];
  if (!r) return undefined;
  const links = r.further
    ? ((await run<GateLinksRow>(db, GATE_LINKS, [r.user_id]))[0] ?? NO_LINKS)
    : NO_LINKS;
  return { row: r, evidence: gateEvidenceOf(r, links) };
}

/** A native postback's click (the plain lookup's text) with its member's gate evidence. */
const NATIVE_CLICK_EVIDENCE = clickEvidenceStatement('trust_native_click_evidence', NATIVE_CLICK_TEXT);

/** The member's evidence, or undefined for an unknown member. */
export async function memberEvidence(db: Queryable, userId: number): Promise<MemberEvidence | undefined> {
  const [r] = await run<MemberEvidenceRow>(db, EVIDENCE, [userId]);
  return r ? evidenceOf(r) : undefined;
}

/** A native click and its member's gate evidence (one statement), or undefined for an unknown click. */
export async function nativeClickWithEvidence(
  db: Queryable,
  clickId: string,
): Promise<{ click: ReturnType<typeof toPostbackClick>; evidence: GateEvidence } | undefined> {
  const found = await clickWithEvidence<ClickLookupRow>(db, NATIVE_CLICK_EVIDENCE, [clickId]);
  return found && { click: toPostbackClick(found.row), evidence: found.evidence };
}

/** What a ConversionEvidence holds beyond the member row's own columns (MemberColumns). */
type EvidenceCounts = Omit<
  ConversionEvidence,
  | 'userId'
  | 'pausedAt'
  | 'registrationHosting'
  | 'registrationAsn'
  | 'registrationAddress'
  | 'email'
  | 'ageDays'
  | 'completions'
>;

/**
 * The member row's columns and the counts, as one object literal: an object spread of a fresh object
 * (`{ ...member(r), device, … }`) cost 1 to 7 µs a call in V8 against 0.04 µs for the literal, and
 * every approval's gate builds one (measured: a CPU profile of the postbacks bench, then in isolation).
 */
function evidenceWith(r: MemberColumns, c: EvidenceCounts): ConversionEvidence {
  return {
    userId: r.user_id,
    pausedAt: r.paused_at ? new Date(r.paused_at) : null,
    registrationHosting: !!r.hosting,
    registrationAsn: r.asn,
    registrationAddress: r.address,
    email: r.email,
    ageDays: Number(r.age_days),
    completions: Number(r.completions),
    device: c.device,
    address: c.address,
    email_: c.email_,
    burstAddress: c.burstAddress,
    burstDevice: c.burstDevice,
    clicks24h: c.clicks24h,
    conversions24h: c.conversions24h,
    reversals: c.reversals,
    hostingAsns: c.hostingAsns,
    distinctAsns: c.distinctAsns,
  };
}

function conversionEvidenceOf(r: EvidenceRow): ConversionEvidence {
  return evidenceWith(r, {
    device: { n: r.device_n, ids: ids(r.device_ids) },
    address: { n: r.address_n, ids: ids(r.address_ids), prefix: r.prefix },
    email_: { n: r.email_n, ids: ids(r.email_ids) },
    burstAddress: r.burst_address,
    burstDevice: r.burst_device,
    clicks24h: r.clicks_24h,
    conversions24h: r.conversions_24h,
    reversals: r.reversals,
    hostingAsns: ids(r.hosting_asns),
    distinctAsns: r.distinct_asns,
  });
}

function gateEvidenceOf(r: GateRow, links: GateLinksRow): GateEvidence {
  const shared = links.shared === null ? null : ids(links.shared);
  const seen = links.seen === null ? null : ids(links.seen);
  // Not crowded: at most the allowance of others and no burst, which the judgement does not count.
  const crowd = links.crowd === null ? null : ids(links.crowd);
  const activity = links.activity === null ? null : ids(links.activity);
  return evidenceWith(r, {
    device: { n: shared?.[0] ?? 0, ids: [] },
    address: { n: crowd?.[0] ?? 0, ids: [], prefix: r.prefix },
    email_: { n: shared?.[2] ?? 0, ids: [] },
    burstAddress: crowd ? (crowd[1] ?? 0) : r.prefix === null ? 0 : 1,
    burstDevice: shared ? (shared[1] ?? 0) : r.has_device ? 1 : 0,
    clicks24h: activity?.[0] ?? 0,
    conversions24h: activity?.[1] ?? 0,
    reversals: links.reversals ?? 0,
    hostingAsns: seen ? seen.slice(1) : [],
    distinctAsns: seen?.[0] ?? 0,
  });
}

function evidenceOf(r: MemberEvidenceRow): MemberEvidence {
  const referrer: MemberEvidence['referrer'] =
    r.referrer_id === null
      ? null
      : {
          id: r.referrer_id,
          sameDevice: !!r.ref_same_device,
          sameAddress: !!r.ref_same_address,
          farmDevice: r.farm_device ?? 0,
          farmAddress: r.farm_address ?? 0,
          farmHosting: r.farm_hosting ?? 0,
          quit: r.quit ?? 0,
          ring: !!r.ring,
          chainDepth: r.chain_depth ?? 1,
        };
  return Object.assign(conversionEvidenceOf(r), { referrer });
}

export interface ConversionTiming {
  /** Seconds from the click to the conversion's first postback. */
  seconds: number;
  /** The offer's median over its recent approved conversions, and how many there were. */
  medianSeconds: number | null;
  sample: number;
}

const CONVERSION_SECONDS = statement(
  'trust_conversion_seconds',
  `select c.offer_id,
          extract(epoch from c.created_at - (select k.created_at from clicks k where k.id = c.click_id))::float8
            as seconds
     from completions c where c.id = $1`,
);

// The offer's last approved conversions first (completions_offer_approved_recent_idx, migration 0027),
// then each one's click by id: never every conversion of a popular offer. $2: the completion judged.
const OFFER_MEDIAN = statement(
  'trust_offer_median',
  `with recent as (
     select extract(epoch from o.created_at - (select k.created_at from clicks k where k.id = o.click_id))::float8 as s
       from completions o
      where o.offer_id = $1 and o.status = 'approved' and o.id <> $2 and o.click_id is not null
      order by o.id desc
      limit ${SIGNAL_WINDOWS.fastSample}
   )
   select (select percentile_cont(0.5) within group (order by s) from recent)::float8 as median,
          (select count(*)::int from recent) as sample`,
);

/** The judgement's statements, for the bench's EXPLAIN (server/bench/trust.ts). */
export const EVIDENCE_STATEMENTS = {
  EVIDENCE,
  NATIVE_CLICK_EVIDENCE,
  CONVERSION_SECONDS,
  OFFER_MEDIAN,
} as const;

/** An offer's typical click-to-conversion time: its median over recent approved conversions. */
export interface OfferTiming {
  medianSeconds: number | null;
  sample: number;
}

/**
 * Offers' typical times, kept for a minute once an offer has enough history to judge by (a median of
 * 200 conversions moves slowly; reading it cost more than the rest of the judgement). An offer still
 * building its history is read every time, so the rule starts the moment it has `fastMinSample`.
 */
export class OfferTimings {
  private readonly byOffer = new Map<number, { at: number; value: OfferTiming }>();
  constructor(private readonly ttlMs = 60_000) {}

  async of(db: Queryable, offerId: number, completionId: number): Promise<OfferTiming> {
    const hit = this.byOffer.get(offerId);
    const now = Date.now();
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const [r] = await run<{ median: number | null; sample: number }>(db, OFFER_MEDIAN, [
      offerId,
      completionId,
    ]);
    const value = { medianSeconds: r?.median == null ? null : Number(r.median), sample: r?.sample ?? 0 };
    if (value.sample >= SIGNAL_WINDOWS.fastMinSample) this.byOffer.set(offerId, { at: now, value });
    return value;
  }
}

/**
 * How fast this completion followed its click, against the offer's own typical time (from `timings`
 * when the caller keeps them, else read now).
 */
export async function conversionTiming(
  db: Queryable,
  completionId: number,
  timings: OfferTimings = new OfferTimings(0),
): Promise<ConversionTiming | undefined> {
  const [c] = await run<{ offer_id: number; seconds: number | null }>(db, CONVERSION_SECONDS, [completionId]);
  if (!c || c.seconds === null) return undefined;
  return timingAgainstOffer(db, c.offer_id, completionId, Number(c.seconds), timings);
}

/**
 * A click-to-conversion time the caller already knows (a conversion created in its transaction: the
 * click's age), against the offer's typical time: conversionTiming without reading the completion back.
 */
export async function timingAgainstOffer(
  db: Queryable,
  offerId: number,
  completionId: number,
  seconds: number,
  timings: OfferTimings = new OfferTimings(0),
): Promise<ConversionTiming> {
  const t = await timings.of(db, offerId, completionId);
  return { seconds, medianSeconds: t.medianSeconds, sample: t.sample };
}
