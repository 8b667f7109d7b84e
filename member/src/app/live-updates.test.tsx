import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeOffer, makeStats, state } from '../testing/mocks/db';
import { server } from '../testing/mocks/server';
import { renderApp, waitForPath } from '../testing/test-utils';
import { getSessionUser } from '../lib/session';
import { liveToasts } from './live-updates';

/** The browser's EventSource, replaced: the test sends the server's events by hand. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  closed = false;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((ev: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
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
}

/** Counts the calls each GET receives from now on. */
function countCalls() {
  const calls: Record<string, number> = {};
  server.events.on('request:start', ({ request }) => {
    const path = new URL(request.url).pathname;
    calls[path] = (calls[path] ?? 0) + 1;
  });
  return calls;
}

async function openDashboard() {
  const utils = renderApp('/dashboard');
  await screen.findByRole('heading', { name: /Welcome/ });
  await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
  const source = FakeEventSource.all[0]!;
  source.emit('ready', {}, 'm-1');
  return { ...utils, source };
}

beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  state.current.offers = {
    success: true,
    freeSpinsRemaining: 0,
    offers: [makeOffer({ offer_id: 5, title: 'Quiz Master' })],
  };
});
afterEach(() => {
  server.events.removeAllListeners();
  vi.unstubAllGlobals();
});

describe('live updates in the member app', () => {
  it('opens the stream once signed in, at the events address, with its window id (Web Push presence)', async () => {
    await openDashboard();
    expect(FakeEventSource.all.map((s) => s.url)).toEqual([
      expect.stringMatching(/^\/api\/events\.php\?tab=[0-9a-f]{24}$/),
    ]);
  });

  it('opens no stream on the login page', async () => {
    server.use(
      http.get('*/api/user-stats.php', () =>
        HttpResponse.json({ success: false, error: 'Please sign in to continue.' }, { status: 401 }),
      ),
    );
    renderApp('/login');
    await screen.findByRole('button', { name: 'Continue with Google' });
    expect(FakeEventSource.all).toHaveLength(0);
  });

  it('moves a confirmed offer to Ready to Spin without a reload and says so', async () => {
    const { source } = await openDashboard();
    const available = await screen.findByRole('region', { name: /Available Offers/ });
    expect(within(available).getByRole('button', { name: 'Start Offer' })).toBeInTheDocument();

    state.current.offers = {
      ...state.current.offers,
      offers: [makeOffer({ offer_id: 5, title: 'Quiz Master', completed: true, status: 'completed' })],
    };
    source.emit(
      'conversion',
      { status: 'approved', offerId: 5, completionId: 3, title: 'Quiz Master' },
      '9-c3',
    );

    const ready = await screen.findByRole('region', { name: /Ready to Spin/ });
    expect(within(ready).getByRole('button', { name: 'Play Slot Machine!' })).toBeInTheDocument();
    expect(await screen.findByText(liveToasts.approved('Quiz Master'))).toBeInTheDocument();
    expect(liveToasts.approved('Quiz Master')).toBe('Quiz Master confirmed — your spin is ready!');
  });

  it("refetches only the offers for a pending answer, and the offers and the member's stats for a reversal", async () => {
    const { source } = await openDashboard();
    await screen.findByRole('button', { name: 'Start Offer' });
    const calls = countCalls();
    source.emit(
      'conversion',
      { status: 'pending', offerId: 5, completionId: 3, title: 'Quiz Master' },
      '9-c3',
    );
    expect(
      await screen.findByText('Quiz Master: the partner is confirming your completion'),
    ).toBeInTheDocument();
    await waitFor(() => expect(calls['/api/offers.php']).toBe(1));
    expect(calls['/api/user-stats.php']).toBeUndefined();
    expect(calls['/api/referral-stats.php']).toBeUndefined();

    source.emit('conversion', { status: 'reversed', offerId: 5, completionId: 3, title: null }, '10-c3');
    expect(await screen.findByText('Untitled Offer was reversed by the partner')).toBeInTheDocument();
    await waitFor(() => expect(calls['/api/offers.php']).toBe(2));
    await waitFor(() => expect(calls['/api/user-stats.php']).toBe(1));
  });

  it('a reward denied in review is told as not approved, not as a partner reversal', async () => {
    const { source } = await openDashboard();
    source.emit(
      'conversion',
      { status: 'reversed', offerId: 5, completionId: 3, title: 'Quiz Master', notApproved: true },
      '11-c3',
    );
    expect(
      await screen.findByText('Quiz Master was not approved after review — the offer card says why'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Quiz Master was reversed by the partner')).not.toBeInTheDocument();
  });

  it("announces a referral's free spin and shows it in the header badge", async () => {
    const { source } = await openDashboard();
    state.current.stats = makeStats({ free_spins_remaining: 1 });
    state.current.offers = { ...state.current.offers, freeSpinsRemaining: 1 };
    source.emit('free_spin', { count: 1 }, '11-f7.3');
    expect(
      await screen.findByText('Your friend completed an offer — you earned a free spin!'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Use Free Spin' })).toBeInTheDocument();
  });

  it('refetches the referrals screen and says so when an admin denies a held referral', async () => {
    const { source } = await openDashboard();
    const calls = countCalls();
    window.history.pushState({}, '', '/referrals');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await waitFor(() => expect(calls['/api/referral-stats.php']).toBe(1));
    source.emit('referral', { status: 'denied', referralId: 7 }, '12-r7');
    expect(await screen.findByText(liveToasts.referralDenied)).toBeInTheDocument();
    await waitFor(() => expect(calls['/api/referral-stats.php']).toBe(2));
    // A denial moves no spin: the offers and the member's counts are not fetched again.
    expect(calls['/api/offers.php']).toBeUndefined();
  });

  it('refetches everything the member has loaded on resync', async () => {
    const { source } = await openDashboard();
    await screen.findByRole('button', { name: 'Start Offer' });
    const calls = countCalls();
    source.emit('resync', {}, 'm-2');
    await waitFor(() => expect(calls['/api/offers.php']).toBe(1));
    await waitFor(() => expect(calls['/api/user-stats.php']).toBe(1));
  });

  it('signs a blocked member out to /login with the reason, and closes the stream', async () => {
    const { source } = await openDashboard();
    // Blocking ended the member's sessions on the server.
    server.use(
      http.get('*/api/user-stats.php', () =>
        HttpResponse.json({ success: false, error: 'Please sign in to continue.' }, { status: 401 }),
      ),
    );
    source.emit('blocked', { message: 'Your account has been blocked. Please contact support.' });
    await waitForPath('/login');
    expect(
      (await screen.findAllByText('Your account has been blocked. Please contact support.')).length,
    ).toBeGreaterThan(0);
    expect(source.closed).toBe(true);
    expect(getSessionUser()).toBeNull();
  });

  it('goes to /login when the session ended in another tab (logout event, then the session check)', async () => {
    const { source } = await openDashboard();
    server.use(
      http.get('*/api/user-stats.php', () =>
        HttpResponse.json({ success: false, error: 'Please sign in to continue.' }, { status: 401 }),
      ),
    );
    source.emit('logout', {});
    await waitForPath('/login');
    expect(getSessionUser()).toBeNull();
  });

  it('closes the stream when the member logs out', async () => {
    const { source, user } = await openDashboard();
    await user.click(screen.getAllByRole('button', { name: /Logout/ })[0]!);
    await waitForPath('/login');
    await waitFor(() => expect(source.closed).toBe(true));
  });
});
