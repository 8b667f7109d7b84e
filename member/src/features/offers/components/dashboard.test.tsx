import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeOffer, state } from '../../../testing/mocks/db';
import { server } from '../../../testing/mocks/server';
import { renderApp } from '../../../testing/test-utils';

function fakeTab() {
  return { location: { href: '' }, closed: false, close: vi.fn(), opener: {} } as unknown as Window & {
    close: ReturnType<typeof vi.fn>;
  };
}

describe('dashboard', () => {
  it("shows 'Loading your dashboard...' while offers load", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    server.use(
      http.get('*/api/offers.php', async () => {
        await gate;
        return HttpResponse.json(state.current.offers);
      }),
    );
    renderApp('/dashboard');
    expect(await screen.findByText('Loading your dashboard...')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'Stream Plus trial' })).toBeInTheDocument();
  });

  it("shows 'No Offers Available' when there are none", async () => {
    state.current.offers = { success: true, offers: [], freeSpinsRemaining: 0 };
    renderApp('/dashboard');
    expect(await screen.findByText('No Offers Available')).toBeInTheDocument();
  });

  it("shows 'Server error. Please try again later.' after retries on a 5xx, and recovers on Try again", async () => {
    let calls = 0;
    server.use(
      http.get('*/api/offers.php', () => {
        calls += 1;
        return HttpResponse.json({ success: false, error: 'db down' }, { status: 503 });
      }),
    );
    const { user } = renderApp('/dashboard');
    expect(await screen.findByText('Server error. Please try again later.')).toBeInTheDocument();
    expect(calls).toBe(3); // first try + at most 2 retries
    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Stream Plus trial' })).toBeInTheDocument();
  });

  it('groups offers into ready to spin, available, pending and completed, with the four stat cards', async () => {
    state.current.offers = {
      success: true,
      freeSpinsRemaining: 0,
      offers: [
        makeOffer({ offer_id: 1, title: 'Open offer' }),
        makeOffer({ offer_id: 2, title: 'Waiting offer', status: 'pending' }),
        makeOffer({ offer_id: 3, title: 'Spin offer', completed: true, status: 'completed' }),
        makeOffer({
          offer_id: 4,
          title: 'Done offer',
          completed: true,
          spinner_used: true,
          status: 'completed',
          reward_type: 'voucher_10',
          voucher_code: 'TEN',
        }),
      ],
    };
    renderApp('/dashboard');
    const ready = await screen.findByRole('region', { name: /Ready to Spin/ });
    expect(within(ready).getByRole('heading', { name: 'Spin offer' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: /Available Offers/ })).getByRole('heading', {
        name: 'Open offer',
      }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: /Pending Verification/ })).getByRole('heading', {
        name: 'Waiting offer',
      }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: /Completed & Rewarded/ })).getByRole('heading', {
        name: 'Done offer',
      }),
    ).toBeInTheDocument();

    const stats = screen.getByRole('group', { name: 'Your statistics' });
    expect(within(stats).getByText('Offers Completed').previousSibling).toHaveTextContent('3');
    expect(within(stats).getByText('Vouchers Won').previousSibling).toHaveTextContent('1');
    expect(within(stats).getByText('Referrals').previousSibling).toHaveTextContent('2');
    expect(within(stats).getByText('Total Earned').previousSibling).toHaveTextContent('₹50');
    expect(screen.queryByRole('region', { name: 'Free spins' })).not.toBeInTheDocument();
  });

  it('puts offers in progress (pending verification) above the available ones', async () => {
    state.current.offers = {
      success: true,
      freeSpinsRemaining: 0,
      offers: [
        makeOffer({ offer_id: 1, title: 'Open offer' }),
        makeOffer({ offer_id: 2, title: 'Waiting offer', status: 'pending' }),
        makeOffer({ offer_id: 3, title: 'Spin offer', completed: true, status: 'completed' }),
        makeOffer({
          offer_id: 4,
          title: 'Done offer',
          completed: true,
          spinner_used: true,
          status: 'completed',
          reward_type: 'voucher_10',
        }),
      ],
    };
    renderApp('/dashboard');
    await screen.findByRole('region', { name: /Ready to Spin/ });
    const order = screen
      .getAllByRole('region')
      .map((r) => r.getAttribute('aria-labelledby'))
      .filter((id) => id?.startsWith('section-'));
    expect(order).toEqual([
      'section-ready-to-spin',
      'section-pending-verification',
      'section-available-offers',
      'section-completed-rewarded',
    ]);
  });

  it('shows the free-spins banner and opens the slot machine for a free spin', async () => {
    state.current.offers = { ...state.current.offers, freeSpinsRemaining: 2 };
    const { user } = renderApp('/dashboard');
    const banner = await screen.findByRole('region', { name: 'Free spins' });
    expect(within(banner).getByText('You have 2 free spins!')).toBeInTheDocument();
    await user.click(within(banner).getByRole('button', { name: 'Use Free Spin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Slot Machine' });
    expect(within(dialog).getByText(/Free Spin Bonus/)).toBeInTheDocument();
  });

  it('starts an offer: the partner link opens in a new tab and a toast confirms', async () => {
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockReturnValue(tab);
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Start Offer' }));
    expect(await screen.findByText('Stream Plus trial opened successfully!')).toBeInTheDocument();
    expect(screen.getByText('Complete the offer to earn rewards')).toBeInTheDocument();
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.location.href).toBe('http://localhost:3000/partner/demo/1?click_id=clk_123');
  });

  it('shows the server error of a failed click and closes the pending tab', async () => {
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockReturnValue(tab);
    server.use(
      http.post('*/api/click-offer.php', () =>
        HttpResponse.json({ success: false, error: 'Offer is paused' }, { status: 409 }),
      ),
    );
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Start Offer' }));
    expect(await screen.findByText('Offer is paused')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Start Offer' })).toBeEnabled();
  });

  it("falls back to 'Failed to process offer click' when the failure has no error text", async () => {
    vi.spyOn(window, 'open').mockReturnValue(fakeTab());
    server.use(http.post('*/api/click-offer.php', () => HttpResponse.json({ success: false })));
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Start Offer' }));
    expect(await screen.findByText('Failed to process offer click')).toBeInTheDocument();
  });

  it("reads 'Processing...' while the click is handled", async () => {
    vi.spyOn(window, 'open').mockReturnValue(fakeTab());
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    server.use(
      http.post('*/api/click-offer.php', async () => {
        await gate;
        return HttpResponse.json({
          success: true,
          clickId: 'c',
          offerTitle: 'Stream Plus trial',
          network: 'demo',
          redirectUrl: 'http://x/partner',
        });
      }),
    );
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Start Offer' }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start Offer' })).toBeEnabled());
  });
});
