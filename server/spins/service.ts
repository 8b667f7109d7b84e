// The slot spin (docs/product-rules.md#spins): the server draws with crypto.randomInt; the database spends
// the spin with a conditional UPDATE and claims a voucher FOR UPDATE SKIP LOCKED, in one statement
// (server/db/functions/rewards_spin.sql).
import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/client';
import { toSpinResponse } from './mapper';
import { findOfferSlotConfig } from '../offers/repository';
import {
  callMemberSpin,
  callRewardsSpin,
  memberSpinQueue,
  type MemberSpinRow,
  type SpinRow,
  type SpinStatementObserver,
} from './repository';
import { assignOwedVouchers, refreshVoucherStock } from '../vouchers/repository';
import {
  BLOCKED_MESSAGE,
  ELIGIBILITY_REQUIRED_MESSAGE,
  EXCLUDED_STATE_MESSAGE,
  conflict,
  forbidden,
  notFound,
} from '../lib/errors';
import {
  DEFAULT_SLOT_CONFIG,
  offerTable,
  parseSlotConfig,
  rewardTypeFor,
  type SlotConfig,
} from '../../shared/slot';
import { renewMemberSessionKeyIfDue, type MemberSessionKey } from '../members/sessions-service';
import type { SpinResponse } from '../../shared/contract/member';

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

/**
 * The amounts a miss may show: what the played table can pay (its reels with an amount and a chance
 * above 0), then 0. Never another table's amounts: a miss on an offer paying ₹10 to ₹50 shows no ₹100.
 */
export function missAmounts(config: SlotConfig): number[] {
  const payable = config.reels.filter((r) => r.amount > 0 && r.probability > 0).map((r) => r.amount);
  return Array.from(new Set([...payable, 0]));
}

/**
 * Three amounts that are not all equal, from the played table's amounts (missAmounts). A table that
 * pays nothing has only 0 to show.
 */
export function missingCombination(
  config: SlotConfig,
  rand: (max: number) => number = randomInt,
): [number, number, number] {
  const pool = missAmounts(config);
  if (pool.length === 1) return [0, 0, 0];
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
  /** A free spin drawn from another table than the default one (the daily free spin's, issue 37). */
  table?: SlotConfig;
}

export interface SpinMetrics {
  onSpin?: (r: { win: boolean; stockOut: boolean; type: string }) => void;
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
    case 'RWSEX':
      return forbidden(EXCLUDED_STATE_MESSAGE);
    case 'RWELG':
      return forbidden(ELIGIBILITY_REQUIRED_MESSAGE);
    default:
      return null;
  }
}

/**
 * The slot spin: the server draws (crypto.randomInt over the offer's slot config, or the default
 * config for a free spin), then the database spends the spin, claims a voucher of the drawn amount
 * and records it in one statement (server/db/functions/rewards_spin.sql keeps its rules under concurrency).
 */
export async function spin(
  db: Queryable,
  input: SpinInput,
  metrics: SpinMetrics = {},
  /** The draw's source of randomness: crypto.randomInt in production; the demo seed passes a seeded one. */
  rand: (max: number) => number = randomInt,
): Promise<SpinResponse> {
  let config: SlotConfig = DEFAULT_SLOT_CONFIG;
  if (input.spinType === 'offer') {
    // Read before the spin: a config changed by an admin a moment later applies from the next spin.
    const offer = await findOfferSlotConfig(db, input.offerId!);
    if (!offer) throw notFound('Offer not found.');
    const parsed = parseSlotConfig(offer.slotConfig);
    if (parsed && parsed.reels.length > 0) config = parsed;
  }
  const drawn = drawAmount(config, rand);

  let row: SpinRow;
  try {
    row = await callRewardsSpin(db, {
      userId: input.userId,
      spinType: input.spinType,
      offerId: input.spinType === 'offer' ? input.offerId! : null,
      drawn,
      winRewardType: rewardTypeFor(drawn), // a miss (0) is 'none'
      winSlot: [drawn, drawn, drawn],
      missSlot: missingCombination(config, rand),
    });
  } catch (error) {
    throw refusal(error) ?? error;
  }

  metrics.onSpin?.({ win: row.r_is_win, stockOut: row.r_stock_out, type: input.spinType });
  await afterSpin(db, row, drawn);
  return toSpinResponse(row, input.spinType, config, drawn);
}

/**
 * After a spin's commit (docs/product-rules.md#spins): a debt it left is offered the stock at once (a
 * restock that committed while the spin ran did not see the debt), and a stock it emptied is written
 * to voucher_stock, so the odds members see follow. Neither can undo the spin: a failure here is left
 * to the next restock or the next draw of that amount, which do the same.
 */
async function afterSpin(db: Queryable, row: SpinRow, drawn: number): Promise<void> {
  try {
    if (row.r_owed) await assignOwedVouchers(db, drawn);
    if (row.r_stock_check) await refreshVoucherStock(db, drawn);
  } catch {
    // The spin stands; see above.
  }
}

/**
 * The offers' slot configs as this process last read them (offer id -> the text of slot_config and the
 * table it plays). Never trusted: member_spin compares the text with the offer's current one in the
 * statement that spends the spin, and a changed config is refused (RWCFG) before anything is spent, with
 * the current text, from which the server draws again. So a config an admin changed a moment ago, in
 * any process, applies from the next spin, as when the config was read before every spin.
 */
const slotConfigs = new Map<number, { text: string; table: SlotConfig }>();
const SLOT_CONFIGS_MAX = 10_000;

function rememberSlotConfig(offerId: number, text: string): void {
  if (slotConfigs.size >= SLOT_CONFIGS_MAX) slotConfigs.clear();
  slotConfigs.set(offerId, { text, table: offerTable(JSON.parse(text) as unknown) });
}

/**
 * Tells `observer` the number of spins in each statement slot-spin.php sends on `db` (under load the
 * spins waiting together share one: server/spins/repository.ts, MemberSpinQueue); it replaces any
 * observer set before.
 */
export function observeSpinStatements(db: Queryable, observer: SpinStatementObserver): void {
  memberSpinQueue(db).observer = observer;
}

/** What slot-spin.php answers: the session's verdict first (as app.requireMember gives it), then the spin. */
export type SessionSpin =
  | { status: 'none' }
  | { status: 'blocked' }
  | { status: 'refused'; error: Error; renewedUntil: Date | null }
  | { status: 'ok'; response: SpinResponse; renewedUntil: Date | null; userId: number };

/**
 * slot-spin.php in one round trip: member_spin checks the session of `key` and spins, in one statement
 * (server/db/functions/member_spin.sql). The draw is the server's, as in `spin`: crypto.randomInt over
 * the offer's slot config (from slotConfigs, which the statement checks) or the default table for a
 * free spin. An offer spin this process has not seen yet, or whose config changed, costs one more
 * round trip (the refused statement brings the config). A refused spin renews the session separately
 * when due (the refusal undid the statement's renewal), so its answer carries the cookie as before.
 */
export async function spinForSession(
  db: Queryable,
  key: MemberSessionKey,
  input: Omit<SpinInput, 'userId'>,
  metrics: SpinMetrics = {},
): Promise<SessionSpin> {
  const offerId = input.spinType === 'offer' ? input.offerId! : null;
  for (let attempt = 0; ; attempt++) {
    const known = offerId === null ? undefined : slotConfigs.get(offerId);
    // Not drawn while the offer's config is unknown: the statement refuses with the config.
    const config = offerId === null ? (input.table ?? DEFAULT_SLOT_CONFIG) : known?.table;
    const drawn = config ? drawAmount(config) : 0;
    const missSlot: [number, number, number] = config ? missingCombination(config) : [0, 0, 0];
    let row: MemberSpinRow;
    try {
      row = await callMemberSpin(db, key, {
        spinType: input.spinType,
        offerId,
        slotConfig: known?.text ?? null,
        drawn,
        winRewardType: rewardTypeFor(drawn), // a miss (0) is 'none'
        winSlot: [drawn, drawn, drawn],
        missSlot,
      });
    } catch (error) {
      const code = (error as { code?: unknown })?.code;
      if (code === 'RWSES') return { status: 'none' };
      if (code === 'RWSBL') return { status: 'blocked' };
      if (code === 'RWCFG' && offerId !== null && attempt < 3) {
        rememberSlotConfig(offerId, String((error as { detail?: unknown }).detail ?? 'null'));
        continue;
      }
      const refused = code === 'RWNOF' ? notFound('Offer not found.') : refusal(error);
      if (!refused) throw error;
      return { status: 'refused', error: refused, renewedUntil: await renewMemberSessionKeyIfDue(db, key) };
    }
    metrics.onSpin?.({ win: row.r_is_win, stockOut: row.r_stock_out, type: input.spinType });
    await afterSpin(db, row, drawn);
    return {
      status: 'ok',
      response: toSpinResponse(row, input.spinType, config ?? DEFAULT_SLOT_CONFIG, drawn),
      renewedUntil: row.r_renewed_until === null ? null : new Date(row.r_renewed_until),
      userId: row.r_user_id,
    };
  }
}
