import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { referral } from '../testing/fixtures';
import { db, requests, resetDb } from '../testing/handlers';
import { server } from '../testing/msw-server';
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
      referral(2, {
        status: 'completed_waiting',
        free_spins_granted: 0,
        same_device: true,
        needs_review: true,
      }),
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
    expect(within(row('Friend 1')).queryByRole('button', { name: /Grant Reward/ })).not.toBeInTheDocument();
    expect(
      within(row('Friend 2')).getByRole('button', { name: /^Grant Reward: Referrer 2/ }),
    ).toBeInTheDocument();
    expect(within(row('Friend 2')).getByRole('button', { name: /^Deny: Referrer 2/ })).toBeInTheDocument();
    expect(within(row('Friend 2')).getByText('Needs review')).toBeInTheDocument();
    expect(within(row('Friend 3')).queryByRole('button', { name: /Grant Reward/ })).not.toBeInTheDocument();
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

  describe('a referral held as same-device', () => {
    const held = () =>
      referral(7, {
        status: 'completed_waiting',
        free_spins_granted: 0,
        same_device: true,
        needs_review: true,
      });
    const rowOf = (name: string) => screen.getAllByRole('row').find((r) => within(r).queryByText(name))!;

    it("is one click away: the header's 'needs review' chip filters the list to the held ones", async () => {
      db.referrals = [referral(1), held()];
      renderAdmin('/admin/referrals');
      const chip = await screen.findByRole('button', { name: '1 needs review' });
      await userEvent.click(chip);
      await waitFor(() =>
        expect(requests.at(-1)?.query).toMatchObject({ page: '1', status: 'needs_review' }),
      );
    });

    it('Grant Reward asks first, sends the decision once, says so and shows who granted it', async () => {
      db.referrals = [held()];
      renderAdmin('/admin/referrals');
      await userEvent.click(await screen.findByRole('button', { name: /^Grant Reward: Referrer 7/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Grant the free spin to Referrer 7?' });
      expect(within(dialog).getByText(/one free spin, once/)).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Grant Reward' }));

      expect(await screen.findByText('Free spin granted to Referrer 7')).toBeInTheDocument();
      const puts = requests.filter((r) => r.method === 'PUT');
      expect(puts).toEqual([expect.objectContaining({ body: { referral_id: 7, action: 'grant' } })]);
      await waitFor(() =>
        expect(within(rowOf('Friend 7')).getByText(/Granted by admin/)).toBeInTheDocument(),
      );
      expect(
        within(rowOf('Friend 7')).queryByRole('button', { name: /Grant Reward/ }),
      ).not.toBeInTheDocument();
    });

    it('Cancel sends nothing', async () => {
      db.referrals = [held()];
      renderAdmin('/admin/referrals');
      await userEvent.click(await screen.findByRole('button', { name: /^Deny: Referrer 7/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Deny the referral reward to Referrer 7?' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
    });

    it('Deny sends the optional reason and shows the referral as denied', async () => {
      db.referrals = [held()];
      renderAdmin('/admin/referrals');
      await userEvent.click(await screen.findByRole('button', { name: /^Deny: Referrer 7/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Deny the referral reward to Referrer 7?' });
      await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'Same phone and same surname');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Deny' }));

      expect(await screen.findByText('Referral denied')).toBeInTheDocument();
      expect(requests.filter((r) => r.method === 'PUT')).toEqual([
        expect.objectContaining({
          body: { referral_id: 7, action: 'deny', reason: 'Same phone and same surname' },
        }),
      ]);
      await waitFor(() =>
        expect(
          within(rowOf('Friend 7')).getByText(/Denied by admin .* Same phone and same surname/),
        ).toBeInTheDocument(),
      );
      expect(within(rowOf('Friend 7')).getByText('Denied')).toBeInTheDocument();
    });

    it('disables both decisions while the call runs; one call is sent', async () => {
      db.referrals = [held()];
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let calls = 0;
      server.use(
        http.put('*/api/admin/referrals.php', async () => {
          calls++;
          await gate;
          return HttpResponse.json({
            success: true,
            referral_id: 7,
            status: 'successful',
            free_spins_granted: 1,
          });
        }),
      );
      renderAdmin('/admin/referrals');
      await userEvent.click(await screen.findByRole('button', { name: /^Grant Reward: Referrer 7/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Grant the free spin to Referrer 7?' });
      const confirm = within(dialog).getByRole('button', { name: 'Grant Reward' });
      await userEvent.click(confirm);
      await waitFor(() => expect(confirm).toBeDisabled());
      // Behind the open dialog (hidden from the accessibility tree while it is open).
      expect(screen.getByRole('button', { name: /^Deny: Referrer 7/, hidden: true })).toBeDisabled();
      release();
      expect(await screen.findByText('Free spin granted to Referrer 7')).toBeInTheDocument();
      expect(calls).toBe(1);
    });

    it("shows the server's refusal when another admin decided first", async () => {
      db.referrals = [held()];
      renderAdmin('/admin/referrals');
      await userEvent.click(await screen.findByRole('button', { name: /^Grant Reward: Referrer 7/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Grant the free spin to Referrer 7?' });
      db.referrals[0]!.needs_review = false; // decided elsewhere meanwhile
      await userEvent.click(within(dialog).getByRole('button', { name: 'Grant Reward' }));
      expect(
        await screen.findByText('This referral was already granted: its free spin was given once.'),
      ).toBeInTheDocument();
    });
  });
});
