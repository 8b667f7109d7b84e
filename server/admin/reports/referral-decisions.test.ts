// A referral held because both accounts look like the same device, as the operator decides it in the
// console (PUT /api/admin/referrals.php: Grant Reward or Deny) and as the referrer then sees it: the
// free spin granted exactly once however many clicks race, Deny changing nothing but the referral,
// both audited, and the member's referral list saying under review, then the outcome.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { query, type Db } from '../../db/client';
import { adminClient, adminTestApp, client, type Client } from '../../test/admin';
import {
  DATABASE_KINDS,
  completeOffer,
  insertOffer,
  newAccount,
  signIn,
  signedPostbackUrl,
  type SignedInMember,
} from '../../test/helpers';

const URL = '/api/admin/referrals.php';

describe.each(DATABASE_KINDS)('referral decisions on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  adminTestApp(kind, (setup) => {
    ({ app, db } = setup);
  });

  /** A referrer and a friend on one device whose first offer is approved: the referral is held. */
  async function heldReferral(label: string) {
    const device = `device-${label}-${Math.random().toString(36).slice(2)}`;
    const referrer = await signIn(app, newAccount(`${label}-ref`), { deviceFingerprint: device });
    const friend = await signIn(app, newAccount(`${label}-friend`), {
      referralCode: referrer.referralCode,
      deviceFingerprint: device,
    });
    const clickId = await completeOffer(app, friend, await insertOffer(db));
    const [row] = await query<{ id: number; status: string }>(
      db,
      sql`select id, status from referrals where referred_user_id = ${friend.userId}`,
    );
    expect(row!.status).toBe('completed_waiting');
    return { referrer, friend, referralId: row!.id, clickId };
  }

  const memberRow = async (userId: number) =>
    (
      await query<{
        free_spins_remaining: number;
        total_free_spins_earned: number;
        successful_referrals: number;
        total_completions: number;
      }>(
        db,
        sql`select free_spins_remaining, total_free_spins_earned, successful_referrals, total_completions
            from users where id = ${userId}`,
      )
    )[0]!;

  const referralRow = async (id: number) =>
    (
      await query<Record<string, unknown>>(
        db,
        sql`select status, free_spins_granted, reward_granted_at is not null as rewarded,
                   reviewed_at is not null as reviewed, review_reason
            from referrals where id = ${id}`,
      )
    )[0]!;

  const auditOf = (id: number) =>
    query<{ action: string; admin_username: string; before: unknown; after: unknown }>(
      db,
      sql`select action, admin_username, before, after from admin_audit_log
          where target_type = 'referral' and target_id = ${String(id)} order by id`,
    );

  const memberReferrals = async (m: SignedInMember) =>
    (
      await app.inject({ method: 'GET', url: '/api/referral-stats.php', headers: { cookie: m.cookie } })
    ).json() as {
      summary: { successfulReferrals: number; totalFreeSpinsEarned: number };
      referralDetails: Record<string, unknown>[];
    };

  const listed = async (admin: Client, status?: string) =>
    (await admin.get(`${URL}${status ? `?status=${status}` : ''}`)).json() as {
      referrals: Record<string, unknown>[];
      summary: { needs_review: number };
    };

  it('Needs review lists the held referral; the member reads it as under review', async () => {
    const admin = await adminClient(app);
    const { referrer, referralId } = await heldReferral('listed');
    const body = await listed(admin, 'needs_review');
    expect(body.referrals.map((r) => r.referral_id)).toContain(referralId);
    expect(body.referrals.every((r) => r.needs_review === true && r.status === 'completed_waiting')).toBe(
      true,
    );
    expect(body.summary.needs_review).toBeGreaterThanOrEqual(1);
    expect(body.referrals.find((r) => r.referral_id === referralId)).toMatchObject({
      same_device: true,
      needs_review: true,
      review_decision: null,
      reviewed_by: null,
    });
    expect((await memberReferrals(referrer)).referralDetails[0]).toMatchObject({
      status: 'completed_waiting',
      under_review: true,
      review_outcome: null,
    });
  });

  it('Grant Reward grants the free spin exactly once under 20 concurrent clicks, audited once', async () => {
    const { referrer, friend, referralId } = await heldReferral('grant');
    const cookieAdmin = await adminClient(app);
    const before = await memberRow(referrer.userId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => cookieAdmin.put(URL, { referral_id: referralId, action: 'grant' })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(answers.find((a) => a.statusCode === 200)!.json()).toEqual({
      success: true,
      referral_id: referralId,
      status: 'successful',
      free_spins_granted: 1,
    });
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({
      success: false,
      error: 'This referral was already granted: its free spin was given once.',
    });

    const after = await memberRow(referrer.userId);
    expect(after.free_spins_remaining).toBe(before.free_spins_remaining + 1);
    expect(after.total_free_spins_earned).toBe(before.total_free_spins_earned + 1);
    expect(after.successful_referrals).toBe(before.successful_referrals + 1);
    expect(await referralRow(referralId)).toMatchObject({
      status: 'successful',
      free_spins_granted: 1,
      rewarded: true,
      reviewed: true,
    });
    const [first] = await query<{ completion_type: string; referral_reward_processed: boolean }>(
      db,
      sql`select completion_type, referral_reward_processed from completions
          where id = (select first_completion_id from referrals where id = ${referralId})`,
    );
    expect(first).toEqual({ completion_type: 'triggered_referral_reward', referral_reward_processed: true });

    const audit = await auditOf(referralId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'referral.grant',
      admin_username: 'root',
      before: { status: 'completed_waiting', free_spins_granted: 0 },
      after: { status: 'successful', free_spins_granted: 1 },
    });

    // The referrer sees the outcome and can spend the spin; the friend's own account is untouched.
    const stats = await memberReferrals(referrer);
    expect(stats.referralDetails[0]).toMatchObject({
      status: 'completed_and_rewarded',
      under_review: false,
      review_outcome: 'granted',
    });
    expect(stats.summary.successfulReferrals).toBe(1);
    const spin = await app.inject({
      method: 'POST',
      url: '/api/slot-spin.php',
      headers: { cookie: referrer.cookie },
      payload: { spinType: 'free' },
    });
    expect(spin.statusCode).toBe(200);
    expect((await memberRow(friend.userId)).free_spins_remaining).toBe(0);

    // The console lists it as granted, by whom, and no longer as needing review.
    const row = (await listed(cookieAdmin)).referrals.find((r) => r.referral_id === referralId);
    expect(row).toMatchObject({
      status: 'successful',
      needs_review: false,
      review_decision: 'granted',
      reviewed_by: 'root',
    });
    expect((await listed(cookieAdmin, 'needs_review')).referrals.map((r) => r.referral_id)).not.toContain(
      referralId,
    );
  });

  it('Deny closes the referral with its reason and changes nothing else; a later Grant is refused', async () => {
    const { referrer, friend, referralId } = await heldReferral('deny');
    const admin = await adminClient(app);
    const referrerBefore = await memberRow(referrer.userId);
    const friendBefore = await memberRow(friend.userId);

    const res = await admin.put(URL, {
      referral_id: referralId,
      action: 'deny',
      reason: '  same phone, same name ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      referral_id: referralId,
      status: 'denied',
      free_spins_granted: 0,
    });

    expect(await memberRow(referrer.userId)).toEqual(referrerBefore);
    expect(await memberRow(friend.userId)).toEqual(friendBefore);
    expect(await referralRow(referralId)).toMatchObject({
      status: 'denied',
      free_spins_granted: 0,
      rewarded: false,
      reviewed: true,
      review_reason: 'same phone, same name',
    });
    const audit = await auditOf(referralId);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'referral.deny',
        before: expect.objectContaining({ status: 'completed_waiting' }),
        after: expect.objectContaining({ status: 'denied', reason: 'same phone, same name' }),
      }),
    ]);

    const grant = await admin.put(URL, { referral_id: referralId, action: 'grant' });
    expect(grant.statusCode).toBe(409);
    expect(grant.json().error).toBe('This referral was already denied.');
    expect((await memberRow(referrer.userId)).free_spins_remaining).toBe(referrerBefore.free_spins_remaining);
    expect(await auditOf(referralId)).toHaveLength(1);

    expect((await memberReferrals(referrer)).referralDetails[0]).toMatchObject({
      status: 'not_approved',
      under_review: false,
      review_outcome: 'denied',
    });
    const row = (await listed(admin, 'denied')).referrals.find((r) => r.referral_id === referralId);
    expect(row).toMatchObject({
      status: 'denied',
      review_decision: 'denied',
      review_reason: 'same phone, same name',
    });
  });

  it('refuses a referral that is not held: another device, not completed yet, unknown; and a reversed first completion', async () => {
    const admin = await adminClient(app);
    // Different devices: granted automatically at the first completion, nothing to decide.
    const referrer = await signIn(app, newAccount('auto-ref'), { deviceFingerprint: 'auto-a' });
    const friend = await signIn(app, newAccount('auto-friend'), {
      referralCode: referrer.referralCode,
      deviceFingerprint: 'auto-b',
    });
    await completeOffer(app, friend, await insertOffer(db));
    const [auto] = await query<{ id: number }>(
      db,
      sql`select id from referrals where referred_user_id = ${friend.userId}`,
    );
    expect((await admin.put(URL, { referral_id: auto!.id, action: 'deny' })).statusCode).toBe(409);

    // Same device but no completion yet: nothing to decide.
    const early = await signIn(app, newAccount('early-ref'), { deviceFingerprint: 'early' });
    const earlyFriend = await signIn(app, newAccount('early-friend'), {
      referralCode: early.referralCode,
      deviceFingerprint: 'early',
    });
    const [pending] = await query<{ id: number }>(
      db,
      sql`select id from referrals where referred_user_id = ${earlyFriend.userId}`,
    );
    const refused = await admin.put(URL, { referral_id: pending!.id, action: 'grant' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/not waiting for a decision/);

    expect((await admin.put(URL, { referral_id: 2_000_000_000, action: 'grant' })).statusCode).toBe(404);
    expect((await admin.put(URL, { referral_id: 1, action: 'approve' })).statusCode).toBe(400);
    expect(
      (await admin.put(URL, { referral_id: 1, action: 'deny', reason: 'x'.repeat(501) })).statusCode,
    ).toBe(400);

    // The friend's first completion reversed by the partner: Grant is refused, Deny still closes it.
    const { referrer: r2, referralId, clickId } = await heldReferral('reversed');
    const reversal = await app.inject({
      url: signedPostbackUrl({
        click_id: clickId,
        transaction_id: `txn-${clickId}`,
        payout: '2.5000',
        currency: 'USD',
        status: 'reversed',
      }),
    });
    expect(reversal.statusCode).toBe(200);
    const grant = await admin.put(URL, { referral_id: referralId, action: 'grant' });
    expect(grant.statusCode).toBe(409);
    expect(grant.json().error).toMatch(/reversed by the partner/);
    expect((await memberRow(r2.userId)).free_spins_remaining).toBe(0);
    expect((await admin.put(URL, { referral_id: referralId, action: 'deny' })).statusCode).toBe(200);
  });

  it('is for administrators only', async () => {
    const { referralId } = await heldReferral('anon');
    expect((await client(app).put(URL, { referral_id: referralId, action: 'grant' })).statusCode).toBe(401);
    expect(await referralRow(referralId)).toMatchObject({ status: 'completed_waiting', reviewed: false });
  });
});
