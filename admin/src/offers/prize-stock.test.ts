import { describe, expect, it } from 'vitest';
import { expectedVoucherCost, unstockedAmounts } from './offer-form';

// The prize editor's stock check and voucher cost (docs/product-rules.md#spins, "Stock-outs and owed
// vouchers").
describe('prize editor: stock and voucher cost', () => {
  const reels = [
    { amount: 10, probability: 20 },
    { amount: 500, probability: 1 },
    { amount: 0, probability: 5 }, // dropped on submit: not a prize
    { amount: 50, probability: 0 }, // dropped on submit: no chance
  ];
  const stock = new Map([
    [10, 40],
    [50, 0],
  ]);

  it('names the kept amounts with no code in stock', () => {
    expect(unstockedAmounts(reels, stock)).toEqual([500]);
    expect(unstockedAmounts(reels, new Map([...stock, [500, 3]]))).toEqual([]);
  });

  it('costs a completion as each kept amount times its chance; with the stock, only what can be won now', () => {
    expect(expectedVoucherCost(reels)).toBe(7); // 10 × 20 % + 500 × 1 %
    expect(expectedVoucherCost(reels, stock)).toBe(2); // ₹500 has no code: not drawn
    expect(
      expectedVoucherCost([
        { amount: 5, probability: 15 },
        { amount: 10, probability: 8 },
      ]),
    ).toBe(1.55);
  });
});
