// The CSRF check is applied to the route as routed. It used to test the raw URL for
// `/api/`, and the router decodes `/%61pi/…` to `/api/…`, so a cross-site form could sign members and
// admins out (and reach every other API call) with neither the Origin nor the JSON-only check.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { signIn, testAppPerSuite } from '../test/helpers';
import { adminCookie, createAdmin } from '../test/admin';

const EVIL = 'https://evil.example';
// A cross-site <form enctype="text/plain"> needs no preflight, and Fastify parses text/plain bodies.
const FORM = 'text/plain';

describe('CSRF on percent-encoded paths', () => {
  let app: FastifyInstance;
  testAppPerSuite('pglite', async (s) => {
    app = s.app;
    await createAdmin(s.db);
  });

  const stillSignedIn = async (cookie: string) =>
    (await app.inject({ url: '/api/user-stats.php', headers: { cookie } })).statusCode;

  it('refuses a cross-site form POST to /%61pi/logout.php, and the member stays signed in', async () => {
    const member = await signIn(app);
    for (const url of ['/%61pi/logout.php', '/api/logout%2Ephp', '/%61%70%69/logout.php']) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { cookie: member.cookie, origin: EVIL, 'content-type': FORM },
        payload: 'x=1',
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ success: false, error: 'Cross-origin request refused' });
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
    expect(await stillSignedIn(member.cookie)).toBe(200);
  });

  it('refuses a form body without an Origin on the encoded path (415), the session untouched', async () => {
    const member = await signIn(app);
    const res = await app.inject({
      method: 'POST',
      url: '/%61pi/logout.php',
      headers: { cookie: member.cookie, 'content-type': FORM },
      payload: 'x=1',
    });
    expect(res.statusCode).toBe(415);
    expect(await stillSignedIn(member.cookie)).toBe(200);
  });

  it('refuses a cross-site sign-out of an administrator on the encoded path', async () => {
    const cookie = await adminCookie(app);
    const res = await app.inject({
      method: 'POST',
      url: '/%61pi/admin/logout.php',
      headers: { cookie, origin: EVIL, 'content-type': FORM },
      payload: 'x=1',
    });
    expect(res.statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/dashboard.php', headers: { cookie } })).statusCode).toBe(200);
  });

  it('checks PUT on an encoded path too', async () => {
    const cookie = await adminCookie(app);
    const res = await app.inject({
      method: 'PUT',
      url: '/%61pi/admin/users.php',
      headers: { cookie, origin: EVIL, 'content-type': FORM },
      payload: '{"user_id":1,"action":"flag"}',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Cross-origin request refused');
  });

  it('refuses a form-encoded body on an encoded path with 415 (no Origin) or 403 (cross-site)', async () => {
    const member = await signIn(app);
    for (const origin of [undefined, EVIL]) {
      const res = await app.inject({
        method: 'POST',
        url: '/%61pi/logout.php',
        headers: {
          cookie: member.cookie,
          'content-type': 'application/x-www-form-urlencoded',
          ...(origin ? { origin } : {}),
        },
        payload: 'x=1',
      });
      expect(res.statusCode).toBe(origin ? 403 : 415);
      expect(res.json().success).toBe(false);
    }
    expect(await stillSignedIn(member.cookie)).toBe(200);
  });

  it('still serves same-origin JSON calls on the plain and encoded paths', async () => {
    const member = await signIn(app);
    const res = await app.inject({
      method: 'POST',
      url: '/%61pi/logout.php',
      headers: { cookie: member.cookie, origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(200);
    expect(await stillSignedIn(member.cookie)).toBe(401);
  });

  it('leaves the signed postback exempt, even percent-encoded', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/postback%2Ephp',
      headers: { origin: EVIL, 'content-type': FORM },
      payload: 'click_id=nope&transaction_id=t1&status=approved&sig=bad',
    });
    expect(res.statusCode).not.toBe(415);
    expect(res.json().error).not.toBe('Cross-origin request refused');
  });
});
