// npm run size: gzip size of the JavaScript each member page loads first (at most 110 KB on /login:
// docs/product-rules.md#performance-bar). Follows the built HTML's entry script and modulepreloads,
// then the lazy route chunks of the page and their static imports, from Vite's build manifest
// (server/lib/member-pages.ts, which the server also uses to preload them). Run after `npm run
// build:member` (or `npm run build`).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { entryFiles, preloadsFor, type BuildManifest } from '../server/lib/member-pages';

const dist = process.argv[2] ?? 'dist/member';
const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}: run npm run build:member first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as BuildManifest;
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');

function htmlFiles(): string[] {
  const files = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)) files.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g)) files.add(m[1]);
  return [...files];
}

const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const shell = new Set<string>([...htmlFiles(), ...entryFiles(manifest)]);
// The pages weighed: /login (the budget) and /dashboard.
const ROUTES = ['/login', '/dashboard'];

console.log(`Member first-load JavaScript (gzip level 9), from ${dist}`);
let failed = false;
for (const route of ROUTES) {
  const files = new Set([...shell, ...preloadsFor(manifest, route)]);
  const sizes = [...files].map((f) => ({ f, size: gz(f) }));
  const total = sizes.reduce((s, x) => s + x.size, 0);
  console.log(`\n${route}: ${kb(total)} in ${files.size} files`);
  for (const { f, size } of sizes.sort((a, b) => b.size - a.size))
    console.log(`  ${kb(size).padStart(9)}  ${f}`);
  if (route === '/login' && total > 110 * 1024) failed = true;
}
const firebase = Object.values(manifest).find((c) => c.file.includes('firebase-'));
if (firebase) console.log(`\nFirebase (loaded on the sign-in click): ${kb(gz(firebase.file))}`);
const css = Object.values(manifest).flatMap((c) => c.css ?? []);
for (const f of new Set(css)) console.log(`CSS ${f}: ${kb(gz(f))}`);
if (failed) {
  console.error('\n/login exceeds its 110 KB budget (docs/product-rules.md#performance-bar)');
  process.exit(1);
}
