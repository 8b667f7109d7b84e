import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { brotliCompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { FIRST_LAYOUT_FONTS } from '../lib/font-warm-up';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import {
  createTestDatabase,
  insertOffer,
  newAccount,
  signIn,
  testConfig,
  TEST_SESSION_SECRET,
  type TestDatabase,
} from '../test/helpers';

/**
 * For the calling describe block: a fresh dist folder, filled by `fill`, and an app serving it on
 * its own PGlite database, both set on the returned object before the first test and removed after
 * the last.
 */
function serveDist(fill: (dist: string) => void): { dist: string; app: FastifyInstance } {
  const served = {} as { dist: string; app: FastifyInstance };
  let tdb: TestDatabase;
  beforeAll(async () => {
    served.dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
    fill(served.dist);
    tdb = await createTestDatabase('pglite');
    served.app = await buildApp({
      config: testConfig({ distDir: served.dist }),
      database: tdb.database,
      sessionSecret: TEST_SESSION_SECRET,
    });
  });
  afterAll(async () => {
    await served.app?.close();
    await tdb?.drop();
    rmSync(served.dist, { recursive: true, force: true });
  });
  return served;
}

describe('static serving', () => {
  const served = serveDist((dist) => {
    for (const part of ['member', 'admin']) {
      mkdirSync(path.join(dist, part, 'assets'), { recursive: true });
      writeFileSync(path.join(dist, part, 'index.html'), `<html>${part}</html>`);
    }
    const js = 'console.log("hello from a hashed asset");'.repeat(20);
    writeFileSync(path.join(dist, 'member', 'assets', 'app-abc.js'), js);
    writeFileSync(path.join(dist, 'member', 'assets', 'app-abc.js.br'), brotliCompressSync(js));
  });

  it('serves member routes, the console and its routes from their index.html, never cached', async () => {
    for (const [url, body] of [
      ['/dashboard', '<html>member</html>'],
      ['/no/such/page', '<html>member</html>'],
      ['/admin/', '<html>admin</html>'],
      ['/admin/users', '<html>admin</html>'],
    ]) {
      const res = await served.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(body);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await served.app.inject({ method: 'HEAD', url: '/rewards' })).statusCode).toBe(200);
  });

  it('sends precompressed hashed assets with a long cache life', async () => {
    const res = await served.app.inject({
      url: '/assets/app-abc.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('serves a file written after start (a rebuild) without a restart', async () => {
    writeFileSync(path.join(served.dist, 'member', 'assets', 'late-xyz.js'), 'late();');
    const res = await served.app.inject({ url: '/assets/late-xyz.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('late();');
  });

  it('answers unknown API paths and missing assets with 404s', async () => {
    const api = await served.app.inject({ url: '/api/nope.php' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ success: false, error: 'Not found' });
    expect((await served.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
  });
});

describe('member page HTML with the page chunks preloaded', () => {
  const INDEX_HTML =
    '<html><head><title>m</title></head><body><div id="root"><div class="boot" role="status">' +
    '<p>Loading</p></div></div></body></html>';
  const manifest = (dashboardFile: string) => ({
    'index.html': {
      file: 'assets/index-1.js',
      isEntry: true,
      imports: ['_vendor.js'],
      // The boot chunk (React DOM, the app) is preloaded by index.html itself; pages are not.
      dynamicImports: ['member/src/app/mount.tsx', 'member/src/app/routes/dashboard.tsx'],
    },
    '_vendor.js': { file: 'assets/vendor-1.js' },
    'member/src/app/mount.tsx': { file: 'assets/mount-1.js', imports: ['_app.js'] },
    '_app.js': { file: 'assets/app-1.js' },
    '_spinner.js': { file: 'assets/spinner-1.js', imports: ['index.html', '_app.js'] },
    'member/src/app/routes/app-layout.tsx': {
      file: 'assets/app-layout-1.js',
      imports: ['index.html', '_spinner.js'],
    },
    'member/src/app/routes/dashboard.tsx': { file: dashboardFile, imports: ['index.html', '_spinner.js'] },
    'member/src/app/routes/rewards.tsx': { file: 'assets/rewards-1.js', imports: ['index.html'] },
    'member/src/app/routes/referrals.tsx': { file: 'assets/referrals-1.js', imports: ['index.html'] },
    'member/src/app/routes/profile.tsx': { file: 'assets/profile-1.js', imports: ['index.html'] },
  });
  const writeBuild = (dashboardFile: string) =>
    writeFileSync(
      path.join(served.dist, 'member', '.vite', 'manifest.json'),
      JSON.stringify(manifest(dashboardFile)),
    );
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g)].map(
      (m) => m[1],
    );

  const served = serveDist((dist) => {
    mkdirSync(path.join(dist, 'member', '.vite'), { recursive: true });
    writeFileSync(path.join(dist, 'member', 'index.html'), INDEX_HTML);
    writeBuild('assets/dashboard-1.js');
  });

  it("names the layout's and the page's chunks, at low priority, not the entry's or the boot chunks', before </head>", async () => {
    const res = await served.app.inject({ url: '/dashboard' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(preloads(res.body)).toEqual([
      '/assets/app-layout-1.js',
      '/assets/spinner-1.js',
      '/assets/dashboard-1.js',
    ]);
    expect(res.body).toMatch(/<\/head><body>/);
    expect(res.body).toContain('<div class="boot" role="status">');
    expect(preloads((await served.app.inject({ url: '/rewards?tab=vouchers' })).body)).toEqual([
      '/assets/app-layout-1.js',
      '/assets/spinner-1.js',
      '/assets/rewards-1.js',
    ]);
  });

  it('leaves pages in the entry chunk and unknown pages as they are (/login is rendered: below)', async () => {
    for (const url of ['/', '/no/such/page']) {
      const res = await served.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX_HTML);
    }
  });

  it('sends it compressed to browsers that accept it', async () => {
    const res = await served.app.inject({ url: '/profile', headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(preloads(gunzipSync(res.rawPayload).toString())).toContain('/assets/profile-1.js');
  });

  it("paints the page's app shell for a visitor with a member session cookie, the loader for others", async () => {
    const signedIn = await served.app.inject({ url: '/referrals', cookies: { sid: 'any' } });
    expect(signedIn.headers.vary).toContain('cookie');
    // Outside React's root, with the page's own heading (escaped) and its loading line.
    expect(signedIn.body).toContain(
      '<div id="app-shell" class="shell" aria-busy="true"><header class="topbar">',
    );
    expect(signedIn.body).toContain('<h1 class="page-title">Refer &amp; Earn</h1>');
    expect(signedIn.body).toContain(
      '<p>Loading referral data...</p></div></div></main></div><div id="root">',
    );
    expect(signedIn.body).not.toContain('class="boot"');
    expect(preloads(signedIn.body)).toContain('/assets/referrals-1.js');

    const visitor = await served.app.inject({ url: '/referrals' });
    expect(visitor.body).not.toContain('app-shell');
    expect(visitor.body).toContain('<div class="boot" role="status">');
    // The profile shows the member's own name: no fixed heading, the loader stays.
    const profile = await served.app.inject({ url: '/profile', cookies: { sid: 'any' } });
    expect(profile.body).not.toContain('app-shell');
  });

  it('follows a rebuild without a restart', async () => {
    await new Promise((r) => setTimeout(r, 20));
    writeBuild('assets/dashboard-2.js');
    const res = await served.app.inject({ url: '/dashboard' });
    expect(preloads(res.body)).toContain('/assets/dashboard-2.js');
    expect(preloads(res.body)).not.toContain('/assets/dashboard-1.js');
  });
});

describe("a signed-in member's direct visit, rendered on the server", () => {
  const INDEX_HTML =
    '<html><head><title>m</title><link rel="modulepreload" crossorigin href="/assets/client-1.js"></head>' +
    '<body><div id="root"><div class="boot" role="status"><p>Loading</p></div></div>' +
    '<script type="module" src="/assets/index-1.js"></script></body></html>';
  const served = serveDist((dist) => {
    mkdirSync(path.join(dist, 'member', '.vite'), { recursive: true });
    writeFileSync(path.join(dist, 'member', 'index.html'), INDEX_HTML);
    writeFileSync(
      path.join(dist, 'member', '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true },
        'member/src/app/routes/app-layout.tsx': { file: 'assets/app-layout-1.js' },
        'member/src/app/routes/dashboard.tsx': { file: 'assets/dashboard-1.js' },
        'member/src/app/routes/rewards.tsx': { file: 'assets/rewards-1.js' },
        'member/src/app/routes/referrals.tsx': { file: 'assets/referrals-1.js' },
        'member/src/app/routes/profile.tsx': { file: 'assets/profile-1.js' },
      }),
    );
  });
  /**
   * The page's font warm-up (server/lib/font-warm-up.ts): its strikes, and whether the response's
   * CSP allows its script by hash (a browser runs it only then).
   */
  const fontWarmUpIn = (res: { body: string; headers: Record<string, unknown> }) => {
    const m = /<script data-fonts="([^"]*)">([^<]*)<\/script>/.exec(res.body.split('</head>')[0]!);
    if (!m) return null;
    const hash = `'sha256-${createHash('sha256').update(m[2]!).digest('base64')}'`;
    return {
      fonts: JSON.parse(
        m[1]!
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'")
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&amp;/g, '&'),
      ) as unknown,
      allowed: String(res.headers['content-security-policy'])
        .split(/[\s;]+/)
        .includes(hash),
    };
  };
  const answersIn = (html: string) => {
    const m = /<script type="application\/json" id="server-answers">([^<]*)<\/script>/.exec(html);
    return m ? (JSON.parse(m[1]!) as Record<string, unknown>) : null;
  };

  it('paints the dashboard with the member’s own data and carries the answers it was rendered from', async () => {
    const member = await signIn(served.app, newAccount('ada'));
    const title = 'Stream </script><script>alert(1)</script> & win';
    await insertOffer(served.app.db, { title });
    const res = await served.app.inject({ url: '/dashboard', headers: { cookie: member.cookie } });
    expect(res.statusCode).toBe(200);
    // Personal data: never kept by a shared cache.
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toContain('cookie');
    // React's markers between adjacent texts aside, what the member reads:
    const html = res.body.replace(/<!-- -->/g, '');
    expect(html).toContain('<h1 class="page-title">Welcome, Test!</h1>');
    expect(html).toContain('Available Offers');
    // The offer's title is text, escaped by React; the answers cannot close their script element.
    expect(html).toContain('Stream &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; win');
    expect(html).not.toContain('<script>alert(1)');
    // The answers are the API's own, byte for byte once parsed.
    const api = async (p: string) =>
      (await served.app.inject({ url: `/api${p}`, headers: { cookie: member.cookie } })).json();
    expect(answersIn(html)).toEqual({
      '/user-stats.php': await api('/user-stats.php'),
      '/offers.php': await api('/offers.php'),
    });
    // Its fonts are set up ahead of its first layout, by a script the CSP allows.
    expect(fontWarmUpIn(res)).toEqual({ fonts: FIRST_LAYOUT_FONTS['/dashboard'], allowed: true });
    // The page renders once, whole: nothing is laid out before the parser has passed its root.
    expect(html).toContain('<link rel="expect" href="#page-end" blocking="render"></head>');
    expect(html.indexOf('<div id="page-end" hidden></div>')).toBeGreaterThan(
      html.indexOf('Available Offers'),
    );
    // The loader is gone, and no script competes with the first paint.
    expect(html).not.toContain('class="boot"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<script type="module" src="/assets/index-1.js"></script>');
  });

  it('renders the other member pages from their own calls', async () => {
    const member = await signIn(served.app, newAccount('ben'));
    for (const [url, heading, calls] of [
      ['/referrals', 'Refer &amp; Earn', ['/user-stats.php', '/referral-stats.php']],
      ['/rewards', 'My Rewards', ['/user-stats.php']],
      ['/profile', 'Test Ben', ['/user-stats.php']],
    ] as const) {
      const res = await served.app.inject({ url, headers: { cookie: member.cookie } });
      expect(res.body.replace(/<!-- -->/g, ''), url).toContain(heading);
      expect(Object.keys(answersIn(res.body) ?? {}), url).toEqual(calls);
      expect(fontWarmUpIn(res), url).toEqual({ fonts: FIRST_LAYOUT_FONTS[url], allowed: true });
    }
  });

  it('paints the sign-in page itself for every visitor, with a referral link’s code, shared-cacheable', async () => {
    const res = await served.app.inject({ url: '/login?ref=ABC%3Cb%3E123' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body.replace(/<!-- -->/g, '');
    expect(html).toContain('Continue with Google');
    // The code from the address is shown as text, escaped.
    expect(html).toContain('ABC&lt;b&gt;123');
    expect(html).not.toContain('ABC<b>123');
    expect(html).not.toContain('class="boot"');
    // The app hydrates it: the marker with no answers (nothing of anyone's data).
    expect(answersIn(html)).toEqual({});
    expect(fontWarmUpIn(res)).toEqual({ fonts: FIRST_LAYOUT_FONTS['/login'], allowed: true });
    // A signed-in visitor gets the same page (the app then sends them on).
    const member = await signIn(served.app, newAccount('gil'));
    const signedIn = await served.app.inject({ url: '/login', headers: { cookie: member.cookie } });
    expect(signedIn.body).toContain('Continue with Google');
    expect(answersIn(signedIn.body)).toEqual({});
  });

  it('leaves a sign-in address with a query too long for a referral link to the loader', async () => {
    const res = await served.app.inject({ url: `/login?ref=${'x'.repeat(200)}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('class="boot"');
    expect(res.body).not.toContain('Continue with Google');
  });

  it('leaves a session the API refuses (expired, blocked) to the app shell and the app', async () => {
    const expired = await served.app.inject({ url: '/dashboard', headers: { cookie: 'sid=not-a-session' } });
    expect(expired.statusCode).toBe(200);
    expect(answersIn(expired.body)).toBeNull();
    expect(expired.body).toContain('id="app-shell"');
    // The app shell's fonts are not the page's: no warm-up.
    expect(fontWarmUpIn(expired)).toBeNull();
    expect(expired.headers['cache-control']).toBe('no-cache');

    const member = await signIn(served.app, newAccount('eve'));
    await served.app.db.update(users).set({ isSuspicious: true }).where(eq(users.id, member.userId));
    const blocked = await served.app.inject({ url: '/dashboard', headers: { cookie: member.cookie } });
    expect(answersIn(blocked.body)).toBeNull();
    expect(blocked.body).not.toContain('Welcome, Test');
  });
});
