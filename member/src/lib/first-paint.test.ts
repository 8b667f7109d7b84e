import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstContentfulPaint, FIRST_PAINT_TIMEOUT_MS } from './first-paint';

/** A window whose paint, frames and visibility the test controls. */
function fakeWindow({
  hidden = false,
  painted = false,
  paintTiming = true,
}: { hidden?: boolean; painted?: boolean; paintTiming?: boolean } = {}) {
  const observers: { callback: PerformanceObserverCallback; connected: boolean }[] = [];
  const frames: FrameRequestCallback[] = [];
  let fcp = painted;
  class FakeObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'largest-contentful-paint'] : ['mark'];
    private readonly entry: { callback: PerformanceObserverCallback; connected: boolean };
    constructor(callback: PerformanceObserverCallback) {
      this.entry = { callback, connected: false };
      observers.push(this.entry);
    }
    observe() {
      this.entry.connected = true;
    }
    disconnect() {
      this.entry.connected = false;
    }
  }
  const list = (name: string) =>
    ({
      getEntriesByName: (n: string) => (n === name ? [{ name }] : []),
    }) as unknown as PerformanceObserverEntryList;
  const win = {
    document: { visibilityState: hidden ? 'hidden' : 'visible' },
    performance: { getEntriesByName: (n: string) => (fcp && n === 'first-contentful-paint' ? [{}] : []) },
    PerformanceObserver: FakeObserver,
    requestAnimationFrame: (cb: FrameRequestCallback) => frames.push(cb),
  } as unknown as Window & typeof globalThis;
  return {
    win,
    /** The browser presents a paint: `name` is 'first-paint' or 'first-contentful-paint'. */
    present(name: string) {
      if (name === 'first-contentful-paint') fcp = true;
      for (const o of observers) if (o.connected) o.callback(list(name), o as unknown as PerformanceObserver);
    },
    frame() {
      frames.splice(0).forEach((cb) => cb(0));
    },
    connected: () => observers.filter((o) => o.connected).length,
  };
}

describe('the boot waits for the first contentful paint to be on screen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function settled(promise: Promise<void>) {
    let done = false;
    void promise.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    return done;
  }

  it('resolves after the contentful paint is presented, not after a first paint without content', async () => {
    const page = fakeWindow();
    const waiting = afterFirstContentfulPaint({ window: page.win });
    expect(await settled(waiting)).toBe(false);
    page.present('first-paint');
    expect(await settled(waiting)).toBe(false);
    page.present('first-contentful-paint');
    expect(await settled(waiting)).toBe(true);
    expect(page.connected()).toBe(0);
  });

  it('resolves at once when the paint was already presented', async () => {
    const page = fakeWindow({ painted: true });
    expect(await settled(afterFirstContentfulPaint({ window: page.win }))).toBe(true);
  });

  it('does not wait for a paint a hidden tab never gets', async () => {
    const page = fakeWindow({ hidden: true });
    expect(await settled(afterFirstContentfulPaint({ window: page.win }))).toBe(true);
  });

  it('waits for the next frame where the browser has no Paint Timing', async () => {
    const page = fakeWindow({ paintTiming: false });
    const waiting = afterFirstContentfulPaint({ window: page.win });
    expect(await settled(waiting)).toBe(false);
    page.frame();
    expect(await settled(waiting)).toBe(true);
  });

  it('boots anyway when no paint is reported in time', async () => {
    const page = fakeWindow();
    const waiting = afterFirstContentfulPaint({ window: page.win });
    await vi.advanceTimersByTimeAsync(FIRST_PAINT_TIMEOUT_MS - 1);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
    expect(page.connected()).toBe(0);
  });
});
