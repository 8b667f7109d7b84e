import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { conversion } from '../testing/fixtures';
import { db, requests, resetDb } from '../testing/handlers';
import { renderAdmin } from '../testing/render-admin';

beforeEach(() => resetDb());

const lastList = () => [...requests].reverse().find((r) => r.path.endsWith('/conversions.php'))!.query;

describe('/admin/conversions', () => {
  it('shows the loading text, then the empty text and no pagination', async () => {
    db.delayMs = 400;
    renderAdmin('/admin/conversions');
    expect(await screen.findByText('Loading conversions...')).toBeInTheDocument();
    expect(await screen.findByText('No conversions found matching your criteria')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('shows the six tiles, the three cards, rows, and pagination only with more than one page', async () => {
    db.conversions = [
      conversion(1, { voucher_won: true, voucher_amount: 50, voucher_brand: 'Amazon' }),
      conversion(2, { user_source: 'referred' }),
    ];
    renderAdmin('/admin/conversions');
    await screen.findByText('user1@example.com');
    for (const label of [
      'Total Conversions',
      'Total Revenue',
      'Voucher Value Distributed',
      'Vouchers Given',
      'Referral Conversions',
      'Unique Users',
    ]) {
      expect(screen.getByRole('group', { name: label })).toBeInTheDocument();
    }
    expect(
      within(screen.getByRole('group', { name: 'Vouchers Given' })).getByText('50.0% win rate'),
    ).toBeInTheDocument();
    // The three cards are folded under their heading (issue 36: the first row on the first screen).
    const fold = screen.getByRole('button', { name: 'Referral impact, user types and voucher performance' });
    expect(fold).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(fold);
    for (const card of ['Referral Impact', 'User Types', 'Voucher Performance'])
      expect(screen.getByRole('region', { name: card })).toBeInTheDocument();
    expect(screen.getByText('Amazon ₹50')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it("debounces the search (showing 'Searching...'), counts active filters on Clear and shows them as chips", async () => {
    db.conversions = [conversion(1)];
    renderAdmin('/admin/conversions');
    await screen.findByText('user1@example.com');
    expect(screen.getByRole('button', { name: 'Clear (0)' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Search user, email or offer'), 'zed');
    expect(screen.getByText('Searching...')).toBeInTheDocument();
    await waitFor(() => expect(lastList().search).toBe('zed'), { timeout: 2000 });
    await userEvent.click(screen.getByRole('combobox', { name: 'Voucher' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Voucher won' }));
    await waitFor(() => expect(lastList()).toMatchObject({ page: '1', search: 'zed', voucherFilter: 'won' }));
    expect(screen.getByRole('button', { name: 'Clear (2)' })).toBeEnabled();
    expect(screen.getByText('Voucher: Voucher won')).toBeInTheDocument();
    expect(screen.getByText('Search: zed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear (2)' }));
    // Back to the unfiltered list (already cached, so no new call is needed).
    expect(await screen.findByRole('button', { name: 'Clear (0)' })).toBeDisabled();
    expect(screen.queryByText('Voucher: Voucher won')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Search user, email or offer')).toHaveValue(''));
  });

  it('opens the details dialog', async () => {
    db.conversions = [
      conversion(9, { completion_type: 'triggered_referral_reward', referral_reward_processed: true }),
    ];
    renderAdmin('/admin/conversions');
    await userEvent.click(await screen.findByRole('button', { name: 'View conversion: 9' }));
    const dialog = await screen.findByRole('dialog', { name: 'Conversion Details' });
    expect(within(dialog).getByText('triggered_referral_reward')).toBeInTheDocument();
    expect(within(dialog).getByText('Additional information')).toBeInTheDocument();
  });

  it('filters by status and shows a reversal with its reason and clawback', async () => {
    db.conversions = [
      conversion(1, {
        voucher_won: true,
        voucher_amount: 50,
        voucher_brand: 'Amazon',
        status: 'reversed',
        reversed_at: '2025-02-05T10:00:00Z',
        reversal_reason: 'Chargeback reported by the network',
        clawback_value: 50,
      }),
      conversion(2),
    ];
    renderAdmin('/admin/conversions');
    const row = (await screen.findByText('user1@example.com')).closest('tr')!;
    expect(within(row).getByText('Reversed')).toBeInTheDocument();
    expect(within(row).getByText('Chargeback reported by the network')).toBeInTheDocument();
    expect(within(row).getByText('Clawback ₹50')).toBeInTheDocument();
    expect(within(screen.getByText('user2@example.com').closest('tr')!).queryByText('Reversed')).toBeNull();
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Reversed' }));
    await waitFor(() => expect(lastList()).toMatchObject({ status: 'reversed', page: '1' }));
  });
});
