// A signed-in member's direct visit to a member page, rendered on the server (for the
// dashboard's first paint and its long tasks). The page's first calls (shared/member-pages.ts,
// MEMBER_PAGE_CALLS) are answered by the API itself, through `inject` with the visitor's cookie (the
// same guard, the same response schemas), then the member app's own components render the page from
// those answers (member/src/app/server-render.tsx). The HTML carries the markup in the app's root and
// the answers beside it; the browser hydrates the markup from them. Any failure (no session, a
// blocked member, an error) leaves the page to the app shell, and the app to its own rules.
import type { FastifyInstance } from 'fastify';
import {
  MEMBER_PAGE_CALLS,
  SERVER_ANSWERS_ID,
  type MemberPageCall,
  type ServerAnswers,
} from '../../shared/member-pages';
import { fontWarmUpElement, type WarmedPage } from './font-warm-up';
import { BOOT_LOADER } from './member-pages';

export interface RenderedPage {
  /** The page's path. */
  page: WarmedPage;
  /** The root's markup. */
  markup: string;
  answers: ServerAnswers;
  /** Set-Cookie headers of the calls (a session the check renewed). */
  setCookies: string[];
}

type Renderer = (pathname: string, answers: ServerAnswers, search?: string) => Promise<string>;
let renderer: Promise<Renderer> | null = null;
/** The member app's renderer, loaded on first use (React's server renderer is not part of startup). */
function loadRenderer(): Promise<Renderer> {
  renderer ??= import('../../member/src/app/server-render').then((m) => m.renderMemberPage);
  return renderer;
}

export function isServerRenderedPage(page: string): page is keyof typeof MEMBER_PAGE_CALLS {
  return Object.hasOwn(MEMBER_PAGE_CALLS, page);
}

/** `page` rendered for the visitor whose Cookie header is `cookie`, or null when it cannot be. */
export async function renderForMember(
  app: FastifyInstance,
  page: keyof typeof MEMBER_PAGE_CALLS,
  cookie: string,
): Promise<RenderedPage | null> {
  const calls: readonly MemberPageCall[] = MEMBER_PAGE_CALLS[page];
  const responses = await Promise.all(
    calls.map((call) =>
      app.inject({ method: 'GET', url: `/api${call}`, headers: { cookie, accept: 'application/json' } }),
    ),
  );
  if (responses.some((r) => r.statusCode !== 200)) return null;
  const answers: ServerAnswers = {};
  const setCookies: string[] = [];
  responses.forEach((response, i) => {
    answers[calls[i]!] = response.json();
    const set = response.headers['set-cookie'];
    if (set) setCookies.push(...(Array.isArray(set) ? set : [set]));
  });
  const markup = await (await loadRenderer())(page, answers);
  return { page, markup, answers, setCookies: [...new Set(setCookies)] };
}

/** The longest query string the sign-in page is rendered with (a referral link's `?ref=`). */
const MAX_LOGIN_SEARCH = 100;

/**
 * The sign-in page rendered on the server, for any visitor: it needs no data, so its first paint is
 * the page itself (the largest paint of a first visit, which the loader used to hold back until the
 * app's scripts had run) and the app hydrates it. `search` is the address's query (`?ref=…`, shown
 * on the page); null when there is nothing to gain or it is too long to be a referral link.
 */
export async function renderLoginPage(search: string): Promise<RenderedPage | null> {
  if (search.length > MAX_LOGIN_SEARCH) return null;
  const markup = await (await loadRenderer())('/login', {}, search);
  return { page: '/login', markup, answers: {}, setCookies: [] };
}

/**
 * The page is rendered once, whole: the browser does not style, lay out or paint the document until
 * its parser has reached the end of the page (`PAGE_END`, after the root). Without it Chromium laid
 * out the half-parsed page between the parser's chunks (two or three layouts of 5-15 ms thrown away
 * before the one that painted), and on a phone a half-parsed page could paint with its cards still
 * missing. The whole page is about 12 KB on the wire (the demo dashboard, gzip), one or two round trips. A browser without
 * render-blocking links renders as before.
 */
const RENDER_AFTER_PAGE = '<link rel="expect" href="#page-end" blocking="render">';
const PAGE_END = '<div id="page-end" hidden></div>';

/** JSON that is safe inside a script element (no `</script>`, no line separators). */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * index.html with `rendered`'s markup in the root (in place of the loader) and its answers beside it,
 * and the page's fonts set up before its first layout (server/lib/font-warm-up.ts).
 * Without modulepreloads: the page is on screen without any script, so its first paint gets the
 * connection to itself (HTML, stylesheet); the app's chunks load after it (member/src/main.tsx) and
 * hydrate the page (docs/decisions/member-pages-server-rendered.md).
 */
export function withRenderedPage(html: string, rendered: RenderedPage): string | null {
  if (!BOOT_LOADER.test(html) || !html.includes('<div id="root">')) return null;
  const answers = `<script type="application/json" id="${SERVER_ANSWERS_ID}">${scriptSafeJson(rendered.answers)}</script>`;
  return html
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace('</head>', () => `${fontWarmUpElement(rendered.page)}${RENDER_AFTER_PAGE}</head>`)
    .replace('</body>', () => `${PAGE_END}</body>`)
    .replace(BOOT_LOADER, () => rendered.markup)
    .replace('<div id="root">', () => `${answers}<div id="root">`);
}
