// The boot (member/src/main.tsx) loads React and the app only once the page's first contentful paint
// is on screen: the server-rendered page (the sign-in page, a member's page) or the loader is the
// first thing a member sees, and nothing the app fetches competes with it.
//
// "On screen" is the paint's presentation, not the main thread's paint: with software compositing
// on a busy 2-core machine the frame reached the screen 40-150 ms after the renderer had painted it
// (Lighthouse traces; docs/decisions/boot-waits-for-first-paint.md), and the app's chunks, started after the
// renderer's paint, were downloaded before the presentation in some runs and not in others. Lighthouse
// counts every request that ended before the largest paint as needed for it, so the same page scored
// an LCP of 1.3 s or 2.3 s depending on that race. On a phone the two moments are a frame apart.

/** The longest wait for the paint (a browser that never reports it must still boot). */
export const FIRST_PAINT_TIMEOUT_MS = 500;

export interface FirstPaintOptions {
  /** Tests give their own; the browser's by default. */
  window?: Window & typeof globalThis;
}

function hasPainted(win: Window): boolean {
  return win.performance.getEntriesByName('first-contentful-paint').length > 0;
}

/**
 * Resolves once the first contentful paint has been presented (Paint Timing), in a task of its own.
 * A hidden page gets no frames, so it resolves after one task; a browser without Paint Timing after
 * its next frame; any browser after FIRST_PAINT_TIMEOUT_MS at most.
 */
export function afterFirstContentfulPaint(opts: FirstPaintOptions = {}): Promise<void> {
  const win = opts.window ?? window;
  return new Promise((resolve) => {
    if (win.document.visibilityState === 'hidden' || hasPainted(win)) {
      setTimeout(resolve, 0);
      return;
    }
    let finished = false;
    const supportsPaint = win.PerformanceObserver?.supportedEntryTypes?.includes('paint') ?? false;
    const observer = supportsPaint
      ? new win.PerformanceObserver((list) => {
          if (list.getEntriesByName('first-contentful-paint').length > 0) done();
        })
      : null;
    const timer = setTimeout(done, FIRST_PAINT_TIMEOUT_MS);
    function done() {
      if (finished) return;
      finished = true;
      observer?.disconnect();
      clearTimeout(timer);
      // A task of its own: the observer's callback may run inside the frame's own work.
      setTimeout(resolve, 0);
    }
    if (observer) observer.observe({ type: 'paint', buffered: true });
    else win.requestAnimationFrame(() => done());
  });
}
