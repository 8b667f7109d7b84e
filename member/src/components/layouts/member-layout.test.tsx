import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeStats, state } from '../../testing/mocks/db';
import { server } from '../../testing/mocks/server';
import { renderApp, waitForPath } from '../../testing/test-utils';

describe('member shell', () => {
  it('has header navigation, a greeting with first name and email, and the bottom tab bar', async () => {
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const name of ['Dashboard', 'Referrals', 'Rewards', 'Profile']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    const tabs = screen.getByRole('navigation', { name: 'Tabs' });
    expect(within(tabs).getAllByRole('link')).toHaveLength(4);
    expect(screen.getByText('Hi, Asha')).toBeInTheDocument();
    expect(screen.getByText('asha@example.com')).toBeInTheDocument();
  });

  it("shows the 'Free Spins' badge and the Referrals dot only when free spins are above 0", async () => {
    state.current.stats = makeStats({ free_spins_remaining: 2 });
    const { unmount } = renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: '2 Free Spins' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2 Free Spins' })).toHaveTextContent(/^2 Free Spins$/);
    const tabs = screen.getByRole('navigation', { name: 'Tabs' });
    expect(
      within(within(tabs).getByRole('link', { name: /Referrals/ })).getByRole('img', {
        name: 'Free spins available',
      }),
    ).toBeInTheDocument();
    void unmount;
  });

  it("reads '1 Free Spin' in the singular, its name matching the visible text", async () => {
    state.current.stats = makeStats({ free_spins_remaining: 1 });
    renderApp('/dashboard');
    const badge = await screen.findByRole('link', { name: '1 Free Spin' });
    expect(badge).toHaveTextContent(/^1 Free Spin$/);
  });

  it('shows neither the badge nor the dot at 0 free spins', async () => {
    state.current.stats = makeStats({ free_spins_remaining: 0 });
    renderApp('/rewards');
    await screen.findByRole('heading', { name: 'My Rewards' });
    expect(screen.queryByText('Free Spins')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Free spins available' })).not.toBeInTheDocument();
  });

  it('opens the mobile menu and navigates from it', async () => {
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    await user.click(within(menu).getByRole('link', { name: 'Rewards' }));
    await waitForPath('/rewards');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it("logs out: 'Logged out successfully', /login, and the member pages are closed again", async () => {
    const { user } = renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Main' });
    await user.click(screen.getAllByRole('button', { name: 'Logout' })[0]);
    await waitForPath('/login');
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(localStorage.getItem('spinrewards.user')).toBeNull();
  });

  it("says 'Logout failed' when the call fails, and still signs the member out", async () => {
    server.use(http.post('*/api/logout.php', () => HttpResponse.json({ success: false }, { status: 500 })));
    const { user } = renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Main' });
    await user.click(screen.getAllByRole('button', { name: 'Logout' })[0]);
    await waitForPath('/login');
    expect(await screen.findByText('Logout failed')).toBeInTheDocument();
    expect(localStorage.getItem('spinrewards.user')).toBeNull();
  });

  it('toasts disappear after 5 seconds', async () => {
    const { user } = renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Main' });
    const { vi } = await import('vitest');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { toast } = await import('../../lib/toast');
    const { act } = await import('@testing-library/react');
    act(() => void toast.success('Hello toast'));
    expect(screen.getByText('Hello toast')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('Hello toast')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Hello toast')).not.toBeInTheDocument();
    void user;
  });
});
