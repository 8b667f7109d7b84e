import { act, screen, waitFor } from '@testing-library/react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { server } from '../testing/mocks/server';
import { signInLocally } from '../testing/test-utils';
import { mount } from './mount';
import { warmUp } from './warm-up';

// A returning visit: the service worker answers the page with its copy of index.html, so the boot
// (warmUp's early calls, then prepareApp) asks for the page's data before React renders it, and the
// page's own queries take over. One request, one retry policy (docs/product-rules.md#calls): at most
// 2 retries, none after a 401 or 403, whichever path starts it.

let root: HTMLElement | null = null;
let reactRoot: Root | null = null;
afterEach(() => {
  act(() => reactRoot?.unmount());
  reactRoot = null;
  root?.remove();
  root = null;
});

async function bootDashboardWithOffersFailing(status: number): Promise<() => number> {
  let calls = 0;
  server.use(
    http.get('*/api/offers.php', () => {
      calls += 1;
      return HttpResponse.json({ success: false, error: 'Offers are unavailable' }, { status });
    }),
  );
  signInLocally();
  window.history.replaceState({}, '', '/dashboard');
  root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
  // What main.tsx does: the early calls, then the boot.
  warmUp('/dashboard');
  reactRoot = await act(() => mount({ createRoot, hydrateRoot }, root!));
  return () => calls;
}

describe("a returning visit's first calls", () => {
  it('asks a 403 once: the boot, the early call and the page share one request', async () => {
    const calls = await bootDashboardWithOffersFailing(403);
    await screen.findByText('Offers are unavailable', undefined, { timeout: 8000 });
    // Long enough for a second request (a mount's retry) to have been sent.
    await new Promise((r) => setTimeout(r, 1500));
    expect(calls()).toBe(1);
  });

  it('asks a 500 three times (the request and its 2 retries), not four', async () => {
    const calls = await bootDashboardWithOffersFailing(500);
    await screen.findByText('Server error. Please try again later.', undefined, { timeout: 10_000 });
    await waitFor(() => expect(calls()).toBe(3), { timeout: 8000 });
    // The retries' longest gap has passed: nothing more is asked.
    await new Promise((r) => setTimeout(r, 4500));
    expect(calls()).toBe(3);
  }, 20_000);
});
