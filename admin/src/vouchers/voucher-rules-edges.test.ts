import { describe, expect, it } from 'vitest';
import type { VoucherStatsRow } from '../../../shared/contract/admin/vouchers';
import {
  emptyVoucherForm,
  expiryBadge,
  isExpiringSoon,
  isPastExpiry,
  toVoucherRequest,
  validateVoucherForm,
  voucherTotals,
} from './voucher-rules';

// The voucher rules at their edges (docs/product-rules.md#admin-rules): the day a voucher expires, the
// smallest amount, the empty form and the body sent. Written for the mutants npm run test:mutation
// found alive (docs/testing.md).
const today = '2030-06-10';

describe('expiry, to the day', () => {
  it('a voucher expiring today is not past its expiry; yesterday is; a timestamp counts by its day', () => {
    expect(isPastExpiry({ expiry_date: today }, today)).toBe(false);
    expect(isPastExpiry({ expiry_date: '2030-06-09' }, today)).toBe(true);
    expect(isPastExpiry({ expiry_date: '2030-06-10T23:59:59Z' }, today)).toBe(false);
    expect(isPastExpiry({ expiry_date: null }, today)).toBe(false);
  });

  it('an available voucher expiring today is expiring soon; one past its date or without one is not', () => {
    expect(isExpiringSoon({ expiry_date: today, status: 'available' }, today)).toBe(true);
    expect(isExpiringSoon({ expiry_date: '2030-06-09', status: 'available' }, today)).toBe(false);
    expect(isExpiringSoon({ expiry_date: null, status: 'available' }, today)).toBe(false);
    // The seventh day counts whole, at any time of it.
    expect(isExpiringSoon({ expiry_date: '2030-06-17T10:00:00Z', status: 'available' }, today)).toBe(true);
    expect(expiryBadge({ expiry_date: null, status: 'available' }, today)).toBeNull();
  });
});

describe('the Add Vouchers form', () => {
  it('opens empty with Gift Card as the type', () => {
    expect(emptyVoucherForm()).toEqual({
      voucher_brand: '',
      voucher_type: 'Gift Card',
      voucher_amount: '',
      expiry_date: '',
      codes: '',
      voucher_description: '',
      voucher_terms: '',
    });
  });

  it('accepts an amount of exactly 1', () => {
    const values = {
      ...emptyVoucherForm(),
      voucher_brand: 'Amazon',
      voucher_amount: '1',
      expiry_date: '2030-12-31',
      codes: 'A',
    };
    expect(validateVoucherForm(values, today)).toBeNull();
  });

  it('sends the brand and terms trimmed, Gift Card for an empty type, null for terms of spaces', () => {
    const body = (over: object) =>
      toVoucherRequest({
        ...emptyVoucherForm(),
        voucher_brand: ' Amazon ',
        voucher_amount: '50',
        expiry_date: '2030-12-31',
        codes: 'A',
        ...over,
      });
    expect(body({ voucher_type: '', voucher_terms: ' Valid in India ' })).toMatchObject({
      voucher_type: 'Gift Card',
      voucher_brand: 'Amazon',
      voucher_terms: 'Valid in India',
    });
    expect(body({ voucher_type: 'E-Voucher', voucher_terms: '   ' })).toMatchObject({
      voucher_type: 'E-Voucher',
      voucher_terms: null,
    });
  });
});

describe('the tiles', () => {
  it('Distributed counts assigned plus used, a missing count as 0', () => {
    const row = (over: Partial<VoucherStatsRow>) =>
      ({
        voucher_brand: 'A',
        voucher_amount: 10,
        total: 0,
        available: 0,
        assigned: 0,
        used: 0,
        expired: 0,
        total_value: 0,
        ...over,
      }) as VoucherStatsRow;
    expect(voucherTotals([row({ assigned: 2, used: 3 }), row({ assigned: 1 })]).distributed).toBe(6);
    expect(
      voucherTotals([
        row({ assigned: null as unknown as number, used: 4 }),
        row({ assigned: 5, used: null as unknown as number }),
      ]).distributed,
    ).toBe(9);
  });
});
