import { describe, expect, it } from 'vitest';
import { DEFAULT_SLOT_CONFIG } from '../../shared/slot';
import { drawAmount, missAmounts, missingCombination } from './service';

// The draw and the miss display at their edges (docs/product-rules.md#spins): what the member is shown.
// Written for the mutants npm run test:mutation found alive (docs/testing.md).
const scripted = (rolls: number[]) => {
  let i = 0;
  return () => rolls[i++] ?? 0;
};

describe('the draw at its edges', () => {
  it('a reel with a negative probability takes no share of the rolls', () => {
    const config = {
      reels: [
        { amount: 50, probability: -10 },
        { amount: 10, probability: 90 },
      ],
    };
    expect(drawAmount(config, () => 8_999)).toBe(10);
    expect(drawAmount(config, () => 9_000)).toBe(0);
  });

  it('a reel with a negative amount is a miss', () => {
    expect(drawAmount({ reels: [{ amount: -5, probability: 100 }] }, () => 0)).toBe(0);
  });
});

describe('the three amounts of a miss', () => {
  // The offer's amounts (777 and 20, neither a jackpot of the default display set), then 0.
  const pool = [777, 20, 0];
  const config = {
    reels: [
      { amount: 777, probability: 10 },
      { amount: 20, probability: 15 },
    ],
  };

  it("are drawn from the offer's own amounts and 0, nothing else", () => {
    expect(missAmounts(config)).toEqual(pool);
    expect(missingCombination(config, scripted([0, 1, 2]))).toEqual([pool[0], pool[1], pool[2]]);
  });

  it('leave out reels that cannot pay (amount or chance not above 0), and free spins show the default table', () => {
    expect(
      missAmounts({
        reels: [
          { amount: 50, probability: 0 },
          { amount: 0, probability: 40 },
          { amount: 10, probability: 30 },
          { amount: 10, probability: 5 },
        ],
      }),
    ).toEqual([10, 0]);
    expect(missAmounts(DEFAULT_SLOT_CONFIG)).toEqual([10, 5, 0]);
  });

  it('a table that pays nothing shows three blanks', () => {
    expect(missingCombination({ reels: [{ amount: 0, probability: 50 }] }, scripted([0, 0, 0]))).toEqual([
      0, 0, 0,
    ]);
  });

  it('a table that pays nothing shows three blanks with the real randomness too (nothing else to pick)', () => {
    const payNothing = {
      reels: [
        { amount: 0, probability: 60 },
        { amount: 25, probability: 0 },
      ],
    };
    expect(missingCombination(payNothing)).toEqual([0, 0, 0]);
  });

  it('when all three came out equal, the third moves on to another amount of the pool', () => {
    expect(missingCombination(config, scripted([0, 0, 0, 0]))).toEqual([pool[0], pool[0], pool[1]]);
    expect(missingCombination(config, scripted([2, 2, 2, pool.length - 2]))).toEqual([
      pool[2],
      pool[2],
      pool[(2 + 1 + pool.length - 2) % pool.length],
    ]);
  });

  it('two equal and one different are kept as drawn, whichever two', () => {
    expect(missingCombination(config, scripted([0, 1, 1, 0]))).toEqual([pool[0], pool[1], pool[1]]);
    expect(missingCombination(config, scripted([0, 0, 1, pool.length - 2]))).toEqual([
      pool[0],
      pool[0],
      pool[1],
    ]);
  });
});
