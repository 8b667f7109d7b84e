import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createTestDatabase, testConfig, TEST_SESSION_SECRET, type TestDatabase } from '../test/helpers';

describe('static serving', () => {
  let dist: string;
  let tdb: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'dist-'));
    for (const part of ['member', 'admin']) {
      mkdirSync(path.join(dist, part, 'assets'), { recursive: true });
      writeFileSync(path.join(dist, part, 'index.html'), `<html>${part}</html>`);
    }
    const js = 'console.log("hello from a hashed asset");'.repeat(20);
    writeFileSync(path.join(dist, 'member', 'assets', 'app-abc.js'), js);
    writeFileSync(path.join(dist, 'member', 'assets', 'app-abc.js.br'), brotliCompressSync(js));
    tdb = await createTestDatabase('pglite');
    app = await buildApp({
      config: testConfig({ distDir: dist }),
      database: tdb.database,
      sessionSecret: TEST_SESSION_SECRET,
    });
  });
  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves member routes, the console and its routes from their index.html, never cached', async () => {
    for (const [url, body] of [
      ['/dashboard', '<html>member</html>'],
      ['/no/such/page', '<html>member</html>'],
      ['/admin/', '<html>admin</html>'],
      ['/admin/users', '<html>admin</html>'],
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(body);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await app.inject({ method: 'HEAD', url: '/rewards' })).statusCode).toBe(200);
  });

  it('sends precompressed hashed assets with a long cache life', async () => {
    const res = await app.inject({ url: '/assets/app-abc.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('serves a file written after start (a rebuild) without a restart', async () => {
    writeFileSync(path.join(dist, 'member', 'assets', 'late-xyz.js'), 'late();');
    const res = await app.inject({ url: '/assets/late-xyz.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('late();');
  });

  it('answers unknown API paths and missing assets with 404s', async () => {
    const api = await app.inject({ url: '/api/nope.php' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ success: false, error: 'Not found' });
    expect((await app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
  });
});
