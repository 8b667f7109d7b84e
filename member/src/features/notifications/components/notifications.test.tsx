import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStats, state } from '../../../testing/mocks/db';
import { renderApp } from '../../../testing/test-utils';
import { DECLINED_KEY } from '../push-client';
import { OPT_IN_TITLE } from './notifications-opt-in';

/** A browser with the Push API (jsdom has none): permission not asked yet. */
function withPushApi() {
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn() });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: new Promise(() => {}), getRegistration: async () => undefined },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  window.localStorage.removeItem(DECLINED_KEY);
});

describe('notifications', () => {
  it('never asks at a first visit (no completion, no win)', async () => {
    withPushApi();
    state.current.stats = makeStats({ total_completions: 0, total_vouchers_won: 0 });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Stream Plus trial' });
    expect(screen.queryByRole('heading', { name: OPT_IN_TITLE })).not.toBeInTheDocument();
  });

  it('asks after a first completion; "Not now" is remembered and the browser is not asked', async () => {
    withPushApi();
    state.current.stats = makeStats({ total_completions: 1 });
    const { user } = renderApp('/dashboard');
    const card = (await screen.findByRole('heading', { name: OPT_IN_TITLE })).closest('section')!;
    expect(within(card).getByRole('button', { name: 'Allow notifications' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('heading', { name: OPT_IN_TITLE })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(DECLINED_KEY)).toBe('dismissed');
    expect(Notification.requestPermission).not.toHaveBeenCalled();
  });

  it('the profile has a switch per kind, and turning one off is saved', async () => {
    const { user } = renderApp('/profile');
    const section = (await screen.findByRole('heading', { name: 'Notifications' })).closest('section')!;
    const switches = await within(section).findAllByRole('switch');
    expect(switches.map((s) => s.getAttribute('aria-checked'))).toEqual([
      'true',
      'true',
      'true',
      'true',
      'true',
    ]);
    const expiring = within(section).getByRole('switch', { name: 'Voucher expiring' });
    await user.click(expiring);
    await vi.waitFor(() => expect(expiring).toHaveAttribute('aria-checked', 'false'));
    // jsdom has no Push API: the member is told so.
    expect(within(section).getByText('This browser cannot show notifications.')).toBeInTheDocument();
  });
});
