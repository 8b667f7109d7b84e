// Web Push's SQL (issue 38): subscriptions, the member's switches, app windows' presence, the sends'
// log, the dispatch claims and the expiring vouchers. Parameterised `sql` templates only; a kind's
// column comes from the fixed list below, never from input.
import { sql, type SQL } from 'drizzle-orm';
import { query, type Queryable } from '../db/client';
import type { pushSubscriptions } from '../db/schema';
import { PUSH_KINDS, type PushKind } from '../../shared/push';

/** Each kind's column of push_preferences: constants of this code. */
const KIND_COLUMN: Record<PushKind, SQL> = {
  spin_ready: sql.raw('spin_ready'),
  voucher_expiring: sql.raw('voucher_expiring'),
  claim_answered: sql.raw('claim_answered'),
  referral_reward: sql.raw('referral_reward'),
  account_messages: sql.raw('account_messages'),
};

export type SubscriptionRow = Pick<
  typeof pushSubscriptions.$inferSelect,
  'id' | 'endpoint' | 'p256dh' | 'auth'
>;

export interface PreferencesRow {
  spin_ready: boolean;
  voucher_expiring: boolean;
  claim_answered: boolean;
  referral_reward: boolean;
  account_messages: boolean;
}

/** Stores (or moves to this member) the browser's subscription; returns the member's count. */
export async function saveSubscription(
  db: Queryable,
  userId: number,
  s: { endpoint: string; p256dh: string; auth: string },
): Promise<number> {
  const [row] = await query<{ count: number }>(
    db,
    sql`with saved as (
          insert into push_subscriptions (user_id, endpoint, p256dh, auth)
          values (${userId}, ${s.endpoint}, ${s.p256dh}, ${s.auth})
          on conflict (endpoint) do update
            set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth
          returning id)
        select (select count(*)::int from push_subscriptions where user_id = ${userId} and id not in (select id from saved))
               + 1 as count`,
  );
  return row!.count;
}

export async function deleteSubscription(db: Queryable, userId: number, endpoint: string): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`delete from push_subscriptions where user_id = ${userId} and endpoint = ${endpoint} returning id`,
  );
  return rows.length > 0;
}

/** Dead subscriptions (the push service answered 404 or 410). */
export async function deleteSubscriptionsById(db: Queryable, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`delete from push_subscriptions where id = any(${sql.param(ids)}::int[])`);
}

export async function subscriptionCount(db: Queryable, userId: number): Promise<number> {
  const [row] = await query<{ count: number }>(
    db,
    sql`select count(*)::int as count from push_subscriptions where user_id = ${userId}`,
  );
  return row!.count;
}

export async function preferencesOf(db: Queryable, userId: number): Promise<PreferencesRow> {
  const [row] = await query<PreferencesRow>(
    db,
    sql`select spin_ready, voucher_expiring, claim_answered, referral_reward, account_messages
          from push_preferences where user_id = ${userId}`,
  );
  return row ?? Object.fromEntries(PUSH_KINDS.map((k) => [k, true]));
}

export async function savePreferences(
  db: Queryable,
  userId: number,
  kinds: Partial<PreferencesRow>,
): Promise<PreferencesRow> {
  const current = await preferencesOf(db, userId);
  const next = { ...current, ...kinds };
  const [row] = await query<PreferencesRow>(
    db,
    sql`insert into push_preferences (user_id, spin_ready, voucher_expiring, claim_answered, referral_reward, account_messages)
        values (${userId}, ${next.spin_ready}, ${next.voucher_expiring}, ${next.claim_answered},
                ${next.referral_reward}, ${next.account_messages})
        on conflict (user_id) do update set
          spin_ready = excluded.spin_ready, voucher_expiring = excluded.voucher_expiring,
          claim_answered = excluded.claim_answered, referral_reward = excluded.referral_reward,
          account_messages = excluded.account_messages, updated_at = now()
        returning spin_ready, voucher_expiring, claim_answered, referral_reward, account_messages`,
  );
  return row!;
}

/** The first process to insert an event's key sends its notification; the others hear `false`. */
export async function claimDispatch(db: Queryable, key: string): Promise<boolean> {
  const rows = await query<{ event_key: string }>(
    db,
    sql`insert into push_dispatches (event_key) values (${key}) on conflict do nothing returning event_key`,
  );
  return rows.length > 0;
}

/** What deciding a notification needs, for each of `userIds` that has a subscription. */
export interface RecipientRow {
  user_id: number;
  wanted: boolean;
  visible: boolean;
  subscriptions: SubscriptionRow[];
}

/**
 * One statement for a batch of members: their subscriptions, whether they want `kind`, whether an app
 * window of theirs is open and visible (a stream seen within `presenceSeconds`).
 */
export async function recipients(
  db: Queryable,
  userIds: number[],
  kind: PushKind,
  presenceSeconds: number,
): Promise<RecipientRow[]> {
  return query<RecipientRow>(
    db,
    sql`select s.user_id,
               coalesce(bool_and(p.${KIND_COLUMN[kind]}), true) as wanted,
               exists (select 1 from push_presence pr
                        where pr.user_id = s.user_id and pr.visible
                          and pr.seen_at > now() - make_interval(secs => ${presenceSeconds})) as visible,
               json_agg(json_build_object('id', s.id, 'endpoint', s.endpoint, 'p256dh', s.p256dh, 'auth', s.auth)
                        order by s.id) as subscriptions
          from push_subscriptions s
          left join push_preferences p on p.user_id = s.user_id
         where s.user_id = any(${sql.param(userIds)}::int[])
         group by s.user_id`,
  );
}

/**
 * Takes one notification from each member's hourly allowance, atomically (a row lock per member), and
 * returns the members still within `perHour`. The hour starts with the member's first notification.
 */
export async function takeRate(db: Queryable, userIds: number[], perHour: number): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await query<{ user_id: number }>(
    db,
    sql`with taken as (
          insert into push_member_rate as r (user_id, window_start, sent)
          select u, now(), 1 from unnest(${sql.param(userIds)}::int[]) as u
          on conflict (user_id) do update set
            window_start = case when r.window_start <= now() - interval '1 hour' then now() else r.window_start end,
            sent = case when r.window_start <= now() - interval '1 hour' then 1 else r.sent + 1 end
          returning r.user_id, r.sent)
        select user_id from taken where sent <= ${perHour}`,
  );
  return new Set(rows.map((r) => r.user_id));
}

export interface SendLogRow {
  userId: number;
  kind: PushKind;
  dispatch: string;
  result: 'sent' | 'failed' | 'gone';
}

export async function logSends(db: Queryable, rows: SendLogRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(
    sql`insert into push_sends (user_id, kind, dispatch, result)
        select * from unnest(${sql.param(rows.map((r) => r.userId))}::int[],
                             ${sql.param(rows.map((r) => r.kind))}::text[],
                             ${sql.param(rows.map((r) => r.dispatch))}::text[],
                             ${sql.param(rows.map((r) => r.result))}::text[])`,
  );
}

/** The member's spins ready: approved conversions not spun yet, and free spins. */
export async function spinsReady(db: Queryable, userId: number): Promise<number> {
  const [row] = await query<{ count: number }>(
    db,
    sql`select (select count(*)::int from completions c
                 where c.user_id = ${userId} and c.status = 'approved' and not c.spinner_used)
             + coalesce((select u.free_spins_remaining from users u where u.id = ${userId}), 0) as count`,
  );
  return row?.count ?? 0;
}

// App windows' presence: a stream opened with a tab id is visible until the app says otherwise.
export async function openPresence(db: Queryable, tab: string, userId: number): Promise<void> {
  await db.execute(
    sql`insert into push_presence (tab, user_id, visible) values (${tab}, ${userId}, true)
        on conflict (tab) do update set user_id = excluded.user_id, visible = true, seen_at = now()`,
  );
}

export async function closePresence(db: Queryable, tab: string, userId: number): Promise<void> {
  await db.execute(sql`delete from push_presence where tab = ${tab} and user_id = ${userId}`);
}

export async function touchPresence(db: Queryable, tabs: string[]): Promise<void> {
  if (tabs.length === 0) return;
  await db.execute(sql`update push_presence set seen_at = now() where tab = any(${sql.param(tabs)}::text[])`);
}

/** The member's window says it is shown or hidden (a window without an open stream is ignored). */
export async function setVisibility(
  db: Queryable,
  tab: string,
  userId: number,
  visible: boolean,
): Promise<void> {
  await db.execute(
    sql`update push_presence set visible = ${visible}, seen_at = now() where tab = ${tab} and user_id = ${userId}`,
  );
}

export interface ExpiringVoucherRow {
  voucher_id: number;
  user_id: number;
  amount: string;
  brand: string;
  expiry_date: string;
}

/**
 * Vouchers of members, not marked used, expiring within `days` days and not told of yet: recorded as
 * told, and returned (one transaction: a voucher is told of once).
 */
export async function takeExpiringVouchers(
  db: Queryable,
  days: number,
  limit: number,
): Promise<ExpiringVoucherRow[]> {
  return query<ExpiringVoucherRow>(
    db,
    sql`with due as (
          select v.id, v.assigned_to_user_id, v.voucher_amount, v.voucher_brand, v.expiry_date
            from vouchers v
           where v.assigned_to_user_id is not null
             and v.status = 'assigned'
             and v.expiry_date >= current_date
             and v.expiry_date <= current_date + ${days}::int
             and not exists (select 1 from push_voucher_notices n where n.voucher_id = v.id)
           order by v.expiry_date, v.id
           limit ${limit}),
        told as (
          insert into push_voucher_notices (voucher_id, user_id)
          select id, assigned_to_user_id from due
          on conflict do nothing
          returning voucher_id)
        select d.id as voucher_id, d.assigned_to_user_id as user_id, d.voucher_amount::text as amount,
               d.voucher_brand as brand, to_char(d.expiry_date, 'YYYY-MM-DD') as expiry_date
          from due d join told t on t.voucher_id = d.id
         order by d.expiry_date, d.id`,
  );
}

/** Old rows that nothing reads any more. */
export async function pruneOld(db: Queryable): Promise<void> {
  await db.execute(sql`delete from push_dispatches where created_at < now() - interval '2 days'`);
  await db.execute(sql`delete from push_presence where seen_at < now() - interval '1 day'`);
  await db.execute(sql`delete from push_sends where created_at < now() - interval '35 days'`);
  await db.execute(sql`delete from push_member_rate where window_start < now() - interval '1 day'`);
}

export interface KindSummaryRow {
  kind: PushKind;
  opted_in: number;
  sent: number;
  failed: number;
}

/** The console's panel: per kind, members opted in (a subscription and the kind on), sends in `days` days. */
export async function summary(
  db: Queryable,
  days: number,
): Promise<{ subscribed: number; kinds: KindSummaryRow[] }> {
  const [counts] = await query<Record<PushKind, number> & { subscribed: number }>(
    db,
    sql`select count(*)::int as subscribed,
               count(*) filter (where coalesce(p.spin_ready, true))::int as spin_ready,
               count(*) filter (where coalesce(p.voucher_expiring, true))::int as voucher_expiring,
               count(*) filter (where coalesce(p.claim_answered, true))::int as claim_answered,
               count(*) filter (where coalesce(p.referral_reward, true))::int as referral_reward,
               count(*) filter (where coalesce(p.account_messages, true))::int as account_messages
          from (select distinct user_id from push_subscriptions) s
          left join push_preferences p on p.user_id = s.user_id`,
  );
  const sends = await query<{ kind: string; sent: number; failed: number }>(
    db,
    sql`select kind,
               count(*) filter (where result = 'sent')::int as sent,
               count(*) filter (where result <> 'sent')::int as failed
          from push_sends
         where created_at > now() - make_interval(days => ${days})
         group by kind`,
  );
  const byKind = new Map(sends.map((r) => [r.kind, r]));
  const c = counts!;
  return {
    subscribed: c.subscribed,
    kinds: PUSH_KINDS.map((kind) => ({
      kind,
      opted_in: c[kind],
      sent: byKind.get(kind)?.sent ?? 0,
      failed: byKind.get(kind)?.failed ?? 0,
    })),
  };
}
