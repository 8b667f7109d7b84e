import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const registered = vi.hoisted(() => ({ count: 0 }));
vi.mock('virtual:pwa-register/react', () => ({
  useRegisterSW: () => {
    registered.count += 1;
    return {
      needRefresh: [false, () => {}],
      offlineReady: [false, () => {}],
      updateServiceWorker: async () => {},
    };
  },
}));

const { DeferredUpdatePrompt, SW_REGISTER_DELAY_MS } = await import('./update-prompt');

describe('DeferredUpdatePrompt', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    registered.count = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('registers the service worker only once the page has settled, not during the first render', async () => {
    render(<DeferredUpdatePrompt />);
    expect(registered.count).toBe(0);
    await act(async () => {
      vi.advanceTimersByTime(SW_REGISTER_DELAY_MS - 1);
    });
    expect(registered.count).toBe(0);
    // The delay, then the idle moment (jsdom has no requestIdleCallback: 200 ms).
    await act(async () => {
      vi.advanceTimersByTime(1 + 200);
    });
    expect(registered.count).toBeGreaterThan(0);
  });

  it('an unmount before then never registers it', async () => {
    const { unmount } = render(<DeferredUpdatePrompt />);
    unmount();
    await act(async () => {
      vi.advanceTimersByTime(SW_REGISTER_DELAY_MS + 5_000);
    });
    expect(registered.count).toBe(0);
  });
});
