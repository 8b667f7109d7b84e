// Scratch databases, direct seeding (members, sessions, completions, vouchers) and the invariants
// every scenario checks afterwards. Raw SQL through pg: bulk inserts with unnest are what make
// seeding 1,000 members take milliseconds.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate, openDatabase } from '../../../server/db/client';
import { hashSessionId } from '../../../server/members/sessions-service';
import { hashPassword } from '../../../server/lib/password';
import { randomId } from '../../../server/lib/ids';
import {
  createPostgresDatabase,
  databaseUrl,
  dropPostgresDatabase,
} from '../../../server/test/database-templates';

export const REL_SESSION_SECRET = 'reliability-session-secret-0123456789';
export const REL_POSTBACK_SECRET = 'reliability-postback-secret-0123456789';

export interface ScratchDatabase {
  url: string;
  name: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

/** A fresh, migrated database on the server that `baseUrl` points at; `drop` removes it. */
export async function createScratchDatabase(baseUrl: string, label = 'rel'): Promise<ScratchDatabase> {
  const name = `rewards_${label}_${randomBytes(5).toString('hex')}`; // generated here, never input
  await createPostgresDatabase(baseUrl, name);
  const url = databaseUrl(baseUrl, name);
  const database = await openDatabase({ databaseUrl: url, poolMax: 2 });
  await migrate(database.db);
  await database.close();
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('error', () => {});
  return {
    url,
    name,
    pool,
    drop: async () => {
      await pool.end().catch(() => {});
      await dropPostgresDatabase(baseUrl, name);
    },
  };
}

export interface Member {
  userId: number;
  cookie: string;
}

/**
 * Members with sessions (as a sign-in would leave them, the first sign-in's questions answered) and,
 * optionally, free spins to spend.
 */
export async function createMembers(
  pool: pg.Pool,
  count: number,
  opts: { freeSpins?: number; label?: string } = {},
): Promise<Member[]> {
  const tag = `${opts.label ?? 'm'}${randomBytes(4).toString('hex')}`;
  const free = opts.freeSpins ?? 0;
  const { rows } = await pool.query<{ id: number }>(
    `insert into users (email, firebase_uid, first_name, last_name, referral_code, free_spins_remaining, total_free_spins_earned,
                        adult_confirmed_at, residence_state)
     select $1 || i || '@example.com', $1 || '-' || i, 'Rel', 'Member ' || i, upper($1) || i, $2, $2, now(), 'KA'
     from generate_series(1, $3::int) as i
     returning id`,
    [tag, free, count],
  );
  const sids = rows.map(() => randomId(16));
  await pool.query(
    `insert into sessions (id_hash, public_id, kind, user_id, expires_at)
     select h, p, 'member', u, now() + interval '1 day' from unnest($1::text[], $2::text[], $3::int[]) as t(h, p, u)`,
    [
      sids.map((s) => hashSessionId(REL_SESSION_SECRET, s)),
      sids.map(() => randomId(9)),
      rows.map((r) => r.id),
    ],
  );
  return rows.map((r, i) => ({ userId: r.id, cookie: `sid=${sids[i]}` }));
}

export async function createOffer(
  pool: pg.Pool,
  reels: { amount: number; probability: number }[],
  opts: { active?: boolean } = {},
): Promise<number> {
  const ext = `rel_${randomBytes(5).toString('hex')}`;
  const { rows } = await pool.query<{ id: number }>(
    `insert into offers (title, description, offer_url, external_offer_id, network, category, slot_config, is_active)
     values ($1, 'Reliability offer', 'https://partner.example.com/go?cid={click_id}', $2, 'relnet', 'Gaming', $3, $4)
     returning id`,
    [`Offer ${ext}`, ext, JSON.stringify({ reels }), opts.active ?? true],
  );
  return rows[0]!.id;
}

/** One approved, unspent completion of the offer per member, with the counters a postback would set. */
export async function grantCompletions(pool: pg.Pool, userIds: number[], offerId: number): Promise<void> {
  const tag = randomBytes(4).toString('hex');
  await pool.query(
    `insert into completions (user_id, offer_id, network, transaction_id, status, payout_amount, completed_at)
     select u, $2, 'relnet', 'rel-' || $3 || '-' || u, 'approved', 1, now() from unnest($1::int[]) as u`,
    [userIds, offerId, tag],
  );
  await pool.query(
    `update users set total_completions = total_completions + 1, total_revenue_generated = total_revenue_generated + 1
     where id = any($1::int[])`,
    [userIds],
  );
  await pool.query(
    `update offers set total_completions = total_completions + $2, unique_users = unique_users + $2,
       total_revenue = total_revenue + $2 where id = $1`,
    [offerId, userIds.length],
  );
}

export async function stockVouchers(pool: pg.Pool, amount: number, count: number): Promise<void> {
  const tag = randomBytes(4).toString('hex').toUpperCase();
  await pool.query(
    `insert into vouchers (voucher_code, voucher_brand, voucher_amount, expiry_date)
     select 'REL' || $1 || '-' || $2::text || '-' || i, 'RelBrand', $2::numeric, '2099-12-31' from generate_series(1, $3::int) as i`,
    [tag, amount, count],
  );
}

export const ADMIN_PASSWORD = 'reliability-admin-password';

/** An administrator (password ADMIN_PASSWORD) and a ready session cookie for it. */
export async function createAdmin(pool: pg.Pool, username = `reladmin${randomBytes(3).toString('hex')}`) {
  const { rows } = await pool.query<{ id: number }>(
    `insert into admins (username, email, password_hash) values ($1, $1 || '@example.com', $2) returning id`,
    [username, await hashPassword(ADMIN_PASSWORD)],
  );
  const sid = randomId(16);
  await pool.query(
    `insert into sessions (id_hash, public_id, kind, admin_id, expires_at) values ($1, $2, 'admin', $3, now() + interval '1 day')`,
    [hashSessionId(REL_SESSION_SECRET, sid), randomId(9), rows[0]!.id],
  );
  return { id: rows[0]!.id, username, cookie: `admin_sid=${sid}` };
}

/**
 * The database invariants, each a query counting the rows that break it (0 = holds). They hold for
 * any database this product writes, whatever mix of spins, postbacks and blocks produced it.
 */
export const INVARIANTS: { name: string; sql: string }[] = [
  {
    name: 'each voucher assigned by a spin has exactly one spin',
    sql: `select count(*)::int as n from vouchers v
          where v.status = 'assigned' and v.assignment_context in ('offer_completion', 'free_spin_from_referral')
            and (select count(*) from spins s where s.voucher_id = v.id) <> 1`,
  },
  {
    name: 'each winning spin holds an assigned voucher of its member and its drawn amount',
    // Or, a win that lost the race for the last code of its amount, owed to its member (owed_vouchers).
    sql: `select count(*)::int as n from spins s left join vouchers v on v.id = s.voucher_id
          where s.is_win and (v.id is null or v.status <> 'assigned' or v.assigned_to_user_id <> s.user_id
                              or v.voucher_amount <> s.drawn_amount)
            and not exists (select 1 from owed_vouchers d where d.spin_id = s.id and d.user_id = s.user_id
                              and d.voucher_amount = s.drawn_amount)`,
  },
  {
    name: 'a spin without a voucher is not a win',
    sql: `select count(*)::int as n from spins s
          where s.is_win <> (s.voucher_id is not null or exists (select 1 from owed_vouchers d where d.spin_id = s.id))`,
  },
  {
    name: 'each spent offer spin has exactly one spin record, an unspent one none',
    sql: `select count(*)::int as n from completions c
          where (select count(*) from spins s where s.completion_id = c.id) <> (case when c.spinner_used then 1 else 0 end)`,
  },
  {
    name: 'a completion records the voucher its spin won',
    sql: `select count(*)::int as n from completions c join spins s on s.completion_id = c.id
          where c.voucher_id is distinct from s.voucher_id`,
  },
  {
    name: 'free spins never below zero and remaining = earned - free spins recorded',
    sql: `select count(*)::int as n from users u
          where u.free_spins_remaining < 0
             or u.free_spins_remaining <> u.total_free_spins_earned
                - (select count(*) from spins s where s.user_id = u.id and s.spin_type = 'free')`,
  },
  {
    name: 'member counters equal their rows (spins, vouchers won and value, completions, referrals)',
    sql: `select count(*)::int as n from users u
          where u.spins_used <> (select count(*) from spins s where s.user_id = u.id)
             or u.total_vouchers_won <> (select count(*) from spins s where s.user_id = u.id and s.is_win)
             or u.total_voucher_value <> coalesce((select sum(s.drawn_amount) from spins s
                                                   where s.user_id = u.id and s.is_win), 0)
             or u.total_completions <> (select count(*) from completions c where c.user_id = u.id and c.status = 'approved')
             or u.successful_referrals <> (select count(*) from referrals r
                                           where r.referrer_user_id = u.id and r.status = 'successful')`,
  },
  {
    name: "the users list's vouchers-won order mirrors every member's count (migration 0032)",
    sql: `select count(*)::int as n from users u left join user_vouchers_won w on w.user_id = u.id
          where w.total_vouchers_won is distinct from u.total_vouchers_won`,
  },
  {
    name: 'offer counters equal their rows (spins, rewards won, completions)',
    sql: `select count(*)::int as n from offers o
          where o.spins_used <> (select count(*) from spins s where s.offer_id = o.id)
             or o.rewards_won <> (select count(*) from spins s where s.offer_id = o.id and s.is_win)
             or o.total_completions <> (select count(*) from completions c where c.offer_id = o.id and c.status = 'approved')`,
  },
  {
    name: 'each partner transaction credited once',
    sql: `select count(*)::int as n from (select 1 from completions group by network, transaction_id having count(*) > 1) x`,
  },
  {
    name: 'an approval is held only while its member is blocked or its reward is held by risk, and only on a pending completion',
    sql: `select count(*)::int as n from completions c join users u on u.id = c.user_id
          where c.approval_held_at is not null
            and (c.status <> 'pending'
                 or (not u.is_suspicious
                     and not exists (select 1 from reward_holds h where h.completion_id = c.id and h.status = 'held')))`,
  },
  {
    name: 'a reward hold is decided at most once: a released conversion is approved (or its member blocked), a denied one grants nothing',
    sql: `select count(*)::int as n from reward_holds h left join completions c on c.id = h.completion_id
          where (h.status = 'held') <> (h.decided_at is null)
             or (h.kind = 'conversion' and h.status = 'denied' and c.status = 'approved')
             or (h.kind = 'conversion' and h.status = 'held' and c.status = 'approved')`,
  },
  {
    name: 'a referral reward is granted exactly when the referral is successful',
    sql: `select count(*)::int as n from referrals r
          where (r.status = 'successful') <> (r.free_spins_granted = 1) or r.free_spins_granted not in (0, 1)`,
  },
];

export async function checkInvariants(pool: pg.Pool): Promise<{ name: string; broken: number }[]> {
  const out: { name: string; broken: number }[] = [];
  for (const inv of INVARIANTS) {
    const { rows } = await pool.query<{ n: number }>(inv.sql);
    out.push({ name: inv.name, broken: rows[0]!.n });
  }
  return out;
}

/**
 * Columns that ordinary use rewrites on purpose: a request on an admin session records
 * `last_seen_at` (the 30-minute idle timeout) and a member request may move `expires_at` forward (the
 * rolling session). The snapshot leaves only these out, so a session created, deleted, moved to
 * another owner or changed in any other column still shows.
 */
export const ACTIVITY_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  sessions: ['last_seen_at', 'expires_at'],
};

/**
 * Rows that record every attempt by design, left out of their table's checksum: a refused admin
 * sign-in is audited (issue 32, item 10), as the failed sign-in log records it.
 */
export const ATTEMPT_ROWS: Readonly<Record<string, string>> = {
  admin_audit_log: `action <> 'admin.sign_in_failed'`,
};

/**
 * Row count and checksum of every table but the logs that record every attempt by design; in a
 * table of ACTIVITY_COLUMNS, each row without those columns.
 */
export async function snapshot(pool: pg.Pool): Promise<Record<string, string>> {
  const { rows: tables } = await pool.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
     and table_name not in ('postback_log', 'admin_login_attempts') order by table_name`,
  );
  const out: Record<string, string> = {};
  for (const { table_name } of tables) {
    const skip = ACTIVITY_COLUMNS[table_name] ?? [];
    // to_jsonb(t) - text[] drops the named keys; a column missing from the table would make the check
    // silently weaker, so every named column must exist.
    if (skip.length) {
      const { rows: cols } = await pool.query<{ n: number }>(
        `select count(*)::int as n from information_schema.columns
          where table_schema = 'public' and table_name = $1 and column_name = any($2::text[])`,
        [table_name, skip],
      );
      if (cols[0]!.n !== skip.length)
        throw new Error(`snapshot: ${table_name} lacks one of ${skip.join(', ')}`);
    }
    const row = skip.length ? `(to_jsonb(t) - $1::text[])::text` : 't::text';
    const { rows } = await pool.query<{ n: number; sum: string }>(
      `select count(*)::int as n, md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as sum from "${table_name}" t${ATTEMPT_ROWS[table_name] ? ` where ${ATTEMPT_ROWS[table_name]}` : ''}`,
      skip.length ? [skip] : [],
    );
    out[table_name] = `${rows[0]!.n}:${rows[0]!.sum}`;
  }
  return out;
}
