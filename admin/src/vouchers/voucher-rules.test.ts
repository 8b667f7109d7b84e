import { describe, expect, it } from 'vitest';
import {
  brandSummaries,
  creationMessage,
  emptyVoucherForm,
  expiryBadge,
  parseCodes,
  statusAction,
  toVoucherRequest,
  validateVoucherForm,
  voucherTotals,
} from './voucher-rules';

const today = '2030-06-10';
const form = (over = {}) => ({
  ...emptyVoucherForm(),
  voucher_brand: 'Amazon',
  voucher_amount: '50',
  expiry_date: '2030-12-31',
  codes: 'A\nB',
  ...over,
});

describe('voucher form', () => {
  it.each([
    [{ voucher_brand: ' ' }, 'app.vouchers.add.errors.required'],
    [{ voucher_amount: '' }, 'app.vouchers.add.errors.required'],
    [{ codes: '' }, 'app.vouchers.add.errors.required'],
    [{ expiry_date: '' }, 'app.vouchers.add.errors.required'],
    [{ codes: '  \n \n' }, 'app.vouchers.add.errors.no_codes'],
    [
      { codes: Array.from({ length: 101 }, (_, i) => `C${i}`).join('\n') },
      'app.vouchers.add.errors.too_many',
    ],
    [{ codes: 'A\n B \nB' }, 'app.vouchers.add.errors.duplicates'],
    [{ voucher_amount: '0.5' }, 'app.vouchers.add.errors.amount'],
    [{ expiry_date: '2030-06-09' }, 'app.vouchers.add.errors.past_expiry'],
  ])('%j → %s', (over, key) => {
    expect(validateVoucherForm(form(over), today)).toBe(key);
  });

  it("refuses what the server refuses, in the server's words when the console has none (issue 34)", () => {
    expect(validateVoucherForm(form({ voucher_amount: '1.001' }), today)).toBe(
      'Voucher amount can have at most 2 decimals',
    );
  });

  it('accepts 100 codes, today as expiry and amounts with cents', () => {
    const codes = Array.from({ length: 100 }, (_, i) => `C${i}`).join('\n');
    expect(
      validateVoucherForm(form({ codes, expiry_date: today, voucher_amount: '1.25' }), today),
    ).toBeNull();
  });

  it('splits codes by line, trims and drops empty lines', () => {
    expect(parseCodes(' A \r\n\nB\n  \nC')).toEqual(['A', 'B', 'C']);
  });

  it('builds the section 7 body with Gift Card as default type', () => {
    expect(toVoucherRequest(form({ codes: 'A\n\nB ', voucher_description: ' ' }))).toEqual({
      voucher_type: 'Gift Card',
      voucher_brand: 'Amazon',
      voucher_amount: 50,
      voucher_codes: ['A', 'B'],
      voucher_description: null,
      voucher_terms: null,
      expiry_date: '2030-12-31',
    });
  });

  it('writes the success alert of section 7', () => {
    expect(creationMessage(2, 1)).toBe(
      'Success! 2 vouchers created successfully. 1 duplicate codes were skipped.',
    );
    expect(creationMessage(3, 0)).toBe('Success! 3 vouchers created successfully.');
  });
});

describe('voucher badges and actions', () => {
  it('shows Expired when the date is past but the status is not expired', () => {
    expect(expiryBadge({ status: 'available', expiry_date: '2030-06-09' }, today)).toBe('expired');
    expect(expiryBadge({ status: 'expired', expiry_date: '2030-06-09' }, today)).toBeNull();
  });
  it('shows Expiring Soon for available vouchers expiring within 7 days', () => {
    expect(expiryBadge({ status: 'available', expiry_date: '2030-06-17' }, today)).toBe('expiring_soon');
    expect(expiryBadge({ status: 'available', expiry_date: '2030-06-18' }, today)).toBeNull();
    expect(expiryBadge({ status: 'assigned', expiry_date: '2030-06-12' }, today)).toBeNull();
  });
  it('offers Mark Expired, Un-expire or nothing', () => {
    expect(statusAction({ status: 'available', expiry_date: '2030-07-01' }, today)).toBe('expire');
    expect(statusAction({ status: 'available', expiry_date: '2030-06-01' }, today)).toBeNull();
    expect(statusAction({ status: 'expired', expiry_date: '2030-06-01' }, today)).toBe('unexpire');
    expect(statusAction({ status: 'assigned', expiry_date: '2030-07-01' }, today)).toBeNull();
    expect(statusAction({ status: 'used', expiry_date: '2030-07-01' }, today)).toBeNull();
  });
});

describe('brand statistics', () => {
  const row = (brand: string, amount: number, available: number, assigned = 0, used = 0, expired = 0) => ({
    voucher_brand: brand,
    voucher_amount: amount,
    total: available + assigned + used + expired,
    available,
    assigned,
    used,
    expired,
    total_value: amount * (available + assigned + used + expired),
  });
  it('groups by brand with available counts per amount ascending', () => {
    const [amazon, flip] = brandSummaries([
      row('Flipkart', 10, 0, 2),
      row('Amazon', 100, 1),
      row('Amazon', 10, 3, 1, 1, 1),
    ]);
    expect(amazon).toMatchObject({
      brand: 'Amazon',
      total: 7,
      available: 4,
      assigned: 1,
      used: 1,
      expired: 1,
      total_value: 160,
    });
    expect(amazon.availableByAmount).toEqual([
      { amount: 10, available: 3 },
      { amount: 100, available: 1 },
    ]);
    expect(flip.availableByAmount).toEqual([]);
    expect(voucherTotals([row('A', 10, 3, 1, 1, 1)])).toEqual({
      total: 6,
      available: 3,
      distributed: 2,
      value: 60,
    });
  });
});
