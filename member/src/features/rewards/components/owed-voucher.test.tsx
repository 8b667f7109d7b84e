import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeStats, state } from '../../../testing/mocks/db';
import { renderApp } from '../../../testing/test-utils';

// An owed voucher (docs/product-rules.md#spins): a win whose code went to another member at the same
// moment, listed in My Rewards until it is assigned at the next restock of its amount.
describe('owed vouchers in My Rewards', () => {
  it("shows 'Your ₹50 voucher is on its way' above the codes, with the offer and when it was won", async () => {
    state.current.stats = {
      ...makeStats(),
      owedVouchers: [
        {
          owed_id: 7,
          voucher_amount: 50,
          title: 'Survey Sprint',
          won_at: '2026-11-30T10:00:00.000Z',
          voucher_source: 'offer_completion',
        },
      ],
    };
    renderApp('/rewards');
    const card = await screen.findByTestId('owed-voucher');
    expect(within(card).getByText('Your ₹50 voucher is on its way')).toBeInTheDocument();
    expect(within(card).getByText('Owed')).toBeInTheDocument();
    expect(within(card).getByText(/Survey Sprint · Won/)).toBeInTheDocument();
    // The member's codes are still listed beside it.
    expect(screen.getByText('AMZ-50-XYZ')).toBeInTheDocument();
  });

  it('shows an owed voucher instead of "No Vouchers Yet" when it is the only one', async () => {
    state.current.stats = {
      ...makeStats(),
      userVouchers: [],
      owedVouchers: [
        {
          owed_id: 8,
          voucher_amount: 10,
          title: 'Free Spin Bonus',
          won_at: '2026-11-30T10:00:00.000Z',
          voucher_source: 'free_spin',
        },
      ],
    };
    renderApp('/rewards');
    expect(await screen.findByText('Your ₹10 voucher is on its way')).toBeInTheDocument();
    expect(screen.queryByText('No Vouchers Yet')).not.toBeInTheDocument();
  });
});
