// Admin changes: offers create/edit/toggle and vouchers add/expire/un-expire with the validation
// messages (shared/contract/form-messages.ts), and the audit log entry each change writes.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DATABASE_KINDS } from '../test/helpers';
import { seedKnownDataset, type KnownDataset } from '../test/fixtures';
import { ADMIN_USERNAME, adminClient, adminCookie, adminTestApp, type Client } from '../test/admin';

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const validOffer = () => ({
  title: 'Cloud Vault Pro',
  description: 'Back up 1 GB of photos',
  offer_url: 'https://partner.example/cloud?click={click_id}',
  preview_url: null,
  external_offer_id: `cloudvaultpro_${Date.now() % 10000}`,
  category: 'Technology',
  model: 'CPR',
  targeting: 'ALL',
  reward_amount: 20,
  slot_config: {
    reels: [
      { amount: 5, probability: 15 },
      { amount: 10, probability: 8 },
    ],
  },
  is_active: true,
});

describe.each(DATABASE_KINDS)('admin changes on %s', (kind) => {
  let app: FastifyInstance;
  let admin: Client;
  let data: KnownDataset;
  adminTestApp(kind, async (setup) => {
    app = setup.app;
    admin = await adminClient(app);
    data = await seedKnownDataset(setup.db);
  });

  const lastAudit = async (query = '') => {
    const res = await admin.get(`/api/admin/audit-log.php?limit=1${query}`);
    expect(res.statusCode).toBe(200);
    return res.json().entries[0];
  };

  describe('offers', () => {
    it('creates an active offer, listed with zero totals, audited', async () => {
      const body = validOffer();
      const res = await admin.post('/api/admin/offers.php', body);
      expect(res.statusCode, res.body).toBe(200);
      const { offer_id } = res.json();
      expect(res.json()).toEqual({ success: true, offer_id: expect.any(Number) });
      const list = (await admin.get('/api/admin/offers.php?search=cloud%20vault')).json();
      expect(list.offers).toHaveLength(1);
      expect(list.offers[0]).toMatchObject({
        offer_id,
        title: body.title,
        external_offer_id: body.external_offer_id,
        is_active: true,
        category: 'Technology',
        preview_url: null,
        slot_config: body.slot_config,
        total_completions: 0,
      });
      const entry = await lastAudit();
      expect(entry).toMatchObject({
        admin_username: ADMIN_USERNAME,
        action: 'offer.create',
        target_type: 'offer',
        target_id: String(offer_id),
        before: null,
        after: { title: body.title, is_active: true, external_offer_id: body.external_offer_id },
      });
    });

    it('defaults: empty reward is 0, empty preview and category are null, targeting ALL', async () => {
      const body = {
        ...validOffer(),
        external_offer_id: 'defaults_1',
        reward_amount: '',
        preview_url: '',
        category: '',
        targeting: undefined,
      };
      const res = await admin.post('/api/admin/offers.php', body);
      expect(res.statusCode, res.body).toBe(200);
      const row = (await admin.get('/api/admin/offers.php?search=defaults_1')).json().offers[0];
      expect(row).toMatchObject({ reward_amount: 0, preview_url: null, category: null, targeting: 'ALL' });
    });

    it('refuses a duplicate external offer id with 409', async () => {
      const res = await admin.post('/api/admin/offers.php', {
        ...validOffer(),
        external_offer_id: 'dragon_clash_0001',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        error: 'An offer with this external offer ID already exists',
      });
    });

    it.each([
      [{ title: '' }, 'Title is required'],
      [{ title: '   ' }, 'Title is required'],
      [{ description: undefined }, 'Description is required'],
      [{ external_offer_id: '' }, 'External offer ID is required'],
      [{ model: '' }, 'Offer model is required'],
      [{ model: 'CPX' }, 'Offer model must be one of: CPR, CPA, CPI, CPL, CPS, CPM, Revenue Share'],
      [{ offer_url: '' }, 'Offer URL is required'],
      [{ offer_url: 'not a url' }, 'Offer URL must be a valid URL (http:// or https://)'],
      [{ offer_url: 'javascript:alert(1)' }, 'Offer URL must be a valid URL (http:// or https://)'],
      [{ preview_url: 'ftp://x' }, 'Preview URL must be a valid URL (http:// or https://)'],
      [{ category: 'Cooking' }, /^Category must be one of: Gaming, Shopping/],
      [{ targeting: 'EVERYONE' }, /^Targeting must be one of: ALL, NEW/],
      [{ reward_amount: -1 }, 'Reward amount must be a number of 0 or more'],
      [{ reward_amount: 'ten' }, 'Reward amount must be a number of 0 or more'],
      [{ slot_config: undefined }, 'No slot machine configuration found'],
      [{ slot_config: '{not json' }, 'Invalid slot machine configuration'],
      [{ slot_config: { reels: [] } }, 'At least 1 reel is required'],
      [
        { slot_config: { reels: Array.from({ length: 11 }, () => ({ amount: 1, probability: 1 })) } },
        'At most 10 reels are allowed',
      ],
      [
        { slot_config: { reels: [{ amount: 5, probability: 0 }] } },
        'Each reel probability must be between 1 and 99',
      ],
      [
        { slot_config: { reels: [{ amount: 5, probability: 100 }] } },
        'Each reel probability must be between 1 and 99',
      ],
      [
        { slot_config: { reels: [{ amount: -5, probability: 10 }] } },
        'Each reel amount must be a number of 0 or more',
      ],
      [
        {
          slot_config: {
            reels: [
              { amount: 5, probability: 60 },
              { amount: 10, probability: 40 },
            ],
          },
        },
        'Total probability must be less than 100%',
      ],
    ])('refuses %j', async (change, message) => {
      const res = await admin.post('/api/admin/offers.php', { ...validOffer(), ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().error).toMatch(message);
    });

    it('accepts ten reels, a JSON-string slot_config and a total of 99', async () => {
      const reels = Array.from({ length: 10 }, (_, i) => ({ amount: i + 1, probability: i === 0 ? 90 : 1 }));
      const res = await admin.post('/api/admin/offers.php', {
        ...validOffer(),
        external_offer_id: 'ten_reels',
        slot_config: JSON.stringify({ reels }),
      });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('edits every field but external_offer_id, audited with before and after', async () => {
      const id = data.offers.O2.id;
      const edit = {
        offer_id: id,
        title: 'ShopKart second order',
        description: 'Order twice',
        offer_url: 'https://partner.example/shop2',
        preview_url: 'https://shop.example',
        category: null,
        model: 'CPA',
        targeting: 'NEW',
        reward_amount: 45.5,
        slot_config: { reels: [{ amount: 20, probability: 10 }] },
      };
      const res = await admin.put('/api/admin/offers.php', edit);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true });
      const row = (await admin.get('/api/admin/offers.php?search=second%20order')).json().offers[0];
      expect(row).toMatchObject({
        offer_id: id,
        title: 'ShopKart second order',
        external_offer_id: 'shopkart_0002',
        category: null,
        model: 'CPA',
        targeting: 'NEW',
        reward_amount: 45.5,
        preview_url: 'https://shop.example',
        total_completions: 2,
      });
      const entry = await lastAudit();
      expect(entry).toMatchObject({
        action: 'offer.edit',
        target_id: String(id),
        before: { title: 'ShopKart first order', model: 'CPS' },
        after: { title: 'ShopKart second order', model: 'CPA' },
      });
      const bad = await admin.put('/api/admin/offers.php', { ...edit, offer_url: 'nope' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe('Offer URL must be a valid URL (http:// or https://)');
    });

    it('toggles is_active, audited; unknown offer 404; bad bodies 400', async () => {
      const id = data.offers.O4.id;
      const off = await admin.put('/api/admin/offers.php', { offer_id: id, is_active: false });
      expect(off.statusCode).toBe(200);
      expect(
        (await admin.get('/api/admin/offers.php?status=inactive'))
          .json()
          .offers.map((o: { offer_id: number }) => o.offer_id),
      ).toContain(id);
      expect(await lastAudit()).toMatchObject({
        action: 'offer.deactivate',
        target_id: String(id),
        before: { is_active: true },
        after: { is_active: false },
      });
      await admin.put('/api/admin/offers.php', { offer_id: id, is_active: true });
      expect((await lastAudit()).action).toBe('offer.activate');

      const missing = await admin.put('/api/admin/offers.php', { offer_id: 99999, is_active: true });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, error: 'Offer not found' });
      const badId = await admin.put('/api/admin/offers.php', { offer_id: 'x', is_active: true });
      expect(badId.statusCode).toBe(400);
      expect(badId.json().error).toBe('offer_id must be a positive whole number');
      const badFlag = await admin.put('/api/admin/offers.php', { offer_id: id, is_active: 'yes' });
      expect(badFlag.statusCode).toBe(400);
      expect(badFlag.json().error).toBe('is_active must be true or false');
    });

    it('refuses a body that is not JSON, or one from another origin (CSRF)', async () => {
      const cookie = await adminCookie(app);
      const notJson = await app.inject({
        method: 'POST',
        url: '/api/admin/offers.php',
        headers: { cookie, 'content-type': 'text/plain' },
        payload: 'title=x',
      });
      expect(notJson.statusCode).toBe(415);
      expect(notJson.json()).toEqual({ success: false, error: 'Content-Type must be application/json' });
      const foreign = await app.inject({
        method: 'PUT',
        url: '/api/admin/users.php',
        headers: { cookie, origin: 'https://evil.example' },
        payload: { user_id: data.users.A.id, action: 'flag' },
      });
      expect(foreign.statusCode).toBe(403);
    });
  });

  describe('vouchers', () => {
    const batch = (over: Record<string, unknown> = {}) => ({
      voucher_type: 'Gift Card',
      voucher_brand: 'Nykaa',
      voucher_amount: 25,
      voucher_codes: ['NYK-1', 'NYK-2'],
      voucher_description: 'Nykaa gift card',
      voucher_terms: 'Online only',
      expiry_date: day(30),
      ...over,
    });

    it('adds a batch: created count, codes already in stock skipped and reported, audited', async () => {
      const res = await admin.post(
        '/api/admin/vouchers.php',
        batch({ voucher_codes: [' NYK-1 ', 'NYK-2', 'AMZ-003', '', 'SWG-001'] }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, created: 2, duplicates: ['AMZ-003', 'SWG-001'] });
      const rows = (await admin.get('/api/admin/vouchers.php?brand=Nykaa')).json();
      expect(rows.vouchers.map((v: { voucher_code: string }) => v.voucher_code).sort()).toEqual([
        'NYK-1',
        'NYK-2',
      ]);
      expect(rows.vouchers[0]).toMatchObject({
        voucher_brand: 'Nykaa',
        voucher_amount: 25,
        status: 'available',
        expiry_date: day(30),
        created_by_username: ADMIN_USERNAME,
        voucher_description: 'Nykaa gift card',
        voucher_terms: 'Online only',
        assignment_context: null,
      });
      expect(await lastAudit()).toMatchObject({
        action: 'voucher.add',
        target_type: 'voucher_batch',
        after: { count: 2, voucher_brand: 'Nykaa', voucher_amount: 25, duplicates_skipped: 2 },
      });
      const again = await admin.post('/api/admin/vouchers.php', batch());
      expect(again.json()).toEqual({ success: true, created: 0, duplicates: ['NYK-1', 'NYK-2'] });
    });

    it('defaults the type to Gift Card and accepts amounts with two decimals', async () => {
      const res = await admin.post(
        '/api/admin/vouchers.php',
        batch({ voucher_type: '', voucher_amount: 12.5, voucher_codes: ['DEC-1'] }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const row = (await admin.get('/api/admin/vouchers.php?search=DEC-1')).json().vouchers[0];
      expect(row).toMatchObject({ voucher_type: 'Gift Card', voucher_amount: 12.5 });
    });

    it.each([
      [{ voucher_brand: '' }, 'Please fill all required fields'],
      [{ voucher_amount: null }, 'Please fill all required fields'],
      [{ voucher_codes: [] }, 'Please fill all required fields'],
      [{ expiry_date: '' }, 'Please fill all required fields'],
      [{ voucher_codes: ['  ', ''] }, 'Please enter at least one voucher code'],
      [
        { voucher_codes: Array.from({ length: 101 }, (_, i) => `BULK-${i}`) },
        'Maximum 100 voucher codes allowed per batch',
      ],
      [{ voucher_amount: 0.5 }, 'Voucher amount must be at least 1'],
      [{ voucher_amount: 10.555 }, 'Voucher amount can have at most 2 decimals'],
      [{ voucher_type: 'Coupon' }, 'Voucher type must be one of: Gift Card, Cashback, Discount, Credit'],
      [{ expiry_date: '31/12/2030' }, 'Expiry date must be a valid date in the format yyyy-MM-dd'],
      [{ expiry_date: '2030-02-30' }, 'Expiry date must be a valid date in the format yyyy-MM-dd'],
      [{ expiry_date: day(-3) }, 'Expiry date cannot be in the past'],
    ])('refuses %j', async (change, message) => {
      const res = await admin.post('/api/admin/vouchers.php', batch(change));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, error: message });
    });

    it("refuses repeated codes with the specification's message and names them (issue 36)", async () => {
      const res = await admin.post(
        '/api/admin/vouchers.php',
        batch({ voucher_codes: ['DUP-1', 'DUP-2', ' DUP-1', 'DUP-3', 'DUP-2', 'DUP-1'] }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        error: 'Duplicate voucher codes found in your input',
        codes: ['DUP-1', 'DUP-2'],
      });
    });

    it('accepts exactly 100 codes and an expiry of today', async () => {
      const res = await admin.post(
        '/api/admin/vouchers.php',
        batch({ voucher_codes: Array.from({ length: 100 }, (_, i) => `HUNDRED-${i}`), expiry_date: day(0) }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().created).toBe(100);
    });

    it('expires an available voucher and un-expires it, each audited', async () => {
      const id = data.vouchers.V4.id;
      const res = await admin.put('/api/admin/vouchers.php', { voucher_id: id, status: 'expired' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect((await admin.get('/api/admin/vouchers.php?search=AMZ-003')).json().vouchers[0].status).toBe(
        'expired',
      );
      expect(await lastAudit()).toMatchObject({
        action: 'voucher.expire',
        target_type: 'voucher',
        target_id: String(id),
        before: { status: 'available' },
        after: { status: 'expired' },
      });
      const back = await admin.put('/api/admin/vouchers.php', { voucher_id: id, status: 'available' });
      expect(back.statusCode).toBe(200);
      expect((await admin.get('/api/admin/vouchers.php?search=AMZ-003')).json().vouchers[0].status).toBe(
        'available',
      );
      expect(await lastAudit()).toMatchObject({
        action: 'voucher.unexpire',
        before: { status: 'expired' },
        after: { status: 'available' },
      });
    });

    it.each([
      ['V6', 'expired', 'Only an available voucher whose expiry date has not passed can be marked expired'],
      ['V1', 'expired', 'Only an available voucher whose expiry date has not passed can be marked expired'],
      ['V8', 'expired', 'Only an available voucher whose expiry date has not passed can be marked expired'],
      ['V9', 'available', 'Only an expired voucher can be un-expire'],
      ['V2', 'available', 'Only an expired voucher can be un-expire'],
    ])('refuses %s -> %s with 409', async (key, status, message) => {
      const id = data.vouchers[key as keyof typeof data.vouchers].id;
      const res = await admin.put('/api/admin/vouchers.php', { voucher_id: id, status });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatch(message);
    });

    it('404 for an unknown voucher, 400 for another status', async () => {
      const missing = await admin.put('/api/admin/vouchers.php', { voucher_id: 987654, status: 'expired' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, error: 'Voucher not found' });
      const bad = await admin.put('/api/admin/vouchers.php', {
        voucher_id: data.vouchers.V4.id,
        status: 'used',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe('Invalid status: must be one of: expired, available');
    });
  });

  describe('audit-log.php', () => {
    it('lists every change newest first, paginated, filterable by action', async () => {
      const all = (await admin.get('/api/admin/audit-log.php?limit=100')).json();
      expect(all.pagination.total).toBe(all.entries.length);
      expect(all.entries.length).toBeGreaterThanOrEqual(8);
      const times = all.entries.map((e: { created_at: string }) => e.created_at);
      expect([...times].sort().reverse()).toEqual(times);
      const page = (await admin.get('/api/admin/audit-log.php?limit=2&page=2')).json();
      expect(page.entries).toEqual(all.entries.slice(2, 4));
      expect(page.pagination).toEqual({
        page: 2,
        limit: 2,
        total: all.pagination.total,
        totalPages: Math.ceil(all.pagination.total / 2),
      });
      const expires = (await admin.get('/api/admin/audit-log.php?action=voucher.expire')).json();
      expect(expires.entries.every((e: { action: string }) => e.action === 'voucher.expire')).toBe(true);
      expect(expires.entries.length).toBe(1);
      const bad = await admin.get('/api/admin/audit-log.php?action=drop');
      expect(bad.statusCode).toBe(400);
    });

    it('filters by admin (username start, any case) and day; names each target as it is now', async () => {
      const all = (await admin.get('/api/admin/audit-log.php?limit=100')).json();
      const prefix = ADMIN_USERNAME.slice(0, 3).toUpperCase();
      const mine = (await admin.get(`/api/admin/audit-log.php?limit=100&admin=${prefix}`)).json();
      expect(mine.pagination.total).toBe(all.pagination.total);
      const none = (await admin.get('/api/admin/audit-log.php?admin=nobody%25')).json();
      expect(none.entries).toEqual([]);
      const today = new Date().toISOString().slice(0, 10);
      const fromToday = (await admin.get(`/api/admin/audit-log.php?limit=100&date_from=${today}`)).json();
      expect(fromToday.pagination.total).toBe(all.pagination.total);
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const beforeToday = (await admin.get(`/api/admin/audit-log.php?date_to=${yesterday}`)).json();
      expect(beforeToday.entries).toEqual([]);
      expect((await admin.get('/api/admin/audit-log.php?date_from=2025-13-01')).statusCode).toBe(400);

      const offers = (await admin.get('/api/admin/offers.php?limit=100')).json().offers as {
        offer_id: number;
        title: string;
      }[];
      const offerEntry = all.entries.find((e: { target_type: string }) => e.target_type === 'offer');
      expect(offerEntry.target_label).toBe(
        offers.find((o) => String(o.offer_id) === offerEntry.target_id)!.title,
      );
      const batch = all.entries.find((e: { target_type: string }) => e.target_type === 'voucher_batch');
      expect(batch.target_label).toBeNull();
    });
  });
});
