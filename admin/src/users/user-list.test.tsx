import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { user } from '../testing/fixtures';
import { db, requests, resetDb } from '../testing/handlers';
import { renderAdmin } from '../testing/render-admin';

beforeEach(() => resetDb());

/**
 * The confirmation a block or unblock asks first (issue 36): it names who is affected, takes a ready
 * reason, and goes on with its confirm button.
 */
async function confirmWithReason(names: string[], reason: string, confirm: 'Block' | 'Unblock') {
  const dialog = await screen.findByRole('dialog', { name: new RegExp(`^${confirm}`) });
  const affected = within(dialog).getByRole('list');
  for (const name of names) expect(within(affected).getByText(name, { exact: false })).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: reason }));
  expect(within(dialog).getByLabelText('Reason')).toHaveValue(reason);
  await userEvent.click(within(dialog).getByRole('button', { name: confirm }));
}

/** react-admin sends an undoable change once its notification closes (5 s). */
const AFTER_NOTIFICATION = { timeout: 8000 };

describe('/admin/users', () => {
  it('shows the loading text, then the empty state', async () => {
    db.delayMs = 400;
    renderAdmin('/admin/users');
    expect(await screen.findByText('Loading user data...')).toBeInTheDocument();
    expect(await screen.findByText('No users found matching your criteria')).toBeInTheDocument();
  });

  it('shows the total badge, the five summary cards, rows with status badges', async () => {
    db.users = [
      user(1, { total_completions: 11 }),
      user(2, { total_completions: 0 }),
      user(3, { is_suspicious: true }),
      user(4, { total_completions: 2 }),
    ];
    renderAdmin('/admin/users');
    expect(await screen.findByText('user1@example.com')).toBeInTheDocument();
    expect(screen.getByText('4 users')).toBeInTheDocument();
    for (const label of [
      'Total Users',
      'Active Users',
      'Firebase Users',
      'Total Referrals',
      'Blocked Users',
    ]) {
      expect(screen.getByRole('group', { name: label })).toBeInTheDocument();
    }
    expect(within(screen.getByRole('group', { name: 'Blocked Users' })).getByText('1')).toBeInTheDocument();
    const rows = screen.getAllByRole('row');
    const rowOf = (email: string) => rows.find((r) => within(r).queryByText(email))!;
    expect(within(rowOf('user1@example.com')).getByText('Active')).toBeInTheDocument();
    expect(within(rowOf('user2@example.com')).getByText('New')).toBeInTheDocument();
    expect(within(rowOf('user3@example.com')).getByText('Blocked')).toBeInTheDocument();
    expect(within(rowOf('user4@example.com')).getByText('Member')).toBeInTheDocument();
    expect(
      within(rowOf('user3@example.com')).getByRole('button', { name: /Unblock User/ }),
    ).toBeInTheDocument();
    expect(
      within(rowOf('user1@example.com')).getByRole('button', { name: /Block User/ }),
    ).toBeInTheDocument();
  });

  it('asks for page 1, limit 20, sorted by registration date, and debounces the search by 500 ms', async () => {
    db.users = [user(1)];
    renderAdmin('/admin/users');
    await screen.findByText('user1@example.com');
    expect(requests.find((r) => r.path.endsWith('/users.php'))?.query).toEqual({
      page: '1',
      limit: '20',
      sortBy: 'registration_date',
      sortOrder: 'desc',
    });
    const before = requests.length;
    await userEvent.type(screen.getByLabelText('Search name or email'), 'asha');
    // Nothing sent while typing.
    expect(requests.slice(before).filter((r) => r.query.search)).toHaveLength(0);
    await waitFor(() => expect(requests.some((r) => r.query.search === 'asha')).toBe(true), {
      timeout: 2000,
    });
    expect(requests.filter((r) => r.query.search?.startsWith('a'))).toHaveLength(1);
  });

  it('blocks one user after a confirmation with a reason, says so, and sends it once the Undo has passed', async () => {
    db.users = [user(1)];
    renderAdmin('/admin/users');
    await userEvent.click(await screen.findByRole('button', { name: 'Block User: user1@example.com' }));
    await confirmWithReason(['user1@example.com'], 'Suspected fraud', 'Block');
    expect(await screen.findByText('User blocked successfully')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /undo/i })).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Unblock User: user1@example.com' }),
    ).toBeInTheDocument();
    await waitFor(
      () =>
        expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
          user_id: 1,
          action: 'flag',
          reason: 'Suspected fraud',
        }),
      AFTER_NOTIFICATION,
    );
  }, 15_000);

  it('Undo keeps the member as they were: nothing is sent', async () => {
    db.users = [user(1)];
    renderAdmin('/admin/users');
    await userEvent.click(await screen.findByRole('button', { name: 'Block User: user1@example.com' }));
    await confirmWithReason(['user1@example.com'], 'Suspected fraud', 'Block');
    await screen.findByText('User blocked successfully');
    await userEvent.click(screen.getByRole('button', { name: /undo/i }));
    expect(await screen.findByRole('button', { name: 'Block User: user1@example.com' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 6000));
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
  }, 30_000);

  it('Cancel in the confirmation changes nothing', async () => {
    db.users = [user(1)];
    renderAdmin('/admin/users');
    await userEvent.click(await screen.findByRole('button', { name: 'Block User: user1@example.com' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('says when a single block fails', async () => {
    db.users = [user(1)];
    db.failingUserIds = [1];
    renderAdmin('/admin/users');
    await userEvent.click(await screen.findByRole('button', { name: 'Block User: user1@example.com' }));
    await confirmWithReason([], 'Abuse reported', 'Block');
    expect(await screen.findByText('Failed to block user', {}, AFTER_NOTIFICATION)).toBeInTheDocument();
  }, 15_000);

  it('selects all on the page, blocks in bulk with one call per user, reports partial failure, clears the selection', async () => {
    db.users = [user(1), user(2), user(3)];
    db.failingUserIds = [2];
    renderAdmin('/admin/users');
    await screen.findByText('user1@example.com');
    await userEvent.click(screen.getByRole('checkbox', { name: /select all/i }));
    expect(await screen.findByText('3 users selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Block selected' }));
    await confirmWithReason(
      ['user1@example.com', 'user2@example.com', 'user3@example.com'],
      'Several accounts on one device',
      'Block',
    );
    expect(await screen.findByText('Successfully blocked 2 users, 1 failed')).toBeInTheDocument();
    const reason = 'Several accounts on one device';
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { user_id: 1, action: 'flag', reason },
      { user_id: 2, action: 'flag', reason },
      { user_id: 3, action: 'flag', reason },
    ]);
    await waitFor(() => expect(screen.queryByText('3 users selected')).not.toBeInTheDocument());
  });

  it('unblocks in bulk', async () => {
    db.users = [user(1, { is_suspicious: true }), user(2, { is_suspicious: true })];
    renderAdmin('/admin/users');
    await screen.findByText('user1@example.com');
    await userEvent.click(screen.getByRole('checkbox', { name: /select all/i }));
    await userEvent.click(screen.getByRole('button', { name: 'Unblock selected' }));
    await confirmWithReason(['user1@example.com', 'user2@example.com'], 'Appeal accepted', 'Unblock');
    expect(await screen.findByText('Successfully unblocked 2 users')).toBeInTheDocument();
  });

  it("a bulk block's Undo unblocks the members it blocked", async () => {
    db.users = [user(1), user(2)];
    renderAdmin('/admin/users');
    await screen.findByText('user1@example.com');
    await userEvent.click(screen.getByRole('checkbox', { name: /select all/i }));
    await userEvent.click(screen.getByRole('button', { name: 'Block selected' }));
    await confirmWithReason(['user1@example.com', 'user2@example.com'], 'Suspected fraud', 'Block');
    expect(await screen.findByText('Successfully blocked 2 users')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /undo/i }));
    expect(
      await screen.findByText('Successfully unblocked 2 users', {}, AFTER_NOTIFICATION),
    ).toBeInTheDocument();
    expect(
      requests.filter((r) => r.method === 'PUT').map((r) => (r.body as { action: string }).action),
    ).toEqual(['flag', 'flag', 'unflag', 'unflag']);
  }, 30_000);

  it("says 'All bulk actions failed' when every call fails", async () => {
    db.users = [user(1), user(2)];
    db.failingUserIds = [1, 2];
    renderAdmin('/admin/users');
    await screen.findByText('user1@example.com');
    await userEvent.click(screen.getByRole('checkbox', { name: /select all/i }));
    await userEvent.click(screen.getByRole('button', { name: 'Block selected' }));
    await confirmWithReason([], 'Suspected fraud', 'Block');
    expect(await screen.findByText('All bulk actions failed')).toBeInTheDocument();
  });

  it('opens the user detail dialog with four cards and three tabs', async () => {
    db.users = [
      user(7, { user_category: 'top_referrer', referred_by_code: 'FRIEND1', total_vouchers_won: 4 }),
    ];
    renderAdmin('/admin/users');
    await userEvent.click(await screen.findByRole('button', { name: 'View user: user7@example.com' }));
    const dialog = await screen.findByRole('dialog');
    for (const label of ['Offers Completed', 'Vouchers Won', 'Successful Referrals', 'Revenue Generated']) {
      expect(within(dialog).getByRole('group', { name: label })).toBeInTheDocument();
    }
    expect(within(dialog).getByText('top referrer')).toBeInTheDocument();
    expect(within(dialog).getByText('FRIEND1')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Activity' }));
    expect(within(dialog).getByText('Free spins remaining')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Admin Actions' }));
    expect(within(dialog).getByText(/Blocking prevents login and all platform access/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block User' }));
    await confirmWithReason(['user7@example.com'], 'Suspected fraud', 'Block');
    expect(await screen.findByText('User blocked successfully')).toBeInTheDocument();
    expect(await within(dialog).findByRole('button', { name: 'Unblock User' })).toBeInTheDocument();
  });

  it('user detail: a member held for review says so, with their clawbacks', async () => {
    db.users = [
      user(8, {
        is_suspicious: true,
        held_at: '2025-02-04T09:30:00Z',
        clawbacks_count: 3,
        clawbacks_value: 150,
      }),
      user(9),
    ];
    renderAdmin('/admin/users');
    await userEvent.click(await screen.findByRole('button', { name: 'View user: user8@example.com' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Held for review')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Activity' }));
    expect(within(dialog).getByText('Clawbacks')).toBeInTheDocument();
    expect(within(dialog).getByText('3 (₹150)')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('button', { name: 'View user: user9@example.com' }));
    const other = await screen.findByRole('dialog');
    expect(within(other).queryByText('Held for review')).not.toBeInTheDocument();
  });
});
