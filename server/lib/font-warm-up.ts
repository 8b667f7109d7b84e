// The fonts a server-rendered member page lays out first, set up before its first layout, in tasks
// small enough not to block.
//
// Chromium sets a font up the first time a page lays text out in it: for each family it matches a
// typeface, and for each size and weight (a strike) it creates the font's platform data; on Linux
// each strike also asks the browser process for its render style, a synchronous round trip. The
// dashboard's first layout set up nine strikes this way, about half of that layout's wall-clock time
// (14 ms of layout, 8 of them in FontCache::GetFontPlatformData, on this machine unthrottled; more on
// a busy one), and the first layout is the page's longest task after its first paint
// (docs/decisions/font-warm-up.md). So the page's head carries a small script that measures a word
// in each strike the page lays out, on a canvas that is never drawn, one strike per task at
// user-blocking priority: the tasks run as soon as the parser yields, and the layout then finds
// every strike in the renderer's font cache (docs/decisions/font-warm-up.md).
//
// The strikes are the page's own, at a phone's and a desktop's width, for a member with no history
// yet (a long history adds lists below the first screen, which lay out later): the list is checked
// against what Chromium lays out (tests/e2e/first-paint.e2e.ts), so a change to the type scale that
// forgets it fails a test rather than quietly slowing the first layout again.
import { createHash } from 'node:crypto';
import type { MEMBER_PAGE_CALLS } from '../../shared/member-pages';
import { escapeHtml } from './text';

/** The member app's font stack (member/src/styles.css, `--font`). */
export const APP_FONT =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif";
/** The referral page's code (member/src/styles.css, `.referral-code__value`). */
export const CODE_FONT = 'ui-monospace, Menlo, Consolas, monospace';

/** Strikes by family: the family's stack, then each strike's weight and size (canvas `font` order). */
type Strikes = Readonly<Record<string, readonly string[]>>;

/** What every member page lays out: its header, navigation, heading and cards' type. */
const MEMBER_PAGE = [
  'bold 28px',
  'bold 24px',
  'bold 18px',
  'bold 16px',
  '16px',
  'bold 14px',
  '13px',
  'bold 12px',
];

/** Each server-rendered page's strikes. */
export const FIRST_LAYOUT_FONTS = {
  '/login': { [APP_FONT]: ['bold 28px', 'bold 16px', '16px', 'bold 13px', '13px'] },
  '/dashboard': { [APP_FONT]: [...MEMBER_PAGE, '14px', 'bold 13px', '12px', 'bold 15px'] },
  '/referrals': { [APP_FONT]: [...MEMBER_PAGE, '14px'], [CODE_FONT]: ['bold 24px'] },
  '/rewards': { [APP_FONT]: MEMBER_PAGE },
  '/profile': {
    [APP_FONT]: ['bold 30px', ...MEMBER_PAGE, '14px'],
    // The referral code's <code>: the browser's own monospace.
    monospace: ['bold 16px'],
  },
} as const satisfies Record<keyof typeof MEMBER_PAGE_CALLS | '/login', Strikes>;

export type WarmedPage = keyof typeof FIRST_LAYOUT_FONTS;

/**
 * The script, the same on every page (one hash in the CSP): it reads its page's strikes from its own
 * `data-fonts` attribute, makes the canvas in one task and measures one strike in each of the next.
 * Where `scheduler.postTask` is missing (Safari, older Firefox) each task is a zero-delay timer.
 */
export const FONT_WARM_UP_JS =
  '(function(){var d=JSON.parse(document.currentScript.dataset.fonts),c;' +
  'function t(g){window.scheduler&&scheduler.postTask?scheduler.postTask(g,{priority:"user-blocking"}):setTimeout(g,0)}' +
  't(function(){c=document.createElement("canvas").getContext("2d")});' +
  'Object.keys(d).forEach(function(f){d[f].forEach(function(s){t(function(){c.font=s+" "+f;c.measureText("Ag")})})})})()';

/** The CSP source that allows the script (and nothing else inline). */
export const FONT_WARM_UP_CSP_SOURCE = `'sha256-${createHash('sha256').update(FONT_WARM_UP_JS).digest('base64')}'`;

/** The script element for `page`'s head. */
export function fontWarmUpElement(page: WarmedPage): string {
  const fonts = escapeHtml(JSON.stringify(FIRST_LAYOUT_FONTS[page]));
  return `<script data-fonts="${fonts}">${FONT_WARM_UP_JS}</script>`;
}
