// GET /api/admin/users.php: every filter value and sort over a known dataset.
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../test/helpers';
import { seedUserFilterDataset } from '../../test/fixtures';
import { adminClient, adminTestApp, type Client } from '../../test/admin';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

describe.each(DATABASE_KINDS)('GET /api/admin/users.php on %s', (kind) => {
  let admin: Client;
  let ids: Record<string, number>;
  let database: Db;
  adminTestApp(kind, async ({ app, db }) => {
    database = db;
    admin = await adminClient(app);
    const by = await seedUserFilterDataset(db);
    ids = Object.fromEntries(Object.entries(by).map(([k, v]) => [k, v.id]));
  });

  const names = async (query: string) => {
    const res = await admin.get(`/api/admin/users.php${query ? `?${query}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return { names: body.users.map((u: { first_name: string }) => u.first_name), body };
  };

  it('default view: newest first, page 1 of 20, summary over all users, every field of section 3', async () => {
    const { names: n, body } = await names('');
    expect(n).toEqual(['Asha', 'Meera', 'Ravi', 'Omar', 'Nina', 'Kiran', 'Dev']);
    expect(body.pagination).toEqual({ page: 1, limit: 20, total: 7, totalPages: 1 });
    expect(body.summary).toEqual({
      total_users: 7,
      active_users: 5,
      firebase_users: 5,
      total_referrals: 5,
      flagged_users: 1,
    });
    const ravi = body.users.find((u: { first_name: string }) => u.first_name === 'Ravi');
    expect(ravi).toEqual({
      user_id: ids.Ravi,
      first_name: 'Ravi',
      last_name: 'Kumar',
      email: 'ravi@example.com',
      registration_date: expect.any(String),
      registration_method: 'firebase',
      last_activity: expect.any(String),
      referred_by_code: 'CODE0000',
      referred_by_name: 'Asha Rao',
      total_completions: 7,
      total_revenue_generated: 70,
      total_vouchers_won: 5,
      successful_referrals: 1,
      total_referrals: 1,
      free_spins_remaining: 0,
      is_suspicious: false,
      user_category: 'active_referrer',
      held_at: null,
      clawbacks_count: 0,
      clawbacks_value: 0,
    });
    const category = Object.fromEntries(
      body.users.map((u: { first_name: string; user_category: string }) => [u.first_name, u.user_category]),
    );
    expect(category).toEqual({
      Asha: 'top_referrer',
      Ravi: 'active_referrer',
      Meera: 'referred_user',
      Kiran: 'referred_user',
      Nina: 'referred_user',
      Omar: 'referred_user',
      Dev: 'organic_user',
    });
    expect(body.users.find((u: { first_name: string }) => u.first_name === 'Dev').is_suspicious).toBe(true);
  });

  it.each([
    ['performanceFilter=high_performers', ['Asha']],
    ['performanceFilter=high', ['Asha']],
    ['performanceFilter=medium_performers', ['Ravi', 'Omar', 'Nina']],
    ['performanceFilter=medium', ['Ravi', 'Omar', 'Nina']],
    ['performanceFilter=low_performers', ['Meera', 'Dev']],
    ['performanceFilter=low', ['Meera', 'Dev']],
    ['performanceFilter=inactive', ['Kiran', 'Dev']],
    ['performanceFilter=all', ['Asha', 'Meera', 'Ravi', 'Omar', 'Nina', 'Kiran', 'Dev']],
    ['referralFilter=top_referrers', ['Asha']],
    ['referralFilter=active_referrers', ['Asha', 'Ravi']],
    ['referralFilter=referred', ['Meera', 'Ravi', 'Omar', 'Nina', 'Kiran']],
    ['referralFilter=organic', ['Asha', 'Dev']],
    ['voucherFilter=high_value', ['Asha', 'Ravi', 'Omar']],
    ['voucherFilter=multiple_vouchers', ['Asha', 'Meera', 'Ravi', 'Omar']],
    ['voucherFilter=multiple', ['Asha', 'Meera', 'Ravi', 'Omar']],
    ['voucherFilter=top_winners', ['Asha', 'Omar']],
    ['dateRange=today', ['Asha']],
    ['dateRange=yesterday', ['Meera']],
    ['dateRange=week', ['Asha', 'Meera', 'Ravi']],
    ['dateRange=month', ['Asha', 'Meera', 'Ravi', 'Omar', 'Nina']],
    ['dateRange=quarter', ['Asha', 'Meera', 'Ravi', 'Omar', 'Nina', 'Kiran']],
    ['search=ravi', ['Ravi']],
    ['search=RAO', ['Asha']],
    ['search=nina%20iyer', ['Nina']],
    ['search=CODE0003', ['Kiran']],
    ['search=%25', []],
    ['performanceFilter=medium&voucherFilter=high_value&referralFilter=referred', ['Ravi', 'Omar']],
  ])('%s', async (query, expected) => {
    const { names: n, body } = await names(query);
    expect(n).toEqual(expected);
    expect(body.pagination.total).toBe(expected.length);
    // Filters change only the rows: the summary stays program-wide.
    expect(body.summary.total_users).toBe(7);
  });

  it.each([
    ['sortBy=total_completions', ['Asha', 'Nina', 'Ravi', 'Omar', 'Meera', 'Dev', 'Kiran']],
    ['sortBy=total_completions&sortOrder=asc', ['Kiran', 'Dev', 'Meera', 'Omar', 'Ravi', 'Nina', 'Asha']],
    ['sortBy=total_vouchers_won', ['Asha', 'Omar', 'Ravi', 'Meera', 'Dev', 'Nina', 'Kiran']],
    ['sortBy=total_vouchers_won&sortOrder=asc', ['Kiran', 'Nina', 'Dev', 'Meera', 'Ravi', 'Omar', 'Asha']],
    ['sortBy=total_vouchers_won&voucherFilter=multiple&limit=2&page=2', ['Ravi', 'Meera']],
    ['sortBy=total_vouchers_won&performanceFilter=medium&sortOrder=asc', ['Nina', 'Ravi', 'Omar']],
    ['sortBy=total_revenue_generated', ['Asha', 'Nina', 'Ravi', 'Omar', 'Meera', 'Dev', 'Kiran']],
    ['sortBy=successful_referrals', ['Asha', 'Ravi', 'Omar', 'Nina', 'Dev', 'Kiran', 'Meera']],
    ['sortBy=first_name&sortOrder=asc', ['Asha', 'Dev', 'Kiran', 'Meera', 'Nina', 'Omar', 'Ravi']],
    ['sortBy=registration_date&sortOrder=asc', ['Dev', 'Kiran', 'Nina', 'Omar', 'Ravi', 'Meera', 'Asha']],
  ])('%s', async (query, expected) => {
    expect((await names(query)).names).toEqual(expected);
  });

  it('orders by vouchers won as they are now: a change of the count moves the member (the mirror of migration 0032)', async () => {
    const order = async () => (await names('sortBy=total_vouchers_won')).names;
    const before = await order();
    try {
      await database.update(users).set({ totalVouchersWon: 50 }).where(eq(users.id, ids.Kiran!));
      expect(await order()).toEqual(['Kiran', ...before.filter((n: string) => n !== 'Kiran')]);
      await database
        .update(users)
        .set({ totalVouchersWon: sql`${users.totalVouchersWon} - 50` })
        .where(eq(users.id, ids.Kiran!));
    } finally {
      expect(await order()).toEqual(before);
    }
  });

  it('paginates: page and limit, total and totalPages', async () => {
    const { names: n, body } = await names('sortBy=first_name&sortOrder=asc&page=2&limit=3');
    expect(n).toEqual(['Meera', 'Nina', 'Omar']);
    expect(body.pagination).toEqual({ page: 2, limit: 3, total: 7, totalPages: 3 });
    const { names: last } = await names('sortBy=first_name&sortOrder=asc&page=3&limit=3');
    expect(last).toEqual(['Ravi']);
    const { names: beyond } = await names('page=9');
    expect(beyond).toEqual([]);
  });

  const SORTS =
    'registration_date, total_completions, total_vouchers_won, total_revenue_generated, successful_referrals, first_name';
  it.each([
    ['sortBy=password', `Invalid sortBy: must be one of: ${SORTS}`],
    ['sortOrder=sideways', 'Invalid sortOrder: must be one of: asc, desc'],
    ['page=-1', 'Invalid page: page must be at least 1'],
    ['page=0', 'Invalid page: page must be at least 1'],
    ['page=abc', 'Invalid page: page must be a whole number'],
    ['page=1.5', 'Invalid page: page must be a whole number'],
    ['limit=101', 'Invalid limit: limit must be at most 100'],
    ['limit=0', 'Invalid limit: limit must be at least 1'],
    ['dateRange=decade', 'Invalid dateRange: must be one of: all, today, yesterday, week, month, quarter'],
    [
      'performanceFilter=superstar',
      'Invalid performanceFilter: must be one of: all, high_performers, medium_performers, low_performers, inactive, high, medium, low',
    ],
    [
      'referralFilter=x',
      'Invalid referralFilter: must be one of: all, top_referrers, active_referrers, referred, organic',
    ],
    [
      'voucherFilter=x',
      'Invalid voucherFilter: must be one of: all, high_value, multiple_vouchers, multiple, top_winners',
    ],
    ['sortBy=registration_date;drop%20table%20users', `Invalid sortBy: must be one of: ${SORTS}`],
  ])('400 for %s', async (query, message) => {
    const res = await admin.get(`/api/admin/users.php?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: message });
  });

  it('400 for an unknown query parameter', async () => {
    const res = await admin.get('/api/admin/users.php?colour=blue');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/colour/);
  });
});
