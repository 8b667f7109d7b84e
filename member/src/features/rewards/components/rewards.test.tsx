import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeStats, state } from '../../../testing/mocks/db';
import { server } from '../../../testing/mocks/server';
import { renderApp, renderWithProviders } from '../../../testing/test-utils';
import { RewardsView } from './rewards-view';

describe('rewards page', () => {
  it("shows 'Loading your rewards...' while the member's data loads, and an error when it fails", async () => {
    // In the app the guard's session check is this same call; the view is rendered alone here.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    server.use(
      http.get('*/api/user-stats.php', async () => {
        await gate;
        return HttpResponse.json({ success: false, error: 'Stats are being rebuilt' }, { status: 400 });
      }),
    );
    renderWithProviders(<RewardsView />);
    expect(await screen.findByText('Loading your rewards...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Stats are being rebuilt')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows three summary cards and the vouchers with copyable codes', async () => {
    const { user } = renderApp('/rewards');
    const summary = await screen.findByRole('group', { name: 'Rewards summary' });
    expect(within(summary).getByText('Vouchers Won').previousSibling).toHaveTextContent('1');
    expect(within(summary).getByText('Total Value').previousSibling).toHaveTextContent('₹50');
    expect(within(summary).getByText('Win Rate').previousSibling).toHaveTextContent('50.0%');
    expect(within(summary).getByText('Good Performance')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Vouchers' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('AMZ-50-XYZ')).toBeInTheDocument();
    expect(screen.getByText('Offer Completion')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy Code AMZ-50-XYZ' }));
    expect(await screen.findByText('Voucher code copied to clipboard!')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('AMZ-50-XYZ');
  });

  it('shows history and statistics tabs', async () => {
    const { user } = renderApp('/rewards');
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    const row = screen.getByText('Stream Plus trial').closest('li')!;
    expect(within(row).getByText('₹50 Amazon')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Statistics' }));
    expect(screen.getByRole('table')).toHaveTextContent('Amazon');
  });

  it("shows 'No Vouchers Yet' and 'No History Yet' for a new member", async () => {
    state.current.stats = {
      ...makeStats({ total_vouchers_won: 0, spins_used: 0 }),
      userVouchers: [],
      completions: [],
      voucherBreakdown: [],
    };
    const { user } = renderApp('/rewards');
    expect(await screen.findByText('No Vouchers Yet')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(screen.getByText('No History Yet')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Statistics' }));
    expect(screen.getAllByText('Better Luck Next Time').length).toBeGreaterThan(0);
  });
});
