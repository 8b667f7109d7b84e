// One record's history as the console reads it (GET /api/admin/timeline.php, issue 36): a member's,
// an offer's, a network's or a click's clicks, postback attempts, conversions, reversals, spins,
// vouchers, claims, referrals and administrators' actions, newest first. Each source reads its own
// index newest first and stops at the page's end (offset + limit rows), so a page costs a few index
// scans however long the history; the union is sorted once. Every condition is a parameter.
import { sql, type SQL } from 'drizzle-orm';
import { query, type Queryable } from '../../db/client';
import type { TimelineKind, TimelineSubject } from '../../../shared/contract/admin/records';

/** How far back a timeline pages (offset + limit); older history is in the lists, filtered. */
export const TIMELINE_DEPTH = 1_000;

/** The columns every source selects, in this order (null where the source has none). */
interface Columns {
  at: SQL;
  ref: SQL;
  status?: SQL;
  amount?: SQL;
  detail?: SQL;
  user_id?: SQL;
  offer_id?: SQL;
  click_id?: SQL;
  network_id?: SQL;
  completion_id?: SQL;
  claim_id?: SQL;
  voucher_id?: SQL;
  postback_id?: SQL;
  referral_id?: SQL;
}

export interface TimelineRow {
  kind: TimelineKind;
  at: Date | string;
  ref: string;
  status: string | null;
  amount: string | number | null;
  detail: string | null;
  user_id: number | null;
  user_name: string | null;
  offer_id: number | null;
  offer_title: string | null;
  click_id: string | null;
  network_id: number | null;
  network_name: string | null;
  completion_id: number | null;
  claim_id: number | null;
  voucher_id: number | null;
  postback_id: string | number | null;
  referral_id: number | null;
}

const nullOf = (type: SQL) => sql`null::${type}`;

/** One source's select: the kind, the columns (typed nulls for those it lacks), the rest of the query. */
function source(kind: TimelineKind, c: Columns, rest: SQL): SQL {
  const text = sql.raw('text');
  const int = sql.raw('integer');
  return sql`(select ${kind}::text as kind, ${c.at} as at, (${c.ref})::text as ref,
      ${c.status ?? nullOf(text)}::text as status, ${c.amount ?? nullOf(sql.raw('numeric'))}::numeric as amount,
      ${c.detail ?? nullOf(text)}::text as detail, ${c.user_id ?? nullOf(int)}::integer as user_id,
      ${c.offer_id ?? nullOf(int)}::integer as offer_id, ${c.click_id ?? nullOf(text)}::text as click_id,
      ${c.network_id ?? nullOf(int)}::integer as network_id,
      ${c.completion_id ?? nullOf(int)}::integer as completion_id,
      ${c.claim_id ?? nullOf(int)}::integer as claim_id, ${c.voucher_id ?? nullOf(int)}::integer as voucher_id,
      ${c.postback_id ?? nullOf(sql.raw('bigint'))}::bigint as postback_id,
      ${c.referral_id ?? nullOf(int)}::integer as referral_id
    ${rest})`;
}

/** `offer`: a member's history about that offer only (sources without an offer say nothing then). */
type Key = { subject: TimelineSubject; id: number | string; offer?: number };

/**
 * `column = id` for the subject's column in a source, and the offer's column = offer when the key
 * narrows to one; undefined: the source says nothing of it.
 */
function whereSubject(
  { subject, id, offer }: Key,
  columns: Partial<Record<TimelineSubject, SQL>>,
): SQL | undefined {
  const column = columns[subject];
  if (!column) return undefined;
  if (offer === undefined) return sql`${column} = ${id}`;
  return columns.offer ? sql`${column} = ${id} and ${columns.offer} = ${offer}` : undefined;
}

const COMPLETION_COLUMNS = { member: sql`c.user_id`, offer: sql`c.offer_id`, click: sql`c.click_id` };

/** Each kind's rows about the subject, newest first, at most `n`; undefined: the kind says nothing of it. */
const SOURCES: Record<TimelineKind, (k: Key, n: number) => SQL | undefined> = {
  click: (key, n) => {
    const where = whereSubject(key, { member: sql`k.user_id`, offer: sql`k.offer_id`, click: sql`k.id` });
    if (!where) return undefined;
    return source(
      'click',
      {
        at: sql`k.created_at`,
        ref: sql`k.id`,
        user_id: sql`k.user_id`,
        offer_id: sql`k.offer_id`,
        click_id: sql`k.id`,
      },
      sql`from clicks k where ${where} order by k.created_at desc limit ${n}`,
    );
  },
  postback: ({ subject, id, offer }, n) => {
    const cols: Columns = {
      at: sql`p.received_at`,
      ref: sql`p.id`,
      // An accepted reversal reads "reversed", never as a credit (issue 36).
      status: sql`case when p.outcome = 'accepted' and p.status = 'reversed' then 'reversed' else p.outcome end`,
      detail: sql`p.reason`,
      user_id: sql`k.user_id`,
      offer_id: sql`k.offer_id`,
      click_id: sql`p.click_id`,
      network_id: sql`p.network_id`,
      completion_id: sql`p.completion_id`,
      postback_id: sql`p.id`,
    };
    if (subject === 'member')
      // The member's clicks (clicks_user_created_idx), then each click's attempts (postback_log_click_idx).
      return source(
        'postback',
        cols,
        sql`from clicks k join postback_log p on p.click_id = k.id
            where k.user_id = ${id} ${offer === undefined ? sql`` : sql`and k.offer_id = ${offer}`}
            order by p.received_at desc limit ${n}`,
      );
    if (subject === 'click')
      return source(
        'postback',
        cols,
        sql`from postback_log p left join clicks k on k.id = p.click_id
            where p.click_id = ${id} order by p.received_at desc limit ${n}`,
      );
    if (subject === 'network')
      return source(
        'postback',
        cols,
        sql`from (select * from postback_log where network_id = ${id} order by received_at desc limit ${n}) p
            left join clicks k on k.id = p.click_id`,
      );
    return undefined;
  },
  conversion: (key, n) => {
    const where = whereSubject(key, COMPLETION_COLUMNS);
    if (!where) return undefined;
    const at = sql`coalesce(c.completed_at, c.created_at)`;
    return source(
      'conversion',
      {
        at,
        ref: sql`c.id`,
        status: sql`case when c.approval_held_at is not null then 'held' else c.status end`,
        amount: sql`c.payout_amount`,
        detail: sql`c.network || ' · ' || c.transaction_id`,
        user_id: sql`c.user_id`,
        offer_id: sql`c.offer_id`,
        click_id: sql`c.click_id`,
        completion_id: sql`c.id`,
        voucher_id: sql`c.voucher_id`,
      },
      sql`from completions c where ${where} order by ${at} desc limit ${n}`,
    );
  },
  reversal: (key, n) => {
    const where = whereSubject(key, COMPLETION_COLUMNS);
    if (!where) return undefined;
    return source(
      'reversal',
      {
        at: sql`c.reversed_at`,
        ref: sql`c.id`,
        status: sql`case when cb.id is not null then 'clawback' else 'reversed' end`,
        amount: sql`coalesce(cb.voucher_value, c.payout_amount)`,
        detail: sql`c.reversal_reason`,
        user_id: sql`c.user_id`,
        offer_id: sql`c.offer_id`,
        click_id: sql`c.click_id`,
        completion_id: sql`c.id`,
        voucher_id: sql`cb.voucher_id`,
      },
      sql`from completions c left join clawbacks cb on cb.completion_id = c.id
          where ${where} and c.reversed_at is not null order by c.reversed_at desc limit ${n}`,
    );
  },
  spin: (key, n) => {
    const { subject } = key;
    const where = whereSubject(key, { member: sql`s.user_id`, offer: sql`s.offer_id` });
    if (!where) return undefined;
    return source(
      'spin',
      {
        at: sql`s.created_at`,
        ref: sql`s.id`,
        status: sql`case when s.voucher_id is not null then 'won' when s.stock_out then 'stock_out' else 'no_win' end`,
        amount: sql`s.drawn_amount`,
        detail: sql`s.spin_type`,
        user_id: sql`s.user_id`,
        offer_id: sql`s.offer_id`,
        completion_id: sql`s.completion_id`,
        voucher_id: sql`s.voucher_id`,
      },
      // spins_user_idx for a member; spins_offer_recent_idx (offer_id, id) for an offer.
      subject === 'member'
        ? sql`from spins s where ${where} order by s.created_at desc limit ${n}`
        : sql`from spins s where ${where} order by s.id desc limit ${n}`,
    );
  },
  voucher: ({ subject, id, offer }, n) => {
    if (subject !== 'member' || offer !== undefined) return undefined;
    return source(
      'voucher',
      {
        at: sql`v.assigned_at`,
        ref: sql`v.id`,
        status: sql`v.status`,
        amount: sql`v.voucher_amount`,
        detail: sql`v.voucher_brand || coalesce(' · ' || v.assignment_context, '')`,
        user_id: sql`v.assigned_to_user_id`,
        completion_id: sql`v.completion_id`,
        voucher_id: sql`v.id`,
      },
      sql`from vouchers v where v.assigned_to_user_id = ${id} order by v.assigned_at desc limit ${n}`,
    );
  },
  claim: (key, n) => {
    const where = whereSubject(key, {
      member: sql`cl.user_id`,
      offer: sql`cl.offer_id`,
      click: sql`cl.click_id`,
    });
    if (!where) return undefined;
    return source(
      'claim',
      {
        at: sql`cl.created_at`,
        ref: sql`cl.id`,
        status: sql`cl.status`,
        detail: sql`coalesce(cl.reject_reason, nullif(cl.note, ''))`,
        user_id: sql`cl.user_id`,
        offer_id: sql`cl.offer_id`,
        click_id: sql`cl.click_id`,
        completion_id: sql`cl.completion_id`,
        claim_id: sql`cl.id`,
      },
      sql`from claims cl where ${where} order by cl.created_at desc limit ${n}`,
    );
  },
  referral: ({ subject, id, offer }, n) => {
    if (subject !== 'member' || offer !== undefined) return undefined;
    // Both sides of the member's referrals: those they made (the other member is the referred one) and
    // the one that brought them (the other member is the referrer).
    return sql`(${source(
      'referral',
      {
        at: sql`r.created_at`,
        ref: sql`r.id`,
        status: sql`r.status`,
        detail: sql`'referred' || case when r.same_device then ' · same device' else '' end`,
        user_id: sql`r.referred_user_id`,
        referral_id: sql`r.id`,
      },
      sql`from referrals r where r.referrer_user_id = ${id} order by r.created_at desc limit ${n}`,
    )} union all ${source(
      'referral',
      {
        at: sql`r.created_at`,
        ref: sql`r.id`,
        status: sql`r.status`,
        detail: sql`'referred_by' || case when r.same_device then ' · same device' else '' end`,
        user_id: sql`r.referrer_user_id`,
        referral_id: sql`r.id`,
      },
      sql`from referrals r where r.referred_user_id = ${id}`,
    )})`;
  },
  admin: ({ subject, id, offer }, n) => {
    if (offer !== undefined) return undefined;
    const type = subject === 'member' ? 'user' : subject === 'click' ? undefined : subject;
    if (!type) return undefined;
    // admin_audit_log_target_idx (migration 0023): the entries about one record, newest first.
    return source(
      'admin',
      {
        at: sql`a.created_at`,
        ref: sql`a.id`,
        status: sql`a.action`,
        detail: sql`a.admin_username || coalesce(' · ' || (a.after->>'reason'), '')`,
        user_id: subject === 'member' ? sql`${id}::integer` : undefined,
        offer_id: subject === 'offer' ? sql`${id}::integer` : undefined,
        network_id: subject === 'network' ? sql`${id}::integer` : undefined,
      },
      sql`from admin_audit_log a where a.target_type = ${type} and a.target_id = ${String(id)}
          order by a.created_at desc limit ${n}`,
    );
  },
};

export interface TimelineInput {
  subject: TimelineSubject;
  id: number | string;
  kinds?: readonly TimelineKind[];
  /** A member's history about this offer only. */
  offer?: number;
  page: number;
  limit: number;
}

const ALL_KINDS = Object.keys(SOURCES) as TimelineKind[];

/** The page's rows (names joined once, after the union) and the history's length up to TIMELINE_DEPTH. */
export async function readTimeline(
  db: Queryable,
  input: TimelineInput,
): Promise<{ rows: TimelineRow[]; total: number; estimated: boolean }> {
  const offset = (input.page - 1) * input.limit;
  const key: Key = { subject: input.subject, id: input.id, offer: input.offer };
  const kinds = input.kinds?.length ? input.kinds : ALL_KINDS;
  if (offset >= TIMELINE_DEPTH) return { rows: [], total: TIMELINE_DEPTH, estimated: true };
  const end = Math.min(offset + input.limit, TIMELINE_DEPTH);
  const parts = kinds.map((k) => SOURCES[k](key, end)).filter((s): s is SQL => s !== undefined);
  if (parts.length === 0) return { rows: [], total: 0, estimated: false };
  const union = sql.join(parts, sql` union all `);
  const counted = kinds
    .map((k) => SOURCES[k](key, TIMELINE_DEPTH + 1))
    .filter((s): s is SQL => s !== undefined);
  const [rows, count] = await Promise.all([
    query<TimelineRow>(
      db,
      sql`select t.*, nullif(trim(u.first_name || ' ' || u.last_name), '') as user_name,
                 o.title as offer_title, n.name as network_name
            from (select * from (${union}) s order by s.at desc nulls last, s.kind, s.ref desc
                  limit ${input.limit} offset ${offset}) t
            left join users u on u.id = t.user_id
            left join offers o on o.id = t.offer_id
            left join networks n on n.id = t.network_id
           order by t.at desc nulls last, t.kind, t.ref desc`,
    ),
    // The append stops once the depth is passed: a long history is not counted to its end.
    query<{ n: number }>(
      db,
      sql`select count(*)::int as n
            from (select 1 from (${sql.join(counted, sql` union all `)}) s limit ${TIMELINE_DEPTH + 1}) c`,
    ),
  ]);
  const total = Number(count[0]?.n ?? 0);
  return { rows, total: Math.min(total, TIMELINE_DEPTH), estimated: total > TIMELINE_DEPTH };
}

export interface ClickRecordRow {
  click_id: string;
  created_at: Date | string;
  ip: string | null;
  user_agent: string | null;
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  offer_id: number;
  offer_title: string;
  network_id: number | null;
  network_name: string | null;
  completion_id: number | null;
  completion_status: string | null;
  postback_count: number;
}

/** One click with its member, offer, network and conversion (completions_click_idx, postback_log_click_idx). */
export async function readClick(db: Queryable, clickId: string): Promise<ClickRecordRow | undefined> {
  const rows = await query<ClickRecordRow>(
    db,
    sql`select k.id as click_id, k.created_at, k.ip, k.user_agent, k.user_id, u.first_name, u.last_name,
               u.email, k.offer_id, o.title as offer_title, o.network_id, n.name as network_name,
               c.id as completion_id, c.status as completion_status,
               (select count(*)::int from postback_log p where p.click_id = k.id) as postback_count
          from clicks k
          join users u on u.id = k.user_id
          join offers o on o.id = k.offer_id
          left join networks n on n.id = o.network_id
          left join lateral (select id, status from completions where click_id = k.id
                              order by created_at desc limit 1) c on true
         where k.id = ${clickId}`,
  );
  return rows[0];
}
