import type { MemberEventData, MemberEventName } from '../../../shared/contract/member';

// The member's live updates (GET /api/events.php, server-sent events): one EventSource while signed
// in, which says what changed (a partner's answer on an offer, a referral's free spin, a block) the
// moment it happens. The caller decides what each event means for the screens (app/live-updates.ts);
// this module only keeps the connection:
//   * a dropped connection is opened again after 1 s, 2 s, 4 s … at most 30 s, each jittered (between
//     half and all of it), so a server restart is not met by every member at the same instant;
//   * offline (navigator.onLine false), nothing is tried; back online, it connects at once;
//   * a tab hidden for HIDDEN_CLOSE_MS lets its connection go (a browser allows only about six
//     connections to one server over HTTP/1.1, and every open tab would hold one) and reconnects
//     when shown again;
//   * every reconnection sends the last event id it saw, so the server replays what was missed (or
//     says `resync`);
//   * `blocked` ends it for good, as does `close()`; `logout` (the session ended) drops it like a
//     lost connection: the app checks the session and closes it when the member is signed out.
// Loaded only after sign-in (a dynamic import), so it is not part of the /login bundle.

export const BACKOFF_MAX_MS = 30_000;
/** A hidden tab keeps its connection this long (switching tabs briefly costs nothing). */
export const HIDDEN_CLOSE_MS = 60_000;

/** The events this client acts on; any other name the server may add later is ignored. */
export const LIVE_EVENT_NAMES = [
  'ready',
  'conversion',
  'free_spin',
  'claim',
  'referral',
  'voucher',
  'resync',
  'logout',
  'blocked',
] as const satisfies readonly MemberEventName[];

export type LiveEvent = {
  [K in (typeof LIVE_EVENT_NAMES)[number]]: { name: K; data: MemberEventData<K> };
}[(typeof LIVE_EVENT_NAMES)[number]];

/** The delay before reconnection `attempt` (0 = the first after a drop): 1 s, 2 s, 4 s … 30 s, jittered. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(base / 2 + (random() * base) / 2);
}

export interface LiveEventsOptions {
  /** The stream's address, e.g. '/api/events.php'. */
  url: string;
  onEvent: (event: LiveEvent) => void;
  /** Tests give their own; the browser's by default. */
  EventSource?: typeof EventSource;
  random?: () => number;
  window?: Window;
  /**
   * Web Push (issue 38): this window's id, sent with the stream (`tab`); while the stream is open and
   * the window visible, the server sends no push notification. Visibility changes are posted to
   * `presenceUrl`.
   */
  tab?: string;
  presenceUrl?: string;
}

/** A random id for this app window (Web Push presence). */
export function newTabId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface LiveEventsConnection {
  close(): void;
}

export function connectLiveEvents(opts: LiveEventsOptions): LiveEventsConnection {
  const win = opts.window ?? window;
  const Source = opts.EventSource ?? globalThis.EventSource;
  // A browser without EventSource (or a test environment) keeps the 5-minute refetch only.
  if (!Source) return { close() {} };
  let source: EventSource | null = null;
  let lastEventId: string | null = null;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let hiddenTimer: ReturnType<typeof setTimeout> | null = null;
  let finished = false;

  const online = () => win.navigator.onLine !== false;
  const hidden = () => win.document.visibilityState === 'hidden';

  function clearRetry() {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
  }

  function disconnect() {
    source?.close();
    source = null;
  }

  function connect() {
    clearRetry();
    if (finished || source || !online()) return;
    const params = new URLSearchParams();
    if (lastEventId) params.set('lastEventId', lastEventId);
    if (opts.tab) params.set('tab', opts.tab);
    const query = params.toString();
    const url = query ? `${opts.url}?${query}` : opts.url;
    const es = new Source(url, { withCredentials: true });
    source = es;
    for (const name of LIVE_EVENT_NAMES) {
      es.addEventListener(name, (ev: MessageEvent<string>) => {
        if (source !== es) return;
        if (ev.lastEventId) lastEventId = ev.lastEventId;
        let data: unknown;
        try {
          data = JSON.parse(ev.data || '{}');
        } catch {
          return;
        }
        if (name === 'ready') {
          attempt = 0;
          // A stream opened while hidden (a retry) starts as visible on the server: say otherwise.
          if (hidden()) reportPresence(false);
        }
        if (name === 'blocked') stop();
        // The stream's session ended. Signed out for good, the app leaves the member pages and closes
        // this; signed in again in another tab (a new session cookie), the retry connects with it.
        if (name === 'logout') {
          disconnect();
          scheduleRetry();
        }
        opts.onEvent({ name, data } as LiveEvent);
      });
    }
    // A drop, a refusal (401, 429) or a server going away: the browser's own retry is replaced by ours.
    es.onerror = () => {
      if (source !== es) return;
      disconnect();
      scheduleRetry();
    };
  }

  function scheduleRetry() {
    if (finished || retryTimer || !online()) return;
    retryTimer = setTimeout(connect, backoffDelay(attempt++, opts.random));
  }

  function onOnline() {
    attempt = 0;
    if (!hidden()) connect();
  }

  function onOffline() {
    clearRetry();
    disconnect();
  }

  /** Tells the server whether this window is visible (its open stream makes push notifications wait). */
  function reportPresence(visible: boolean) {
    if (!opts.tab || !opts.presenceUrl || !source) return;
    void win
      .fetch(opts.presenceUrl, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tab: opts.tab, visible }),
        keepalive: true,
      })
      .catch(() => {});
  }

  function onVisibility() {
    reportPresence(!hidden());
    if (hidden()) {
      if (!hiddenTimer)
        hiddenTimer = setTimeout(() => {
          hiddenTimer = null;
          clearRetry();
          disconnect();
        }, HIDDEN_CLOSE_MS);
      return;
    }
    if (hiddenTimer) clearTimeout(hiddenTimer);
    hiddenTimer = null;
    if (!source && !retryTimer) connect();
  }

  function stop() {
    finished = true;
    clearRetry();
    if (hiddenTimer) clearTimeout(hiddenTimer);
    hiddenTimer = null;
    disconnect();
    win.removeEventListener('online', onOnline);
    win.removeEventListener('offline', onOffline);
    win.document.removeEventListener('visibilitychange', onVisibility);
  }

  win.addEventListener('online', onOnline);
  win.addEventListener('offline', onOffline);
  win.document.addEventListener('visibilitychange', onVisibility);
  connect();
  return { close: stop };
}
