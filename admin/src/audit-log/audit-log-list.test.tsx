import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { auditEntry } from '../testing/fixtures';
import { db, requests, resetDb } from '../testing/handlers';
import { renderAdmin } from '../testing/render-admin';
import { describeChange } from './audit-log-list';

beforeEach(() => resetDb());

const lastAuditQuery = () => requests.filter((r) => r.path.endsWith('/audit-log.php')).at(-1)?.query;

describe('/admin/audit-log', () => {
  it('shows loading then empty', async () => {
    db.delayMs = 400;
    renderAdmin('/admin/audit-log');
    expect(await screen.findByText('Loading audit log...')).toBeInTheDocument();
    expect(await screen.findByText('No admin changes recorded yet')).toBeInTheDocument();
  });

  it('says what happened in a sentence, links the target and shows each field before → after', async () => {
    db.audit = [
      auditEntry(12, { admin_username: 'ops', target_label: 'Priya Sharma' }),
      auditEntry(3, {
        action: 'offer.edit',
        target_type: 'offer',
        target_id: '3',
        target_label: 'Dragon Clash',
        before: { title: 'Dragon', reward_amount: 10 },
        after: { title: 'Dragon Clash', reward_amount: 20 },
      }),
    ];
    renderAdmin('/admin/audit-log');
    const link = await screen.findByRole('link', { name: 'Priya Sharma (id 12)' });
    expect(link.closest('p')).toHaveTextContent('ops blocked user Priya Sharma (id 12)');
    // Issue 36: a member's audit entry opens the member's page.
    expect(link).toHaveAttribute('href', '/admin/users/12/show');
    const offer = screen.getByRole('link', { name: 'Dragon Clash (id 3)' });
    expect(offer.closest('p')).toHaveTextContent('admin edited offer Dragon Clash (id 3)');
    const row = offer.closest('tr')!;
    const fields = within(row)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(fields).toEqual(['title: Dragon → Dragon Clash', 'reward_amount: 10 → 20']);
    expect(requests.find((r) => r.path.endsWith('/audit-log.php'))?.query).toEqual({
      page: '1',
      limit: '20',
    });
  });

  it('a target without a name reads by its id; an unknown action still reads', async () => {
    db.audit = [auditEntry(5, { target_label: null, action: 'something.new', target_type: 'thing' })];
    renderAdmin('/admin/audit-log');
    expect(await screen.findByText('admin: something.new on thing id 5')).toBeInTheDocument();
  });

  it('reads sign-in, a refused sign-in with its reason, and sign-out', async () => {
    db.audit = [
      auditEntry(9, { action: 'admin.sign_out', target_type: 'admin', target_id: '1', target_label: null }),
      auditEntry(8, { action: 'admin.sign_in', target_type: 'admin', target_id: '1', target_label: null }),
      auditEntry(7, {
        action: 'admin.sign_in_failed',
        admin_id: null,
        admin_username: 'mallory',
        target_type: 'admin',
        target_id: '',
        target_label: null,
        before: null,
        after: { result: 'unknown_username' },
      }),
    ];
    renderAdmin('/admin/audit-log');
    expect(await screen.findByText('admin signed out')).toBeInTheDocument();
    expect(screen.getByText('admin signed in')).toBeInTheDocument();
    expect(screen.getByText('A sign-in as mallory was refused (no such administrator)')).toBeInTheDocument();
  });

  it('filters by admin, action, target type and dates with the API names', async () => {
    const user = userEvent.setup();
    db.audit = [auditEntry(1)];
    renderAdmin('/admin/audit-log');
    await screen.findByText(/blocked user/);
    await user.type(screen.getByLabelText('Admin'), 'ops{Enter}');
    await user.click(screen.getByLabelText('Action'));
    await user.click(await screen.findByRole('option', { name: 'Offer edited' }));
    await user.click(screen.getByLabelText('Target type'));
    await user.click(await screen.findByRole('option', { name: 'Offers' }));
    await user.type(screen.getByLabelText('From'), '2025-02-01');
    await user.type(screen.getByLabelText('To'), '2025-02-28');
    await vi.waitFor(() =>
      expect(lastAuditQuery()).toMatchObject({
        admin: 'ops',
        action: 'offer.edit',
        target_type: 'offer',
        date_from: '2025-02-01',
        date_to: '2025-02-28',
      }),
    );
  });

  it('describes only the fields that changed', () => {
    expect(describeChange({ a: 1, b: 2 }, { a: 1, b: 3, c: 'x' })).toBe('b: 2 → 3; c: — → x');
    expect(describeChange(null, { is_active: true })).toBe('is_active: — → true');
  });

  it("reads a network's changes field by field, nested settings by name and secrets masked", () => {
    expect(
      describeChange(
        {
          name: 'CPX',
          secret: 'old-secret-value',
          secret_hint: '…alue',
          params: { payout: 'amount_usd', status: 'status' },
          statuses: { approved: ['1'] },
          ip_allowlist: ['1.2.3.4'],
        },
        {
          name: 'CPX Research',
          secret: 'new-secret-value',
          secret_hint: '…lue2',
          params: { payout: 'amount_local', status: 'status' },
          statuses: { approved: ['1', '3'] },
          ip_allowlist: ['1.2.3.4', '5.6.7.8'],
        },
      ),
    ).toBe(
      'name: CPX → CPX Research; secret: ••• → •••; secret_hint: …alue → …lue2; ' +
        'params.payout: amount_usd → amount_local; statuses.approved: 1 → 1, 3; ' +
        'ip_allowlist: 1.2.3.4 → 1.2.3.4, 5.6.7.8',
    );
  });

  it('names the member and offer of a claim, and says every kind of entry in a sentence', async () => {
    db.audit = [
      auditEntry(1, {
        action: 'claim.reject',
        target_type: 'claim',
        target_id: '41',
        target_label: 'Priya Sharma on Survey Sprint',
        before: { status: 'pending' },
        after: { status: 'rejected', reason: 'No completion on record' },
      }),
      auditEntry(2, {
        action: 'reward.release',
        target_type: 'reward_hold',
        target_id: '5',
        target_label: null,
        before: { status: 'held' },
        after: { status: 'released' },
      }),
      auditEntry(3, {
        action: 'risk_policy.edit',
        target_type: 'risk_policy',
        target_id: '1',
        target_label: null,
        before: { hold_hours: 24 },
        after: { hold_hours: 48 },
      }),
    ];
    renderAdmin('/admin/audit-log');
    expect(
      await screen.findByText(/rejected the claim of/, undefined, { timeout: 10_000 }),
    ).toHaveTextContent(
      'admin rejected the claim of Priya Sharma on Survey Sprint (id 41). Reason: No completion on record',
    );
    expect(screen.getByText('admin released held reward id 5')).toBeInTheDocument();
    expect(screen.getByText('admin edited the risk policy')).toBeInTheDocument();
  });
});
