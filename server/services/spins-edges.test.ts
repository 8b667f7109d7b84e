import { describe, expect, it } from 'vitest';
import { DEFAULT_REEL_AMOUNTS } from '../../shared/slot';
import { drawAmount, missingCombination } from './spins';

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
  // The offer's amount (777, not among the defaults) first, then the default reel amounts.
  const pool = [777, ...DEFAULT_REEL_AMOUNTS];
  const config = { reels: [{ amount: 777, probability: 10 }] };

  it("are drawn from the offer's amounts first, then the default reel amounts", () => {
    expect(missingCombination(config, scripted([0, 1, 2]))).toEqual([pool[0], pool[1], pool[2]]);
  });

  it('when all three came out equal, the third moves on to another amount of the pool', () => {
    expect(missingCombination(config, scripted([0, 0, 0, 0]))).toEqual([pool[0], pool[0], pool[1]]);
    expect(missingCombination(config, scripted([3, 3, 3, pool.length - 2]))).toEqual([
      pool[3],
      pool[3],
      pool[(3 + 1 + pool.length - 2) % pool.length],
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
