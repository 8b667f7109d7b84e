// The spin function's row as slot-spin.php answers it.
import type { SpinResponse } from '../../shared/contract/member';
import { stockedTable, type SlotConfig } from '../../shared/slot';
import type { SpinRow } from './repository';

/**
 * `table`: the table the spin played; `drawn`: the amount drawn. The odds are those of this spin: the
 * table's reels with a code in stock (r_stocked), the amount it won included (even when it took the last
 * code), an amount it found with no code left out (r_stock_check on a miss: it was not drawn).
 */
export function toSpinResponse(
  row: SpinRow,
  spinType: 'free' | 'offer',
  table: SlotConfig,
  drawn: number,
): SpinResponse {
  const stocked = (row.r_stocked ?? [])
    .map(Number)
    .filter((a) => !(row.r_stock_check && !row.r_is_win && a === drawn));
  if (row.r_is_win) stocked.push(drawn);
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
    owedVoucher: row.r_owed ? { amount: drawn } : null,
    odds: stockedTable(table, stocked),
  };
}
