import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { referral } from '../testing/fixtures';
import { db, requests, resetDb } from '../testing/handlers';
import { renderAdmin } from '../testing/render-admin';

beforeEach(() => resetDb());

describe('/admin/referrals', () => {
  it('shows the loading text, then the empty text', async () => {
    db.delayMs = 400;
    renderAdmin('/admin/referrals');
    expect(await screen.findByText('Loading referral data...')).toBeInTheDocument();
    expect(await screen.findByText('No referrals found')).toBeInTheDocument();
  });

  it('shows the success-rate badge, tiles, funnel, rows and the Grant Reward button only where it applies', async () => {
    db.referrals = [
      referral(1),
      referral(2, { status: 'completed_waiting', free_spins_granted: 0 }),
      referral(3, {
        status: 'pending',
        free_spins_granted: 0,
        first_completion_date: null,
        referred_user_completions: 0,
        same_device: true,
      }),
    ];
    renderAdmin('/admin/referrals');
    expect(await screen.findByText('33.3% success rate')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Total Referrals' })).getByText('3')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Conversion Funnel' })).toHaveTextContent(
      'Completed first offer2',
    );
    const row = (name: string) => screen.getAllByRole('row').find((r) => within(r).queryByText(name))!;
    expect(within(row('Friend 1')).getByText('Free spin granted')).toBeInTheDocument();
    expect(within(row('Friend 1')).queryByRole('button', { name: 'Grant Reward' })).not.toBeInTheDocument();
    expect(within(row('Friend 2')).getByRole('button', { name: 'Grant Reward' })).toBeInTheDocument();
    expect(within(row('Friend 3')).queryByRole('button', { name: 'Grant Reward' })).not.toBeInTheDocument();
    expect(within(row('Friend 3')).getByText('Same device')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 3 of 3 referrals')).toBeInTheDocument();
  });

  it('filters by status and date with the section 7 names, back on page 1', async () => {
    db.referrals = [referral(1)];
    renderAdmin('/admin/referrals');
    await screen.findByText('Friend 1');
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Completed' }));
    await waitFor(() => expect(requests.at(-1)?.query).toMatchObject({ page: '1', status: 'completed' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Date range' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Last 7 days' }));
    await waitFor(() =>
      expect(requests.at(-1)?.query).toMatchObject({ status: 'completed', dateRange: 'week' }),
    );
  });
});
