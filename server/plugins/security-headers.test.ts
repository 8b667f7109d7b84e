// There were no browser security headers at all (no CSP, no frame-ancestors/X-Frame-Options,
// no nosniff, no Referrer-Policy, no HSTS behind https). Every kind of response now carries them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { Config } from '../config';
import { FONT_WARM_UP_CSP_SOURCE } from '../lib/font-warm-up';
import {
  createTestDatabase,
  testConfig,
  TEST_EMULATOR_HOST,
  TEST_SESSION_SECRET,
  type TestDatabase,
} from '../test/helpers';

function parseCsp(header: string | string[] | number | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

describe('security headers', () => {
  let tdb: TestDatabase;
  let dist: string;
  const apps: FastifyInstance[] = [];
  const appWith = async (overrides: Partial<Config> = {}) => {
    const app = await buildApp({
      config: testConfig({ distDir: dist, ...overrides }),
      database: tdb.database,
      sessionSecret: TEST_SESSION_SECRET,
    });
    await app.ready();
    apps.push(app);
    return app;
  };
  let demo: FastifyInstance;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'dist-headers-'));
    for (const part of ['member', 'admin']) {
      mkdirSync(path.join(dist, part, 'assets'), { recursive: true });
      writeFileSync(path.join(dist, part, 'index.html'), `<!doctype html><html>${part}</html>`);
    }
    writeFileSync(path.join(dist, 'member', 'assets', 'app-abc.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'member', 'sw.js'), 'self.addEventListener("install", () => {})');
    tdb = await createTestDatabase('pglite');
    demo = await appWith();
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await tdb?.drop();
    rmSync(dist, { recursive: true, force: true });
  });

  const RESPONSES: [string, { method?: 'GET' | 'POST'; url: string; headers?: Record<string, string> }][] = [
    ['member page', { url: '/login' }],
    ['member root', { url: '/' }],
    ['admin console', { url: '/admin/' }],
    ['static asset', { url: '/assets/app-abc.js' }],
    ['service worker', { url: '/sw.js' }],
    ['API call', { url: '/api/health.php?live=1' }],
    ['API error', { url: '/api/user-stats.php' }],
    ['unknown API', { url: '/api/nope.php' }],
    [
      'refused cross-site call',
      {
        method: 'POST',
        url: '/api/logout.php',
        headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
      },
    ],
  ];

  it.each(RESPONSES)('%s: CSP, no framing, nosniff, Referrer-Policy', async (_name, request) => {
    const res = await demo.inject({
      method: request.method ?? 'GET',
      url: request.url,
      headers: request.headers,
    });
    const csp = parseCsp(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    // Inline: only the rendered pages' font warm-up, by its hash (server/lib/font-warm-up.ts).
    expect(csp.get('script-src')).toEqual(["'self'", 'https://apis.google.com', FONT_WARM_UP_CSP_SOURCE]);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    // Plain http (the demo): no HSTS, no upgrading of requests to https.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('lets the demo reach the Auth Emulator and Firebase sign-in its popup and iframe', async () => {
    const csp = parseCsp((await demo.inject({ url: '/login' })).headers['content-security-policy']);
    expect(csp.get('connect-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://identitytoolkit.googleapis.com',
        `http://${TEST_EMULATOR_HOST}`,
      ]),
    );
    expect(csp.get('frame-src')).toContain('https://demo-spinrewards.firebaseapp.com');
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    const res = await demo.inject({ url: '/login' });
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('behind https: HSTS and upgrade-insecure-requests; the production authDomain, no emulator', async () => {
    const app = await appWith({
      publicUrl: 'https://rewards.example.com',
      authEmulatorHost: null,
      firebaseWebConfig: {
        apiKey: 'k',
        authDomain: 'rewards-prod.firebaseapp.com',
        projectId: 'rewards-prod',
      },
    });
    for (const url of ['/login', '/api/health.php?live=1', '/assets/app-abc.js']) {
      const res = await app.inject({ url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
      const csp = parseCsp(res.headers['content-security-policy']);
      expect(csp.has('upgrade-insecure-requests')).toBe(true);
      expect(csp.get('frame-src')).toContain('https://rewards-prod.firebaseapp.com');
      expect(csp.get('connect-src')!.some((s) => s.startsWith('http://'))).toBe(false);
    }
  });
});
