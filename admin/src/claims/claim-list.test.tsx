import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminClaimRow } from '../../../shared/contract/admin/claims';
import { offer } from '../testing/fixtures';
import { db, requests, resetDb } from '../testing/handlers';
import { renderAdmin } from '../testing/render-admin';

function claim(id: number, over: Partial<AdminClaimRow> = {}): AdminClaimRow {
  return {
    claim_id: id,
    status: 'pending',
    created_at: '2026-11-24T10:00:00.000Z',
    note: `Finished it, claim ${id}`,
    click_id: `clk_${id}`,
    clicked_at: '2026-11-23T08:00:00.000Z',
    offer_id: 3,
    offer_title: `Offer ${id}`,
    user_id: 10 + id,
    user_name: `Member ${id}`,
    user_email: `member${id}@example.com`,
    reject_reason: null,
    decided_at: null,
    decided_by: null,
    completion_id: null,
    ...over,
  };
}

beforeEach(() => resetDb());

const lastList = () =>
  [...requests].reverse().find((r) => r.method === 'GET' && r.path.endsWith('/claims.php'))!.query;
const puts = () => requests.filter((r) => r.method === 'PUT' && r.path.endsWith('/claims.php'));

describe('/admin/claims', () => {
  it('lists pending claims first with the member, offer, note and the count waiting', async () => {
    db.claims = [
      claim(1),
      claim(2, {
        status: 'rejected',
        reject_reason: 'No record',
        decided_at: '2026-11-24T11:00:00.000Z',
        decided_by: 'root',
      }),
    ];
    renderAdmin('/admin/claims');
    const row = (await screen.findByText('Offer 1')).closest('tr')!;
    expect(within(row).getByText('member1@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Finished it, claim 1')).toBeInTheDocument();
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(screen.queryByText('Offer 2')).not.toBeInTheDocument();
    expect(screen.getByText(/1 waiting for a decision\./)).toBeInTheDocument();
    expect(lastList()).toMatchObject({
      status: 'pending',
      sortBy: 'created_at',
      sortOrder: 'desc',
      page: '1',
    });
  });

  it('filters by status, offer and the day filed under the API names', async () => {
    db.offers = [offer(3, { title: 'Quiz Master' })];
    db.claims = [claim(1), claim(2, { status: 'rejected', reject_reason: 'No record at the partner' })];
    renderAdmin('/admin/claims');
    await screen.findByText('Offer 1');
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Rejected' }));
    await waitFor(() => expect(lastList()).toMatchObject({ status: 'rejected' }));
    expect(await screen.findByText('No record at the partner')).toBeInTheDocument();
    // A decided claim has no decision buttons.
    expect(screen.queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Offer' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Quiz Master' }));
    await waitFor(() => expect(lastList()).toMatchObject({ status: 'rejected', offer: '3' }));
    const from = screen.getByLabelText('Filed from');
    await userEvent.type(from, '2026-11-20');
    await waitFor(() => expect(lastList()).toMatchObject({ date_from: '2026-11-20' }));
  });

  it('Approve asks first, then sends {claim_id, action} and says the spin is ready', async () => {
    db.claims = [claim(7)];
    renderAdmin('/admin/claims');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve: #7 Offer 7' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve claim #7?' });
    expect(within(confirm).getByText(/member7@example.com/)).toBeInTheDocument();
    expect(puts()).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText("Claim approved: the member's spin is ready.")).toBeInTheDocument();
    expect(puts().map((r) => r.body)).toEqual([{ claim_id: 7, action: 'approve' }]);
    // The list is read again: the decided claim leaves the pending view.
    await waitFor(() => expect(screen.queryByText('Offer 7')).not.toBeInTheDocument());
  });

  it('Reject requires a reason, sends it, and shows a refusal inside the dialog', async () => {
    db.claims = [claim(8)];
    renderAdmin('/admin/claims');
    await userEvent.click(await screen.findByRole('button', { name: 'Reject: #8 Offer 8' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject claim #8' });
    const reason = within(dialog).getByRole('textbox', { name: /Reason shown to the member/ });
    expect(reason).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Enter a reason: the member sees it.')).toBeInTheDocument();
    expect(puts()).toHaveLength(0);

    db.claimAnswer = { status: 409, body: { success: false, error: 'This claim was already approved.' } };
    await userEvent.type(reason, 'No record at the partner');
    expect(within(dialog).getByText('24 / 500 characters')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('This claim was already approved.')).toBeInTheDocument();

    db.claimAnswer = null;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Claim rejected: the member sees your reason.')).toBeInTheDocument();
    expect(puts().map((r) => r.body)).toEqual([
      { claim_id: 8, action: 'reject', reason: 'No record at the partner' },
      { claim_id: 8, action: 'reject', reason: 'No record at the partner' },
    ]);
  });
});
