// The spin: one call of the database function rewards_spin (server/db/functions/rewards_spin.sql),
// a named statement; slot-spin.php calls member_spin, the same with the member session check first. It spends the spin, claims a voucher and records it; refusals are raised as
// SQLSTATEs RWNOS (no offer spin), RWNFS (no free spin) and RWBLK (blocked or missing member).
import { run, type Queryable } from '../client';
import { statement } from '../statements';

export interface SpinRow {
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

export interface SpinRequest {
  userId: number;
  spinType: 'free' | 'offer';
  offerId: number | null;
  /** The amount the server drew (0: a miss). */
  drawn: number;
  /** The reward type recorded if the drawn amount is won. */
  winRewardType: string;
  winSlot: [number, number, number];
  missSlot: [number, number, number];
}

const spinStatement = statement(
  'rewards_spin',
  'select * from rewards_spin($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)',
);

export async function callRewardsSpin(db: Queryable, r: SpinRequest): Promise<SpinRow> {
  const [row] = await run<SpinRow>(db, spinStatement, [
    r.userId,
    r.spinType,
    r.offerId,
    r.drawn,
    r.winRewardType,
    JSON.stringify(r.winSlot),
    JSON.stringify(r.missSlot),
  ]);
  if (!row) throw new Error('rewards_spin returned no row');
  return row;
}

const memberSpinStatement = statement(
  'member_spin',
  'select * from member_spin($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb)',
);

export interface MemberSpinRow extends SpinRow {
  /** The session's new end when this spin renewed it. */
  r_renewed_until: Date | string | null;
  /** The member whose session the spin checked. */
  r_user_id: number;
}

/**
 * slot-spin.php's one statement (server/db/functions/member_spin.sql): the member session check of
 * `session.idHash`, then rewards_spin. `slotConfig`: the text of the offer's slot_config the draw came
 * from (an offer spin), null when the server has not read it yet.
 */
export async function callMemberSpin(
  db: Queryable,
  session: { idHash: string; ttlSeconds: number; renewAfterSeconds: number },
  r: Omit<SpinRequest, 'userId'> & { slotConfig: string | null },
): Promise<MemberSpinRow> {
  const [row] = await run<MemberSpinRow>(db, memberSpinStatement, [
    session.idHash,
    session.ttlSeconds,
    session.renewAfterSeconds,
    r.spinType,
    r.offerId,
    r.slotConfig,
    r.drawn,
    r.winRewardType,
    JSON.stringify(r.winSlot),
    JSON.stringify(r.missSlot),
  ]);
  if (!row) throw new Error('member_spin returned no row');
  return row;
}
