// Voucher brands' redeem settings (issue 35, item 7): the console saves a brand's redeem link and steps
// (audited, one row per brand whatever its case), members read the brands that have some.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adminAuditLog } from '../db/schema';
import { DATABASE_KINDS, insertVouchers, signIn } from '../test/helpers';
import { adminClient, adminTestApp, type Client } from '../test/admin';

describe.each(DATABASE_KINDS)('brand settings on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  let admin: Client;
  adminTestApp(kind, async (s) => {
    app = s.app;
    db = s.db;
    admin = await adminClient(app);
  });

  const memberBrands = async (cookie: string) => {
    const res = await app.inject({ method: 'GET', url: '/api/brands.php', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json().brands as unknown[];
  };

  it("lists the vouchers' brands; a saved link and steps reach members, audited", async () => {
    await insertVouchers(db, 50, 2, { voucherBrand: 'Amazon' });
    const m = await signIn(app);
    const list = await admin.get('/api/admin/brand-settings.php');
    expect(list.statusCode).toBe(200);
    expect(list.json().brands).toContainEqual({
      brand: 'Amazon',
      redeem_url: null,
      redeem_steps: null,
      voucher_count: 2,
      updated_at: null,
    });
    expect(await memberBrands(m.cookie)).not.toContainEqual(expect.objectContaining({ brand: 'Amazon' }));

    const saved = await admin.put('/api/admin/brand-settings.php', {
      brand: 'amazon',
      redeem_url: 'https://www.amazon.in/gp/css/gc/payment',
      redeem_steps: '  Open Your Account → Gift Cards, then paste the code.  ',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().brand).toMatchObject({
      brand: 'amazon',
      redeem_url: 'https://www.amazon.in/gp/css/gc/payment',
      redeem_steps: 'Open Your Account → Gift Cards, then paste the code.',
      voucher_count: 2,
    });
    expect(await memberBrands(m.cookie)).toContainEqual({
      brand: 'amazon',
      redeem_url: 'https://www.amazon.in/gp/css/gc/payment',
      redeem_steps: 'Open Your Account → Gift Cards, then paste the code.',
    });
    // Saved again in another case: still one row, its first spelling kept; cleared: gone for members.
    const cleared = await admin.put('/api/admin/brand-settings.php', {
      brand: 'AMAZON',
      redeem_url: '',
      redeem_steps: null,
    });
    expect(cleared.json().brand).toMatchObject({ brand: 'amazon', redeem_url: null, redeem_steps: null });
    expect((await admin.get('/api/admin/brand-settings.php')).json().brands).toHaveLength(
      list.json().brands.length,
    );
    expect(await memberBrands(m.cookie)).toEqual([]);
    const audit = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'brand.edit'), eq(adminAuditLog.targetId, 'amazon')));
    expect(audit).toHaveLength(2);
  });

  it('refuses a link that is not a full https address, and a member session', async () => {
    const bad = await admin.put('/api/admin/brand-settings.php', {
      brand: 'Flipkart',
      redeem_url: 'javascript:alert(1)',
      redeem_steps: null,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, error: expect.stringContaining('https://') });
    const m = await signIn(app);
    const asMember = await app.inject({
      method: 'PUT',
      url: '/api/admin/brand-settings.php',
      headers: { cookie: m.cookie },
      payload: { brand: 'Flipkart', redeem_url: null, redeem_steps: null },
    });
    expect(asMember.statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/brands.php' })).statusCode).toBe(401);
  });
});
