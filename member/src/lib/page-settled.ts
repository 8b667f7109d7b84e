// Work the page can do later (the live-events connection, the first save of the offline copy, the
// service worker's registration and its precache of every asset) waits until the page has settled:
// its load event, then `delayMs`, then a moment the main thread is idle (or `idleTimeoutMs` at most).
// Started earlier, it competes with React's hydration for the phone's CPU and network: on the 2-core
// machine the Lighthouse traces showed hydration's tasks lasting 3-7 times their CPU time while the
// service worker installed beside them (docs/decisions/service-worker-prompt.md).

export interface SettleOptions {
  /** Wait this long after the load event before looking for an idle moment (default 0). */
  delayMs?: number;
  /** The longest wait for an idle moment once the delay has passed (default 2 s). */
  idleTimeoutMs?: number;
  /** Tests give their own; the browser's by default. */
  window?: Window;
}

/** Runs `fn` once the page has settled (see above); returns a cancel that is safe to call at any time. */
export function afterPageSettles(fn: () => void, opts: SettleOptions = {}): () => void {
  const win = opts.window ?? window;
  const delayMs = opts.delayMs ?? 0;
  const idleTimeoutMs = opts.idleTimeoutMs ?? 2_000;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelled = false;
  const whenIdle = () => {
    timer = undefined;
    if (cancelled) return;
    if (typeof win.requestIdleCallback === 'function')
      idle = win.requestIdleCallback(() => !cancelled && fn(), { timeout: idleTimeoutMs });
    else timer = setTimeout(() => !cancelled && fn(), 200);
  };
  const onLoad = () => {
    if (delayMs > 0) timer = setTimeout(whenIdle, delayMs);
    else whenIdle();
  };
  if (win.document.readyState === 'complete') onLoad();
  else win.addEventListener('load', onLoad, { once: true });
  return () => {
    cancelled = true;
    win.removeEventListener('load', onLoad);
    if (idle !== undefined) win.cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}
