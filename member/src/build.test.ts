// @vitest-environment node
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The member build emits an installable PWA: a service worker and a web manifest with icons
// (docs/product-rules.md#offline). Built into a temporary folder so dist/ is untouched.
const root = path.resolve(__dirname, '../..');
let outDir: string;

beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'member-build-'));
  await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
  });
}, 180_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('member build', () => {
  it('emits the service worker with the app shell precached and the navigation denylist', () => {
    const sw = readFileSync(path.join(outDir, 'sw.js'), 'utf8');
    expect(sw).toContain('index.html');
    expect(sw).toMatch(/NavigationRoute/);
    for (const pattern of ['api', 'admin', '__', 'partner']) expect(sw).toContain(`^\\/${pattern}`);
    expect(sw).not.toMatch(/assets\/firebase-[\w-]+\.js/);
  });

  it('emits the manifest with name, short name, theme colour and 192, 512 and maskable icons', () => {
    const manifest = JSON.parse(readFileSync(path.join(outDir, 'manifest.webmanifest'), 'utf8'));
    expect(manifest.name).toBe('SpinRewards');
    expect(manifest.short_name).toBe('SpinRewards');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    const sizes = manifest.icons.map(
      (i: { sizes: string; purpose?: string }) => `${i.sizes}${i.purpose ? ` ${i.purpose}` : ''}`,
    );
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512', '512x512 maskable']));
    for (const icon of manifest.icons) {
      const file = path.join(outDir, icon.src.replace(/^\//, ''));
      expect(existsSync(file)).toBe(true);
      expect(readFileSync(file).subarray(1, 4).toString()).toBe('PNG');
    }
    const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    expect(html).toContain('manifest.webmanifest');
  });

  it('keeps Firebase out of the entry chunk (loaded on the sign-in click)', () => {
    const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const entry = /<script type="module" crossorigin src="\/([^"]+)"/.exec(html)![1];
    const code = readFileSync(path.join(outDir, entry), 'utf8');
    expect(code).not.toContain('identitytoolkit');
  });

  it('ships no modulepreload polyfill in the entry chunk (every supported browser preloads modules)', () => {
    const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const entry = /<script type="module" crossorigin src="\/([^"]+)"/.exec(html)![1]!;
    // The polyfill watches the document for preload links added later; nothing else in the entry does.
    expect(readFileSync(path.join(outDir, entry), 'utf8')).not.toContain('MutationObserver');
  });
});
