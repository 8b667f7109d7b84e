// The slot's draw (crypto.randomInt(10 000), server/spins/service.ts) fixed for the checks that need a
// known outcome, such as a win, to run every time rather than when chance allows. A test file opts in:
//   vi.mock('node:crypto', (original) => import('../test/fixed-draw').then((m) => m.cryptoWithFixedDraw(original)));
// and wraps the calls in withDraw(roll, ...). Every other randomInt call is the real one.

const draw = { roll: null as number | null };

export async function cryptoWithFixedDraw(importOriginal: () => Promise<unknown>) {
  const actual = (await importOriginal()) as typeof import('node:crypto');
  const randomInt = (...args: unknown[]) =>
    draw.roll !== null && args.length === 1 && args[0] === 10_000
      ? draw.roll
      : (actual.randomInt as (...a: unknown[]) => number)(...args);
  return { ...actual, randomInt };
}

/**
 * Runs `fn` with the draw's roll fixed (0..9999 against cumulative probabilities x 100: roll 0 is the
 * first reel with a probability, e.g. 10 on the default reels of a free spin).
 */
export async function withDraw<T>(roll: number, fn: () => Promise<T>): Promise<T> {
  draw.roll = roll;
  try {
    return await fn();
  } finally {
    draw.roll = null;
  }
}
