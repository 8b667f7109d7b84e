// GET /api/admin/timeline.php, GET /api/admin/click.php and the reasons of the console's confirmed
// actions (issue 36): a member's history newest first with every record it names, paginated and
// filtered by kind; an offer's, a network's and a click's; a block's, an offer's and a network's
// (de)activation reason kept in the audit log and shown in the timeline; schemas on every input.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, sql } from 'drizzle-orm';
import { execute, type Db } from '../../db/client';
import { adminAuditLog } from '../../db/schema';
import {
  DATABASE_KINDS,
  completeOffer,
  insertOffer,
  newAccount,
  signIn,
  testAppPerSuite,
} from '../../test/helpers';
import { adminClient, client, createAdmin, type Client } from '../../test/admin';
import { createNetwork } from '../../test/network-fixtures';
import type { TimelineItem } from '../../../shared/contract/admin/records';

describe.each(DATABASE_KINDS)('record timelines (/api/admin/timeline.php) on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  let admin: Client;
  testAppPerSuite(kind, async (s) => {
    app = s.app;
    db = s.db;
    await createAdmin(db);
    admin = await adminClient(app);
  });

  const timeline = async (q: string) => {
    const res = await admin.get(`/api/admin/timeline.php?${q}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: TimelineItem[]; pagination: { total: number; totalPages: number } };
  };

  /** A member with an approved conversion (click → postback → completion), a claim, then a block. */
  async function memberWithHistory() {
    const m = await signIn(app, newAccount('timeline'));
    const offerId = await insertOffer(db, { title: 'Timeline offer' });
    const clickId = await completeOffer(app, m, offerId);
    const otherOffer = await insertOffer(db, { title: 'Claimed offer' });
    const claimClick = (
      await app.inject({
        method: 'POST',
        url: '/api/click-offer.php',
        headers: { cookie: m.cookie },
        payload: { offerId: otherOffer },
      })
    ).json().clickId as string;
    await execute(
      db,
      sql`update clicks set created_at = now() - interval '2 hours' where id = ${claimClick}`,
    );
    const claim = await app.inject({
      method: 'POST',
      url: '/api/claim.php',
      headers: { cookie: m.cookie },
      payload: { clickId: claimClick, note: 'Finished it' },
    });
    expect(claim.statusCode, claim.body).toBe(200);
    return { m, offerId, clickId, otherOffer, claimClick, claimId: claim.json().claim_id as number };
  }

  it("names every record of a member's history, newest first, each with its ids", async () => {
    const { m, offerId, clickId, claimId } = await memberWithHistory();
    const block = await admin.put('/api/admin/users.php', {
      user_id: m.userId,
      action: 'flag',
      reason: 'Several accounts on one device',
    });
    expect(block.statusCode, block.body).toBe(200);

    const { items, pagination } = await timeline(`subject=member&id=${m.userId}`);
    const kinds = items.map((i) => i.kind);
    expect(kinds).toEqual(expect.arrayContaining(['click', 'postback', 'conversion', 'claim', 'admin']));
    expect(pagination.total).toBe(items.length);
    // Newest first: the block came last.
    expect(items[0]).toMatchObject({ kind: 'admin', status: 'user.block', user_id: m.userId });
    expect(items[0]!.detail).toContain('Several accounts on one device');
    const times = items.map((i) => Date.parse(i.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const postback = items.find((i) => i.kind === 'postback')!;
    expect(postback).toMatchObject({ click_id: clickId, offer_id: offerId, offer_title: 'Timeline offer' });
    expect(postback.postback_id).toEqual(expect.any(Number));
    const conversion = items.find((i) => i.kind === 'conversion')!;
    expect(conversion).toMatchObject({ click_id: clickId, status: 'approved', user_id: m.userId });
    expect(conversion.completion_id).toEqual(expect.any(Number));
    expect(items.find((i) => i.kind === 'claim')).toMatchObject({ claim_id: claimId, status: 'pending' });
    expect(items.every((i) => i.user_id === m.userId)).toBe(true);
    expect(items.find((i) => i.kind === 'click')!.user_name).toBeTruthy();
  });

  it('pages through a history and filters it by kind', async () => {
    const { m } = await memberWithHistory();
    const all = await timeline(`subject=member&id=${m.userId}&limit=100`);
    const first = await timeline(`subject=member&id=${m.userId}&limit=2&page=1`);
    const second = await timeline(`subject=member&id=${m.userId}&limit=2&page=2`);
    expect(first.pagination.total).toBe(all.items.length);
    expect(first.pagination.totalPages).toBe(Math.ceil(all.items.length / 2));
    expect([...first.items, ...second.items].map((i) => `${i.kind}:${i.ref}`)).toEqual(
      all.items.slice(0, 4).map((i) => `${i.kind}:${i.ref}`),
    );
    const claims = await timeline(`subject=member&id=${m.userId}&kinds=claim,reversal`);
    expect(claims.items.map((i) => i.kind)).toEqual(['claim']);
  });

  it("narrows a member's history to one offer: that member's clicks, attempts and conversions for it", async () => {
    const { m, offerId, clickId, otherOffer, claimClick, claimId } = await memberWithHistory();
    const { items } = await timeline(`subject=member&id=${m.userId}&offer=${offerId}`);
    expect(new Set(items.map((i) => i.kind))).toEqual(new Set(['click', 'postback', 'conversion']));
    expect(items.every((i) => i.offer_id === offerId && i.click_id === clickId)).toBe(true);
    const claimed = await timeline(`subject=member&id=${m.userId}&offer=${otherOffer}`);
    expect(claimed.items.map((i) => `${i.kind}:${i.ref}`).sort()).toEqual(
      [`claim:${claimId}`, `click:${claimClick}`].sort(),
    );
    const none = await timeline(`subject=member&id=${m.userId}&offer=2147483647`);
    expect(none).toMatchObject({ items: [], pagination: { total: 0 } });
  });

  it("shows a click's, an offer's and a network's own history", async () => {
    const { m, offerId, clickId } = await memberWithHistory();
    const click = await timeline(`subject=click&id=${encodeURIComponent(clickId)}`);
    expect(click.items.map((i) => i.kind).sort()).toEqual(['click', 'conversion', 'postback']);

    const offer = await timeline(`subject=offer&id=${offerId}`);
    expect(offer.items.map((i) => i.kind)).toEqual(expect.arrayContaining(['click', 'conversion']));
    expect(offer.items.every((i) => i.offer_id === offerId)).toBe(true);

    const network = await createNetwork(db, 'cpx');
    const off = await admin.put('/api/admin/networks.php', {
      network_id: network.id,
      is_active: false,
      reason: 'Partner paused the campaign',
    });
    expect(off.statusCode, off.body).toBe(200);
    const net = await timeline(`subject=network&id=${network.id}`);
    expect(net.items[0]).toMatchObject({
      kind: 'admin',
      status: 'network.deactivate',
      network_id: network.id,
    });
    expect(net.items[0]!.detail).toContain('Partner paused the campaign');
    expect(m.userId).toBeGreaterThan(0);
  });

  it('reads one click with its member, offer and conversion; 404 for an unknown one', async () => {
    const { m, offerId, clickId } = await memberWithHistory();
    const res = await admin.get(`/api/admin/click.php?click_id=${encodeURIComponent(clickId)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().click).toMatchObject({
      click_id: clickId,
      user_id: m.userId,
      offer_id: offerId,
      offer_title: 'Timeline offer',
      completion_status: 'approved',
      postback_count: 1,
    });
    expect((await admin.get('/api/admin/click.php?click_id=nope')).statusCode).toBe(404);
  });

  it('keeps the reason of a block, an unblock and an offer toggle in the audit log', async () => {
    const { m, offerId } = await memberWithHistory();
    for (const [action, reason] of [
      ['flag', 'Chargeback fraud'],
      ['unflag', 'Undo'],
    ] as const) {
      const res = await admin.put('/api/admin/users.php', { user_id: m.userId, action, reason });
      expect(res.statusCode, res.body).toBe(200);
    }
    const entries = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetType, 'user'), eq(adminAuditLog.targetId, String(m.userId))))
      .orderBy(desc(adminAuditLog.id));
    expect(entries.map((e) => [e.action, (e.after as { reason?: string }).reason])).toEqual([
      ['user.unblock', 'Undo'],
      ['user.block', 'Chargeback fraud'],
    ]);

    const toggle = await admin.put('/api/admin/offers.php', {
      offer_id: offerId,
      is_active: false,
      reason: 'Advertiser budget spent',
    });
    expect(toggle.statusCode, toggle.body).toBe(200);
    const offer = await timeline(`subject=offer&id=${offerId}&kinds=admin`);
    expect(offer.items[0]).toMatchObject({ status: 'offer.deactivate' });
    expect(offer.items[0]!.detail).toContain('Advertiser budget spent');

    // No reason: still allowed (the specification's toggle body), kept without one.
    const plain = await admin.put('/api/admin/offers.php', { offer_id: offerId, is_active: true });
    expect(plain.statusCode, plain.body).toBe(200);
    const tooLong = await admin.put('/api/admin/users.php', {
      user_id: m.userId,
      action: 'flag',
      reason: 'x'.repeat(501),
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('refuses what is not a timeline: bad subjects, ids, kinds, parameters; admins only', async () => {
    for (const q of [
      'subject=vouchers&id=1',
      'subject=member&id=abc',
      'subject=member&id=0',
      'subject=member',
      'subject=click&id=has%20space',
      'subject=member&id=1&kinds=nope',
      'subject=member&id=1&sortBy=at',
      'subject=member&id=1&limit=101',
      'subject=member&id=1&offer=0',
      'subject=offer&id=1&offer=2',
    ]) {
      const res = await admin.get(`/api/admin/timeline.php?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect((await client(app).get('/api/admin/timeline.php?subject=member&id=1')).statusCode).toBe(401);
    expect((await client(app).get('/api/admin/click.php?click_id=abc')).statusCode).toBe(401);
    const none = await timeline('subject=member&id=2147483647');
    expect(none).toMatchObject({ items: [], pagination: { total: 0 } });
  });

  it('reads one member and one offer by id for their pages', async () => {
    const { m, offerId } = await memberWithHistory();
    const user = await admin.get(`/api/admin/users.php?user_id=${m.userId}`);
    expect(user.statusCode, user.body).toBe(200);
    expect(user.json().users.map((u: { user_id: number }) => u.user_id)).toEqual([m.userId]);
    const offer = await admin.get(`/api/admin/offers.php?offer_id=${offerId}`);
    expect(offer.statusCode, offer.body).toBe(200);
    expect(offer.json().offers.map((o: { offer_id: number }) => o.offer_id)).toEqual([offerId]);
  });
});
