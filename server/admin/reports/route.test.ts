// The read-only admin lists and the dashboard over a known dataset (server/test/fixtures.ts): the exact rows
// and totals each filter value returns.
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../test/helpers';
import { dateRangeBounds } from '../../lib/date-range';
import { seedKnownDataset, type KnownDataset } from '../../test/fixtures';
import { adminClient, adminTestApp, type Client } from '../../test/admin';

describe.each(DATABASE_KINDS)('admin lists over a known dataset on %s', (kind) => {
  let admin: Client;
  let data: KnownDataset;
  adminTestApp(kind, async ({ app, db }) => {
    admin = await adminClient(app);
    data = await seedKnownDataset(db);
  });

  /**
   * A reader of one list: GET `path` with a query string, expecting 200; answers the body and, as
   * `name`, `pick` of each row of `body[key]`.
   */
  const column =
    <K extends string>(path: string, key: string, name: K, pick: (row: Record<string, unknown>) => unknown) =>
    async (query: string) => {
      const res = await admin.get(`/api/admin/${path}?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      const rows = body[key] as Record<string, unknown>[];
      return { ...({ [name]: rows.map(pick) } as Record<K, unknown[]>), body };
    };
  /** The check of the '400 for ...' tables: the list refuses `query` with a message matching `message`. */
  const refuses = (path: string) => async (query: string, message: RegExp) => {
    const res = await admin.get(`/api/admin/${path}?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(message);
  };

  describe('offers.php', () => {
    const titles = column('offers.php', 'offers', 'titles', (r) => r.title);
    const [O1, O2, O3, O4] = ['Dragon Clash', 'ShopKart first order', 'PayNest account', 'StreamFlix trial'];

    it('default: newest first with the per-offer totals', async () => {
      const { titles: t, body } = await titles('');
      expect(t).toEqual([O1, O2, O3, O4]);
      expect(body.pagination).toEqual({ page: 1, limit: 20, total: 4, totalPages: 1 });
      expect(body.offers[0]).toEqual({
        offer_id: data.offers.O1.id,
        title: O1,
        description: 'Reach level 10',
        offer_url: 'https://partner.example/dragon?c={click_id}',
        preview_url: null,
        external_offer_id: 'dragon_clash_0001',
        category: 'Gaming',
        model: 'CPI',
        targeting: 'ALL',
        reward_amount: 50,
        slot_config: {
          reels: [
            { amount: 10, probability: 20 },
            { amount: 50, probability: 5 },
          ],
        },
        is_active: true,
        created_at: expect.any(String),
        total_completions: 2,
        unique_users: 2,
        total_revenue: 5.5,
        avg_payout: 2.75,
        spins_used: 1,
        rewards_won: 1,
        // $5.50 at ₹83 = ₹456.50; c1's ₹10 code; margin ₹446.50.
        revenue_inr: 456.5,
        voucher_cost: 10,
        margin_inr: 446.5,
        network_id: null,
        network_name: null,
      });
      expect(body.offers[1]).toMatchObject({
        total_completions: 2,
        total_revenue: 5,
        avg_payout: 2.5,
        spins_used: 2,
      });
      expect(body.offers[3]).toMatchObject({ total_completions: 0, avg_payout: 0 });
    });

    it.each([
      ['status=active', [O1, O2, O4]],
      ['status=inactive', [O3]],
      ['status=all', [O1, O2, O3, O4]],
      ['category=Finance', [O3]],
      ['category=Travel', []],
      ['model=CPS', [O2]],
      ['model=CPR', [O4]],
      ['model=CPA', [O3]],
      ['dateRange=today', [O1]],
      ['dateRange=week', [O1]],
      ['dateRange=month', [O1, O2]],
      ['dateRange=quarter', [O1, O2, O3]],
      ['search=stream', [O4]],
      ['search=paynest_0003', [O3]],
      // The offers list's sorts
      ['sortBy=created_at&sortOrder=asc', [O4, O3, O2, O1]],
      ['sortBy=title&sortOrder=asc', [O1, O3, O2, O4]],
      ['sortBy=title&sortOrder=desc', [O4, O2, O3, O1]],
      ['sortBy=total_completions&sortOrder=desc', [O2, O1, O3, O4]],
      ['sortBy=total_completions&sortOrder=asc', [O4, O3, O1, O2]],
      ['sortBy=total_revenue&sortOrder=desc', [O3, O1, O2, O4]],
      ['sortBy=reward_amount&sortOrder=desc', [O3, O1, O2, O4]],
      ['sortBy=category&sortOrder=asc', [O4, O3, O1, O2]],
      // The offers page's quick filters: Top Performing, Recently Added
      ['status=active&sortBy=total_completions&sortOrder=desc', [O2, O1, O4]],
      ['status=active&sortBy=created_at&sortOrder=desc', [O1, O2, O4]],
    ])('%s', async (query, expected) => {
      const { titles: t, body } = await titles(query);
      expect(t).toEqual(expected);
      expect(body.pagination.total).toBe(expected.length);
    });

    it.each([
      ['sortBy=revenue', /^Invalid sortBy: must be one of: created_at, title/],
      ['status=paused', /^Invalid status: must be one of: all, active, inactive$/],
      ['category=Cooking', /^Invalid category: must be one of: all, Gaming/],
      ['model=CPX', /^Invalid model: must be one of: all, CPR/],
      ['dateRange=yesteryear', /^Invalid dateRange/],
      ['limit=500', /^Invalid limit: limit must be at most 100$/],
    ])('400 for %s', refuses('offers.php'));
  });

  describe('vouchers.php', () => {
    const codes = column('vouchers.php', 'vouchers', 'codes', (r) => r.voucher_code);
    /** Every voucher code of the dataset, in code order. */
    const EVERY_CODE = [
      'AMZ-001',
      'AMZ-002',
      'AMZ-003',
      'AMZ-004',
      'AMZ-005',
      'FLP-001',
      'MYN-001',
      'SWG-001',
      'SWG-002',
      'ZOM-001',
    ];

    it('default: newest first, every field, the per-brand-and-amount stats', async () => {
      const { codes: c, body } = await codes('');
      expect(c).toEqual([
        'AMZ-005',
        'ZOM-001',
        'MYN-001',
        'SWG-002',
        'SWG-001',
        'AMZ-004',
        'AMZ-003',
        'AMZ-002',
        'FLP-001',
        'AMZ-001',
      ]);
      expect(body.pagination).toEqual({ page: 1, limit: 20, total: 10, totalPages: 1 });
      const v1 = body.vouchers.find((v: { voucher_code: string }) => v.voucher_code === 'AMZ-001');
      expect(v1).toEqual({
        voucher_id: data.vouchers.V1.id,
        voucher_code: 'AMZ-001',
        voucher_brand: 'Amazon',
        voucher_type: 'Gift Card',
        voucher_description: null,
        voucher_terms: null,
        voucher_amount: 10,
        status: 'assigned',
        expiry_date: data.vouchers.V1.expiryDate,
        created_at: expect.any(String),
        created_by_username: null,
        assigned_to_user_id: data.users.A.id,
        assigned_to_name: 'Asha Rao',
        assigned_to_email: 'asha@example.com',
        assigned_at: expect.any(String),
        assignment_context: 'offer_completion',
      });
      expect(body.stats).toEqual([
        {
          voucher_brand: 'Amazon',
          voucher_amount: 10,
          total: 3,
          available: 2,
          assigned: 1,
          used: 0,
          expired: 0,
          total_value: 30,
        },
        {
          voucher_brand: 'Amazon',
          voucher_amount: 20,
          total: 1,
          available: 0,
          assigned: 1,
          used: 0,
          expired: 0,
          total_value: 20,
        },
        {
          voucher_brand: 'Amazon',
          voucher_amount: 51,
          total: 1,
          available: 1,
          assigned: 0,
          used: 0,
          expired: 0,
          total_value: 51,
        },
        {
          voucher_brand: 'Flipkart',
          voucher_amount: 50,
          total: 1,
          available: 0,
          assigned: 1,
          used: 0,
          expired: 0,
          total_value: 50,
        },
        {
          voucher_brand: 'Myntra',
          voucher_amount: 600,
          total: 1,
          available: 0,
          assigned: 0,
          used: 1,
          expired: 0,
          total_value: 600,
        },
        {
          voucher_brand: 'Swiggy',
          voucher_amount: 100,
          total: 2,
          available: 1,
          assigned: 0,
          used: 0,
          expired: 1,
          total_value: 200,
        },
        {
          voucher_brand: 'Zomato',
          voucher_amount: 1500,
          total: 1,
          available: 1,
          assigned: 0,
          used: 0,
          expired: 0,
          total_value: 1500,
        },
      ]);
    });

    const sorted = (xs: string[]) => [...xs].sort();
    it.each([
      ['status=available', ['AMZ-003', 'AMZ-004', 'AMZ-005', 'SWG-001', 'ZOM-001']],
      ['status=assigned', ['AMZ-001', 'AMZ-002', 'FLP-001']],
      ['status=used', ['MYN-001']],
      ['status=expired', ['SWG-002']],
      ['brand=Amazon', ['AMZ-001', 'AMZ-002', 'AMZ-003', 'AMZ-004', 'AMZ-005']],
      ['brand=Nobody', []],
      ['voucher_type=Cashback', ['SWG-001', 'SWG-002']],
      ['voucher_type=Discount', ['MYN-001']],
      ['voucher_type=Credit', ['ZOM-001']],
      ['voucher_type=Gift%20Card', ['AMZ-001', 'AMZ-002', 'AMZ-003', 'AMZ-004', 'AMZ-005', 'FLP-001']],
      ['amount_range=0-50', ['AMZ-001', 'AMZ-002', 'AMZ-003', 'AMZ-004', 'FLP-001']],
      ['amount_range=51-100', ['AMZ-005', 'SWG-001', 'SWG-002']],
      ['amount_range=101-500', []],
      ['amount_range=501-1000', ['MYN-001']],
      ['amount_range=1001%2B', ['ZOM-001']],
      ['expiry_filter=expired', ['SWG-001', 'SWG-002']],
      ['expiry_filter=expiring_soon', ['AMZ-004']],
      [
        'expiry_filter=valid',
        ['AMZ-001', 'AMZ-002', 'AMZ-003', 'AMZ-004', 'AMZ-005', 'FLP-001', 'MYN-001', 'ZOM-001'],
      ],
      ['expiry_filter=all', EVERY_CODE],
      ['assignment_filter=referral_rewards', ['AMZ-002']],
      ['assignment_filter=free_spin_rewards', ['AMZ-002']],
      ['assignment_filter=offer_rewards', ['AMZ-001', 'FLP-001']],
      ['assignment_filter=all', EVERY_CODE],
      ['search=swg', ['SWG-001', 'SWG-002']],
      ['search=zomato', ['ZOM-001']],
      ['brand=Amazon&status=available&amount_range=0-50', ['AMZ-003', 'AMZ-004']],
    ])('%s', async (query, expected) => {
      const { codes: c, body } = await codes(query);
      expect(sorted(c as string[])).toEqual(sorted(expected));
      expect(body.pagination.total).toBe(expected.length);
      expect(body.stats).toHaveLength(7); // stats stay over the whole stock
    });

    it('expiring_this_month: from today to the end of this month', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const d = new Date();
      const monthEnd = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))
        .toISOString()
        .slice(0, 10);
      const expected = Object.values(data.vouchers)
        .filter((v) => v.status !== 'expired' && v.expiryDate! >= today && v.expiryDate! < monthEnd)
        .map((v) => v.voucherCode)
        .sort();
      const { codes: c } = await codes('expiry_filter=expiring_this_month');
      expect(sorted(c as string[])).toEqual(expected);
    });

    it.each([
      [
        'sortBy=voucher_amount&sortOrder=asc',
        [
          'AMZ-001',
          'AMZ-003',
          'AMZ-004',
          'AMZ-002',
          'FLP-001',
          'AMZ-005',
          'SWG-001',
          'SWG-002',
          'MYN-001',
          'ZOM-001',
        ],
      ],
      ['sortBy=voucher_code&sortOrder=asc', EVERY_CODE],
      ['sortBy=expiry_date&sortOrder=asc&limit=3', ['SWG-001', 'AMZ-004', 'AMZ-003']],
      ['sortBy=status&sortOrder=asc&limit=4', ['AMZ-001', 'FLP-001', 'AMZ-002', 'AMZ-003']],
    ])('%s', async (query, expected) => {
      expect((await codes(query)).codes).toEqual(expected);
    });

    it.each([
      [
        'amount_range=0-10',
        /^Invalid amount_range: must be one of: all, 0-50, 51-100, 101-500, 501-1000, 1001\+$/,
      ],
      [
        'expiry_filter=soon',
        /^Invalid expiry_filter: must be one of: all, expired, expiring_soon, expiring_this_month, valid$/,
      ],
      [
        'assignment_filter=gifts',
        /^Invalid assignment_filter: must be one of: all, referral_rewards, free_spin_rewards, offer_rewards$/,
      ],
      ['status=lost', /^Invalid status: must be one of: all, available, assigned, used, expired$/],
      ['voucher_type=Coupon', /^Invalid voucher_type/],
      ['sortBy=voucher_terms', /^Invalid sortBy/],
    ])('400 for %s', refuses('vouchers.php'));
  });

  describe('referrals.php', () => {
    const referred = column('referrals.php', 'referrals', 'names', (r) => r.referred_name);

    it('default: newest first, every field, the summary', async () => {
      const { names, body } = await referred('');
      expect(names).toEqual(['Ravi Kumar', 'Meera Shah', 'Kiran Das']);
      expect(body.referrals[1]).toEqual({
        referral_id: expect.any(Number),
        referrer_user_id: data.users.A.id,
        referred_user_id: expect.any(Number),
        referrer_name: 'Asha Rao',
        referrer_email: 'asha@example.com',
        referred_name: 'Meera Shah',
        referred_email: 'meera@example.com',
        registration_date: expect.any(String),
        referred_user_completions: 1,
        first_completion_date: expect.any(String),
        free_spins_granted: 0,
        status: 'completed_waiting',
        same_device: true,
        needs_review: true,
        review_decision: null,
        reviewed_at: null,
        reviewed_by: null,
        review_reason: null,
      });
      expect(body.referrals[0]).toMatchObject({ status: 'successful', free_spins_granted: 1 });
      expect(body.referrals[2]).toMatchObject({
        status: 'pending',
        first_completion_date: null,
        referred_user_completions: 0,
      });
      expect(body.summary).toEqual({
        total_referrals: 3,
        successful_referrals: 1,
        completed_referrals: 2,
        success_rate: 33.3,
        total_referral_revenue: 13,
        needs_review: 1,
      });
      expect(body.pagination).toEqual({ page: 1, limit: 20, total: 3, totalPages: 1 });
    });

    it.each([
      ['status=successful', ['Ravi Kumar']],
      ['status=completed', ['Meera Shah']],
      ['status=pending', ['Kiran Das']],
      ['status=needs_review', ['Meera Shah']],
      ['status=denied', []],
      ['status=all', ['Ravi Kumar', 'Meera Shah', 'Kiran Das']],
      ['dateRange=today', []],
      ['dateRange=week', ['Ravi Kumar', 'Meera Shah']],
      ['dateRange=month', ['Ravi Kumar', 'Meera Shah']],
      ['search=kiran', ['Kiran Das']],
      ['search=asha%40example', ['Ravi Kumar', 'Meera Shah', 'Kiran Das']],
      ['sortBy=registration_date&sortOrder=asc', ['Kiran Das', 'Meera Shah', 'Ravi Kumar']],
      ['sortBy=first_completion_date&sortOrder=desc', ['Ravi Kumar', 'Meera Shah', 'Kiran Das']],
    ])('%s', async (query, expected) => {
      const { names, body } = await referred(query);
      expect(names).toEqual(expected);
      expect(body.pagination.total).toBe(expected.length);
      expect(body.summary.total_referrals).toBe(3);
    });

    it.each([
      ['status=rewarded', /^Invalid status/],
      ['dateRange=quarter', /^Invalid dateRange: must be one of: all, today, week, month$/],
      ['sortBy=email', /^Invalid sortBy/],
    ])('400 for %s', refuses('referrals.php'));
  });

  describe('conversions.php', () => {
    // Completion ids back to the dataset's names (c1..c7).
    const byId = () => Object.fromEntries(Object.entries(data.completions).map(([k, v]) => [v.id, k]));
    const ids = column('conversions.php', 'conversions', 'ids', (r) => byId()[r.completion_id as number]);

    it('default: approved completions, newest first; summary, referral impact and user types', async () => {
      const { ids: got, body } = await ids('');
      expect(got).toEqual(['c1', 'c3', 'c2', 'c4', 'c5']);
      expect(body.pagination).toEqual({ page: 1, limit: 20, total: 5, totalPages: 1 });
      expect(body.summary).toEqual({
        totalConversions: 5,
        totalRevenue: 20.5,
        voucherValue: 80,
        voucherWins: 3,
        voucherWinRate: 60,
        spinsUsed: 5,
        uniqueUsers: 4,
      });
      expect(body.referralImpact).toEqual({
        referralDrivenConversions: 2,
        referralImpactRate: 40,
        firstCompletions: 4,
        firstCompletionsReferred: 2,
        referralDrivenRevenue: 13,
        firstCompletionRate: 80,
      });
      expect(body.userTypeBreakdown).toEqual({ firebaseUsers: 2, emailUsers: 2 });
      expect(body.conversions[0]).toEqual({
        completion_id: data.completions.c1.id,
        user_id: data.users.A.id,
        offer_id: data.offers.O1.id,
        click_id: 'click-k1',
        first_name: 'Asha',
        last_name: 'Rao',
        email: 'asha@example.com',
        registration_method: 'firebase',
        referral_code: 'ASHA0001',
        referred_by_code: null,
        referrer_info: null,
        user_source: 'organic',
        title: 'Dragon Clash',
        category: 'Gaming',
        external_offer_id: 'dragon_clash_0001',
        payout_amount: 2.5,
        payout_currency: 'USD',
        completed_at: data.todayish.toISOString(),
        is_first_completion: true,
        completion_type: 'standard',
        referral_reward_processed: false,
        spinner_used: true,
        voucher_won: true,
        voucher_brand: 'Amazon',
        voucher_amount: 10,
        voucher_code: 'AMZ-001',
        voucher_type: 'Gift Card',
        voucher_description: null,
        voucher_expiry: data.vouchers.V1.expiryDate,
        voucher_status: 'assigned',
        reward_type: 'voucher_10',
      });
      expect(body.conversions[1]).toMatchObject({
        user_source: 'referred',
        referred_by_code: 'ASHA0001',
        referrer_info: 'Asha Rao <asha@example.com>',
        completion_type: 'triggered_referral_reward',
        referral_reward_processed: true,
        voucher_won: false,
        voucher_code: null,
      });
    });

    it.each([
      ['dateRange=today', ['c1']],
      ['dateRange=week', ['c1', 'c3']],
      ['dateRange=month', ['c1', 'c3', 'c2', 'c4']],
      ['voucherFilter=won', ['c1', 'c4']],
      ['voucherFilter=lost', ['c2', 'c5']],
      ['voucherFilter=all', ['c1', 'c3', 'c2', 'c4', 'c5']],
      ['userTypeFilter=firebase', ['c1', 'c3', 'c2']],
      ['userTypeFilter=email', ['c4', 'c5']],
      ['referralFilter=referred_users', ['c3', 'c4']],
      ['referralFilter=organic_users', ['c1', 'c2', 'c5']],
      ['referralFilter=first_completions', ['c1', 'c3', 'c4', 'c5']],
      ['referralFilter=referral_trigger', ['c3']],
      ['search=meera', ['c4']],
      ['search=shopkart', ['c2', 'c5']],
      ['sortBy=payout_amount&sortOrder=asc', ['c5', 'c1', 'c3', 'c2', 'c4']],
      ['sortBy=payout_amount&sortOrder=desc', ['c4', 'c2', 'c3', 'c1', 'c5']],
      ['sortBy=completed_at&sortOrder=asc', ['c5', 'c4', 'c2', 'c3', 'c1']],
      ['voucherFilter=lost&userTypeFilter=email', ['c5']],
    ])('%s', async (query, expected) => {
      const { ids: got, body } = await ids(query);
      expect(got).toEqual(expected);
      expect(body.pagination.total).toBe(expected.length);
      expect(body.summary.totalConversions).toBe(5);
    });

    it('offer=<id>', async () => {
      expect((await ids(`offer=${data.offers.O2.id}`)).ids).toEqual(['c2', 'c5']);
      expect((await ids(`offer=${data.offers.O4.id}`)).ids).toEqual([]);
    });

    it.each([
      ['voucherFilter=maybe', /^Invalid voucherFilter: must be one of: all, won, lost$/],
      ['userTypeFilter=google', /^Invalid userTypeFilter: must be one of: all, firebase, email$/],
      [
        'referralFilter=x',
        /^Invalid referralFilter: must be one of: all, referred_users, organic_users, first_completions, referral_trigger$/,
      ],
      ['sortBy=title', /^Invalid sortBy: must be one of: completed_at, payout_amount$/],
      ['offer=abc', /^Invalid offer: offer must be a whole number$/],
      ['offer=-3', /^Invalid offer: offer must be at least 1$/],
      ['dateRange=yesterday', /^Invalid dateRange/],
    ])('400 for %s', refuses('conversions.php'));
  });

  describe('offer-clicks.php', () => {
    const keys = column('offer-clicks.php', 'clicks', 'keys', (r) =>
      String(r.click_id).replace('click-', ''),
    );

    it('default: converted clicks by completion time, then the others newest first; stats', async () => {
      const { keys: k, body } = await keys('');
      expect(k).toEqual(['k1', 'k3', 'k2', 'k4', 'k5', 'k8', 'k6', 'k7', 'k9']);
      expect(body.pagination).toEqual({ page: 1, limit: 20, total: 9, totalPages: 1 });
      expect(body.stats).toEqual({
        totalConversions: 5,
        uniqueUsers: 4,
        totalRevenue: 20.5,
        voucherWinRate: 60,
      });
      expect(body.clicks[0]).toEqual({
        click_id: 'click-k1',
        completion_id: data.completions.c1.id,
        user_id: data.users.A.id,
        offer_id: data.offers.O1.id,
        first_name: 'Asha',
        last_name: 'Rao',
        email: 'asha@example.com',
        firebase_uid: 'uid-a',
        title: 'Dragon Clash',
        category: 'Gaming',
        external_offer_id: 'dragon_clash_0001',
        payout_amount: 2.5,
        voucher_code: 'AMZ-001',
        voucher_brand: 'Amazon',
        voucher_amount: 10,
        spinner_used: true,
        completed_at: data.todayish.toISOString(),
      });
      // A click whose conversion is still pending has no completion yet.
      expect(body.clicks[6]).toMatchObject({
        click_id: 'click-k6',
        completion_id: null,
        payout_amount: null,
        completed_at: null,
      });
    });

    it('pages across converted and unconverted clicks', async () => {
      expect((await keys('limit=4')).keys).toEqual(['k1', 'k3', 'k2', 'k4']);
      const second = await keys('limit=4&page=2');
      expect(second.keys).toEqual(['k5', 'k8', 'k6', 'k7']);
      expect(second.body.pagination).toEqual({ page: 2, limit: 4, total: 9, totalPages: 3 });
      expect((await keys('limit=4&page=3')).keys).toEqual(['k9']);
    });

    it.each([
      ['conversionStatus=voucher_won', ['k1', 'k4']],
      ['conversionStatus=no_voucher', ['k3', 'k2', 'k5']],
      ['conversionStatus=spinner_used', ['k1', 'k2', 'k4', 'k5']],
      ['conversionStatus=spinner_not_used', ['k3']],
      ['conversionStatus=all', ['k1', 'k3', 'k2', 'k4', 'k5', 'k8', 'k6', 'k7', 'k9']],
      ['userType=email', ['k4', 'k5', 'k7', 'k9']],
      ['userType=firebase', ['k1', 'k3', 'k2', 'k8', 'k6']],
      ['search=click-k8', ['k8']],
      ['search=asha', ['k1', 'k2', 'k8']],
      ['search=paynest', ['k4', 'k9']],
      ['dateRange=week', ['k1', 'k3', 'k8', 'k6', 'k7']],
      ['dateRange=quarter', ['k1', 'k3', 'k2', 'k4', 'k5', 'k8', 'k6', 'k7', 'k9']],
      ['sortBy=created_at', ['k8', 'k1', 'k6', 'k3', 'k7', 'k2', 'k4', 'k9', 'k5']],
      ['sortBy=payout_amount&sortOrder=desc', ['k4', 'k2', 'k3', 'k1', 'k5', 'k8', 'k6', 'k7', 'k9']],
    ])('%s', async (query, expected) => {
      const { keys: k, body } = await keys(query);
      expect(k).toEqual(expected);
      expect(body.pagination.total).toBe(expected.length);
      expect(body.stats.totalConversions).toBe(5);
    });

    it('today and yesterday and offer=<id>', async () => {
      const today = dateRangeBounds('today')!.from.getTime();
      const expectedToday = [
        ['k1', data.todayish.getTime() - 1000],
        ['k8', data.k8At.getTime()],
      ]
        .filter(([, t]) => (t as number) >= today)
        .map(([k]) => k);
      expect((await keys('dateRange=today')).keys.sort()).toEqual(expectedToday.sort());
      expect((await keys(`offer=${data.offers.O1.id}`)).keys).toEqual(['k1', 'k3', 'k7']);
    });

    it.each([
      [
        'conversionStatus=won',
        /^Invalid conversionStatus: must be one of: all, voucher_won, no_voucher, spinner_used, spinner_not_used$/,
      ],
      ['userType=apple', /^Invalid userType/],
      ['sortBy=email', /^Invalid sortBy: must be one of: completed_at, created_at, payout_amount$/],
      ['page=-2', /^Invalid page/],
    ])('400 for %s', refuses('offer-clicks.php'));
  });

  describe('dashboard.php', () => {
    it('every stat, the short lists and the funnel', async () => {
      const res = await admin.get('/api/admin/dashboard.php');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.stats).toEqual({
        total_users: 5,
        new_users_today: 0,
        firebase_users: 3,
        active_offers: 3,
        total_conversions: 5,
        conversions_today: data.todayish.getTime() >= dateRangeBounds('today')!.from.getTime() ? 1 : 0,
        total_revenue: 20.5,
        revenue_today: 2.5,
        available_vouchers: 5,
        distributed_vouchers: 4,
        total_rewards_given: 3,
        total_voucher_value: 80,
        total_referrals: 3,
        successful_referrals: 1,
        referrals_today: 0,
        total_free_spins_remaining: 0,
        total_free_spins_granted: 1,
        referral_conversion_rate: 33.3,
        clawbacks30d: { count: 0, value: 0 },
        heldMembers: 0,
      });
      expect(body.recentUsers.map((u: { first_name: string }) => u.first_name)).toEqual([
        'Ravi',
        'Meera',
        'Kiran',
        'Asha',
        'Dev',
      ]);
      expect(body.recentUsers[0]).toEqual({
        user_id: data.users.B.id,
        first_name: 'Ravi',
        last_name: 'Kumar',
        email: 'ravi@example.com',
        registration_date: expect.any(String),
        registration_method: 'firebase',
        total_completions: 1,
      });
      expect(body.recentConversions.map((c: { completion_id: number }) => c.completion_id)).toEqual(
        ['c1', 'c3', 'c2', 'c4', 'c5'].map((k) => data.completions[k as keyof typeof data.completions].id),
      );
      expect(body.recentConversions[0]).toEqual({
        completion_id: data.completions.c1.id,
        title: 'Dragon Clash',
        first_name: 'Asha',
        completed_at: data.todayish.toISOString(),
        payout_amount: 2.5,
        voucher_won: true,
        voucher_amount: 10,
        completion_type: 'standard',
      });
      expect(body.topReferrers).toEqual([
        {
          user_id: data.users.A.id,
          referrer_name: 'Asha Rao',
          referrer_email: 'asha@example.com',
          referral_code: 'ASHA0001',
          successful_referrals: 1,
          total_referrals: 3,
          conversion_rate: 33.3,
        },
      ]);
      expect(body.referralFunnel).toEqual({
        total_referrals: 3,
        completed_first_offer: 2,
        rewards_granted: 1,
        completion_rate: 66.7,
        reward_success_rate: 50,
      });
      expect(body.dailyConversions).toHaveLength(30);
      expect(body.dailyConversions[29].day).toBe(new Date().toISOString().slice(0, 10));
      const total = body.dailyConversions.reduce(
        (s: number, d: { conversions: number }) => s + d.conversions,
        0,
      );
      expect(total).toBe(4); // c5 is 50 days old
      const revenue = body.dailyConversions.reduce((s: number, d: { revenue: number }) => s + d.revenue, 0);
      expect(revenue).toBe(19.5);
    });

    /** The chart's series for `query`: 200, and its days, conversions and revenue. */
    const series = async (query: string) => {
      const res = await admin.get(`/api/admin/dashboard.php?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const daily = res.json().dailyConversions as { day: string; conversions: number; revenue: number }[];
      const busy = daily.filter((d) => d.conversions > 0);
      return {
        days: daily.map((d) => d.day),
        busy: Object.fromEntries(busy.map((d) => [d.day, [d.conversions, d.revenue]])),
        stats: res.json().stats,
      };
    };
    const dayOf = (d: Date) => d.toISOString().slice(0, 10);
    const daysAgo = (n: number) => dayOf(new Date(dateRangeBounds('today')!.from.getTime() - n * 86_400_000));

    it('days=90: every one of the last 90 days, today last, with each day’s approved conversions', async () => {
      const { days, busy, stats } = await series('days=90');
      expect(days).toHaveLength(90);
      expect(days[0]).toBe(daysAgo(89));
      expect(days.at(-1)).toBe(dayOf(new Date()));
      // One day after the other, none missing.
      expect(days).toEqual(Array.from({ length: 90 }, (_, i) => daysAgo(89 - i)));
      // c1 today, c3 2 days, c2 10, c4 20 and c5 50 days ago; c6 (pending) and c7 (reversed) are not counted.
      const c = data.completions;
      expect(busy).toEqual({
        [dayOf(data.todayish)]: [1, 2.5],
        [dayOf(c.c3.completedAt!)]: [1, 3],
        [dayOf(c.c2.completedAt!)]: [1, 4],
        [dayOf(c.c4.completedAt!)]: [1, 10],
        [dayOf(c.c5.completedAt!)]: [1, 1],
      });
      // The tiles do not depend on the range.
      expect(stats).toEqual((await series('')).stats);
    });

    it('days=7 and days=30: the same days as their range, cached apart from each other', async () => {
      const seven = await series('days=7');
      expect(seven.days).toEqual(Array.from({ length: 7 }, (_, i) => daysAgo(6 - i)));
      expect(Object.values(seven.busy)).toEqual([
        [1, 3],
        [1, 2.5],
      ]);
      // Read right after the 7 days (the cache keeps each range's days apart), and equal to the default.
      const thirty = await series('days=30');
      expect(thirty.days).toHaveLength(30);
      expect(Object.keys(thirty.busy)).toHaveLength(4);
      expect(thirty).toEqual(await series(''));
      expect((await series('days=90')).days).toHaveLength(90);
    });

    it.each([
      ['days=12', /^Invalid days: must be one of: 7, 30, 90$/],
      ['days=', /^Invalid days: must be one of: 7, 30, 90$/],
      ['days=090', /^Invalid days: must be one of: 7, 30, 90$/],
      ['range=90', /range/],
    ])('400 for %s', refuses('dashboard.php'));
  });
});
