import { persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setUnauthorizedHandler } from '../lib/api-client';
import { CACHE_BUSTER, persister } from '../lib/persister';
import { state } from '../testing/mocks/db';
import { server } from '../testing/mocks/server';
import { createTestQueryClient, signInLocally } from '../testing/test-utils';
import { prepareApp } from './prepare';

// The boot of a page the server did not render (the service worker's copy of index.html, an
// offline reload): everything the first render needs, before it, so that it happens once.

function setOnline(value: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { value, configurable: true });
}

afterEach(() => {
  setOnline(true);
  setUnauthorizedHandler(null);
});

describe('prepareApp', () => {
  it("answers the page's first calls before the first render", async () => {
    const queryClient = createTestQueryClient();
    await prepareApp(queryClient, '/dashboard');
    expect(queryClient.getQueryData(['user-stats'])).toEqual(state.current.stats);
    expect(queryClient.getQueryData(['offers'])).toEqual(state.current.offers);
    // A page that shows no offers does not ask for them.
    const rewards = createTestQueryClient();
    await prepareApp(rewards, '/rewards');
    expect(rewards.getQueryData(['offers'])).toBeUndefined();
  });

  it('leaves a 401 to the page guard (which keeps the page to return to), not to a full reload', async () => {
    state.current.signedIn = false;
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const queryClient = createTestQueryClient();
    await prepareApp(queryClient, '/dashboard');
    const error = queryClient.getQueryState(['user-stats'])?.error;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(assign).not.toHaveBeenCalled();
  });

  it('renders without the data when the API is slow, rather than keep the member waiting', async () => {
    server.use(
      http.get('*/api/offers.php', async () => {
        await delay(3000);
        return HttpResponse.json(state.current.offers);
      }),
    );
    const queryClient = createTestQueryClient();
    const started = Date.now();
    await prepareApp(queryClient, '/dashboard', { waitMs: 100 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(queryClient.getQueryState(['offers'])?.fetchStatus).toBe('fetching');
  });

  it('restores the saved copy offline, marked to be refreshed once back online', async () => {
    signInLocally();
    const saved = createTestQueryClient();
    saved.setQueryData(['offers'], state.current.offers, { updatedAt: Date.now() - 60 * 60_000 });
    await persistQueryClientSave({ queryClient: saved, persister, buster: CACHE_BUSTER });
    setOnline(false);
    const queryClient = createTestQueryClient();
    await prepareApp(queryClient, '/dashboard');
    expect(queryClient.getQueryData(['offers'])).toEqual(state.current.offers);
    expect(queryClient.getQueryState(['offers'])?.isInvalidated).toBe(true);
  });
});
