import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeOffer, state } from '../testing/mocks/db';
import { server } from '../testing/mocks/server';
import { renderApp } from '../testing/test-utils';
import { liveToasts } from './live-updates';

// The 'claim' live event: an administrator answered the member's missing-conversion claim.

class FakeEventSource {
  static all: FakeEventSource[] = [];
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((ev: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(name: string, fn: (ev: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  close() {}
  emit(name: string, data: unknown, id = '') {
    const ev = { data: JSON.stringify(data), lastEventId: id } as MessageEvent<string>;
    for (const fn of this.listeners.get(name) ?? []) fn(ev);
  }
}

async function openDashboard() {
  renderApp('/dashboard');
  await screen.findByRole('heading', { name: /Welcome/ });
  await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
  const source = FakeEventSource.all[0]!;
  source.emit('ready', {}, 'm-1');
  return source;
}

beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  state.current.offers = {
    success: true,
    freeSpinsRemaining: 0,
    offers: [makeOffer({ offer_id: 5, title: 'Quiz Master', claim_status: 'pending' })],
  };
});
afterEach(() => {
  server.events.removeAllListeners();
  vi.unstubAllGlobals();
});

describe('claim answers, live', () => {
  it('an approved claim turns the card into Play Slot Machine! without a reload and says so', async () => {
    const source = await openDashboard();
    expect(await screen.findByText('Claim under review')).toBeInTheDocument();
    state.current.offers = {
      ...state.current.offers,
      offers: [
        makeOffer({
          offer_id: 5,
          title: 'Quiz Master',
          completed: true,
          status: 'completed',
          claim_status: 'approved',
        }),
      ],
    };
    source.emit(
      'claim',
      { status: 'approved', offerId: 5, claimId: 2, title: 'Quiz Master', reason: null },
      '7-k2',
    );
    const ready = await screen.findByRole('region', { name: /Ready to Spin/ });
    expect(within(ready).getByRole('button', { name: 'Play Slot Machine!' })).toBeInTheDocument();
    expect(within(ready).getByText('Claim approved')).toBeInTheDocument();
    expect(
      await screen.findByText('Your claim for Quiz Master was approved — your spin is ready!'),
    ).toBeInTheDocument();
  });

  it('a rejected claim shows the reason on the card and in a toast', async () => {
    const source = await openDashboard();
    await screen.findByText('Claim under review');
    state.current.offers = {
      ...state.current.offers,
      offers: [
        makeOffer({
          offer_id: 5,
          title: 'Quiz Master',
          claim_status: 'rejected',
          claim_reason: 'No record at the partner',
        }),
      ],
    };
    source.emit(
      'claim',
      {
        status: 'rejected',
        offerId: 5,
        claimId: 2,
        title: 'Quiz Master',
        reason: 'No record at the partner',
      },
      '8-k2',
    );
    expect(
      await screen.findByText(liveToasts.claimRejected('Quiz Master', 'No record at the partner')),
    ).toBeInTheDocument();
    expect(liveToasts.claimRejected('Quiz Master', 'No record at the partner')).toBe(
      'Your claim for Quiz Master was not accepted: No record at the partner',
    );
    expect(await screen.findByText('Claim not accepted: No record at the partner')).toBeInTheDocument();
  });
});
