import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { network, offer } from '../testing/fixtures';
import { db, requests, resetDb } from '../testing/handlers';
import { renderAdmin } from '../testing/render-admin';

beforeEach(() => resetDb());

/** Fill a field in one change event (typing letter by letter re-renders the dialog each time). */
async function fill(el: HTMLElement, value: string) {
  await userEvent.clear(el);
  await userEvent.click(el);
  await userEvent.paste(value);
}

const lastList = () =>
  [...requests].reverse().find((r) => r.method === 'GET' && r.path.endsWith('/offers.php'))!.query;

async function openAdd() {
  renderAdmin('/admin/offers');
  await userEvent.click(await screen.findByRole('button', { name: 'Add Offer' }));
  return screen.findByRole('dialog', { name: 'Add Offer' });
}

describe('/admin/offers', () => {
  it('shows the loading text, then the empty text', async () => {
    db.delayMs = 400;
    renderAdmin('/admin/offers');
    expect(await screen.findByText('Loading offers...')).toBeInTheDocument();
    expect(await screen.findByText('No offers found')).toBeInTheDocument();
  });

  it('shows the four summary cards (total from the pagination, the rest over the page)', async () => {
    db.offers = Array.from({ length: 25 }, (_, i) =>
      offer(i + 1, { is_active: i % 2 === 0, total_completions: 2, total_revenue: 10 }),
    );
    renderAdmin('/admin/offers');
    await screen.findByText('Offer 1');
    expect(within(screen.getByRole('group', { name: 'Total Offers' })).getByText('25')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Active' })).getByText('10')).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Total Completions' })).getByText('40'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Revenue' })).getByText('$200.00')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 20 of 25 offers')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastList().page).toBe('2'));
    expect(await screen.findByText('Showing 21 to 25 of 25 offers')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    // Any filter change goes back to page 1.
    await userEvent.click(screen.getByRole('button', { name: 'CPA Offers' }));
    await waitFor(() => expect(lastList()).toMatchObject({ page: '1', model: 'CPA' }));
  });

  it("quick filter 'Top Performing' asks for active offers by completions, descending", async () => {
    db.offers = [offer(1)];
    renderAdmin('/admin/offers');
    await userEvent.click(await screen.findByRole('button', { name: 'Top Performing' }));
    await waitFor(() =>
      expect(lastList()).toEqual({
        page: '1',
        limit: '20',
        sortBy: 'total_completions',
        sortOrder: 'desc',
        status: 'active',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Recently Added' }));
    await waitFor(() =>
      expect(lastList()).toMatchObject({ sortBy: 'created_at', sortOrder: 'desc', status: 'active' }),
    );
  });

  it('sorts by a column header, descending first', async () => {
    db.offers = [offer(1)];
    renderAdmin('/admin/offers');
    await screen.findByText('Offer 1');
    await userEvent.click(
      within(screen.getAllByRole('columnheader').find((h) => h.textContent === 'Reward')!).getByText(
        'Reward',
      ),
    );
    await waitFor(() =>
      expect(lastList()).toMatchObject({ sortBy: 'reward_amount', sortOrder: 'desc', page: '1' }),
    );
  });

  it('toggles an offer and says so', async () => {
    db.offers = [offer(1, { is_active: true })];
    renderAdmin('/admin/offers');
    await userEvent.click(await screen.findByRole('switch', { name: 'Deactivate offer: Offer 1' }));
    // It asks first (issue 36): who is affected, and why.
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Offer 1?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Advertiser budget spent' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Offer deactivated successfully')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /undo/i })).toBeInTheDocument();
    // Undoable: sent once the notification has closed.
    await waitFor(
      () =>
        expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
          offer_id: 1,
          is_active: false,
          reason: 'Advertiser budget spent',
        }),
      { timeout: 8000 },
    );
  }, 30_000);

  it('Add Offer: default reels, generated external id, try-again remainder', async () => {
    const dialog = await openAdd();
    expect(within(dialog).getByLabelText('Reel 1 amount')).toHaveValue(5);
    expect(within(dialog).getByLabelText('Reel 1 probability')).toHaveValue(15);
    expect(within(dialog).getByLabelText('Reel 2 amount')).toHaveValue(10);
    expect(within(dialog).getByLabelText('Reel 2 probability')).toHaveValue(8);
    expect(within(dialog).getByText('Try again (no reward): 77%')).toBeInTheDocument();
    await fill(within(dialog).getByLabelText(/^Title/), 'Bank Account!');
    expect((within(dialog).getByLabelText(/^External offer ID/) as HTMLInputElement).value).toMatch(
      /^bank_account_\d{4}$/,
    );
  });

  it('Add Offer: a total of 100% or more disables submit and says why', async () => {
    const dialog = await openAdd();
    const p1 = within(dialog).getByLabelText('Reel 1 probability');
    await userEvent.clear(p1);
    await userEvent.type(p1, '92');
    expect(within(dialog).getByText('Total probability must be less than 100%')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add Offer' })).toBeDisabled();
    expect(within(dialog).queryByText(/Try again/)).not.toBeInTheDocument();
    // Negative values are clamped to 0.
    const a1 = within(dialog).getByLabelText('Reel 1 amount');
    await userEvent.clear(a1);
    await userEvent.type(a1, '-3');
    expect(a1).toHaveValue(3);
  });

  it('Add Offer: 1 to 10 reels, new reels at 0/0', async () => {
    const dialog = await openAdd();
    const add = within(dialog).getByRole('button', { name: 'Add Reel' });
    for (let i = 0; i < 8; i++) await userEvent.click(add);
    expect(within(dialog).getByLabelText('Reel 10 amount')).toHaveValue(0);
    expect(within(dialog).getByLabelText('Reel 10 probability')).toHaveValue(0);
    expect(add).toBeDisabled();
    for (let n = 10; n > 1; n--)
      await userEvent.click(within(dialog).getByRole('button', { name: `Remove reel ${n}` }));
    expect(within(dialog).queryByRole('button', { name: /Remove reel/ })).not.toBeInTheDocument();
  }, 120_000);

  it('Add Offer: required fields and URL formats', async () => {
    const dialog = await openAdd();
    await fill(within(dialog).getByLabelText(/^Offer URL/), 'not a url');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Offer' }));
    expect(within(dialog).getByText('Title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Description is required')).toBeInTheDocument();
    expect(within(dialog).getByText('External offer ID is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid URL')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('Add Offer: sends the section 7 body with zero reels dropped and says it worked', async () => {
    const dialog = await openAdd();
    await fill(within(dialog).getByLabelText(/^Title/), 'Two Reels');
    await fill(within(dialog).getByLabelText(/^Description/), 'Complete it');
    await fill(within(dialog).getByLabelText(/^Offer URL/), 'https://partner.test/x?c={click_id}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Reel' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Offer' }));
    expect(await screen.findByText('Offer added successfully!')).toBeInTheDocument();
    const body = requests.find((r) => r.method === 'POST')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      title: 'Two Reels',
      description: 'Complete it',
      offer_url: 'https://partner.test/x?c={click_id}',
      external_offer_id: expect.stringMatching(/^two_reels_\d{4}$/),
      preview_url: null,
      category: null,
      model: 'CPR',
      targeting: 'ALL',
      reward_amount: 0,
      slot_config: {
        reels: [
          { amount: 5, probability: 15 },
          { amount: 10, probability: 8 },
        ],
      },
      is_active: true,
    });
  });

  it('Edit Offer: sends the edit body without external_offer_id', async () => {
    db.offers = [offer(3)];
    renderAdmin('/admin/offers');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit offer: Offer 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Offer' });
    await fill(within(dialog).getByLabelText(/^Title/), 'Renamed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Offer updated successfully!')).toBeInTheDocument();
    const body = requests.find((r) => r.method === 'PUT')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ offer_id: 3, title: 'Renamed', model: 'CPA', category: 'Finance' });
    expect(body).not.toHaveProperty('external_offer_id');
  });

  it('Edit Offer: a network select (none = native postback); the list names the network', async () => {
    db.networks = [network(5, { name: 'CPX Research' }), network(6, { name: 'Old Wall', is_active: false })];
    db.offers = [offer(3), offer(4, { network_id: 5, network_name: 'CPX Research' })];
    renderAdmin('/admin/offers');
    const row3 = (await screen.findByText('Offer 3')).closest('tr')!;
    expect(within(row3).getByText('Native postback')).toBeInTheDocument();
    expect(within(screen.getByText('Offer 4').closest('tr')!).getByText('CPX Research')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit offer: Offer 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Offer' });
    const select = within(dialog).getByRole('combobox', { name: 'Partner network' });
    expect(select).toHaveTextContent('No network (native postback)');
    await userEvent.click(select);
    expect(await screen.findByRole('option', { name: 'Old Wall (inactive)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'CPX Research' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Offer updated successfully!')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')!.body).toMatchObject({ offer_id: 3, network_id: 5 });
  });

  it('says when adding fails', async () => {
    const { server } = await import('../testing/msw-server');
    const { http, HttpResponse } = await import('msw');
    server.use(
      http.post('*/api/admin/offers.php', () =>
        HttpResponse.json({ success: false, error: 'Duplicate external id' }, { status: 409 }),
      ),
    );
    const dialog = await openAdd();
    await fill(within(dialog).getByLabelText(/^Title/), 'X');
    await fill(within(dialog).getByLabelText(/^Description/), 'Y');
    await fill(within(dialog).getByLabelText(/^Offer URL/), 'https://p.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Offer' }));
    expect(await screen.findByText('Failed to add offer')).toBeInTheDocument();
    expect(within(dialog).getByText('Duplicate external id')).toBeInTheDocument();
  });
});
