import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserVoucher } from '../../../../../shared/contract/member';
import { makeStats, state } from '../../../testing/mocks/db';
import { server } from '../../../testing/mocks/server';
import { renderApp, renderWithProviders } from '../../../testing/test-utils';
import { RewardsView } from './rewards-view';

function setOnline(value: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { value, configurable: true });
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

/** A date `days` from today, as the API gives expiry dates (yyyy-MM-dd). */
function inDays(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function walletOf(...vouchers: Partial<UserVoucher>[]) {
  const base = makeStats().userVouchers[0]!;
  state.current.stats = {
    ...makeStats(),
    userVouchers: vouchers.map((v, i) => ({ ...base, voucher_id: 100 + i, voucher_code: `CODE-${i}`, ...v })),
  };
}

describe('rewards page', () => {
  afterEach(() => setOnline(true));

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
    expect(screen.getByText(/^Offer Completion/)).toBeInTheDocument();
    // A compact row: the code is a tap away (issue 35).
    await user.click(screen.getByRole('button', { name: /Show code and details/ }));
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

  it("shows a reversed conversion as Reversed, with the partner's reason when it sent one", async () => {
    const base = makeStats().completions[0]!;
    state.current.stats = {
      ...makeStats(),
      completions: [
        {
          ...base,
          title: 'Card signup',
          status: 'reversed',
          reversed_at: '2026-11-22T08:00:00Z',
          reversal_reason: 'chargeback',
        },
        {
          ...base,
          title: 'Survey sprint',
          status: 'reversed',
          reversed_at: '2026-11-21T08:00:00Z',
          reversal_reason: null,
        },
        base,
      ],
    };
    const { user } = renderApp('/rewards');
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    const card = screen.getByText('Card signup').closest('li')!;
    expect(within(card).getByText('Reversed')).toBeInTheDocument();
    expect(within(card).getByText('Reversed by the partner: chargeback')).toBeInTheDocument();
    expect(within(card).queryByText(/₹50/)).not.toBeInTheDocument();
    const survey = screen.getByText('Survey sprint').closest('li')!;
    expect(within(survey).getByText('Reversed by the partner.')).toBeInTheDocument();
    const kept = screen.getByText('Stream Plus trial').closest('li')!;
    expect(within(kept).getByText('₹50 Amazon')).toBeInTheDocument();
    expect(within(kept).queryByText(/Reversed/)).not.toBeInTheDocument();
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

  it('lists vouchers by urgency, each with its expiry chip, date, description and terms', async () => {
    walletOf(
      { voucher_code: 'LATER', expiry_date: inDays(40), voucher_terms: 'One per order.' },
      { voucher_code: 'USED', expiry_date: inDays(2), status: 'used', assigned_at: '2026-11-01T10:00:00Z' },
      { voucher_code: 'SOON', expiry_date: inDays(3) },
      { voucher_code: 'GONE', expiry_date: inDays(-2), assigned_at: '2026-11-05T10:00:00Z' },
      { voucher_code: 'TODAY', expiry_date: inDays(0) },
    );
    renderApp('/rewards');
    await screen.findByText('LATER');
    const cards = screen.getAllByRole('listitem').filter((li) => li.classList.contains('voucher'));
    // Active by urgency, then Used, then Expired (issue 35: the wallet's groups).
    expect(cards.map((c) => within(c).getByRole('code', { hidden: true }).textContent)).toEqual([
      'TODAY',
      'SOON',
      'LATER',
      'USED',
      'GONE',
    ]);
    expect(screen.getByRole('region', { name: /^Active/ })).toHaveTextContent('LATER');
    expect(screen.getByRole('region', { name: /^Used/ })).toHaveTextContent('USED');
    expect(screen.getByRole('region', { name: /^Expired/ })).toHaveTextContent('GONE');
    const [today, soon, later, used, gone] = cards as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(today).getByText('Expires today')).toHaveClass('badge--red');
    expect(within(soon).getByText('Expires in 3 days')).toHaveClass('badge--red');
    expect(within(later).getByText('Expires in 40 days')).toHaveClass('badge--green');
    expect(within(later).getByText(/Valid until/)).toBeInTheDocument();
    expect(within(later).getByText('One per order.')).toBeInTheDocument();
    expect(within(later).getByText('Amazon Pay gift card')).toBeInTheDocument();
    expect(within(gone).getByText('Expired', { selector: '.badge' })).toBeInTheDocument();
    expect(within(gone).queryByRole('button', { name: /Mark as used/ })).toBeNull();
    expect(within(used).getByText('Used')).toBeInTheDocument();
    expect(within(used).queryByRole('button', { name: /Mark as used/ })).toBeNull();
  });

  it('marks a voucher as used: the call names the voucher, and the wallet then shows it used', async () => {
    walletOf({ voucher_code: 'FRESH', expiry_date: inDays(20) });
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/voucher-used.php', async ({ request }) => {
        const body = (await request.json()) as { voucher_id: number };
        sent.push(body);
        state.current.stats.userVouchers = state.current.stats.userVouchers.map((v) =>
          v.voucher_id === body.voucher_id ? { ...v, status: 'used' } : v,
        );
        return HttpResponse.json({ success: true, voucher_id: body.voucher_id, status: 'used' });
      }),
    );
    const { user } = renderApp('/rewards');
    await user.click(await screen.findByRole('button', { name: /Show code and details/ }));
    await user.click(screen.getByRole('button', { name: 'Mark as used' }));
    // No question first: Undo is offered for 5 seconds instead (issue 35).
    expect(await screen.findByText(/marked as used\./)).toBeInTheDocument();
    expect(sent).toEqual([{ voucher_id: 100, used: true }]);
    const used = await screen.findByRole('region', { name: /^Used/ });
    expect(within(used).getByText('FRESH')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Active/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { voucher_id: 100, used: true },
        { voucher_id: 100, used: false },
      ]),
    );
  });

  it("shows the server's refusal when marking fails", async () => {
    walletOf({ voucher_code: 'TWICE', expiry_date: inDays(20) });
    server.use(
      http.post('*/api/voucher-used.php', () =>
        HttpResponse.json(
          { success: false, error: 'This voucher is already marked as used.' },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderApp('/rewards');
    await user.click(await screen.findByRole('button', { name: /Show code and details/ }));
    await user.click(screen.getByRole('button', { name: 'Mark as used' }));
    expect(await screen.findByText('This voucher is already marked as used.')).toBeInTheDocument();
  });

  it('offline, the saved vouchers stay readable and marking one used is disabled with the reason', async () => {
    walletOf({ voucher_code: 'SAVED', expiry_date: inDays(20) });
    const { user } = renderApp('/rewards');
    await screen.findByText('SAVED');
    setOnline(false);
    await user.click(await screen.findByRole('button', { name: /Show code and details/ }));
    const button = await screen.findByRole('button', { name: 'Mark as used' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(screen.getByText("You're offline. Connect to change it.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy Code SAVED' })).toBeEnabled();
  });
});
