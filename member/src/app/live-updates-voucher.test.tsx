import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStats, state } from '../testing/mocks/db';
import { server } from '../testing/mocks/server';
import { renderApp } from '../testing/test-utils';
import { liveToasts } from './live-updates';

// The 'voucher' live event: a voucher the member was owed (a win that lost the race for the last code
// of its amount) was assigned at a restock (docs/product-rules.md#spins).

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

const owed = {
  owed_id: 3,
  voucher_amount: 50,
  title: 'Quiz Master',
  won_at: '2026-11-30T10:00:00.000Z',
  voucher_source: 'offer_completion' as const,
};

beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  server.events.removeAllListeners();
  vi.unstubAllGlobals();
});

describe('an owed voucher assigned, live', () => {
  it('the open wallet shows its code in place of "on its way", and says it arrived', async () => {
    const base = makeStats();
    state.current.stats = { ...base, userVouchers: [], owedVouchers: [owed] };
    renderApp('/rewards');
    expect(await screen.findByText('Your ₹50 voucher is on its way')).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.all).toHaveLength(1));
    const source = FakeEventSource.all[0]!;
    source.emit('ready', {}, 'm-1');

    state.current.stats = {
      ...base,
      userVouchers: [{ ...base.userVouchers[0]!, voucher_code: 'OWED-50-CODE', voucher_amount: 50 }],
      owedVouchers: [],
    };
    source.emit('voucher', { owedId: 3, voucherId: 99, amount: 50, title: 'Quiz Master' }, 'm-2');
    expect(await screen.findByText('OWED-50-CODE')).toBeInTheDocument();
    expect(screen.queryByText('Your ₹50 voucher is on its way')).not.toBeInTheDocument();
    expect(await screen.findByText(liveToasts.owedVoucher(50))).toBeInTheDocument();
  });
});
