// `TRUST_PROXY=1` used to trust every X-Forwarded-For hop, so a client chose its
// own address (rate limits, partner IP allowlists, click and audit records believed it). `1` is now
// one proxy hop; a list names the proxies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig } from './config';
import {
  createTestDatabase,
  TEST_EMULATOR_HOST,
  TEST_POSTBACK_SECRET,
  TEST_SESSION_SECRET,
  type TestDatabase,
} from './test/helpers';

describe('TRUST_PROXY', () => {
  let tdb: TestDatabase;
  const apps: FastifyInstance[] = [];
  const appWith = async (trustProxy: string) => {
    const config = loadConfig({
      NODE_ENV: 'test',
      TRUST_PROXY: trustProxy,
      MEMBER_LOGIN_RATE_LIMIT: '3',
      POSTBACK_SECRET: TEST_POSTBACK_SECRET,
      FIREBASE_AUTH_EMULATOR_HOST: TEST_EMULATOR_HOST,
    });
    const app = await buildApp({
      config,
      database: tdb.database,
      sessionSecret: TEST_SESSION_SECRET,
      serveStatic: false,
    });
    // What the server believes the caller's address is (rate limits, click and audit records use it).
    app.get('/test/ip', async (request) => ({ ip: request.ip }));
    await app.ready();
    apps.push(app);
    return app;
  };
  beforeAll(async () => {
    tdb = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await tdb?.drop();
  });

  const ipOf = async (app: FastifyInstance, xff: string, remoteAddress = '10.0.0.2') =>
    (await app.inject({ url: '/test/ip', headers: { 'x-forwarded-for': xff }, remoteAddress })).json()
      .ip as string;

  it.each(['1', 'true'])(
    'TRUST_PROXY=%s believes the last hop only, never the forged ones',
    async (value) => {
      const app = await appWith(value);
      expect(await ipOf(app, '1.2.3.4, 5.6.7.8')).toBe('5.6.7.8');
      expect(await ipOf(app, '5.6.7.8')).toBe('5.6.7.8');
    },
  );

  it('TRUST_PROXY=2 believes two hops', async () => {
    const app = await appWith('2');
    expect(await ipOf(app, '1.2.3.4, 5.6.7.8, 10.0.0.9')).toBe('5.6.7.8');
  });

  it('a list of proxies: hops from them are skipped, a caller that is not one is not believed', async () => {
    const app = await appWith('10.0.0.0/8');
    expect(await ipOf(app, '1.2.3.4, 203.0.113.7, 10.9.9.9', '10.0.0.2')).toBe('203.0.113.7');
    expect(await ipOf(app, '1.2.3.4', '198.51.100.2')).toBe('198.51.100.2');
  });

  it('no proxy: X-Forwarded-For is ignored', async () => {
    const app = await appWith('0');
    expect(await ipOf(app, '1.2.3.4', '198.51.100.2')).toBe('198.51.100.2');
  });

  it('a client cannot escape the sign-in rate limit by forging X-Forwarded-For', async () => {
    const app = await appWith('1');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/firebase-auth.php',
        headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.50` },
        remoteAddress: '10.0.0.2',
        payload: { idToken: 'not-a-token' },
      });
      statuses.push(res.statusCode);
    }
    // Three attempts (MEMBER_LOGIN_RATE_LIMIT) from 203.0.113.50, then 429 whatever the forged hop says.
    expect(statuses.slice(3)).toEqual([429, 429, 429]);
    expect(statuses.slice(0, 3)).not.toContain(429);
  });
});
