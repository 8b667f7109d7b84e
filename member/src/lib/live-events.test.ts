import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BACKOFF_MAX_MS,
  HIDDEN_CLOSE_MS,
  backoffDelay,
  connectLiveEvents,
  type LiveEvent,
} from './live-events';

/** A stand-in for the browser's EventSource: the test opens, sends and drops connections by hand. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((ev: MessageEvent<string>) => void)[]>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.all.push(this);
  }
  addEventListener(name: string, fn: (ev: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(name: string, data: unknown, id = '') {
    const ev = { data: JSON.stringify(data), lastEventId: id } as MessageEvent<string>;
    for (const fn of this.listeners.get(name) ?? []) fn(ev);
  }
  fail() {
    this.onerror?.();
  }
  static get open() {
    return FakeEventSource.all.filter((s) => !s.closed);
  }
  static get last() {
    return FakeEventSource.all.at(-1)!;
  }
}

let onLine = true;
let visibility: DocumentVisibilityState = 'visible';

const connections: { close(): void }[] = [];

function connect(onEvent: (e: LiveEvent) => void = () => {}) {
  return track(
    connectLiveEvents({
      url: '/api/events.php',
      onEvent,
      EventSource: FakeEventSource as unknown as typeof EventSource,
      random: () => 1, // the upper end of the jitter: delays are exactly 1 s, 2 s, 4 s …
    }),
  );
}

function track<T extends { close(): void }>(c: T): T {
  connections.push(c);
  return c;
}

beforeEach(() => {
  FakeEventSource.all = [];
  onLine = true;
  visibility = 'visible';
  vi.useFakeTimers();
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => onLine);
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  connections.splice(0).forEach((c) => c.close());
  vi.useRealTimers();
});

function setOnline(value: boolean) {
  onLine = value;
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

function setVisibility(value: DocumentVisibilityState) {
  visibility = value;
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('backoffDelay', () => {
  it('doubles from 1 s up to 30 s, jittered between half and all of each step', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((a) => backoffDelay(a, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(9, () => 0)).toBe(BACKOFF_MAX_MS / 2);
    expect(backoffDelay(2, () => 0.5)).toBe(3000);
  });
});

describe('connectLiveEvents', () => {
  it('opens one stream and hands over each known event with its data', () => {
    const events: LiveEvent[] = [];
    connect((e) => events.push(e));
    expect(FakeEventSource.all.map((s) => s.url)).toEqual(['/api/events.php']);
    const s = FakeEventSource.last;
    s.emit('ready', {}, 'm-1');
    s.emit('conversion', { status: 'approved', offerId: 4, completionId: 9, title: 'Quiz' }, '77-c9');
    s.emit('free_spin', { count: 1 }, '78-f7.1');
    s.emit('claim_answered', { claimId: 1 }, '79-x'); // a name this client does not know yet
    expect(events).toEqual([
      { name: 'ready', data: {} },
      { name: 'conversion', data: { status: 'approved', offerId: 4, completionId: 9, title: 'Quiz' } },
      { name: 'free_spin', data: { count: 1 } },
    ]);
  });

  it('reconnects after a drop with growing delays, resuming from the last event id', () => {
    connect();
    FakeEventSource.last.emit('ready', {}, 'm-1');
    FakeEventSource.last.emit(
      'conversion',
      { status: 'pending', offerId: 1, completionId: 1, title: 'A' },
      '5-c1',
    );
    FakeEventSource.last.fail();
    expect(FakeEventSource.open).toHaveLength(0);

    vi.advanceTimersByTime(999);
    expect(FakeEventSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.all).toHaveLength(2);
    expect(FakeEventSource.last.url).toBe('/api/events.php?lastEventId=5-c1');

    // Refused again (the server is down): 2 s, then 4 s.
    FakeEventSource.last.fail();
    vi.advanceTimersByTime(1999);
    expect(FakeEventSource.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.all).toHaveLength(3);
    FakeEventSource.last.fail();
    vi.advanceTimersByTime(3999);
    expect(FakeEventSource.all).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.all).toHaveLength(4);

    // A working connection starts the delays over.
    FakeEventSource.last.emit('ready', {}, '5-c1');
    FakeEventSource.last.fail();
    vi.advanceTimersByTime(1000);
    expect(FakeEventSource.all).toHaveLength(5);
    expect(FakeEventSource.open).toHaveLength(1);
  });

  it('never waits more than 30 s between attempts', () => {
    connect();
    for (let i = 0; i < 8; i++) {
      FakeEventSource.last.fail();
      vi.advanceTimersByTime(BACKOFF_MAX_MS);
    }
    expect(FakeEventSource.all).toHaveLength(9);
  });

  it('tries nothing while offline and connects at once when back online', () => {
    connect();
    FakeEventSource.last.emit('ready', {}, '3-c1');
    setOnline(false);
    expect(FakeEventSource.open).toHaveLength(0);
    FakeEventSource.last.fail(); // the browser reports the dropped stream too
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeEventSource.all).toHaveLength(1);

    setOnline(true);
    expect(FakeEventSource.all).toHaveLength(2);
    expect(FakeEventSource.last.url).toBe('/api/events.php?lastEventId=3-c1');
  });

  it('starts offline without connecting, and connects when the network returns', () => {
    onLine = false;
    connect();
    expect(FakeEventSource.all).toHaveLength(0);
    setOnline(true);
    expect(FakeEventSource.all).toHaveLength(1);
  });

  it('stops for good on blocked, after handing the event over', () => {
    const events: string[] = [];
    connect((e) => events.push(e.name));
    FakeEventSource.last.emit('blocked', { message: 'Blocked.' });
    FakeEventSource.last.fail();
    vi.advanceTimersByTime(60_000);
    setOnline(true);
    expect(events).toEqual(['blocked']);
    expect(FakeEventSource.all).toHaveLength(1);
    expect(FakeEventSource.last.closed).toBe(true);
  });

  it('on logout, drops the stream and tries again later (a new session may be there by then)', () => {
    const events: string[] = [];
    connect((e) => events.push(e.name));
    FakeEventSource.last.emit('ready', {}, '4-c1');
    FakeEventSource.last.emit('logout', {});
    expect(events).toEqual(['ready', 'logout']);
    expect(FakeEventSource.open).toHaveLength(0);
    vi.advanceTimersByTime(1000);
    expect(FakeEventSource.all).toHaveLength(2);
    expect(FakeEventSource.last.url).toBe('/api/events.php?lastEventId=4-c1');
  });

  it('close() ends the stream and every retry', () => {
    const connection = connect();
    FakeEventSource.last.fail();
    connection.close();
    vi.advanceTimersByTime(60_000);
    setOnline(true);
    expect(FakeEventSource.all).toHaveLength(1);
  });

  it('lets a tab hidden for a minute give its connection back, and resumes when it is shown', () => {
    connect();
    FakeEventSource.last.emit('ready', {}, '8-c2');
    setVisibility('hidden');
    vi.advanceTimersByTime(HIDDEN_CLOSE_MS - 1);
    expect(FakeEventSource.open).toHaveLength(1);
    setVisibility('visible');
    setVisibility('hidden');
    vi.advanceTimersByTime(HIDDEN_CLOSE_MS);
    expect(FakeEventSource.open).toHaveLength(0);

    setVisibility('visible');
    expect(FakeEventSource.all).toHaveLength(2);
    expect(FakeEventSource.last.url).toBe('/api/events.php?lastEventId=8-c2');
  });

  it('does nothing where the browser has no EventSource', () => {
    const connection = connectLiveEvents({
      url: '/api/events.php',
      onEvent: () => {},
      EventSource: undefined as unknown as typeof EventSource,
    });
    expect(() => connection.close()).not.toThrow();
  });
});

describe('Web Push presence (issue 38)', () => {
  it("sends the window's id with the stream and posts when it is hidden or shown again", () => {
    const posts: unknown[] = [];
    vi.spyOn(window, 'fetch').mockImplementation(async (_url, init) => {
      posts.push(JSON.parse(String(init?.body)));
      return new Response('{"success":true}');
    });
    track(
      connectLiveEvents({
        url: '/api/events.php',
        onEvent: () => {},
        EventSource: FakeEventSource as unknown as typeof EventSource,
        tab: 'tab-0123456789',
        presenceUrl: '/api/push-presence.php',
      }),
    );
    expect(FakeEventSource.last.url).toBe('/api/events.php?tab=tab-0123456789');
    FakeEventSource.last.emit('ready', {}, 'm-1');
    expect(posts).toEqual([]);
    setVisibility('hidden');
    setVisibility('visible');
    expect(posts).toEqual([
      { tab: 'tab-0123456789', visible: false },
      { tab: 'tab-0123456789', visible: true },
    ]);
    // Reconnecting keeps both the last event id and the window id.
    FakeEventSource.last.fail();
    vi.advanceTimersByTime(1000);
    expect(FakeEventSource.last.url).toBe('/api/events.php?lastEventId=m-1&tab=tab-0123456789');
  });
});
