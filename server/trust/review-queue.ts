// The console's side of trust and safety (issue 33): the review queue, one member's risk, the policy.
// Every decision is audited in its own transaction and reaches the member live (the completion's and
// the member row's triggers announce it, as a postback's would).
import { sql, type SQL } from 'drizzle-orm';
import { query, type Db } from '../db/client';
import { pagination } from '../admin/mapper';
import { insertAuditEntry } from '../admin/audit/write-repository';
import { notFound } from '../lib/errors';
import { writeAudit, type Actor } from '../admin/audit/service';
import { denyHold, membersChangedIn, releaseHold } from '../postbacks/conversions-service';
import type {
  AdminReviewRow,
  AdminReviewsResponse,
  AdminRiskResponse,
  DecideReviewsRequest,
  DenyCategory,
  RiskPolicy,
  RiskReasonRow,
} from '../../shared/contract/admin/reviews';
import { memberEvidence } from './evidence';
import { dueHoldIds, heldIdsOfMember } from './holds';
import { loadPolicy, savePolicy } from './policy';
import { judge } from './score';

export interface ReviewListInput {
  page: number;
  limit: number;
  sortBy: 'score' | 'created_at';
  sortOrder: 'asc' | 'desc';
  status: 'all' | 'held' | 'released' | 'denied';
  level?: 'low' | 'medium' | 'high' | 'very_high' | undefined;
  user_id?: number | undefined;
  hold_id?: number | undefined;
}

interface ReviewDbRow {
  hold_id: number;
  kind: 'conversion' | 'referral';
  status: 'held' | 'released' | 'denied';
  level: AdminReviewRow['level'];
  score: number;
  reasons: RiskReasonRow[] | string;
  user_id: number;
  user_name: string;
  user_email: string;
  offer_id: number | null;
  offer_title: string | null;
  completion_id: number | null;
  referral_id: number | null;
  network_name: string | null;
  payout: string | number | null;
  created_at: Date;
  release_at: Date | null;
  decided_at: Date | null;
  decided_by: string | null;
  deny_category: DenyCategory | null;
  note: string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toReviewRow(r: ReviewDbRow): AdminReviewRow {
  return {
    ...r,
    reasons: typeof r.reasons === 'string' ? (JSON.parse(r.reasons) as RiskReasonRow[]) : r.reasons,
    payout: r.payout === null ? null : Number(r.payout),
    created_at: iso(r.created_at)!,
    release_at: iso(r.release_at),
    decided_at: iso(r.decided_at),
  };
}

export async function listReviews(
  db: Db,
  input: ReviewListInput,
): Promise<Omit<AdminReviewsResponse, 'success'>> {
  const where: SQL[] = [];
  if (input.status !== 'all') where.push(sql`h.status = ${input.status}`);
  if (input.level) where.push(sql`h.level = ${input.level}`);
  if (input.user_id) where.push(sql`h.user_id = ${input.user_id}`);
  if (input.hold_id) where.push(sql`h.id = ${input.hold_id}`);
  const cond = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const dir = input.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  // Whitelisted sorts only; the riskiest first, newest among equals.
  const order =
    input.sortBy === 'score'
      ? sql`h.score ${dir}, h.created_at desc, h.id desc`
      : sql`h.created_at ${dir}, h.id ${dir}`;
  const offset = (input.page - 1) * input.limit;
  const [rows, [counts]] = await Promise.all([
    query<ReviewDbRow>(
      db,
      sql`select h.id as hold_id, h.kind, h.status, h.level, h.score, h.reasons, h.user_id,
                 trim(u.first_name || ' ' || u.last_name) as user_name, u.email as user_email,
                 coalesce(c.offer_id, fc.offer_id) as offer_id, o.title as offer_title,
                 h.completion_id, h.referral_id, coalesce(n.name, h.network) as network_name,
                 c.payout_amount as payout, h.created_at, h.release_at, h.decided_at, h.decided_by,
                 h.deny_category, h.note
            from reward_holds h
            join users u on u.id = h.user_id
            left join completions c on c.id = h.completion_id
            left join referrals r on r.id = h.referral_id
            left join completions fc on fc.id = r.first_completion_id
            left join offers o on o.id = coalesce(c.offer_id, fc.offer_id)
            left join networks n on n.slug = h.network
            ${cond}
           order by ${order}
           limit ${input.limit} offset ${offset}`,
    ),
    query<{ total: number; waiting: number; oldest: Date | null }>(
      db,
      sql`select (select count(*)::int from reward_holds h ${cond}) as total,
                 (select count(*)::int from reward_holds where status = 'held') as waiting,
                 (select min(created_at) from reward_holds where status = 'held') as oldest`,
    ),
  ]);
  return {
    reviews: rows.map(toReviewRow),
    waiting: counts?.waiting ?? 0,
    oldest_waiting_at: iso(counts?.oldest ?? null),
    pagination: pagination(input, counts?.total ?? 0, false),
  };
}

/**
 * Approves or denies held rewards, each in its own transaction (one failure does not undo the others'
 * decisions), each exactly once: a hold decided meanwhile is reported as skipped.
 */
export async function decideReviews(
  db: Db,
  actor: Actor,
  body: DecideReviewsRequest & { hold_ids?: number[]; user_id?: number },
  onChanged: (userIds: number[]) => void = () => {},
): Promise<{ decided: number[]; skipped: number[] }> {
  const ids =
    body.user_id !== undefined
      ? await heldIdsOfMember(db, Number(body.user_id))
      : (body.hold_ids ?? []).map(Number);
  if (body.user_id !== undefined && ids.length === 0)
    throw notFound('This member has no rewards waiting for review.');
  const decided: number[] = [];
  const skipped: number[] = [];
  const { policy } = await loadPolicy(db);
  for (const id of ids) {
    const outcome = await db.transaction(async (tx) => {
      const result =
        body.action === 'approve'
          ? await releaseHold(tx, id, actor.username, policy)
          : await denyHold(tx, id, actor.username, {
              category: body.category!,
              note: body.note?.trim() ? body.note.trim() : null,
            });
      if (result === 'released' || result === 'denied') {
        await writeAudit(tx, actor, {
          action: result === 'released' ? 'reward.release' : 'reward.deny',
          targetType: 'reward_hold',
          targetId: id,
          before: { status: 'held' },
          after: {
            status: result,
            ...(body.category && result === 'denied' ? { category: body.category } : {}),
            ...(body.note?.trim() ? { note: body.note.trim() } : {}),
          },
        });
        onChanged(membersChangedIn(tx));
      }
      return result;
    });
    (outcome === 'released' || outcome === 'denied' ? decided : skipped).push(id);
  }
  return { decided, skipped };
}

/** The timer's work: medium holds whose wait is over are released by the system, each once. */
export async function releaseDueHolds(
  db: Db,
  onChanged: (userIds: number[]) => void = () => {},
): Promise<number> {
  const ids = await dueHoldIds(db);
  if (!ids.length) return 0;
  let released = 0;
  const { policy } = await loadPolicy(db);
  for (const id of ids) {
    await db.transaction(async (tx) => {
      const r = await releaseHold(tx, id, 'system', policy);
      if (r === 'released') {
        released++;
        await insertAuditEntry(tx, {
          adminId: null,
          adminUsername: 'system',
          action: 'reward.release',
          targetType: 'reward_hold',
          targetId: String(id),
          before: { status: 'held' },
          after: { status: 'released', reason: 'hold period ended' },
          ip: null,
        });
        onChanged(membersChangedIn(tx));
      }
    });
  }
  return released;
}

/** One member's risk as it stands now, with the linked accounts, referral tree and sightings. */
export async function memberRisk(db: Db, userId: number): Promise<Omit<AdminRiskResponse, 'success'>> {
  const evidence = await memberEvidence(db, userId);
  if (!evidence) throw notFound('Member not found');
  const { policy } = await loadPolicy(db);
  const j = judge(evidence, { kind: 'member' }, policy);
  const [linked, tree, sightings, referredBy] = await Promise.all([
    query<{
      user_id: number;
      name: string;
      email: string;
      registration_date: Date;
      is_suspicious: boolean;
      device: boolean;
      address: boolean;
      email_link: boolean;
    }>(
      db,
      // The members who share the member's registration device, address prefix or normalised email,
      // from member_links' primary key (docs/decisions/member-links.md).
      sql`with m as (select id, registration_fingerprint as fp, registration_prefix as px, email_normalised as en
                       from users where id = ${userId}),
          l as (select l.user_id, bool_or(l.kind = 'd') as device, bool_or(l.kind = 'p') as address,
                       bool_or(l.kind = 'e') as email_link
                  from m join member_links l
                    on (l.kind, l.value) in (('d', m.fp), ('p', m.px), ('e', m.en)) and l.user_id <> m.id
                 group by l.user_id)
          select u.id as user_id, trim(u.first_name || ' ' || u.last_name) as name, u.email, u.registration_date,
                 u.is_suspicious, l.device, l.address, l.email_link
            from l join users u on u.id = l.user_id
           order by u.registration_date desc
           limit 100`,
    ),
    query<{ user_id: number; name: string; depth: number; referred_by: number; completions: number }>(
      db,
      sql`with recursive t as (
            select id, referred_by_user_id, 1 as depth from users where referred_by_user_id = ${userId}
            union all
            select u.id, u.referred_by_user_id, t.depth + 1 from users u join t on u.referred_by_user_id = t.id
             where t.depth < 3
          )
          select t.id as user_id, trim(u.first_name || ' ' || u.last_name) as name, t.depth,
                 t.referred_by_user_id as referred_by, u.total_completions as completions
            from t join users u on u.id = t.id
           order by t.depth, t.id
           limit 200`,
    ),
    query<{
      at: Date;
      kind: 'registration' | 'sign_in';
      address: string | null;
      asn: number | null;
      org: string | null;
      hosting: boolean;
      fingerprint: string | null;
    }>(
      db,
      sql`select created_at as at, kind, address, asn, org, hosting, fingerprint from member_sightings
           where user_id = ${userId} order by created_at desc, id desc limit 50`,
    ),
    query<{ user_id: number; name: string; paused: Date | null }>(
      db,
      sql`select r.id as user_id, trim(r.first_name || ' ' || r.last_name) as name, m.rewards_paused_at as paused
            from users m left join users r on r.id = m.referred_by_user_id where m.id = ${userId}`,
    ),
  ]);
  const ref = referredBy[0];
  return {
    user_id: userId,
    score: j.score,
    level: j.level,
    reasons: j.reasons,
    rewards_paused_at: iso(ref?.paused ?? null),
    linked_accounts: linked.map((l) => ({
      user_id: l.user_id,
      name: l.name,
      email: l.email,
      registration_date: iso(l.registration_date)!,
      is_suspicious: !!l.is_suspicious,
      links: [
        ...(l.device ? (['device'] as const) : []),
        ...(l.address ? (['address'] as const) : []),
        ...(l.email_link ? (['email'] as const) : []),
      ],
    })),
    referred_by: ref && ref.user_id !== null ? { user_id: ref.user_id, name: ref.name } : null,
    referral_tree: tree,
    sightings: sightings.map((s) => ({
      at: iso(s.at)!,
      kind: s.kind,
      address: s.address,
      asn: s.asn,
      network: s.org,
      hosting: !!s.hosting,
      fingerprint: s.fingerprint,
    })),
  };
}

/** The policy in force, for the console. */
export async function readPolicy(db: Db) {
  const p = await loadPolicy(db);
  return { policy: p.policy, updated_at: iso(p.updatedAt), updated_by: p.updatedBy };
}

/** Saves a new policy, audited with what it was before. */
export async function writePolicy(db: Db, actor: Actor, policy: RiskPolicy) {
  const before = (await loadPolicy(db)).policy;
  const saved = await db.transaction(async (tx) => {
    const s = await savePolicy(tx, policy, actor.username, db);
    await writeAudit(tx, actor, {
      action: 'risk_policy.edit',
      targetType: 'risk_policy',
      targetId: 1,
      before,
      after: policy,
    });
    return s;
  });
  return { policy: saved.policy, updated_at: iso(saved.updatedAt), updated_by: saved.updatedBy };
}
