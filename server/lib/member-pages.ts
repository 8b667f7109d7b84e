// The member app's pages as the build laid them out (Vite's manifest): which chunks each page loads
// first. The server uses it to name a page's lazy chunks as modulepreloads in the HTML of a direct
// visit, so the browser fetches them beside the entry script instead of after it has run (DESIGN.md
// section 6); `npm run size` uses it to weigh each page's first load.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type BuildManifest = Record<string, ManifestChunk>;

const route = (name: string) => `member/src/app/routes/${name}.tsx`;
const LAYOUT = route('app-layout');

/** Lazy route modules each page needs besides the entry (/login and / are part of the entry chunk). */
export const MEMBER_PAGE_MODULES: Readonly<Record<string, readonly string[]>> = {
  '/login': [],
  '/dashboard': [LAYOUT, route('dashboard')],
  '/referrals': [LAYOUT, route('referrals')],
  '/rewards': [LAYOUT, route('rewards')],
  '/profile': [LAYOUT, route('profile')],
};

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

/** Files the HTML already loads: the entry chunk and its static imports. */
export function entryFiles(manifest: BuildManifest): Set<string> {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('the build manifest has no entry chunk');
  return withStaticImports(manifest, entry);
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

/** index.html with a modulepreload per file, before </head> (same crossorigin mode as Vite's entry tag). */
export function withPreloads(html: string, files: readonly string[]): string {
  if (files.length === 0) return html;
  const links = files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('');
  const at = html.indexOf('</head>');
  return at === -1 ? html : html.slice(0, at) + links + html.slice(at);
}

export interface PageHtml {
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/**
 * Page HTML for direct visits to member pages, built from `memberDir`'s index.html and manifest and
 * rebuilt when either file changes (a rebuild is served without a restart). Returns null for URLs
 * that need the plain index.html, or when the build has no manifest.
 */
export function memberPageHtml(memberDir: string): (page: string) => PageHtml | null {
  const htmlPath = path.join(memberDir, 'index.html');
  const manifestPath = path.join(memberDir, '.vite', 'manifest.json');
  let stamp = '';
  let pages = new Map<string, PageHtml>();
  return (page) => {
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
    const cached = pages.get(page);
    if (cached) return cached;
    let built: PageHtml;
    try {
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as BuildManifest;
      const html = withPreloads(readFileSync(htmlPath, 'utf8'), preloadsFor(manifest, page));
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
    pages.set(page, built);
    return built;
  };
}
