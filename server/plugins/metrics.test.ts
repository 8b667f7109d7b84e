// /api/metrics was public (Node.js version, admin sign-in failures, postback
// outcomes). It now needs METRICS_TOKEN as a bearer token, or, without one, a direct loopback caller.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, createTestDatabase, type TestDatabase } from '../test/helpers';

const TOKEN = 'metrics-token-for-tests-0123456789';
const OUTSIDE = '203.0.113.9';

describe('/api/metrics protection', () => {
  let tdb: TestDatabase;
  let withToken: FastifyInstance;
  let withoutToken: FastifyInstance;
  let behindProxy: FastifyInstance;
  beforeAll(async () => {
    tdb = await createTestDatabase('pglite');
    withToken = await createTestApp(tdb.database, { metricsToken: TOKEN });
    withoutToken = await createTestApp(tdb.database, { metricsToken: null });
    behindProxy = await createTestApp(tdb.database, { metricsToken: null, trustProxy: 1 });
  });
  afterAll(async () => {
    await Promise.all([withToken, withoutToken, behindProxy].map((a) => a?.close()));
    await tdb?.drop();
  });

  const metrics = (app: FastifyInstance, headers: Record<string, string> = {}, remoteAddress = OUTSIDE) =>
    app.inject({ url: '/api/metrics', headers, remoteAddress });

  it('refuses a caller without the token with 401, revealing nothing', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token' },
      { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}` },
      { authorization: `Bearer ${TOKEN}x` },
    ];
    for (const headers of attempts) {
      for (const remote of [OUTSIDE, '127.0.0.1']) {
        const res = await metrics(withToken, headers, remote);
        expect(res.statusCode, JSON.stringify(headers)).toBe(401);
        expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
        expect(res.body).not.toMatch(/nodejs_version_info|postbacks_total/);
      }
    }
  });

  it('serves the metrics with the bearer token', async () => {
    const res = await metrics(withToken, { authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/nodejs_version_info/);
  });

  it('without a token: refuses remote callers and forwarded requests, serves a direct loopback caller', async () => {
    expect((await metrics(withoutToken)).statusCode).toBe(401);
    expect((await metrics(withoutToken, { 'x-forwarded-for': '198.51.100.1' }, '127.0.0.1')).statusCode).toBe(
      401,
    );
    expect((await metrics(withoutToken, { forwarded: 'for=198.51.100.1' }, '::1')).statusCode).toBe(401);
    const local = await metrics(withoutToken, {}, '127.0.0.1');
    expect(local.statusCode).toBe(200);
    expect(local.body).toMatch(/http_request_duration_seconds/);
    expect((await metrics(withoutToken, {}, '::1')).statusCode).toBe(200);
  });

  it('without a token behind a declared proxy: not served even from loopback', async () => {
    expect((await metrics(behindProxy, {}, '127.0.0.1')).statusCode).toBe(401);
  });
});
