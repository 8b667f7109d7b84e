// The member app's pages as the build laid them out (Vite's manifest): which chunks each page loads
// first. The server uses it to name a page's lazy chunks as modulepreloads in the HTML of a direct
// visit, so the browser fetches them beside the entry script instead of after it has run
// (docs/product-rules.md#performance-bar); `npm run size` uses it to weigh each page's first load.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { MEMBER_PAGE_HEADS, MEMBER_PAGES, type MemberPage, type PageHead } from '../../shared/member-pages';
import { escapeHtml } from './text';

export interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type BuildManifest = Record<string, ManifestChunk>;

const route = (chunk: string) => `member/src/app/routes/${chunk}.tsx`;
const LAYOUT = route('app-layout');

/**
 * Lazy route modules each page needs besides the entry, from the page table (shared/member-pages.ts):
 * the member shell's and the page's own; none for a page in the entry chunk (/login).
 */
export const MEMBER_PAGE_MODULES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(MEMBER_PAGES as Record<string, MemberPage>).map(([page, p]) => [
    page,
    p.chunk === null ? [] : p.shell ? [LAYOUT, route(p.chunk)] : [route(p.chunk)],
  ]),
);

/** Route modules: each member page is a chunk of its own, loaded by the pages that need it. */
export const isPageModule = (key: string) => key.startsWith('member/src/app/routes/');

/**
 * The attributes of every modulepreload the member pages' HTML carries. Low priority: the HTML's
 * loader paints without any JavaScript, so the scripts never hold the first paint, and a browser
 * (or Lighthouse's simulation) must not treat them as render-blocking.
 */
export const PRELOAD_ATTRIBUTES = 'crossorigin fetchpriority="low"';

/** `key`'s chunk and, recursively, the chunks it imports statically. */
export function withStaticImports(
  manifest: BuildManifest,
  key: string,
  into = new Set<string>(),
): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const dep of chunk.imports ?? []) withStaticImports(manifest, dep, into);
  return into;
}

/**
 * Files the HTML loads on every page: the entry chunk, the chunks it imports dynamically to boot
 * (React DOM and the app: member/src/main.tsx; every dynamic import of the entry that is not a page),
 * and their static imports. The build preloads the boot chunks from index.html (vite.config.ts).
 */
export function entryFiles(manifest: BuildManifest): Set<string> {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('the build manifest has no entry chunk');
  const files = withStaticImports(manifest, entry);
  for (const key of manifest[entry]!.dynamicImports ?? [])
    if (!isPageModule(key)) withStaticImports(manifest, key, files);
  return files;
}

/** The chunks a direct visit to `page` fetches after the entry, in load order; [] for other URLs. */
export function preloadsFor(manifest: BuildManifest, page: string): string[] {
  const modules = MEMBER_PAGE_MODULES[page];
  if (!modules?.length) return [];
  const shell = entryFiles(manifest);
  const files = new Set<string>();
  for (const key of modules) withStaticImports(manifest, key, files);
  return [...files].filter((f) => !shell.has(f));
}

/** index.html with a modulepreload per file, before </head> (same crossorigin mode as Vite's entry tag, low priority). */
export function withPreloads(html: string, files: readonly string[]): string {
  if (files.length === 0) return html;
  const links = files.map((f) => `<link rel="modulepreload" ${PRELOAD_ATTRIBUTES} href="/${f}">`).join('');
  const at = html.indexOf('</head>');
  return at === -1 ? html : html.slice(0, at) + links + html.slice(at);
}

/** The loader index.html paints before the JavaScript arrives (member index.html, `#root`). */
export const BOOT_LOADER = /<div class="boot" role="status">[\s\S]*?<\/div>/;

/**
 * The app shell of a signed-in member's direct visit: the top bar and the page's own heading
 * (shared/member-pages.ts, the same text the page renders) with its loading line, in the member
 * app's own classes and inlined stylesheet, in place of the generic loader. The member sees the
 * page they asked for at the first paint instead of "Loading SpinRewards"; React replaces it when it
 * renders. Pages without a fixed heading (the profile shows the member's name) keep the loader.
 */
export function withShell(html: string, page: string): string {
  const head = (MEMBER_PAGE_HEADS as Record<string, PageHead | undefined>)[page];
  if (!head || !BOOT_LOADER.test(html) || !html.includes('<div id="root">')) return html;
  const shell =
    `<div id="app-shell" class="shell" aria-busy="true">` +
    `<header class="topbar"><div class="topbar__inner"><a class="brand" href="/dashboard">` +
    `<svg width="34" height="34" viewBox="0 0 64 64" aria-hidden="true" focusable="false"><defs><linearGradient id="shell-logo-g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7c3aed"/><stop offset="1" stop-color="#db2777"/></linearGradient></defs><rect width="64" height="64" rx="16" fill="url(#shell-logo-g)"/><rect x="12" y="18" width="40" height="28" rx="6" fill="#fff" opacity="0.18"/><path fill="#fde047" d="m32 15 4.7 10.4 11.3 1.2-8.5 7.6 2.4 11.1L32 39.6l-9.9 5.7 2.4-11.1-8.5-7.6 11.3-1.2L32 15Z"/></svg><span class="brand__name">SpinRewards</span></a></div></header>` +
    `<main class="main"><div class="page"><div class="page-head"><div>` +
    `<h1 class="page-title">${escapeHtml(head.title)}</h1><p class="page-subtitle">${escapeHtml(head.subtitle)}</p>` +
    `</div></div><div class="state state--loading" role="status" aria-live="polite">` +
    `<span class="spinner" aria-hidden="true"></span><p>${escapeHtml(head.loading)}</p></div></div></main></div>`;
  // Outside React's root: React renders beside it and removes it when the page is on screen
  // (member/src/lib/app-shell.ts); the root's own loader is not needed.
  return html.replace(BOOT_LOADER, '').replace('<div id="root">', `${shell}<div id="root">`);
}

export interface PageHtml {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/**
 * Page HTML for direct visits to member pages, built from `memberDir`'s index.html and manifest and
 * rebuilt when either file changes (a rebuild is served without a restart), with the app shell
 * (`withShell`) for a visitor who carries a member session cookie. Returns null for URLs that need
 * the plain index.html, or when the build has no manifest.
 */
export function memberPageHtml(memberDir: string): (page: string, signedIn?: boolean) => PageHtml | null {
  const htmlPath = path.join(memberDir, 'index.html');
  const manifestPath = path.join(memberDir, '.vite', 'manifest.json');
  let stamp = '';
  let pages = new Map<string, PageHtml>();
  return (page, signedIn = false) => {
    if (!MEMBER_PAGE_MODULES[page]?.length) return null;
    let current: string;
    try {
      current = `${statSync(htmlPath).mtimeMs}:${statSync(manifestPath).mtimeMs}`;
    } catch {
      return null;
    }
    if (current !== stamp) {
      stamp = current;
      pages = new Map();
    }
    const key = `${signedIn ? 'shell' : 'loader'}:${page}`;
    const cached = pages.get(key);
    if (cached) return cached;
    let built: PageHtml;
    try {
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as BuildManifest;
      let html = withPreloads(readFileSync(htmlPath, 'utf8'), preloadsFor(manifest, page));
      if (signedIn) html = withShell(html, page);
      const identity = Buffer.from(html);
      built = {
        identity,
        gzip: gzipSync(identity, { level: 9 }),
        br: brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
      };
    } catch {
      // A manifest from another layout (or half-written during a rebuild): the plain page still works.
      return null;
    }
    pages.set(key, built);
    return built;
  };
}
