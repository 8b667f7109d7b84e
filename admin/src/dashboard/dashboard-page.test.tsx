import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { localStorageStore } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db, requests, resetDb } from '../testing/handlers';
import { renderAdmin } from '../testing/render-admin';
import { DASHBOARD_REFETCH_MS } from './use-dashboard';

beforeEach(() => resetDb());

describe('/admin/dashboard', () => {
  it('/admin opens the dashboard', async () => {
    renderAdmin('/admin');
    await waitFor(() => expect(window.location.pathname).toBe('/admin/dashboard'));
  });

  it('shows its loading text first', async () => {
    db.delayMs = 400;
    renderAdmin('/admin/dashboard');
    expect(await screen.findByText('Loading admin dashboard...')).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Total Users' })).toBeInTheDocument();
  });

  it('shows the tiles, 8 recent users and conversions, 10 top referrers, the funnel and the chart', async () => {
    renderAdmin('/admin/dashboard');
    expect(
      within(await screen.findByRole('group', { name: 'Total Users' })).getByText('1,234'),
    ).toBeInTheDocument();
    const section = (name: string) => screen.getByRole('region', { name });
    expect(within(section('Recent Users')).getAllByRole('row')).toHaveLength(1 + 8);
    expect(within(section('Recent Conversions')).getAllByRole('row')).toHaveLength(1 + 8);
    expect(within(section('Top Referrers')).getAllByRole('row')).toHaveLength(1 + 10);
    // Funnel bars never narrower than 10%, even for 0 rewards granted.
    const bars = within(section('Referral Funnel')).getAllByTestId('funnel-bar');
    expect(bars.map((b) => b.style.width || getComputedStyle(b).width)).toEqual(['100%', '10%', '10%']);
    expect(screen.getByRole('region', { name: 'Conversions and revenue, last 30 days' })).toBeInTheDocument();
  });

  it('shows empty lists plainly', async () => {
    db.dashboard = {
      ...db.dashboard,
      recentUsers: [],
      recentConversions: [],
      topReferrers: [],
      dailyConversions: [],
    };
    renderAdmin('/admin/dashboard');
    expect(await screen.findByText('No users yet')).toBeInTheDocument();
    expect(screen.getByText('No conversions yet')).toBeInTheDocument();
    expect(screen.getByText('No referrers yet')).toBeInTheDocument();
    expect(screen.getByText('No conversions in the last 30 days')).toBeInTheDocument();
  });

  it('is refetched every 5 minutes', async () => {
    // The page's own timer, read from setInterval: 300 000 ms
    // (docs/product-rules.md#caching-and-refetch), and its callback loads the dashboard again.
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    try {
      renderAdmin('/admin/dashboard');
      await screen.findByRole('group', { name: 'Total Users' });
      const timers = setIntervalSpy.mock.calls.filter(([, ms]) => ms === 300_000);
      expect(timers).toHaveLength(1);
      await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
      const dashboardCalls = () => requests.filter((r) => r.path.endsWith('/dashboard.php')).length;
      const before = dashboardCalls();
      (timers[0]![0] as () => void)();
      await waitFor(() => expect(dashboardCalls()).toBe(before + 1));
    } finally {
      setIntervalSpy.mockRestore();
    }
  });

  it('sends its timed refetches as background requests; loads a person causes count as activity', async () => {
    // The 5-minute timer is not waited for: its callback is taken from setInterval and called. (Fake
    // timers would also hold up msw's answers.)
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    try {
      const dashboardCalls = () => requests.filter((r) => r.path.endsWith('/dashboard.php'));
      const background = () => dashboardCalls().map((r) => r.headers['x-background-refresh'] ?? null);
      const tick = () => {
        const timers = setIntervalSpy.mock.calls.filter(([, ms]) => ms === DASHBOARD_REFETCH_MS);
        expect(timers.length).toBeGreaterThan(0);
        (timers.at(-1)![0] as () => void)();
      };
      renderAdmin('/admin/dashboard');
      await screen.findByRole('group', { name: 'Total Users' });
      // Opening the page (the session check and the first load) is the person's doing.
      const opened = dashboardCalls().length;
      expect(opened).toBeGreaterThan(0);
      expect(background()).toEqual(Array(opened).fill(null));

      // No load under way (the app bar shows its refresh button instead of a spinner): a timed
      // refetch joins a load under way rather than starting one, as react-query's own interval does.
      const idle = () =>
        waitFor(() => {
          expect(screen.queryByRole('progressbar')).toBeNull();
          expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
        });

      await idle();
      tick();
      await waitFor(() => expect(dashboardCalls()).toHaveLength(opened + 1));
      expect(background()[opened]).toBe('1');

      // The refresh button: a person asked, so it counts.
      await idle();
      await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
      await waitFor(() => expect(dashboardCalls().length).toBeGreaterThan(opened + 1));
      await idle();
      const afterRefresh = dashboardCalls().length;
      expect(background().slice(opened + 1)).toEqual(Array(afterRefresh - opened - 1).fill(null));

      // And the next timed refetch is background again.
      tick();
      await waitFor(() => expect(dashboardCalls()).toHaveLength(afterRefresh + 1));
      expect(background()[afterRefresh]).toBe('1');
    } finally {
      setIntervalSpy.mockRestore();
    }
  });

  it('the chart range: 90 days asks for days=90 and keeps the chart while it loads; the 5-minute refresh and a reload keep it', async () => {
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    try {
      // The console's own kind of store (app.tsx): the browser's local storage, which a reload keeps.
      const store = localStorageStore(undefined, 'dashboard-range-test');
      const { unmount } = renderAdmin('/admin/dashboard', store);
      // 30 days by default.
      expect(
        await screen.findByRole('region', { name: 'Conversions and revenue, last 30 days' }),
      ).toBeInTheDocument();
      const range = screen.getByRole('group', { name: 'Chart range' });
      expect(within(range).getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
      expect(chartDays()).toEqual(['30']);
      const total30 = db.dashboard.dailyConversions.reduce((s, d) => s + d.conversions, 0);
      expect(screen.getByText(`${total30} conversions in the period`)).toBeInTheDocument();

      // The 90 days' answer is held back: the 30 days' chart stays, under a progress bar.
      db.delayMs = 300;
      db.dashboard = {
        ...db.dashboard,
        dailyConversions: Array.from({ length: 90 }, (_, i) => ({
          day: new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10),
          conversions: 1,
          revenue: 2,
        })),
      };
      await userEvent.click(within(range).getByRole('button', { name: '90 days' }));
      expect(
        screen.getByRole('region', { name: 'Conversions and revenue, last 90 days' }),
      ).toBeInTheDocument();
      expect(await screen.findByRole('progressbar', { name: 'Loading the chart' })).toBeInTheDocument();
      expect(screen.getByText(`${total30} conversions in the period`)).toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'Conversions and revenue, last 90 days' })).toBeInTheDocument();
      expect(await screen.findByText('90 conversions in the period')).toBeInTheDocument();
      expect(screen.queryByRole('progressbar', { name: 'Loading the chart' })).toBeNull();
      expect(within(range).getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
      expect(chartDays()).toEqual(['30', '90']);

      // The 5-minute refresh loads the range on screen.
      db.delayMs = 0;
      await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
      const timers = setIntervalSpy.mock.calls.filter(([, ms]) => ms === DASHBOARD_REFETCH_MS);
      (timers.at(-1)![0] as () => void)();
      await waitFor(() => expect(chartDays()).toEqual(['30', '90', '90']));

      // A reload (the same store) opens on 90 days.
      unmount();
      requests.length = 0;
      renderAdmin('/admin/dashboard', store);
      expect(
        await screen.findByRole('region', { name: 'Conversions and revenue, last 90 days' }),
      ).toBeInTheDocument();
      expect(chartDays()).toEqual(['90']);

      // From the keyboard: the range's buttons take Enter.
      within(screen.getByRole('group', { name: 'Chart range' }))
        .getByRole('button', { name: '7 days' })
        .focus();
      await userEvent.keyboard('{Enter}');
      expect(
        await screen.findByRole('region', { name: 'Conversions and revenue, last 7 days' }),
      ).toBeInTheDocument();
      await waitFor(() => expect(chartDays()).toEqual(['90', '7']));
    } finally {
      setIntervalSpy.mockRestore();
      localStorage.clear();
    }
  });

  it('shows clawbacks in the last 30 days, linking to the reversed conversions, and held members', async () => {
    db.dashboard = {
      ...db.dashboard,
      stats: { ...db.dashboard.stats, clawbacks30d: { count: 4, value: 220 }, heldMembers: 2 },
    };
    renderAdmin('/admin/dashboard');
    const clawbacks = await screen.findByRole('group', { name: 'Clawbacks, last 30 days' });
    expect(within(clawbacks).getByText('4')).toBeInTheDocument();
    expect(within(clawbacks).getByText(/₹220 of vouchers already seen/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Members held for review' })).getByText('2'),
    ).toBeInTheDocument();
    await userEvent.click(within(clawbacks).getByRole('link', { name: 'Reversed conversions' }));
    await waitFor(() => expect(lastConversions()).toMatchObject({ status: 'reversed' }));
  });
});

/** The chart ranges the dashboard calls asked for, in order (the session check names none). */
const chartDays = () =>
  requests.filter((r) => r.path.endsWith('/dashboard.php') && r.query.days).map((r) => r.query.days);
const lastConversions = () => [...requests].reverse().find((r) => r.path.endsWith('/conversions.php'))?.query;
