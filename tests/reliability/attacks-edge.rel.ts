// Attacks on the product's edge against real production server processes on PostgreSQL: a
// cross-site form on a percent-encoded path, forged X-Forwarded-For hops, framing and missing
// browser headers, the metrics endpoint, and a start with a mistyped NODE_ENV.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createAdmin,
  createMembers,
  createOffer,
  createScratchDatabase,
  type ScratchDatabase,
} from './support/db';
import { HttpClient } from './support/http';
import { ServerProcess, freePort, productionEnv } from './support/server-process';
import { Scenario } from './support/report';

const EVIL = 'https://evil.example';

/** A request with a raw body of any content type, as a browser's cross-site form sends it. */
function rawRequest(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = httpRequest(
      url,
      { method, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve({ status: 0, body: err.message }));
    req.end(body);
  });
}
const METRICS_TOKEN = 'reliability-metrics-token-0123456789';

describe('attacks on the edge (production processes)', () => {
  let db: ScratchDatabase;
  /** Plain production process (no proxy), METRICS_TOKEN set. */
  let direct: ServerProcess;
  /** Behind one proxy (TRUST_PROXY=1), PUBLIC_URL https, no METRICS_TOKEN, 5 member sign-ins a minute. */
  let proxied: ServerProcess;
  const http = new HttpClient(16);
  beforeAll(async () => {
    db = await createScratchDatabase(inject('postgresUrl'), 'attacks_edge');
    [direct, proxied] = await Promise.all([
      ServerProcess.start(db.url, { METRICS_TOKEN }),
      ServerProcess.start(db.url, {
        TRUST_PROXY: '1',
        PUBLIC_URL: 'https://rewards.example.com',
        MEMBER_LOGIN_RATE_LIMIT: '5',
      }),
    ]);
  });
  afterAll(async () => {
    http.close();
    await Promise.all([direct?.stop(), proxied?.stop()]);
    await db?.drop();
  });
  const scenario = (name: string) => new Scenario(name, inject('reportDir'));
  const request = (s: Scenario, ...args: Parameters<HttpClient['request']>) => {
    s.requests++;
    return http.request(...args);
  };

  it('attack: percent-encoded CSRF', async () => {
    const s = scenario('attack: percent-encoded CSRF');
    const [member] = await createMembers(db.pool, 1, { label: 'csrf' });
    const admin = await createAdmin(db.pool);
    // A cross-site <form enctype="text/plain"> (no preflight) aimed at the decoded routes.
    const forms: [string, string][] = [
      ['/%61pi/logout.php', member!.cookie],
      ['/api/logout%2Ephp', member!.cookie],
      ['/%61pi/admin/logout.php', admin.cookie],
    ];
    for (const [url, cookie] of forms) {
      s.requests++;
      const res = await rawRequest(
        'POST',
        `${direct.url}${url}`,
        { cookie, origin: EVIL, 'content-type': 'text/plain' },
        'x=1',
      );
      s.check(`cross-site POST ${url} refused 403`, res.status === 403, {
        status: res.status,
        body: res.body,
      });
    }
    // Without an Origin header, a non-JSON body is still refused.
    s.requests++;
    const bare = await rawRequest(
      'POST',
      `${direct.url}/%61pi/logout.php`,
      { cookie: member!.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      'x=1',
    );
    s.check('form body on the encoded path without Origin refused 415', bare.status === 415, bare);
    const stats = await request(s, 'GET', `${direct.url}/api/user-stats.php`, { cookie: member!.cookie });
    s.check('the member is still signed in', stats.status === 200, stats.status);
    const dash = await request(s, 'GET', `${direct.url}/api/admin/dashboard.php`, { cookie: admin.cookie });
    s.check('the administrator is still signed in', dash.status === 200, dash.status);
    expect(s.finish()).toEqual([]);
  });

  it('attack: forged X-Forwarded-For behind TRUST_PROXY=1', async () => {
    const s = scenario('attack: forged X-Forwarded-For behind TRUST_PROXY=1');
    // 20 sign-in attempts, each claiming a new client address before the proxy's real hop.
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await request(s, 'POST', `${proxied.url}/api/firebase-auth.php`, {
        body: { idToken: 'not-a-token' },
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}, 203.0.113.10` },
      });
      statuses.push(res.status);
    }
    const limited = statuses.filter((x) => x === 429).length;
    s.check('the sign-in limit (5/min) holds whatever the forged hops say', limited === 15, statuses);
    // A click is recorded with the address the proxy saw, not the one the client wrote.
    const [member] = await createMembers(db.pool, 1, { label: 'xff' });
    const offerId = await createOffer(db.pool, [{ amount: 10, probability: 1 }]);
    const click = await request(s, 'POST', `${proxied.url}/api/click-offer.php`, {
      cookie: member!.cookie,
      body: { offerId },
      headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.77' },
    });
    s.check('the click is accepted', click.status === 200, click.body);
    const { rows } = await db.pool.query<{ ip: string }>('select ip from clicks where user_id = $1', [
      member!.userId,
    ]);
    s.check('the stored click address is the last hop', rows[0]?.ip === '203.0.113.77', rows);
    expect(s.finish()).toEqual([]);
  });

  it('attack: clickjacking and missing browser headers', async () => {
    const s = scenario('attack: clickjacking and missing browser headers');
    const urls = ['/login', '/admin/', '/sw.js', '/api/health.php', '/api/nope.php', '/partner/x'];
    for (const url of urls) {
      for (const server of [direct, proxied]) {
        const https = server === proxied;
        const res = await new Promise<Headers>((resolve, reject) => {
          s.requests++;
          fetch(`${server.url}${url}`).then((r) => resolve(r.headers), reject);
        });
        const csp = res.get('content-security-policy') ?? '';
        const where = `${url} (${https ? 'https' : 'http'} PUBLIC_URL)`;
        s.check(`${where}: frame-ancestors 'none'`, /frame-ancestors 'none'/.test(csp), csp);
        s.check(
          `${where}: X-Frame-Options DENY`,
          res.get('x-frame-options') === 'DENY',
          res.get('x-frame-options'),
        );
        s.check(
          `${where}: scripts only from the origin`,
          /script-src 'self'/.test(csp) && !/script-src[^;]*unsafe/.test(csp),
          csp,
        );
        s.check(`${where}: nosniff`, res.get('x-content-type-options') === 'nosniff');
        s.check(
          `${where}: Referrer-Policy`,
          res.get('referrer-policy') === 'strict-origin-when-cross-origin',
        );
        const hsts = res.get('strict-transport-security');
        s.check(
          `${where}: HSTS only behind https`,
          https ? hsts === 'max-age=31536000' : hsts === null,
          hsts,
        );
      }
    }
    expect(s.finish()).toEqual([]);
  });

  it('attack: reading /api/metrics', async () => {
    const s = scenario('attack: reading /api/metrics');
    const tries: [string, Record<string, string>][] = [
      ['no token', {}],
      ['a wrong token', { authorization: 'Bearer guessed-token-0123456789' }],
      [
        'the token as Basic',
        { authorization: `Basic ${Buffer.from(`x:${METRICS_TOKEN}`).toString('base64')}` },
      ],
    ];
    for (const [label, headers] of tries) {
      const res = await request(s, 'GET', `${direct.url}/api/metrics`, { headers });
      s.check(`${label}: 401`, res.status === 401, res.status);
      s.check(`${label}: nothing revealed`, !/nodejs_version_info|postbacks_total/.test(res.body));
    }
    const forwarded = await request(s, 'GET', `${proxied.url}/api/metrics`, {
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    s.check(
      'behind a proxy without METRICS_TOKEN: 401 even from loopback',
      forwarded.status === 401,
      forwarded.status,
    );
    const ok = await request(s, 'GET', `${direct.url}/api/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    s.check(
      'the scraper with the token reads them',
      ok.status === 200 && /nodejs_version_info/.test(ok.body),
      ok.status,
    );
    expect(s.finish()).toEqual([]);
  });

  it('attack: NODE_ENV=Production starts demo mode', async () => {
    const s = scenario('attack: NODE_ENV=Production starts demo mode');
    for (const value of ['Production', 'prod']) {
      const port = await freePort();
      // Every production setting, and an emulator host that demo mode would trust.
      const env = {
        ...productionEnv(db.url, port),
        NODE_ENV: value,
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
      };
      const server = new ServerProcess(db.url, port, {}, { entry: 'server/start.ts', env });
      s.requests++;
      let error = '';
      try {
        await server.spawn(60_000);
      } catch (err) {
        error = String(err);
      } finally {
        await server.stop();
      }
      s.check(
        `NODE_ENV=${value}: the start is refused`,
        /server exited \(1\)/.test(error),
        error.slice(0, 300),
      );
      s.check(
        `NODE_ENV=${value}: the message names the value`,
        error.includes(`NODE_ENV: "${value}"`),
        error.slice(0, 300),
      );
    }
    expect(s.finish()).toEqual([]);
  });
});
