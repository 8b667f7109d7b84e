/**
 * Whether the next first render is of a page the server rendered whole: the server's own render, then
 * the browser's hydration of it (member/src/app/mount.tsx sets it; the list's own first commit clears
 * it, since a route hydrates in a Suspense boundary of its own, after the app's first commit).
 * Every row is then in the HTML already, laid out before the first paint (off-screen cards skip
 * layout: `content-visibility: auto`), and hydrating them costs less than adding them back in batches,
 * each a render, a commit and a layout after the first paint.
 *
 * A module of its own, not in use-progressive-count.ts: the boot (mount.tsx) sets the flag on every
 * page, /login included, while the hook is only the member pages' (docs/product-rules.md#performance-bar).
 */
let wholeFirstRender = false;

/** Lists render whole in their first render from now on (`true`), or in batches again (`false`). */
export function renderListsWhole(whole: boolean): void {
  wholeFirstRender = whole;
}

/** Whether a list's first render is whole (see `renderListsWhole`). */
export function listsRenderWhole(): boolean {
  return wholeFirstRender;
}
