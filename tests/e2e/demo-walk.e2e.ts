import { describe, expect, inject, it } from 'vitest';
import { walk } from '../../server/scripts/demo-walk';

describe('the whole member loop over HTTP (npm run demo:walk)', () => {
  it('signs in with a referral code, completes an offer at the demo partner, wins, and credits the referrer', async () => {
    const lines: string[] = [];
    const result = await walk(inject('baseUrl'), (l) => lines.push(l));
    expect(result.voucherCode).toMatch(/\w+/);
    expect(result.referrerFreeSpins).toBe(1);
    expect(lines.some((l) => l.startsWith('7. '))).toBe(true);
  });
});
