import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, resetDb } from '../testing/handlers';
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

  it('is refetched every 5 minutes', () => {
    expect(DASHBOARD_REFETCH_MS).toBe(300_000);
  });
});
