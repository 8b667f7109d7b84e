import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { DATABASE_KINDS, signIn, testAppPerSuite, type SignedInMember } from '../test/helpers';
import type { Db } from '../db/client';
import { adminAuditLog, vouchers } from '../db/schema';
import { VOUCHER_ALREADY_USED, VOUCHER_NOT_FOUND, VOUCHER_NOT_USED } from './service';

describe.each(DATABASE_KINDS)('the member wallet (POST /api/voucher-used.php) on %s', (kind) => {
  let app: FastifyInstance;
  let database: Db;
  testAppPerSuite(kind, (s) => {
    app = s.app;
    database = s.db;
  });

  let counter = 0;
  /** A voucher assigned to the member, as a win leaves it. */
  async function giveVoucher(m: SignedInMember, extra: Partial<typeof vouchers.$inferInsert> = {}) {
    const [row] = await database
      .insert(vouchers)
      .values({
        voucherCode: `WALLET-${Date.now().toString(36)}-${counter++}`,
        voucherBrand: 'Amazon',
        voucherAmount: 50,
        expiryDate: '2099-06-30',
        status: 'assigned',
        assignedToUserId: m.userId,
        assignedAt: new Date(),
        assignmentContext: 'offer_completion',
        ...extra,
      })
      .returning({ id: vouchers.id });
    return row!.id;
  }

  const markUsed = (voucherId: unknown, cookie?: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/voucher-used.php',
      headers: { ...(cookie ? { cookie } : {}), ...headers },
      payload: { voucher_id: voucherId } as object,
    });

  const statusOf = async (id: number) =>
    (await database.select({ status: vouchers.status }).from(vouchers).where(eq(vouchers.id, id)))[0]!.status;

  it('user-stats gives each voucher its expiry date, terms and status', async () => {
    const m = await signIn(app);
    const id = await giveVoucher(m, { voucherTerms: 'One per order.', expiryDate: '2099-01-15' });
    const res = await app.inject({
      method: 'GET',
      url: '/api/user-stats.php',
      headers: { cookie: m.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().userVouchers).toEqual([
      expect.objectContaining({
        voucher_id: id,
        voucher_terms: 'One per order.',
        expiry_date: '2099-01-15',
        status: 'assigned',
      }),
    ]);
  });

  it("marks the member's voucher as used, audited with the member named, and says so in user-stats", async () => {
    const m = await signIn(app);
    const id = await giveVoucher(m);
    const res = await markUsed(id, m.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, voucher_id: id, status: 'used' });
    expect(await statusOf(id)).toBe('used');

    const stats = await app.inject({
      method: 'GET',
      url: '/api/user-stats.php',
      headers: { cookie: m.cookie },
    });
    expect(stats.json().userVouchers[0]).toMatchObject({ voucher_id: id, status: 'used' });

    const audit = await database
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'voucher.use'), eq(adminAuditLog.targetId, String(id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      adminId: null,
      targetType: 'voucher',
      before: { status: 'assigned' },
      after: { status: 'used' },
    });
    expect(audit[0]!.adminUsername).toContain(`member #${m.userId}`);
    // The code is the member's secret: it stays out of the log.
    expect(JSON.stringify(audit[0])).not.toMatch(/WALLET-/);
  });

  it('refuses a second mark with 409 and changes nothing', async () => {
    const m = await signIn(app);
    const id = await giveVoucher(m);
    expect((await markUsed(id, m.cookie)).statusCode).toBe(200);
    const again = await markUsed(id, m.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, error: VOUCHER_ALREADY_USED });
    const entries = await database
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'voucher.use'), eq(adminAuditLog.targetId, String(id))));
    expect(entries).toHaveLength(1);
  });

  it("refuses another member's voucher with the same 404 as a voucher that does not exist", async () => {
    const owner = await signIn(app);
    const other = await signIn(app);
    const id = await giveVoucher(owner);
    const theirs = await markUsed(id, other.cookie);
    const missing = await markUsed(2_000_000_000, other.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ success: false, error: VOUCHER_NOT_FOUND });
    expect(missing.json()).toEqual(theirs.json());
    expect(await statusOf(id)).toBe('assigned');
    // Also when the owner has already used it: another member learns nothing.
    await markUsed(id, owner.cookie);
    expect((await markUsed(id, other.cookie)).statusCode).toBe(404);
  });

  it('needs a signed-in member, a valid id and a same-origin JSON call', async () => {
    const m = await signIn(app);
    const id = await giveVoucher(m);
    expect((await markUsed(id)).statusCode).toBe(401);
    const bad = await markUsed('abc', m.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/voucher_id/);
    expect((await markUsed(id, m.cookie, { origin: 'https://evil.example' })).statusCode).toBe(403);
    const form = await app.inject({
      method: 'POST',
      url: '/api/voucher-used.php',
      headers: { cookie: m.cookie, 'content-type': 'text/plain' },
      payload: JSON.stringify({ voucher_id: id }),
    });
    expect(form.statusCode).toBe(415);
    expect(await statusOf(id)).toBe('assigned');
  });

  const unmark = (voucherId: number, cookie: string) =>
    app.inject({
      method: 'POST',
      url: '/api/voucher-used.php',
      headers: { cookie },
      payload: { voucher_id: voucherId, used: false },
    });

  it('takes back the used mark (Undo): the voucher is usable again, audited, and only once', async () => {
    const m = await signIn(app);
    const id = await giveVoucher(m);
    expect((await markUsed(id, m.cookie)).statusCode).toBe(200);
    const res = await unmark(id, m.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, voucher_id: id, status: 'assigned' });
    expect(await statusOf(id)).toBe('assigned');
    const stats = await app.inject({
      method: 'GET',
      url: '/api/user-stats.php',
      headers: { cookie: m.cookie },
    });
    expect(stats.json().userVouchers[0]).toMatchObject({ voucher_id: id, status: 'assigned' });
    const again = await unmark(id, m.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, error: VOUCHER_NOT_USED });
    const audit = await database
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'voucher.unuse'), eq(adminAuditLog.targetId, String(id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      adminId: null,
      before: { status: 'used' },
      after: { status: 'assigned' },
    });
    // Another member cannot take back this member's mark.
    expect((await markUsed(id, m.cookie)).statusCode).toBe(200);
    const other = await signIn(app);
    expect((await unmark(id, other.cookie)).statusCode).toBe(404);
    expect(await statusOf(id)).toBe('used');
  });
});
