import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../testing/mocks/server';
import {
  api,
  ApiError,
  EARLY_MAX_AGE_MS,
  clearEarly,
  setUnauthorizedHandler,
  startEarly,
} from './api-client';

// The error texts of docs/product-rules.md#errors-and-messages, through the one member API client.
async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('member API client', () => {
  afterEach(() => setUnauthorizedHandler(null));

  it('sends cookies, JSON bodies, and returns the JSON answer', async () => {
    let seen: { credentials?: string; contentType: string | null; body: unknown } | null = null;
    server.use(
      http.post('*/api/click-offer.php', async ({ request }) => {
        seen = {
          credentials: request.credentials,
          contentType: request.headers.get('content-type'),
          body: await request.json(),
        };
        return HttpResponse.json({ success: true, clickId: 'c1' });
      }),
    );
    await expect(api.post('/click-offer.php', { offerId: 3 })).resolves.toMatchObject({ clickId: 'c1' });
    expect(seen).toEqual({ credentials: 'include', contentType: 'application/json', body: { offerId: 3 } });
  });

  it("turns 500 and above into 'Server error. Please try again later.' even with an error field", async () => {
    server.use(
      http.get('*/api/offers.php', () =>
        HttpResponse.json({ success: false, error: 'SQL exploded' }, { status: 502 }),
      ),
    );
    const error = await failureOf(api.get('/offers.php'));
    expect(error.message).toBe('Server error. Please try again later.');
    expect(error.status).toBe(502);
  });

  it('shows the error field of a 4xx answer', async () => {
    server.use(
      http.get('*/api/offers.php', () =>
        HttpResponse.json({ success: false, error: 'Too many requests, slow down' }, { status: 429 }),
      ),
    );
    expect((await failureOf(api.get('/offers.php'))).message).toBe('Too many requests, slow down');
  });

  it("falls back to 'Something went wrong. Please try again.' without an error field", async () => {
    server.use(http.get('*/api/offers.php', () => new HttpResponse('not json', { status: 404 })));
    expect((await failureOf(api.get('/offers.php'))).message).toBe('Something went wrong. Please try again.');
  });

  it("uses the network error's own message when there is no response", async () => {
    server.use(http.get('*/api/offers.php', () => HttpResponse.error()));
    const error = await failureOf(api.get('/offers.php'));
    expect(error.status).toBe(0);
    expect(error.message).toBe('Failed to fetch');
  });

  it('treats a 2xx with success false as a failure', async () => {
    server.use(
      http.post('*/api/slot-spin.php', () =>
        HttpResponse.json({ success: false, error: 'No spin available' }),
      ),
    );
    expect((await failureOf(api.post('/slot-spin.php', {}))).message).toBe('No spin available');
  });

  it('sends a 401 to /login, but not when already on a login path', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    server.use(
      http.get('*/api/user-stats.php', () =>
        HttpResponse.json({ success: false, error: 'Not signed in' }, { status: 401 }),
      ),
    );
    window.history.replaceState({}, '', '/rewards');
    await failureOf(api.get('/user-stats.php'));
    expect(handler).toHaveBeenCalledTimes(1);
    window.history.replaceState({}, '', '/login?ref=X');
    await failureOf(api.get('/user-stats.php'));
    expect(handler).toHaveBeenCalledTimes(1);
  });

  describe('calls started early as a page boots', () => {
    function countingOffers() {
      let calls = 0;
      server.use(
        http.get('*/api/offers.php', () => {
          calls += 1;
          return HttpResponse.json({ success: true, offers: [], freeSpinsRemaining: calls });
        }),
      );
      return () => calls;
    }

    it('answers the first matching call with the early request instead of a second one', async () => {
      const calls = countingOffers();
      startEarly(['/offers.php']);
      await expect(api.get('/offers.php')).resolves.toMatchObject({ freeSpinsRemaining: 1 });
      await expect(api.get('/offers.php')).resolves.toMatchObject({ freeSpinsRemaining: 2 });
      expect(calls()).toBe(2);
    });

    it('applies the error rules to an early answer, 401 included', async () => {
      const onUnauthorized = vi.fn();
      setUnauthorizedHandler(onUnauthorized);
      server.use(http.get('*/api/offers.php', () => HttpResponse.json({ error: 'nope' }, { status: 401 })));
      startEarly(['/offers.php']);
      const error = await failureOf(api.get('/offers.php'));
      expect(error.status).toBe(401);
      expect(onUnauthorized).toHaveBeenCalledTimes(1);
    });

    it(`drops an answer older than ${EARLY_MAX_AGE_MS / 1000} s, and every answer once cleared`, async () => {
      const calls = countingOffers();
      const now = Date.now();
      const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
      startEarly(['/offers.php']);
      clock.mockReturnValue(now + EARLY_MAX_AGE_MS + 1);
      await expect(api.get('/offers.php')).resolves.toMatchObject({ freeSpinsRemaining: 2 });
      clock.mockReturnValue(now);
      startEarly(['/offers.php']);
      clearEarly();
      await expect(api.get('/offers.php')).resolves.toMatchObject({ freeSpinsRemaining: 4 });
      expect(calls()).toBe(4);
    });
  });
});
