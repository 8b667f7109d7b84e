import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../testing/mocks/server';
import {
  api,
  apiRequest,
  ApiError,
  clearEarly,
  EARLY_MAX_AGE_MS,
  GENERIC_ERROR_MESSAGE,
  isNetworkFailure,
  messageOf,
  SERVER_ERROR_MESSAGE,
  setUnauthorizedHandler,
  startEarly,
} from './api-client';

// The client's rules at their edges (docs/product-rules.md#calls, #errors-and-messages), as a page
// calling it sees them: the error it gets (message, status, the server's own text), what it sent, and
// when it is sent to /login. Written for the mutants npm run test:mutation found alive (docs/testing.md).
const failureOf = (promise: Promise<unknown>): Promise<ApiError> =>
  promise.then(
    () => Promise.reject(new Error('expected the call to fail')),
    (error: ApiError) => error,
  );

const answer = (status: number, body: unknown) =>
  server.use(http.get('*/api/offers.php', () => HttpResponse.json(body as object, { status })));

afterEach(() => {
  setUnauthorizedHandler(null);
  clearEarly();
  vi.restoreAllMocks();
});

describe('member API client: errors as the page sees them', () => {
  it('a failure is an ApiError, named so, with the status and the server’s own text', async () => {
    answer(409, { success: false, error: 'Offer already completed' });
    const error = await failureOf(api.get('/offers.php'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 409,
      message: 'Offer already completed',
      serverMessage: 'Offer already completed',
    });
  });

  it('500 exactly is a server error, and the server’s text is still kept apart', async () => {
    answer(500, { success: false, error: 'db down' });
    const error = await failureOf(api.get('/offers.php'));
    expect(error).toMatchObject({ status: 500, message: SERVER_ERROR_MESSAGE, serverMessage: 'db down' });
  });

  it('an error field of spaces is no text: the generic message, no server text', async () => {
    answer(400, { success: false, error: '   ' });
    expect(await failureOf(api.get('/offers.php'))).toMatchObject({
      message: GENERIC_ERROR_MESSAGE,
      serverMessage: null,
    });
  });

  it("the call's own text when the failure has no error field", async () => {
    server.use(
      http.post('*/api/click-offer.php', () => HttpResponse.json({ success: false }, { status: 400 })),
    );
    const error = await failureOf(
      api.post('/click-offer.php', { offerId: 1 }, 'Failed to process offer click'),
    );
    expect(error).toMatchObject({ message: 'Failed to process offer click', serverMessage: null });
  });

  it('a 200 with an empty body answers null, not an error', async () => {
    server.use(http.get('*/api/offers.php', () => new HttpResponse(null, { status: 200 })));
    await expect(api.get('/offers.php')).resolves.toBeNull();
  });

  it('only a 401 sends the member to /login; other refusals leave them where they are', async () => {
    const toLogin = vi.fn();
    setUnauthorizedHandler(toLogin);
    window.history.replaceState({}, '', '/rewards');
    answer(403, { success: false, error: 'Your account is blocked' });
    await failureOf(api.get('/offers.php'));
    answer(400, { success: false, error: 'Bad offer' });
    await failureOf(api.get('/offers.php'));
    expect(toLogin).not.toHaveBeenCalled();
  });

  it('a network failure without a message of its own shows the generic text', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new Error(''));
    expect(await failureOf(api.get('/offers.php'))).toMatchObject({
      status: 0,
      message: GENERIC_ERROR_MESSAGE,
    });
    // Something thrown that is not an Error is not trusted for its text either.
    vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce({ message: 'not an Error' });
    expect(await failureOf(api.get('/offers.php'))).toMatchObject({
      status: 0,
      message: GENERIC_ERROR_MESSAGE,
    });
  });

  it('messageOf: the error’s message, else the caller’s fallback', () => {
    expect(messageOf(new ApiError('No spin available', 409), 'Failed to spin')).toBe('No spin available');
    expect(messageOf(new Error(''), 'Failed to spin')).toBe('Failed to spin');
    expect(messageOf({ message: 'not an Error' }, 'Failed to spin')).toBe('Failed to spin');
    expect(messageOf('boom', 'Failed to spin')).toBe('Failed to spin');
  });
});

describe('member API client: what is sent', () => {
  function recordRequests() {
    const seen: { method: string; accept: string | null; contentType: string | null }[] = [];
    const record = ({ request }: { request: Request }) => {
      seen.push({
        method: request.method,
        accept: request.headers.get('accept'),
        contentType: request.headers.get('content-type'),
      });
      return HttpResponse.json({ success: true });
    };
    server.use(http.get('*/api/offers.php', record), http.post('*/api/offers.php', record));
    return seen;
  }

  it('a GET asks for JSON and sends no body type; a POST with a body sends JSON', async () => {
    const seen = recordRequests();
    await api.get('/offers.php');
    await api.post('/offers.php', { a: 1 });
    expect(seen).toEqual([
      { method: 'GET', accept: 'application/json', contentType: null },
      { method: 'POST', accept: 'application/json', contentType: 'application/json' },
    ]);
  });

  it('an early call is a GET, and only a GET takes its answer: a POST to that path is sent', async () => {
    const seen = recordRequests();
    startEarly(['/offers.php']);
    await apiRequest('/offers.php', { method: 'POST', body: {} });
    expect(seen.map((s) => s.method).sort()).toEqual(['GET', 'POST']);
    await api.get('/offers.php'); // takes the early answer: no third request
    expect(seen).toHaveLength(2);
  });

  it(`an early answer exactly ${EARLY_MAX_AGE_MS / 1000} s old is still taken`, async () => {
    const seen = recordRequests();
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
    startEarly(['/offers.php']);
    clock.mockReturnValue(now + EARLY_MAX_AGE_MS);
    await api.get('/offers.php');
    expect(seen).toHaveLength(1);
  });

  it("a GET's abort signal cancels it", async () => {
    server.use(
      http.get('*/api/offers.php', async () => {
        await delay(5_000);
        return HttpResponse.json({ success: true });
      }),
    );
    const controller = new AbortController();
    const call = failureOf(api.get('/offers.php', controller.signal));
    controller.abort();
    expect(await call).toMatchObject({ status: 0 });
  });
});

// A page tells "you are offline" (kept data stays on screen) from a refusal it must show.
describe('member API client: a call that reached no server', () => {
  it('is a network failure: the connection dropped', async () => {
    server.use(http.get('*/api/offers.php', () => HttpResponse.error()));
    expect(isNetworkFailure(await failureOf(api.get('/offers.php')))).toBe(true);
  });

  it.each([
    ['a refusal', 400, { success: false, error: 'Offer not found' }],
    ['a server error', 500, { success: false }],
    ['an expired session', 401, { success: false, error: 'Not signed in' }],
  ])('is not a network failure: %s (HTTP %d)', async (_, status, body) => {
    setUnauthorizedHandler(() => undefined);
    answer(status, body);
    expect(isNetworkFailure(await failureOf(api.get('/offers.php')))).toBe(false);
  });

  it("nor anything that is not the client's error", () => {
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(false);
    expect(isNetworkFailure({ status: 0 })).toBe(false);
    expect(isNetworkFailure(null)).toBe(false);
  });
});
