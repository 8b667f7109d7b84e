import { HttpError } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAuthProvider } from './auth-provider';
import type { HttpClient, HttpRequestOptions } from './http-client';

const API = 'http://test/api/admin';

function stub(answer: (url: string) => unknown) {
  const calls: { url: string; options?: HttpRequestOptions }[] = [];
  const client = (async (url: string, options?: HttpRequestOptions) => {
    calls.push({ url, options });
    const json = answer(url);
    if (json instanceof Error) throw json;
    return { status: 200, json };
  }) as HttpClient;
  return { client, calls };
}

beforeEach(() => localStorage.clear());

describe('auth provider', () => {
  it('logs in with POST login.php {username, password}, keeps the admin and goes to the dashboard', async () => {
    const { client, calls } = stub(() => ({
      success: true,
      admin: { id: 1, username: 'root', email: null },
    }));
    const auth = createAuthProvider(client, API);
    await expect(auth.login({ username: 'root', password: 'pw' })).resolves.toEqual({
      redirectTo: '/admin/dashboard',
    });
    expect(calls).toEqual([
      { url: `${API}/login.php`, options: { method: 'POST', body: { username: 'root', password: 'pw' } } },
    ]);
    await expect(auth.getIdentity!()).resolves.toEqual({ id: 1, fullName: 'root' });
  });

  it("shows the server's error on a failed login", async () => {
    const { client } = stub(
      () => new HttpError('Invalid credentials', 401, { success: false, error: 'Invalid credentials' }),
    );
    await expect(createAuthProvider(client, API).login({ username: 'a', password: 'b' })).rejects.toThrow(
      'Invalid credentials',
    );
  });

  it("falls back to 'Login failed'", async () => {
    const { client } = stub(() => new HttpError('Server error. Please try again later.', 500, null));
    await expect(createAuthProvider(client, API).login({ username: 'a', password: 'b' })).rejects.toThrow(
      /^Login failed$/,
    );
  });

  it('logs out with POST logout.php and resolves even when the call fails', async () => {
    const { client, calls } = stub(() => new Error('offline'));
    await expect(createAuthProvider(client, API).logout({})).resolves.toBeUndefined();
    expect(calls).toEqual([{ url: `${API}/logout.php`, options: { method: 'POST' } }]);
  });

  it('checks the session through GET dashboard.php and rejects on 401 (react-admin then shows /admin/login)', async () => {
    const ok = stub(() => ({ success: true }));
    await expect(createAuthProvider(ok.client, API).checkAuth({})).resolves.toBeUndefined();
    expect(ok.calls[0].url).toBe(`${API}/dashboard.php`);

    const denied = stub(() => new HttpError('Unauthorized', 401, { success: false, error: 'Unauthorized' }));
    await expect(createAuthProvider(denied.client, API).checkAuth({})).rejects.toEqual({ message: false });
  });

  it('does not repeat the dashboard call on every page change, and asks again after a 401', async () => {
    const { client, calls } = stub(() => ({ success: true }));
    const auth = createAuthProvider(client, API);
    await auth.checkAuth({});
    await auth.checkAuth({});
    expect(calls).toHaveLength(1);
    await expect(auth.checkError(new HttpError('Unauthorized', 401))).rejects.toEqual({ message: false });
    await auth.checkAuth({});
    expect(calls).toHaveLength(2);
  });

  it('stays signed in on errors other than 401', async () => {
    const { client } = stub(() => ({}));
    const auth = createAuthProvider(client, API);
    await expect(auth.checkError(new HttpError('Forbidden', 403))).resolves.toBeUndefined();
    await expect(auth.checkError(new HttpError('Server error', 500))).resolves.toBeUndefined();
  });
});
