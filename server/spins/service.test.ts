import { describe, expect, it } from 'vitest';
import { drawAmount, missingCombination } from './service';
import { DEFAULT_SLOT_CONFIG } from '../../shared/slot';

describe('the draw', () => {
  it('maps the roll onto cumulative percent probabilities; the remainder is a miss', () => {
    const config = {
      reels: [
        { amount: 100, probability: 5 },
        { amount: 50, probability: 15 },
      ],
    };
    expect(drawAmount(config, () => 0)).toBe(100);
    expect(drawAmount(config, () => 499)).toBe(100);
    expect(drawAmount(config, () => 500)).toBe(50);
    expect(drawAmount(config, () => 1999)).toBe(50);
    expect(drawAmount(config, () => 2000)).toBe(0);
    expect(drawAmount(config, () => 9999)).toBe(0);
  });

  it('treats a zero-amount reel as a miss (the default config: 10 at 20%, 5 at 30%, 0 at 50%)', () => {
    expect(drawAmount(DEFAULT_SLOT_CONFIG, () => 1999)).toBe(10);
    expect(drawAmount(DEFAULT_SLOT_CONFIG, () => 4999)).toBe(5);
    expect(drawAmount(DEFAULT_SLOT_CONFIG, () => 5000)).toBe(0);
  });

  it('draws close to the configured odds with crypto.randomInt', () => {
    const counts = new Map<number, number>();
    for (let i = 0; i < 20_000; i++) {
      const a = drawAmount(DEFAULT_SLOT_CONFIG);
      counts.set(a, (counts.get(a) ?? 0) + 1);
    }
    expect((counts.get(10) ?? 0) / 20_000).toBeCloseTo(0.2, 1);
    expect((counts.get(5) ?? 0) / 20_000).toBeCloseTo(0.3, 1);
  });

  it('a miss shows three amounts that are never all equal', () => {
    for (let i = 0; i < 2000; i++) {
      const combo = missingCombination({ reels: [{ amount: 10, probability: 50 }] });
      expect(new Set(combo).size).toBeGreaterThan(1);
      expect(combo.every((a) => a === 10 || a === 0)).toBe(true);
    }
    // Even when the random source always picks the same slot.
    expect(new Set(missingCombination(DEFAULT_SLOT_CONFIG, () => 0)).size).toBeGreaterThan(1);
  });
});
