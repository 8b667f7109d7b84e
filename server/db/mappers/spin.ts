// The spin function's row as slot-spin.php answers it.
import type { SpinResponse } from '../../../shared/contract/member';
import type { SpinRow } from '../repositories/spins';

export function toSpinResponse(row: SpinRow, spinType: 'free' | 'offer'): SpinResponse {
  return {
    success: true,
    slotResult: row.r_slot_result,
    isWinningCombination: row.r_is_win,
    rewardType: row.r_reward_type,
    spinType,
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
