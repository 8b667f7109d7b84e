import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterPageSettles } from './page-settled';

/** A window whose load event and idle callbacks the test fires itself. */
function fakeWindow(readyState: DocumentReadyState) {
  const target = new EventTarget();
  const idle: { cb: () => void; timeout: number | undefined }[] = [];
  const win = Object.assign(target, {
    document: { readyState },
    requestIdleCallback: (cb: () => void, o?: { timeout?: number }) => idle.push({ cb, timeout: o?.timeout }),
    cancelIdleCallback: (h: number) => {
      idle[h - 1] = { cb: () => {}, timeout: undefined };
    },
  });
  return { win: win as unknown as Window, idle, load: () => target.dispatchEvent(new Event('load')) };
}

describe('afterPageSettles', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the load event, then the delay, then an idle moment', () => {
    const { win, idle, load } = fakeWindow('loading');
    const fn = vi.fn();
    afterPageSettles(fn, { delayMs: 2_000, window: win });
    vi.advanceTimersByTime(10_000);
    expect(idle).toHaveLength(0); // no load yet: nothing asked
    load();
    vi.advanceTimersByTime(1_999);
    expect(idle).toHaveLength(0); // the delay has not passed
    vi.advanceTimersByTime(1);
    expect(idle).toHaveLength(1);
    expect(idle[0]!.timeout).toBe(2_000);
    expect(fn).not.toHaveBeenCalled();
    idle[0]!.cb();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('starts at once on a page that has already loaded', () => {
    const { win, idle } = fakeWindow('complete');
    const fn = vi.fn();
    afterPageSettles(fn, { window: win, idleTimeoutMs: 500 });
    expect(idle).toHaveLength(1);
    expect(idle[0]!.timeout).toBe(500);
    idle[0]!.cb();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('a cancel before the load, during the delay or before the idle moment means it never runs', () => {
    const fn = vi.fn();
    const a = fakeWindow('loading');
    afterPageSettles(fn, { window: a.win })();
    a.load();
    expect(a.idle).toHaveLength(0);

    const b = fakeWindow('complete');
    const cancelB = afterPageSettles(fn, { delayMs: 1_000, window: b.win });
    vi.advanceTimersByTime(500);
    cancelB();
    vi.advanceTimersByTime(5_000);
    expect(b.idle).toHaveLength(0);

    const c = fakeWindow('complete');
    const cancelC = afterPageSettles(fn, { window: c.win });
    cancelC();
    c.idle.forEach((i) => i.cb());
    expect(fn).not.toHaveBeenCalled();
  });

  it('without requestIdleCallback, runs 200 ms after the delay', () => {
    const { win } = fakeWindow('complete');
    (win as unknown as { requestIdleCallback: unknown }).requestIdleCallback = undefined;
    const fn = vi.fn();
    afterPageSettles(fn, { delayMs: 100, window: win });
    vi.advanceTimersByTime(299);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
