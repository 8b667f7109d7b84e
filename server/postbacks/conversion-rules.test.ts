// The conversion rules of real networks, as a network and a member see them: several events for one
// click (pending under one transaction id and the approval under another, further goals), reversals
// (by the original transaction id, after the spin was used: a clawback), the hold of a member whose
// reversals pile up, and the referral reward a reversed first completion must not grant.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { execute, query, type Db } from '../db/client';
import { findClickWithNetwork, type PostbackClick } from '../offers/clicks-repository';
import { adminClient, adminTestApp } from '../test/admin';
import { withDraw } from '../test/fixed-draw';
import {
  DATABASE_KINDS,
  clickOffer,
  insertOffer,
  insertVouchers,
  newAccount,
  signIn,
  signedPostbackUrl,
  type SignedInMember,
} from '../test/helpers';
import { applyConversion, type ConversionEvent } from './conversions-service';
import { DEFAULT_POLICY, savePolicy } from '../trust/policy';

vi.mock('node:crypto', (original) =>
  import('../test/fixed-draw').then((m) => m.cryptoWithFixedDraw(original)),
);

/** A roll that draws the offer's first reel (amount 10 at 50 %); 9999 draws a miss. */
const WIN = 0;
const MISS = 9999;
const VOUCHER_AMOUNT = 10;

describe('the hold settings', () => {
  it('default to 3 reversals in 30 days; 0 is accepted (off); a negative or fractional value stops the start', () => {
    expect(loadConfig({}).reversalHold).toEqual({ threshold: 3, days: 30 });
    expect(loadConfig({ REVERSAL_HOLD_THRESHOLD: '0', REVERSAL_HOLD_DAYS: '7' }).reversalHold).toEqual({
      threshold: 0,
      days: 7,
    });
    expect(() => loadConfig({ REVERSAL_HOLD_THRESHOLD: '-1' })).toThrow(
      new ConfigError(
        'Invalid configuration: REVERSAL_HOLD_THRESHOLD: REVERSAL_HOLD_THRESHOLD must be 0 (off) or more',
      ),
    );
    expect(() => loadConfig({ REVERSAL_HOLD_DAYS: '1.5' })).toThrow(
      /REVERSAL_HOLD_DAYS must be a whole number/,
    );
  });
});

describe.each(DATABASE_KINDS)('conversion rules on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  adminTestApp(kind, (setup) => {
    ({ app, db } = setup);
  });

  /** A signed native postback; its answer as a network sees it. */
  async function postback(clickId: string, transactionId: string, status: string, payout = '2.5') {
    const res = await app.inject({
      url: signedPostbackUrl({
        click_id: clickId,
        transaction_id: transactionId,
        payout,
        currency: 'USD',
        status,
      }),
    });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  }

  const lastLoggedOutcome = async (transactionId: string) =>
    (
      await query<{ outcome: string }>(
        db,
        sql`select outcome from postback_log where transaction_id = ${transactionId} order by id desc limit 1`,
      )
    )[0]?.outcome;

  const completionsOfClick = (clickId: string) =>
    query<{
      id: number;
      transaction_id: string;
      status: string;
      payout_amount: string;
      reversal_reason: string | null;
    }>(
      db,
      sql`select id, transaction_id, status, payout_amount, reversal_reason from completions
           where click_id = ${clickId} order by id`,
    );

  const memberRow = async (userId: number) =>
    (
      await query<{
        total_completions: number;
        total_revenue_generated: string;
        is_suspicious: boolean;
        held_at: string | null;
        total_vouchers_won: number;
        free_spins_remaining: number;
      }>(
        db,
        sql`select total_completions, total_revenue_generated, is_suspicious, held_at, total_vouchers_won,
                   free_spins_remaining
              from users where id = ${userId}`,
      )
    )[0]!;

  const offerRow = async (offerId: number) =>
    (
      await query<{ total_completions: number; total_revenue: string }>(
        db,
        sql`select total_completions, total_revenue from offers where id = ${offerId}`,
      )
    )[0]!;

  const clawbacksOf = (userId: number) =>
    query<{ completion_id: number; voucher_id: number | null; voucher_value: string; payout_amount: string }>(
      db,
      sql`select completion_id, voucher_id, voucher_value, payout_amount from clawbacks
           where user_id = ${userId} order by id`,
    );

  const spinOffer = (member: SignedInMember, offerId: number, roll: number) =>
    withDraw(roll, () =>
      app.inject({
        method: 'POST',
        url: '/api/slot-spin.php',
        headers: { cookie: member.cookie },
        payload: { offerId, spinType: 'offer' },
      }),
    );

  async function freshClick(member?: SignedInMember) {
    const m = member ?? (await signIn(app));
    const offerId = await insertOffer(db);
    const clickId = await clickOffer(app, m, offerId);
    return { m, offerId, clickId };
  }

  async function postbackClick(clickId: string): Promise<PostbackClick> {
    const click = await findClickWithNetwork(db, clickId);
    if (!click) throw new Error(`no click ${clickId}`);
    return click;
  }

  /** applyConversion in its own transaction, as a network receiver calls it. */
  const convert = async (
    click: PostbackClick,
    event: ConversionEvent,
    policy?: { threshold: number; days: number },
  ) => {
    const result = await db.transaction((tx) => applyConversion(tx, click, event, policy));
    await app.memberAnswers.sync(db); // as the receiver's route does before it answers
    return result;
  };

  describe('several events for one click', () => {
    it('an approval under another transaction id completes the pending conversion once; the spin unlocks', async () => {
      const { m, offerId, clickId } = await freshClick();
      expect(await postback(clickId, `P-${clickId}`, 'pending', '1.5')).toEqual({
        status: 200,
        body: { success: true, status: 'pending' },
      });

      const approval = await postback(clickId, `A-${clickId}`, 'approved', '3.25');
      expect(approval).toEqual({
        status: 200,
        body: {
          success: true,
          status: 'approved',
          message: 'The pending conversion of this offer is now approved',
        },
      });
      expect(await lastLoggedOutcome(`A-${clickId}`)).toBe('completed_pending');
      // One conversion, approved, with the approval's payout; counted once on the member and the offer.
      expect(await completionsOfClick(clickId)).toEqual([
        expect.objectContaining({ transaction_id: `P-${clickId}`, status: 'approved' }),
      ]);
      expect(Number((await completionsOfClick(clickId))[0]!.payout_amount)).toBe(3.25);
      expect(await memberRow(m.userId)).toMatchObject({ total_completions: 1 });
      expect(Number((await memberRow(m.userId)).total_revenue_generated)).toBe(3.25);
      expect((await offerRow(offerId)).total_completions).toBe(1);

      const spin = await spinOffer(m, offerId, MISS);
      expect(spin.statusCode, spin.body).toBe(200);
    });

    it('a second approved goal is an extra event: answered as success, still one spin', async () => {
      const { m, offerId, clickId } = await freshClick();
      await postback(clickId, `G1-${clickId}`, 'approved');

      const goal = await postback(clickId, `G2-${clickId}`, 'approved', '9');
      expect(goal).toEqual({
        status: 200,
        body: {
          success: true,
          status: 'approved',
          message: 'Recorded as a further event of a conversion that is approved; nothing more is granted',
        },
      });
      expect(await lastLoggedOutcome(`G2-${clickId}`)).toBe('extra_event');
      // A pending event for the completed conversion changes nothing either.
      expect((await postback(clickId, `G3-${clickId}`, 'pending')).body).toMatchObject({
        status: 'approved',
      });
      expect(await lastLoggedOutcome(`G3-${clickId}`)).toBe('extra_event');

      expect(await completionsOfClick(clickId)).toHaveLength(1);
      expect(await memberRow(m.userId)).toMatchObject({ total_completions: 1 });
      expect(Number((await memberRow(m.userId)).total_revenue_generated)).toBe(2.5);
      expect((await spinOffer(m, offerId, MISS)).statusCode).toBe(200);
      expect((await spinOffer(m, offerId, MISS)).statusCode).toBe(409);
    });

    it('a pending event for a pending conversion is an extra event; the conversion waits for its approval', async () => {
      const { clickId } = await freshClick();
      await postback(clickId, `Q1-${clickId}`, 'pending');
      expect((await postback(clickId, `Q2-${clickId}`, 'pending')).body).toEqual({
        success: true,
        status: 'pending',
        message: 'Recorded as a further event of a conversion that is pending; nothing more is granted',
      });
      expect(await completionsOfClick(clickId)).toEqual([
        expect.objectContaining({ transaction_id: `Q1-${clickId}`, status: 'pending' }),
      ]);
    });

    it.runIf(kind === 'postgres')(
      'concurrent goals under distinct transaction ids: one completion, credited once',
      async () => {
        const { m, offerId, clickId } = await freshClick();
        const answers = await Promise.all(
          Array.from({ length: 24 }, (_, i) =>
            postback(clickId, `C${i}-${clickId}`, i % 3 === 0 ? 'pending' : 'approved'),
          ),
        );
        expect(answers.every((a) => a.status === 200 && a.body.success === true)).toBe(true);
        const rows = await completionsOfClick(clickId);
        expect(rows).toEqual([expect.objectContaining({ status: 'approved' })]);
        expect((await memberRow(m.userId)).total_completions).toBe(1);
        expect((await offerRow(offerId)).total_completions).toBe(1);
        const outcomes = await query<{ outcome: string; n: number }>(
          db,
          sql`select outcome, count(*)::int as n from postback_log
               where click_id = ${clickId} group by outcome order by outcome`,
        );
        // The first recorded event created the conversion; at most one later approval completed it.
        const count = (o: string) => outcomes.find((r) => r.outcome === o)?.n ?? 0;
        expect(count('accepted')).toBe(1);
        expect(count('accepted') + count('completed_pending') + count('extra_event')).toBe(24);
        expect(count('completed_pending')).toBeLessThanOrEqual(1);
      },
    );

    it("the member's live conversion from another network stays a duplicate", async () => {
      const { m, offerId, clickId } = await freshClick();
      await postback(clickId, `N1-${clickId}`, 'approved');
      const other: PostbackClick = { ...(await postbackClick(clickId)), network: 'other-network' };
      expect(await convert(other, { transactionId: `N2-${clickId}`, status: 'approved', payout: 1 })).toEqual(
        {
          kind: 'duplicate_conversion',
        },
      );
      expect(await memberRow(m.userId)).toMatchObject({ total_completions: 1 });
      expect((await offerRow(offerId)).total_completions).toBe(1);
    });

    it('a transaction id of another click is still refused', async () => {
      const a = await freshClick();
      const b = await freshClick();
      await postback(a.clickId, `T-${a.clickId}`, 'pending');
      const res = await postback(b.clickId, `T-${a.clickId}`, 'approved');
      expect(res.status).toBe(409);
      expect(await completionsOfClick(b.clickId)).toEqual([]);
    });
  });

  describe('reversals', () => {
    it('after the spin was used: reversed, counters debited, one clawback at the voucher value', async () => {
      await insertVouchers(db, VOUCHER_AMOUNT, 1);
      const { m, offerId, clickId } = await freshClick();
      await postback(clickId, `W-${clickId}`, 'approved', '4');
      const spin = await spinOffer(m, offerId, WIN);
      expect(spin.json()).toMatchObject({ isWinningCombination: true });
      const voucherId = (
        await query<{ voucher_id: number }>(
          db,
          sql`select voucher_id from completions where click_id = ${clickId}`,
        )
      )[0]!.voucher_id;
      expect(voucherId).toEqual(expect.any(Number));

      const reversal = await postback(clickId, `W-${clickId}`, 'reversed', '4');
      expect(reversal).toEqual({ status: 200, body: { success: true, status: 'reversed' } });
      const [completion] = await completionsOfClick(clickId);
      expect(completion).toMatchObject({ status: 'reversed' });
      expect(
        (await clawbacksOf(m.userId)).map((c) => ({
          ...c,
          voucher_value: Number(c.voucher_value),
          payout_amount: Number(c.payout_amount),
        })),
      ).toEqual([
        {
          completion_id: completion!.id,
          voucher_id: voucherId,
          voucher_value: VOUCHER_AMOUNT,
          payout_amount: 4,
        },
      ]);
      const member = await memberRow(m.userId);
      expect(member.total_completions).toBe(0);
      expect(Number(member.total_revenue_generated)).toBe(0);
      // The code the member saw is theirs: the voucher counters stay.
      expect(member.total_vouchers_won).toBe(1);
      expect(await offerRow(offerId)).toMatchObject({ total_completions: 0 });
      expect(Number((await offerRow(offerId)).total_revenue)).toBe(0);

      // A repeat, under the same or another transaction id: nothing more.
      expect((await postback(clickId, `W-${clickId}`, 'reversed', '4')).body).toEqual({
        success: true,
        duplicate: true,
        status: 'reversed',
      });
      expect((await postback(clickId, `WR-${clickId}`, 'reversed', '4')).body).toEqual({
        success: true,
        duplicate: true,
        status: 'reversed',
      });
      expect(await clawbacksOf(m.userId)).toHaveLength(1);
      expect(await completionsOfClick(clickId)).toHaveLength(1);
      expect((await memberRow(m.userId)).total_completions).toBe(0);
    });

    it('after a spin that missed: the clawback is worth 0; before the spin: no clawback, the spin is gone', async () => {
      const m = await signIn(app);
      const missed = await freshClick(m);
      await postback(missed.clickId, `M-${missed.clickId}`, 'approved', '2');
      expect((await spinOffer(m, missed.offerId, MISS)).json()).toMatchObject({
        isWinningCombination: false,
      });
      await postback(missed.clickId, `M-${missed.clickId}`, 'reversed', '2');

      const unspun = await freshClick(m);
      await postback(unspun.clickId, `U-${unspun.clickId}`, 'approved', '2');
      await postback(unspun.clickId, `U-${unspun.clickId}`, 'reversed', '2');
      expect((await spinOffer(m, unspun.offerId, MISS)).statusCode).toBe(409);

      const [missedCompletion] = await completionsOfClick(missed.clickId);
      const clawbacks = await clawbacksOf(m.userId);
      expect(clawbacks).toEqual([
        expect.objectContaining({ completion_id: missedCompletion!.id, voucher_id: null }),
      ]);
      expect(Number(clawbacks[0]!.voucher_value)).toBe(0);
      expect(Number(clawbacks[0]!.payout_amount)).toBe(2);
    });

    it('by the original transaction id, with the partner reason; an unknown original falls back to the click', async () => {
      const { m, clickId } = await freshClick();
      await postback(clickId, `O-${clickId}`, 'approved');
      const click = await postbackClick(clickId);
      const result = await convert(click, {
        transactionId: `CB-${clickId}`,
        status: 'reversed',
        payout: 0,
        originalTransactionId: `O-${clickId}`,
        reason: 'chargeback',
      });
      expect(result).toMatchObject({ kind: 'accepted', status: 'reversed', clawback: false });
      expect(await completionsOfClick(clickId)).toEqual([
        expect.objectContaining({
          transaction_id: `O-${clickId}`,
          status: 'reversed',
          reversal_reason: 'chargeback',
        }),
      ]);
      expect((await memberRow(m.userId)).total_completions).toBe(0);
      // Again: a replay.
      expect(
        await convert(click, {
          transactionId: `CB-${clickId}`,
          status: 'reversed',
          payout: 0,
          originalTransactionId: `O-${clickId}`,
        }),
      ).toMatchObject({ kind: 'replay', status: 'reversed' });

      const second = await freshClick(m);
      await postback(second.clickId, `S-${second.clickId}`, 'pending');
      expect(
        await convert(await postbackClick(second.clickId), {
          transactionId: `SR-${second.clickId}`,
          status: 'reversed',
          payout: 0,
          originalTransactionId: 'never-seen',
        }),
      ).toMatchObject({ kind: 'accepted', status: 'reversed' });
      expect(await completionsOfClick(second.clickId)).toEqual([
        expect.objectContaining({
          transaction_id: `S-${second.clickId}`,
          status: 'reversed',
          reversal_reason: null,
        }),
      ]);
    });

    it("an original of another member's conversion is refused", async () => {
      const a = await freshClick();
      const b = await freshClick();
      await postback(a.clickId, `X-${a.clickId}`, 'approved');
      expect(
        await convert(await postbackClick(b.clickId), {
          transactionId: `XR-${b.clickId}`,
          status: 'reversed',
          payout: 0,
          originalTransactionId: `X-${a.clickId}`,
        }),
      ).toMatchObject({ kind: 'transaction_conflict' });
      expect(await completionsOfClick(a.clickId)).toEqual([expect.objectContaining({ status: 'approved' })]);
    });
  });

  describe('the hold', () => {
    /**
     * A member of a month: the reversal rule alone is under test, not the risk gate's first-rewards
     * check of a new account (docs/trust-and-safety.md, `new_account`), which would add to `reversals`.
     */
    async function establishedMember(label: string): Promise<SignedInMember> {
      const m = await signIn(app, newAccount(label));
      await execute(
        db,
        sql`update users set registration_date = now() - interval '30 days' where id = ${m.userId}`,
      );
      return m;
    }

    /**
     * Approves `n` fresh offers of the member's, each reversed later by `reverse`: a partner reverses
     * days after its approvals. (Approved after two reversals, a conversion would wait for a review by
     * the trust checks' `reversals` reason, 2 × 35: high; a held approval reversed takes nothing from the
     * member and is not one the block counts.)
     */
    async function approvedCompletions(m: SignedInMember, n: number): Promise<string[]> {
      const clickIds: string[] = [];
      for (let i = 0; i < n; i++) {
        const { clickId } = await freshClick(m);
        expect((await postback(clickId, `H-${clickId}`, 'approved')).body).toMatchObject({ success: true });
        clickIds.push(clickId);
      }
      expect((await memberRow(m.userId)).total_completions).toBe(n);
      return clickIds;
    }
    const reverse = (clickId: string) => postback(clickId, `H-${clickId}`, 'reversed');

    it('the third reversal within 30 days blocks the member pending review; a later approval is held', async () => {
      const m = await establishedMember('hold');
      const later = await freshClick(m); // clicked before the hold (a blocked member cannot click)
      const approved = await approvedCompletions(m, 3);
      await reverse(approved[0]!);
      await reverse(approved[1]!);
      expect(await memberRow(m.userId)).toMatchObject({ is_suspicious: false, held_at: null });
      await reverse(approved[2]!);
      const held = await memberRow(m.userId);
      expect(held.is_suspicious).toBe(true);
      expect(held.held_at).toEqual(expect.any(String));

      const audit = await query<{
        admin_id: number | null;
        admin_username: string;
        action: string;
        after: { reason: string };
      }>(
        db,
        sql`select admin_id, admin_username, action, after from admin_audit_log
             where target_type = 'user' and target_id = ${String(m.userId)}`,
      );
      expect(audit).toEqual([
        expect.objectContaining({ admin_id: null, admin_username: 'system', action: 'user.hold' }),
      ]);
      expect(audit[0]!.after.reason).toMatch(/3 reversed completions in the last 30 days/);
      // The member's session ended with the block.
      expect((await app.inject({ url: '/api/offers.php', headers: { cookie: m.cookie } })).statusCode).toBe(
        401,
      );

      const approval = await postback(later.clickId, `L-${later.clickId}`, 'approved');
      expect(approval.body).toMatchObject({ success: true, status: 'held' });
      expect((await memberRow(m.userId)).total_completions).toBe(0);
    });

    it('reversals of conversions never approved (pending, or announced as reversed) do not count', async () => {
      const m = await establishedMember('hold-unapproved');
      for (let i = 0; i < 2; i++) {
        const { clickId } = await freshClick(m);
        await postback(clickId, `P-${clickId}`, 'pending');
        await postback(clickId, `P-${clickId}`, 'reversed');
      }
      const { clickId } = await freshClick(m);
      await postback(clickId, `R-${clickId}`, 'reversed');
      expect(await memberRow(m.userId)).toMatchObject({ is_suspicious: false, held_at: null });
      const approved = await approvedCompletions(m, 3);
      await reverse(approved[0]!);
      await reverse(approved[1]!);
      expect((await memberRow(m.userId)).is_suspicious).toBe(false);
      await reverse(approved[2]!);
      expect((await memberRow(m.userId)).is_suspicious).toBe(true);
    });

    it("the native receiver applies the app's configured policy", async () => {
      const configured = app.config.reversalHold;
      app.config.reversalHold = { threshold: 0, days: 30 };
      // With the block off, the trust checks' own reversals rule would hold the fourth approval by risk
      // (issue 33): switched off here, this test is about the block.
      await savePolicy(
        db,
        {
          ...DEFAULT_POLICY,
          rules: {
            ...DEFAULT_POLICY.rules,
            reversals: { ...DEFAULT_POLICY.rules.reversals, enabled: false },
          },
        },
        'test',
      );
      try {
        const m = await establishedMember('hold-config');
        const approved = await approvedCompletions(m, 4);
        for (const clickId of approved.slice(0, 3)) await reverse(clickId);
        expect((await memberRow(m.userId)).is_suspicious).toBe(false);
        app.config.reversalHold = { threshold: 4, days: 30 };
        await reverse(approved[3]!);
        expect((await memberRow(m.userId)).is_suspicious).toBe(true);
      } finally {
        app.config.reversalHold = configured;
        await savePolicy(db, DEFAULT_POLICY, 'test');
      }
    });

    it('reversals older than the window do not count, and threshold 0 turns the hold off', async () => {
      const m = await establishedMember('hold-window');
      const approved = await approvedCompletions(m, 4);
      await reverse(approved[0]!);
      await reverse(approved[1]!);
      await execute(
        db,
        sql`update completions set reversed_at = now() - interval '31 days' where user_id = ${m.userId}`,
      );
      await reverse(approved[2]!);
      await reverse(approved[3]!);
      expect((await memberRow(m.userId)).is_suspicious).toBe(false);

      const off = await establishedMember('hold-off');
      const clicks: PostbackClick[] = [];
      for (let i = 0; i < 4; i++) {
        const { clickId } = await freshClick(off);
        const click = await postbackClick(clickId);
        expect(
          await convert(
            click,
            { transactionId: `Z-${clickId}`, status: 'approved', payout: 1 },
            { threshold: 0, days: 30 },
          ),
        ).toMatchObject({ kind: 'accepted', status: 'approved' });
        clicks.push(click);
      }
      for (const click of clicks) {
        const result = await convert(
          click,
          { transactionId: `Z-${click.id}`, status: 'reversed', payout: 1 },
          { threshold: 0, days: 30 },
        );
        expect(result).toMatchObject({ kind: 'accepted', status: 'reversed', memberHeld: false });
      }
      expect((await memberRow(off.userId)).is_suspicious).toBe(false);
    });
  });

  describe('the referral reward', () => {
    it('is not granted by a reversed first completion, even after the held member is unblocked', async () => {
      const referrer = await signIn(app, newAccount('ref'), { deviceFingerprint: 'ref-device' });
      const friend = await signIn(app, newAccount('ref-friend'), {
        referralCode: referrer.referralCode,
        deviceFingerprint: 'friend-device',
      });
      const { clickId } = await freshClick(friend);
      const admin = await adminClient(app);
      expect(
        (await admin.put('/api/admin/users.php', { user_id: friend.userId, action: 'flag' })).statusCode,
      ).toBe(200);

      expect((await postback(clickId, `R-${clickId}`, 'approved')).body).toMatchObject({ status: 'held' });
      expect((await postback(clickId, `R-${clickId}`, 'reversed')).body).toEqual({
        success: true,
        status: 'reversed',
      });
      expect(
        (await admin.put('/api/admin/users.php', { user_id: friend.userId, action: 'unflag' })).statusCode,
      ).toBe(200);

      expect((await memberRow(referrer.userId)).free_spins_remaining).toBe(0);
      expect((await memberRow(friend.userId)).total_completions).toBe(0);
      const referral = await query<{ status: string; first_completion_id: number | null }>(
        db,
        sql`select status, first_completion_id from referrals where referred_user_id = ${friend.userId}`,
      );
      expect(referral).toEqual([{ status: 'pending', first_completion_id: null }]);
    });

    it('already granted stays granted when the first completion is reversed after its spin', async () => {
      const referrer = await signIn(app, newAccount('ref2'), { deviceFingerprint: 'ref2-device' });
      const friend = await signIn(app, newAccount('ref2-friend'), {
        referralCode: referrer.referralCode,
        deviceFingerprint: 'friend2-device',
      });
      const { offerId, clickId } = await freshClick(friend);
      await postback(clickId, `RG-${clickId}`, 'approved');
      expect((await memberRow(referrer.userId)).free_spins_remaining).toBe(1);
      await spinOffer(friend, offerId, MISS);
      await postback(clickId, `RG-${clickId}`, 'reversed');
      expect((await memberRow(referrer.userId)).free_spins_remaining).toBe(1);
      expect(await clawbacksOf(friend.userId)).toHaveLength(1);
    });
  });
});
