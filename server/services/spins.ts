// The slot spin (DESIGN.md section 4): the server draws with crypto.randomInt; the database spends
// the spin with a conditional UPDATE and claims a voucher FOR UPDATE SKIP LOCKED, in one statement
// (migrations/0005_spin_function.sql).
import { randomInt } from 'node:crypto';
import type { Db } from '../db/client';
import { run, statement } from '../db/statements';
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

const offerSlotConfig = statement('offer_slot_config', 'select id, slot_config from offers where id = $1');
// migrations/0005_spin_function.sql: the whole spin in one statement, refusals raised as RW*** codes.
const spinStatement = statement(
  'rewards_spin',
  'select * from rewards_spin($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)',
);

interface SpinRow {
  r_spin_id: number;
  r_is_win: boolean;
  r_stock_out: boolean;
  r_reward_type: string;
  r_slot_result: [number, number, number];
  r_free_spins_remaining: number;
  r_voucher_code: string | null;
  r_voucher_amount: number | null;
  r_voucher_brand: string | null;
  r_voucher_type: string | null;
  r_voucher_expiry: string | null;
  r_voucher_description: string | null;
}

/** The function's refusals, as the member API answers them. */
function refusal(error: unknown): Error | null {
  switch ((error as { code?: unknown })?.code) {
    case 'RWNOS':
      return conflict('No spin available for this offer. Complete the offer first, or it was already used.');
    case 'RWNFS':
      return conflict('You have no free spins left.');
    case 'RWBLK':
      return forbidden(BLOCKED_MESSAGE);
    default:
      return null;
  }
}

/**
 * The slot spin: the server draws (crypto.randomInt over the offer's slot config, or the default
 * config for a free spin), then the database spends the spin, claims a voucher of the drawn amount
 * and records it in one statement (see the migration for the rules it keeps under concurrency).
 */
export async function spin(db: Db, input: SpinInput, metrics: SpinMetrics = {}): Promise<SpinResponse> {
  let config: SlotConfig = DEFAULT_SLOT_CONFIG;
  if (input.spinType === 'offer') {
    // Read before the spin: a config changed by an admin a moment later applies from the next spin.
    const [offer] = await run<{ id: number; slot_config: unknown }>(db, offerSlotConfig, [input.offerId]);
    if (!offer) throw notFound('Offer not found.');
    const parsed = parseSlotConfig(offer.slot_config);
    if (parsed && parsed.reels.length > 0) config = parsed;
  }
  const drawn = drawAmount(config);
  const winSlot: [number, number, number] = [drawn, drawn, drawn];

  let row: SpinRow;
  try {
    [row] = (await run<SpinRow>(db, spinStatement, [
      input.userId,
      input.spinType,
      input.spinType === 'offer' ? input.offerId : null,
      drawn,
      rewardTypeFor(drawn > 0 ? drawn : null),
      JSON.stringify(winSlot),
      JSON.stringify(missingCombination(config)),
    ])) as [SpinRow];
  } catch (error) {
    throw refusal(error) ?? error;
  }

  metrics.onSpin?.({ win: row.r_is_win, stockOut: row.r_stock_out, type: input.spinType });
  return {
    success: true,
    slotResult: row.r_slot_result,
    isWinningCombination: row.r_is_win,
    rewardType: row.r_reward_type,
    spinType: input.spinType,
    freeSpinsRemaining: row.r_free_spins_remaining,
    voucher:
      row.r_is_win && row.r_voucher_code !== null
        ? {
            code: row.r_voucher_code,
            amount: Number(row.r_voucher_amount),
            brand: row.r_voucher_brand ?? '',
            type: row.r_voucher_type ?? '',
            expiryDate: row.r_voucher_expiry,
            description: row.r_voucher_description,
          }
        : null,
  };
}
