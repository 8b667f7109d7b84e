// Reversals as administrators see them: a member's clawbacks and hold on the users list, reversed
// conversions reachable through the conversions list's status filter (a query without it answers as
// before), and the dashboard's clawbacks of the last 30 days and held members.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { DATABASE_KINDS, completeOffer, insertOffer, signIn } from '../test/helpers';
import { adminClient, adminTestApp, type Client } from '../test/admin';
import { execute, query, type Db } from '../db/client';

describe.each(DATABASE_KINDS)('clawbacks and holds in the admin lists on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  let admin: Client;
  let heldUser: number;
  let reversedId: number;
  let approvedId: number;

  adminTestApp(kind, async (setup) => {
    app = setup.app;
    db = setup.db;
    admin = await adminClient(app);
    const held = await signIn(app);
    const other = await signIn(app);
    heldUser = held.userId;
    const completionOf = async (userId: number, offerId: number) =>
      (
        await query<{ id: number }>(
          db,
          sql`select id from completions where user_id = ${userId} and offer_id = ${offerId}`,
        )
      )[0]!.id;
    const offerA = await insertOffer(db, { title: 'Reversed offer' });
    const offerB = await insertOffer(db, { title: 'Old reversal offer' });
    const offerC = await insertOffer(db, { title: 'Kept offer' });
    await completeOffer(app, held, offerA);
    await completeOffer(app, held, offerB);
    await completeOffer(app, other, offerC);
    reversedId = await completionOf(held.userId, offerA);
    const oldId = await completionOf(held.userId, offerB);
    approvedId = await completionOf(other.userId, offerC);
    // What the receiver records for a reversal after the spin was used (server/postbacks/conversions-service.ts).
    await execute(
      db,
      sql`update completions set status = 'reversed', reversed_at = now(), reversal_reason = 'fraud'
           where id in (${reversedId}, ${oldId})`,
    );
    await execute(
      db,
      sql`insert into clawbacks (user_id, completion_id, voucher_value, payout_amount, created_at)
          values (${held.userId}, ${reversedId}, 50, 2.5, now()),
                 (${held.userId}, ${oldId}, 20, 2.5, now() - interval '40 days')`,
    );
    await execute(db, sql`update users set held_at = now(), is_suspicious = true where id = ${held.userId}`);
  });

  it("shows a member's hold and clawbacks on the users list", async () => {
    const res = await admin.get('/api/admin/users.php?limit=100');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().users as { user_id: number; held_at: string | null }[];
    const held = rows.find((u) => u.user_id === heldUser)!;
    expect(held).toMatchObject({ clawbacks_count: 2, clawbacks_value: 70, is_suspicious: true });
    expect(Date.now() - Date.parse(held.held_at!)).toBeLessThan(60_000);
    expect(rows.find((u) => u.user_id !== heldUser)).toMatchObject({
      held_at: null,
      clawbacks_count: 0,
      clawbacks_value: 0,
    });
  });

  it('lists approved conversions only, without the status fields, when no status is asked for', async () => {
    const res = await admin.get('/api/admin/conversions.php');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().conversions as Record<string, unknown>[];
    expect(rows.map((r) => r.completion_id)).toEqual([approvedId]);
    expect(Object.keys(rows[0]!)).not.toContain('status');
    expect(Object.keys(rows[0]!)).not.toContain('clawback_value');
  });

  it('reaches reversed conversions with their reversal and clawback', async () => {
    const res = await admin.get('/api/admin/conversions.php?status=reversed');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.pagination.total).toBe(2);
    const row = body.conversions.find((r: { completion_id: number }) => r.completion_id === reversedId);
    expect(row).toMatchObject({
      status: 'reversed',
      reversal_reason: 'fraud',
      clawback_value: 50,
      reversed_at: expect.any(String),
    });
    const all = await admin.get('/api/admin/conversions.php?status=all');
    expect(all.json().pagination.total).toBe(3);
    const approved = await admin.get('/api/admin/conversions.php?status=approved');
    expect(approved.json().conversions).toEqual([
      expect.objectContaining({
        completion_id: approvedId,
        status: 'approved',
        reversed_at: null,
        clawback_value: null,
      }),
    ]);
    expect((await admin.get('/api/admin/conversions.php?status=pending')).statusCode).toBe(400);
  });

  it("counts the last 30 days' clawbacks and the held members on the dashboard", async () => {
    const res = await admin.get('/api/admin/dashboard.php');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().stats).toMatchObject({ clawbacks30d: { count: 1, value: 50 }, heldMembers: 1 });
  });
});
