// GET|PUT /api/admin/claims.php (docs/product-rules.md#claims): the console's claims list, Approve (a
// manual approved conversion through the postbacks' rules: the spin and the referral reward exactly
// once, even under 50 concurrent approvals) and Reject (nothing but the claim changes); both audited;
// the member's live stream hears the answer, another member's does not.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { execute, type Db } from '../../db/client';
import { adminAuditLog, claims, completions, offers, users } from '../../db/schema';
import {
  DATABASE_KINDS,
  clickOffer,
  insertOffer,
  newAccount,
  signIn,
  signedPostbackUrl,
  testAppPerSuite,
  type SignedInMember,
} from '../../test/helpers';
import { adminClient, createAdmin, type Client } from '../../test/admin';
import type { EventSink, MemberEvent } from '../../events/service';
import { createClick, createMember, createNetwork, createNetworkOffer } from '../../test/network-fixtures';

describe.each(DATABASE_KINDS)('claims in the console (/api/admin/claims.php) on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  let admin: Client;
  testAppPerSuite(
    kind,
    async (s) => {
      app = s.app;
      db = s.db;
      await createAdmin(db);
      admin = await adminClient(app);
    },
    { poolMax: 20 },
  );

  /** A member (referred by `referrer` when given) with a pending claim on a click 2 hours old. */
  async function memberWithClaim(opts: { referrer?: SignedInMember; title?: string } = {}) {
    const m = await signIn(
      app,
      newAccount('claimant'),
      opts.referrer ? { referralCode: opts.referrer.referralCode } : {},
    );
    const offerId = await insertOffer(db, { title: opts.title ?? 'Claimable offer' });
    const clickId = await clickOffer(app, m, offerId);
    await execute(db, sql`update clicks set created_at = now() - interval '2 hours' where id = ${clickId}`);
    const res = await app.inject({
      method: 'POST',
      url: '/api/claim.php',
      headers: { cookie: m.cookie },
      payload: { clickId, note: 'Finished it, no credit' },
    });
    expect(res.statusCode).toBe(200);
    return { member: m, offerId, clickId, claimId: res.json().claim_id as number };
  }

  const decide = (claimId: number, action: string, reason?: string) =>
    admin.put('/api/admin/claims.php', {
      claim_id: claimId,
      action,
      ...(reason !== undefined ? { reason } : {}),
    });

  const memberRow = async (userId: number) => (await db.select().from(users).where(eq(users.id, userId)))[0]!;

  const offerCard = async (m: SignedInMember, offerId: number) => {
    const res = await app.inject({ method: 'GET', url: '/api/offers.php', headers: { cookie: m.cookie } });
    return (res.json().offers as Record<string, unknown>[]).find((o) => o.offer_id === offerId)!;
  };

  /** Records the events the hub delivers to `userId` (the live stream's sink, without HTTP). */
  function listen(userId: number) {
    const events: MemberEvent[] = [];
    const sink: EventSink = {
      userId,
      sessionKey: 'test',
      send: (e) => events.push(e),
      end: () => {},
      resync: () => {},
      heartbeat: () => {},
    };
    const { unsubscribe } = app.memberEvents.subscribe(sink, null);
    return { events, unsubscribe };
  }

  async function waitFor(condition: () => boolean, timeoutMs = 5000) {
    const start = Date.now();
    while (!condition()) {
      if (Date.now() - start > timeoutMs) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('lists claims newest first with the member, offer, click and note; filters by status, offer and day', async () => {
    const a = await memberWithClaim({ title: 'First claim offer' });
    const b = await memberWithClaim({ title: 'Second claim offer' });
    const all = await admin.get('/api/admin/claims.php?limit=100');
    expect(all.statusCode).toBe(200);
    const ids = (all.json().claims as { claim_id: number }[]).map((c) => c.claim_id);
    expect(ids.indexOf(b.claimId)).toBeLessThan(ids.indexOf(a.claimId));
    expect(all.json().claims.find((c: { claim_id: number }) => c.claim_id === a.claimId)).toMatchObject({
      status: 'pending',
      note: 'Finished it, no credit',
      click_id: a.clickId,
      offer_id: a.offerId,
      offer_title: 'First claim offer',
      user_id: a.member.userId,
      reject_reason: null,
      decided_by: null,
    });
    expect(all.json().pending).toBeGreaterThanOrEqual(2);

    const byOffer = await admin.get(`/api/admin/claims.php?offer=${b.offerId}`);
    expect(byOffer.json().claims.map((c: { claim_id: number }) => c.claim_id)).toEqual([b.claimId]);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const onDay = await admin.get(`/api/admin/claims.php?date_from=${today}&date_to=${today}&limit=100`);
    expect(onDay.json().claims.map((c: { claim_id: number }) => c.claim_id)).toContain(a.claimId);
    const later = await admin.get(`/api/admin/claims.php?date_from=${tomorrow}`);
    expect(later.json().claims).toEqual([]);
    await decide(a.claimId, 'reject', 'No record at the partner');
    const rejected = await admin.get('/api/admin/claims.php?status=rejected&limit=100');
    expect(rejected.json().claims.map((c: { claim_id: number }) => c.claim_id)).toContain(a.claimId);
    expect(rejected.json().claims.map((c: { claim_id: number }) => c.claim_id)).not.toContain(b.claimId);
  });

  it('refuses a sort outside the whitelist, an unknown filter, and a member or signed-out caller', async () => {
    expect((await admin.get('/api/admin/claims.php?sortBy=note')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/claims.php?user_id=1')).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/admin/claims.php' })).statusCode).toBe(401);
    const m = await signIn(app);
    const asMember = await app.inject({
      method: 'GET',
      url: '/api/admin/claims.php',
      headers: { cookie: m.cookie },
    });
    expect(asMember.statusCode).toBe(401);
  });

  it('approves: the spin is ready, the referrer gets the free spin, audited, the card says so', async () => {
    const referrer = await signIn(app, newAccount('referrer'));
    const { member, offerId, claimId } = await memberWithClaim({ referrer });
    const res = await decide(claimId, 'approve');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, claim_id: claimId, status: 'approved' });
    const completionId = res.json().completion_id as number;

    expect(await offerCard(member, offerId)).toMatchObject({
      status: 'completed',
      spinner_used: false,
      claim_status: 'approved',
      can_claim: false,
    });
    const [c] = await db.select().from(completions).where(eq(completions.id, completionId));
    expect(c).toMatchObject({ status: 'approved', transactionId: `claim-${claimId}`, userId: member.userId });
    expect(await memberRow(member.userId)).toMatchObject({ totalCompletions: 1 });
    expect(await memberRow(referrer.userId)).toMatchObject({
      freeSpinsRemaining: 1,
      totalFreeSpinsEarned: 1,
    });

    const [entry] = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'claim.approve'), eq(adminAuditLog.targetId, String(claimId))));
    expect(entry).toMatchObject({
      adminUsername: 'root',
      targetType: 'claim',
      before: { status: 'pending' },
    });
    expect(entry!.after).toMatchObject({ status: 'approved', completion_id: completionId });

    const again = await decide(claimId, 'approve');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This claim was already approved.');
  });

  it('grants once under 50 concurrent approvals of one claim', async () => {
    const referrer = await signIn(app, newAccount('referrer'));
    const { member, offerId, claimId } = await memberWithClaim({ referrer });
    const answers = await Promise.all(Array.from({ length: 50 }, () => decide(claimId, 'approve')));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(49);
    const ofMember = await db.select().from(completions).where(eq(completions.userId, member.userId));
    expect(ofMember).toHaveLength(1);
    expect(ofMember[0]).toMatchObject({ status: 'approved', offerId });
    expect(await memberRow(member.userId)).toMatchObject({ totalCompletions: 1 });
    expect(await memberRow(referrer.userId)).toMatchObject({
      freeSpinsRemaining: 1,
      totalFreeSpinsEarned: 1,
    });
    const audits = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'claim.approve'), eq(adminAuditLog.targetId, String(claimId))));
    expect(audits).toHaveLength(1);
  });

  it('rejects with a reason: only the claim changes, audited, the member sees the reason', async () => {
    const referrer = await signIn(app, newAccount('referrer'));
    const { member, offerId, claimId } = await memberWithClaim({ referrer });
    const before = { member: await memberRow(member.userId), referrer: await memberRow(referrer.userId) };

    expect((await decide(claimId, 'reject')).statusCode).toBe(400);
    expect((await decide(claimId, 'reject', '   ')).statusCode).toBe(400);
    const res = await decide(claimId, 'reject', '  The partner has no record of this sign-up.  ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, claim_id: claimId, status: 'rejected', completion_id: null });

    expect(await db.select().from(completions).where(eq(completions.userId, member.userId))).toHaveLength(0);
    expect(await memberRow(member.userId)).toEqual(before.member);
    expect(await memberRow(referrer.userId)).toEqual(before.referrer);
    const [row] = await db.select().from(claims).where(eq(claims.id, claimId));
    expect(row).toMatchObject({
      status: 'rejected',
      rejectReason: 'The partner has no record of this sign-up.',
    });
    expect(row!.decidedAt).not.toBeNull();
    expect(await offerCard(member, offerId)).toMatchObject({
      status: 'available',
      claim_status: 'rejected',
      claim_reason: 'The partner has no record of this sign-up.',
      can_claim: false,
    });
    const [entry] = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'claim.reject'), eq(adminAuditLog.targetId, String(claimId))));
    expect(entry!.after).toEqual({
      status: 'rejected',
      reason: 'The partner has no record of this sign-up.',
    });
    // The audit log names the claim's member and offer (issue 36).
    const [who] = await db.select().from(users).where(eq(users.id, member.userId));
    const [offer] = await db.select().from(offers).where(eq(offers.id, offerId));
    const logged = await admin.get(`/api/admin/audit-log.php?target_type=claim&target_id=${claimId}`);
    expect(logged.json().entries[0]).toMatchObject({
      action: 'claim.reject',
      target_label: `${`${who!.firstName} ${who!.lastName}`.trim() || who!.email} on ${offer!.title}`,
    });

    expect((await decide(claimId, 'approve')).statusCode).toBe(409);
    expect((await decide(999_999, 'approve')).statusCode).toBe(404);
  });

  it('refuses to approve when the partner credited the offer after all (nothing granted twice)', async () => {
    const { member, clickId, claimId } = await memberWithClaim();
    const postback = await app.inject({
      method: 'GET',
      url: signedPostbackUrl({
        click_id: clickId,
        transaction_id: `late-${clickId}`,
        payout: '1',
        status: 'approved',
      }),
    });
    expect(postback.statusCode).toBe(200);
    const res = await decide(claimId, 'approve');
    expect(res.statusCode).toBe(409);
    expect(await db.select().from(completions).where(eq(completions.userId, member.userId))).toHaveLength(1);
    expect((await db.select().from(claims).where(eq(claims.id, claimId)))[0]!.status).toBe('pending');
  });

  it("approves a claim on a partner network's offer under that network's key", async () => {
    const network = await createNetwork(db, 'cpx');
    const { offerId } = await createNetworkOffer(db, network);
    const member = await createMember(db);
    const clickId = await createClick(db, member.userId, offerId, 3 * 3_600_000);
    const filed = await app.inject({
      method: 'POST',
      url: '/api/claim.php',
      headers: { cookie: member.cookie },
      payload: { offerId, note: '' },
    });
    expect(filed.statusCode).toBe(200);
    const res = await decide(filed.json().claim_id, 'approve');
    expect(res.statusCode).toBe(200);
    const [c] = await db.select().from(completions).where(eq(completions.id, res.json().completion_id));
    expect(c).toMatchObject({ status: 'approved', clickId, offerId, network: network.config.slug });
  });

  it("sends the answer to the claimant's live stream only, once per decision", async () => {
    const approved = await memberWithClaim({ title: 'Live approved offer' });
    const rejected = await memberWithClaim({ title: 'Live rejected offer' });
    const bystander = await signIn(app);
    const streams = [approved, rejected].map((c) => listen(c.member.userId));
    const other = listen(bystander.userId);
    try {
      await decide(approved.claimId, 'approve');
      await decide(rejected.claimId, 'reject', 'Not found at the partner');
      await waitFor(() => streams.every((s) => s.events.length >= 1));
      // Give any stray event a moment to arrive before asserting nothing else came.
      await new Promise((r) => setTimeout(r, 200));
      expect(streams[0]!.events.map((e) => [e.type, e.data])).toEqual([
        [
          'claim',
          {
            status: 'approved',
            offerId: approved.offerId,
            claimId: approved.claimId,
            title: 'Live approved offer',
            reason: null,
          },
        ],
      ]);
      expect(streams[1]!.events.map((e) => [e.type, e.data])).toEqual([
        [
          'claim',
          {
            status: 'rejected',
            offerId: rejected.offerId,
            claimId: rejected.claimId,
            title: 'Live rejected offer',
            reason: 'Not found at the partner',
          },
        ],
      ]);
      expect(other.events).toEqual([]);
    } finally {
      for (const s of [...streams, other]) s.unsubscribe();
    }
  });
});
