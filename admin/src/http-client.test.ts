import { describe, expect, it, vi } from 'vitest';
import { createHttpClient, serverErrorText, SERVER_ERROR_MESSAGE, TIMEOUT_MESSAGE } from './http-client';

const respond = (status: number, body: unknown) =>
  vi.fn(async () => new Response(body === undefined ? '' : JSON.stringify(body), { status }));

describe('http client', () => {
  it('sends cookies and JSON bodies', async () => {
    const fetch = respond(200, { success: true });
    await createHttpClient({ fetch })('http://t/api/admin/users.php', {
      method: 'PUT',
      body: { user_id: 1, action: 'flag' },
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://t/api/admin/users.php');
    expect(init).toMatchObject({
      method: 'PUT',
      credentials: 'include',
      body: '{"user_id":1,"action":"flag"}',
    });
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('marks only a background request with X-Background-Refresh: 1 (not user activity)', async () => {
    const fetch = respond(200, { success: true });
    const client = createHttpClient({ fetch });
    await client('http://t/api/admin/dashboard.php', { background: true });
    await client('http://t/api/admin/dashboard.php');
    const headers = fetch.mock.calls.map(
      (call) =>
        ((call as unknown as [string, RequestInit])[1].headers as Record<string, string>)[
          'X-Background-Refresh'
        ],
    );
    expect(headers).toEqual(['1', undefined]);
  });

  it("turns a 4xx into an HttpError with the server's error text and status", async () => {
    const client = createHttpClient({ fetch: respond(401, { success: false, error: 'Not signed in' }) });
    const error = await client('http://t/x').catch((e) => e);
    expect(error).toMatchObject({ status: 401, message: 'Not signed in' });
    expect(serverErrorText(error)).toBe('Not signed in');
  });

  it('shows the server-error text for 500 and above', async () => {
    const error = await createHttpClient({ fetch: respond(503, { success: false, error: 'db down' }) })(
      'http://t/x',
    ).catch((e) => e);
    expect(error).toMatchObject({ status: 503, message: SERVER_ERROR_MESSAGE });
    expect(serverErrorText(error)).toBeNull();
  });

  it('treats {success:false} as an error even with 200', async () => {
    const error = await createHttpClient({ fetch: respond(200, { success: false, error: 'Nope' }) })(
      'http://t/x',
    ).catch((e) => e);
    expect(error.message).toBe('Nope');
  });

  it('gives up after 10 s by default, not before', async () => {
    vi.useFakeTimers();
    try {
      const fetch = vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) =>
            init.signal!.addEventListener('abort', () => reject(new Error('aborted'))),
          ),
      );
      let settled: unknown = 'pending';
      const call = createHttpClient({ fetch: fetch as unknown as typeof globalThis.fetch })(
        'http://t/x',
      ).then(
        () => (settled = 'answered'),
        (e: Error) => (settled = e),
      );
      await vi.advanceTimersByTimeAsync(9_999);
      expect(settled).toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      await call;
      expect(settled).toMatchObject({ status: 0, message: TIMEOUT_MESSAGE });
    } finally {
      vi.useRealTimers();
    }
  });
});
