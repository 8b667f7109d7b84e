import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { network, postback } from '../testing/fixtures';
import { db, requests, resetDb } from '../testing/handlers';
import { renderAdmin } from '../testing/render-admin';

beforeEach(() => resetDb());

const lastList = () =>
  [...requests].reverse().find((r) => r.method === 'GET' && r.path.endsWith('/postbacks.php'))!.query;

describe('/admin/postbacks', () => {
  it('shows each attempt with its outcome in words, 20 a page, newest first', async () => {
    db.postbacks = Array.from({ length: 25 }, (_, i) => postback(i + 1));
    db.postbacks[0] = postback(1, {
      outcome: 'bad_signature',
      http_status: 403,
      reason: 'The signature does not match',
      repeat_count: 3,
    });
    renderAdmin('/admin/postbacks');
    const row = (await screen.findByText('Bad signature')).closest('tr')!;
    expect(within(row).getByText('HTTP 403 · status 1')).toBeInTheDocument();
    expect(within(row).getByText('click: clk_1')).toBeInTheDocument();
    expect(within(row).getByText('×3 (repeated)')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 20 of 25 postbacks')).toBeInTheDocument();
    expect(lastList()).toMatchObject({ page: '1', limit: '20', sortBy: 'created_at', sortOrder: 'desc' });
  });

  it('a row opens its detail: the reason and the masked request', async () => {
    db.postbacks = [postback(1, { outcome: 'bad_signature', reason: 'The signature does not match' })];
    renderAdmin('/admin/postbacks');
    await userEvent.click(await screen.findByText('Bad signature'));
    const detail = await screen.findByTestId('postback-detail');
    expect(within(detail).getByText('The signature does not match')).toBeInTheDocument();
    expect(
      within(detail).getByText('GET /api/postback/network-1?trans_id=tx-1&secure_hash=***'),
    ).toBeInTheDocument();
    expect(within(detail).getByText('user-agent')).toBeInTheDocument();
  });

  it('labels an accepted reversal as a reversal, never with the green Credited badge', async () => {
    db.postbacks = [
      postback(1, { outcome: 'accepted', status: 'approved' }),
      postback(2, { outcome: 'accepted', status: 'reversed' }),
    ];
    renderAdmin('/admin/postbacks');
    const reversal = await screen.findByText('Reversal recorded');
    expect(reversal.closest('.MuiChip-root')).toHaveClass('MuiChip-colorWarning');
    // The approval alone is credited.
    expect(screen.getAllByText('Credited')).toHaveLength(1);
  });

  it('filters by network, result and outcome under the API names', async () => {
    db.networks = [network(2, { name: 'CPX Research' })];
    db.postbacks = [postback(1)];
    renderAdmin('/admin/postbacks');
    await screen.findByText('Credited');
    await userEvent.click(screen.getByRole('combobox', { name: 'Network' }));
    await userEvent.click(await screen.findByRole('option', { name: 'CPX Research' }));
    await waitFor(() => expect(lastList()).toMatchObject({ network_id: '2', page: '1' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Result' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Refused' }));
    await waitFor(() => expect(lastList()).toMatchObject({ network_id: '2', result: 'refused' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Outcome' }));
    await userEvent.click(await screen.findByRole('option', { name: 'IP not allowed' }));
    await waitFor(() => expect(lastList()).toMatchObject({ outcome: 'ip_not_allowed' }));
  });

  it('Replay asks first, then sends {postback_id, action} and says what happened', async () => {
    db.postbacks = [
      postback(7, { outcome: 'bad_signature', http_status: 403, replayable: true }),
      postback(8, { outcome: 'accepted' }),
    ];
    renderAdmin('/admin/postbacks');
    await screen.findByText('Bad signature');
    // Only the refused, not yet replayed attempt has the button.
    expect(screen.getAllByRole('button', { name: /^Replay/ })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Replay: #7' }));
    const confirm = await screen.findByRole('dialog', { name: 'Replay postback #7?' });
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    const listsBefore = requests.filter((r) => r.path.endsWith('/postbacks.php')).length;
    await userEvent.click(within(confirm).getByRole('button', { name: 'Replay' }));
    expect(await screen.findByText('Replayed: Credited. Credited')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ postback_id: 7, action: 'replay' });
    // The list is read again.
    await waitFor(() =>
      expect(requests.filter((r) => r.path.endsWith('/postbacks.php')).length).toBeGreaterThan(
        listsBefore + 1,
      ),
    );
  });
});
