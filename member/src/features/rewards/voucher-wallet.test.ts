import { describe, expect, it } from 'vitest';
import type { UserVoucher } from '../../../../shared/contract/member';
import { daysLeft, expiryChip, isUsable, sortWallet } from './voucher-wallet';

const NOW = new Date(2026, 10, 24, 15, 30); // 24 Nov 2026, afternoon, local time

function voucher(id: number, extra: Partial<UserVoucher> = {}): UserVoucher {
  return {
    voucher_id: id,
    voucher_code: `CODE-${id}`,
    voucher_amount: 10,
    voucher_brand: 'Amazon',
    voucher_description: null,
    title: null,
    assigned_at: `2026-11-${String(10 + id).padStart(2, '0')}T10:00:00Z`,
    completed_at: null,
    voucher_source: 'offer_completion',
    voucher_terms: null,
    expiry_date: '2026-12-31',
    status: 'assigned',
    ...extra,
  };
}

describe('the wallet', () => {
  it("counts days to the expiry date on the member's calendar (the last day counts as 0)", () => {
    expect(daysLeft('2026-11-24', NOW)).toBe(0);
    expect(daysLeft('2026-11-25', NOW)).toBe(1);
    expect(daysLeft('2026-12-01', NOW)).toBe(7);
    expect(daysLeft('2026-11-23', NOW)).toBe(-1);
    expect(daysLeft(null, NOW)).toBeNull();
  });

  it("words the chip and turns it red within 7 days, 'Expired' after", () => {
    expect(expiryChip(30)).toEqual({ text: 'Expires in 30 days', tone: 'ok' });
    expect(expiryChip(8)).toEqual({ text: 'Expires in 8 days', tone: 'ok' });
    expect(expiryChip(7)).toEqual({ text: 'Expires in 7 days', tone: 'soon' });
    expect(expiryChip(1)).toEqual({ text: 'Expires tomorrow', tone: 'soon' });
    expect(expiryChip(0)).toEqual({ text: 'Expires today', tone: 'soon' });
    expect(expiryChip(-1)).toEqual({ text: 'Expired', tone: 'expired' });
    expect(expiryChip(null)).toBeNull();
  });

  it('lists usable vouchers by soonest expiry, then used and expired ones, latest won first', () => {
    const list = [
      voucher(1, { expiry_date: '2027-06-01' }),
      voucher(2, { status: 'used', expiry_date: '2026-11-25' }),
      voucher(3, { expiry_date: '2026-11-26' }),
      voucher(4, { expiry_date: '2026-11-01' }),
      voucher(5, { expiry_date: null }),
      voucher(6, { expiry_date: '2026-11-24' }),
    ];
    expect(sortWallet(list, NOW).map((v) => v.voucher_id)).toEqual([6, 3, 1, 5, 4, 2]);
    expect(isUsable(list[3]!, NOW)).toBe(false);
    expect(isUsable(list[1]!, NOW)).toBe(false);
    expect(isUsable(list[5]!, NOW)).toBe(true);
  });
});
