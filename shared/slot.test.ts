import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SLOT_CONFIG,
  amountFromRewardType,
  amountTier,
  isValidProbabilityTotal,
  parseSlotConfig,
  referralRating,
  rewardTypeFor,
  spinTypeFor,
  winRange,
  winRangeText,
  tableOdds,
  winRateRating,
} from './slot';

describe('slot rules', () => {
  it('spin type is free when free spins remain or the pseudo-offer id is 0, otherwise offer', () => {
    expect(spinTypeFor(7, 0)).toBe('offer');
    expect(spinTypeFor(7, 2)).toBe('free');
    expect(spinTypeFor(0, 0)).toBe('free');
  });

  it('parses objects and JSON strings; null when unparseable', () => {
    expect(parseSlotConfig('{"reels":[{"amount":"5","probability":10}]}')).toEqual({
      reels: [{ amount: 5, probability: 10 }],
    });
    expect(parseSlotConfig('{oops')).toBeNull();
    expect(parseSlotConfig(null)).toBeNull();
    expect(parseSlotConfig({ reels: 'no' })).toBeNull();
  });

  it('win range counts only reels with a numeric amount above 0', () => {
    expect(
      winRange({
        reels: [
          { amount: 5, probability: 15 },
          { amount: 10, probability: 8 },
          { amount: 0, probability: 50 },
        ],
      }),
    ).toEqual({ min: 5, max: 10 });
    expect(winRange({ reels: [{ amount: 0, probability: 50 }] })).toBeNull();
  });

  it("an offer without a slot_config shows the default table's range, and one amount reads alone", () => {
    expect(winRange(null)).toEqual({ min: 5, max: 10 });
    expect(winRange({ reels: [] })).toEqual({ min: 5, max: 10 });
    expect(winRange('{oops')).toEqual({ min: 5, max: 10 });
    expect(winRangeText(winRange(null)!)).toBe('Win ₹5 - ₹10');
    expect(winRangeText(winRange({ reels: [{ amount: 10, probability: 40 }] })!)).toBe('Win ₹10');
    expect(winRangeText({ min: 10, max: 1000 })).toBe('Win ₹10 - ₹1,000');
  });

  it("states a table's odds: its prizes, highest first, and the rest as 'Try again'", () => {
    expect(tableOdds(DEFAULT_SLOT_CONFIG)).toEqual({
      prizes: [
        { amount: 10, percent: 20 },
        { amount: 5, percent: 30 },
      ],
      tryAgain: 50,
    });
    expect(
      tableOdds({
        reels: [
          { amount: 50, probability: 5.5 },
          { amount: 10, probability: 40 },
          { amount: 10, probability: 10 },
          { amount: 0, probability: 20 },
          { amount: 100, probability: 0 },
        ],
      }),
    ).toEqual({
      prizes: [
        { amount: 50, percent: 5.5 },
        { amount: 10, percent: 50 },
      ],
      tryAgain: 44.5,
    });
  });

  it('reward types round-trip', () => {
    expect(rewardTypeFor(50)).toBe('voucher_50');
    expect(rewardTypeFor(null)).toBe('none');
    expect(amountFromRewardType('voucher_50')).toBe(50);
    expect(amountFromRewardType('none')).toBeNull();
  });

  it('probability totals must be above 0 and below 100', () => {
    expect(
      isValidProbabilityTotal([
        { amount: 5, probability: 15 },
        { amount: 10, probability: 8 },
      ]),
    ).toBe(true);
    expect(
      isValidProbabilityTotal([
        { amount: 5, probability: 60 },
        { amount: 10, probability: 40 },
      ]),
    ).toBe(false);
    expect(isValidProbabilityTotal([{ amount: 5, probability: 0 }])).toBe(false);
  });

  it('tiers and ratings follow section 9', () => {
    expect([100, 50, 20, 10, 5].map(amountTier)).toEqual(['top', 'high', 'mid', 'low', 'none']);
    expect([70, 69, 50, 49, 30, 29].map(winRateRating)).toEqual([
      'Excellent Luck',
      'Good Performance',
      'Good Performance',
      'Keep Spinning',
      'Keep Spinning',
      'Better Luck Next Time',
    ]);
    expect([80, 60, 40, 39].map(referralRating)).toEqual([
      'Excellent',
      'Good',
      'Average',
      'Needs Improvement',
    ]);
  });
});
