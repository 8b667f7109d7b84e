// The slot spin (DESIGN.md section 4): spend one spin with a conditional UPDATE, draw on the server
// with crypto.randomInt, claim a voucher with FOR UPDATE SKIP LOCKED; all in one transaction.
import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { completions, offers, spins, users, vouchers } from '../db/schema';
import { BLOCKED_MESSAGE, conflict, forbidden, notFound } from '../lib/errors';
import {
  DEFAULT_REEL_AMOUNTS,
  DEFAULT_SLOT_CONFIG,
  parseSlotConfig,
  rewardTypeFor,
  type SlotConfig,
} from '../../shared/slot';
import type { SpinResponse } from '../../shared/api-types';

/** Percent probabilities with two decimals of resolution; the remainder is a miss. */
export function drawAmount(config: SlotConfig, rand: (max: number) => number = randomInt): number {
  const roll = rand(10_000); // 0..9999, i.e. 0.00%..99.99%
  let cumulative = 0;
  for (const reel of config.reels) {
    if (!(reel.probability > 0)) continue;
    cumulative += Math.round(reel.probability * 100);
    if (roll < cumulative) return reel.amount > 0 ? reel.amount : 0;
  }
  return 0;
}

/** Three amounts that are not all equal, from the amounts the reels can show. */
export function missingCombination(
  config: SlotConfig,
  rand: (max: number) => number = randomInt,
): [number, number, number] {
  const pool = Array.from(new Set([...config.reels.map((r) => r.amount), ...DEFAULT_REEL_AMOUNTS]));
  const a = pool[rand(pool.length)]!;
  const b = pool[rand(pool.length)]!;
  let c = pool[rand(pool.length)]!;
  if (a === b && b === c) c = pool[(pool.indexOf(c) + 1 + rand(pool.length - 1)) % pool.length]!;
  return [a, b, c];
}

export interface SpinInput {
  userId: number;
  spinType: 'free' | 'offer';
  offerId?: number;
}

export interface SpinMetrics {
  onSpin?: (r: { win: boolean; stockOut: boolean; type: string }) => void;
}

export async function spin(db: Db, input: SpinInput, metrics: SpinMetrics = {}): Promise<SpinResponse> {
  const result = await db.transaction(async (tx) => {
    let completionId: number | null = null;
    let offerId: number | null = null;
    let config: SlotConfig = DEFAULT_SLOT_CONFIG;

    if (input.spinType === 'offer') {
      const [offer] = await tx
        .select({ id: offers.id, slotConfig: offers.slotConfig })
        .from(offers)
        .where(eq(offers.id, input.offerId!))
        .limit(1);
      if (!offer) throw notFound('Offer not found.');
      // Conditional UPDATE: of two concurrent spins of one completion, only one finds spinner_used = false.
      const [spent] = await tx
        .update(completions)
        .set({ spinnerUsed: true })
        .where(
          and(
            eq(completions.userId, input.userId),
            eq(completions.offerId, offer.id),
            eq(completions.status, 'approved'),
            eq(completions.spinnerUsed, false),
          ),
        )
        .returning({ id: completions.id });
      if (!spent)
        throw conflict('No spin available for this offer. Complete the offer first, or it was already used.');
      completionId = spent.id;
      offerId = offer.id;
      const parsed = parseSlotConfig(offer.slotConfig);
      if (parsed && parsed.reels.length > 0) config = parsed;
    }

    // Every spin writes the member row: this spends a free spin, and it orders the spin after a
    // concurrent block (a blocked member's spin finds is_suspicious = true and rolls back).
    const [member] = await tx
      .update(users)
      .set({
        freeSpinsRemaining:
          input.spinType === 'free' ? sql`${users.freeSpinsRemaining} - 1` : sql`${users.freeSpinsRemaining}`,
        spinsUsed: sql`${users.spinsUsed} + 1`,
        lastActivity: sql`now()`,
      })
      .where(
        and(
          eq(users.id, input.userId),
          eq(users.isSuspicious, false),
          input.spinType === 'free' ? sql`${users.freeSpinsRemaining} > 0` : undefined,
        ),
      )
      .returning({ freeSpinsRemaining: users.freeSpinsRemaining });
    if (!member) {
      const [u] = await tx
        .select({ blocked: users.isSuspicious })
        .from(users)
        .where(eq(users.id, input.userId));
      if (!u || u.blocked) throw forbidden(BLOCKED_MESSAGE);
      throw conflict('You have no free spins left.');
    }

    const drawn = drawAmount(config);
    let voucher: typeof vouchers.$inferSelect | null = null;
    let stockOut = false;
    if (drawn > 0) {
      voucher = await claimVoucher(
        tx,
        drawn,
        input.userId,
        input.spinType === 'free' ? 'free_spin_from_referral' : 'offer_completion',
        completionId,
      );
      stockOut = !voucher;
    }
    const win = !!voucher;
    const slotResult: [number, number, number] = win ? [drawn, drawn, drawn] : missingCombination(config);
    const rewardType = rewardTypeFor(win ? drawn : null);

    const [spinRow] = await tx
      .insert(spins)
      .values({
        userId: input.userId,
        spinType: input.spinType,
        completionId,
        offerId,
        slotResult,
        isWin: win,
        drawnAmount: drawn > 0 ? drawn : null,
        voucherId: voucher?.id ?? null,
        rewardType,
        stockOut,
      })
      .returning({ id: spins.id });

    if (completionId !== null) {
      await tx
        .update(completions)
        .set({ rewardType, voucherId: voucher?.id ?? null })
        .where(eq(completions.id, completionId));
      await tx
        .update(offers)
        .set({
          spinsUsed: sql`${offers.spinsUsed} + 1`,
          rewardsWon: sql`${offers.rewardsWon} + ${win ? 1 : 0}`,
        })
        .where(eq(offers.id, offerId!));
    }
    if (voucher) {
      await tx
        .update(users)
        .set({
          totalVouchersWon: sql`${users.totalVouchersWon} + 1`,
          totalVoucherValue: sql`${users.totalVoucherValue} + ${voucher.voucherAmount}`,
        })
        .where(eq(users.id, input.userId));
    }
    return {
      spinId: spinRow!.id,
      slotResult,
      win,
      rewardType,
      voucher,
      stockOut,
      drawn,
      freeSpinsRemaining: member.freeSpinsRemaining,
    };
  });

  metrics.onSpin?.({ win: result.win, stockOut: result.stockOut, type: input.spinType });
  return {
    success: true,
    slotResult: result.slotResult,
    isWinningCombination: result.win,
    rewardType: result.rewardType,
    spinType: input.spinType,
    freeSpinsRemaining: result.freeSpinsRemaining,
    voucher: result.voucher
      ? {
          code: result.voucher.voucherCode,
          amount: result.voucher.voucherAmount,
          brand: result.voucher.voucherBrand,
          type: result.voucher.voucherType,
          expiryDate: result.voucher.expiryDate,
          description: result.voucher.voucherDescription,
        }
      : null,
  };
}

/** One available, unexpired voucher of this amount, earliest expiry first; null on a stock-out. */
export async function claimVoucher(
  tx: Tx,
  amount: number,
  userId: number,
  context: 'free_spin_from_referral' | 'offer_completion',
  completionId: number | null,
): Promise<typeof vouchers.$inferSelect | null> {
  const [candidate] = await tx
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(
      and(
        eq(vouchers.status, 'available'),
        eq(vouchers.voucherAmount, amount),
        sql`(${vouchers.expiryDate} is null or ${vouchers.expiryDate} >= current_date)`,
      ),
    )
    .orderBy(sql`${vouchers.expiryDate} asc nulls last`, vouchers.id)
    .limit(1)
    .for('update', { skipLocked: true });
  if (!candidate) return null;
  const [claimed] = await tx
    .update(vouchers)
    .set({
      status: 'assigned',
      assignedToUserId: userId,
      assignedAt: sql`now()`,
      assignmentContext: context,
      completionId,
    })
    .where(and(eq(vouchers.id, candidate.id), eq(vouchers.status, 'available')))
    .returning();
  return claimed ?? null;
}
