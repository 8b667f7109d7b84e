import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { review, risk } from '../testing/fixtures';
import { db, requests, resetDb } from '../testing/handlers';
import { renderAdmin } from '../testing/render-admin';

// Issue 33: the review queue of rewards held by risk, its decisions, and one hold's page.

beforeEach(() => resetDb());

const lists = () => requests.filter((r) => r.method === 'GET' && r.path.endsWith('/reviews.php'));
const lastList = () =>
  lists()
    .filter((r) => r.query.limit !== '1')
    .at(-1)!.query;
const puts = () => requests.filter((r) => r.method === 'PUT' && r.path.endsWith('/reviews.php'));
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('/admin/reviews', () => {
  it('lists held rewards riskiest first, each with its reasons in words, and the count in the menu', async () => {
    db.reviews = [
      review(1, { score: 40, level: 'medium', release_at: '2026-12-01T08:00:00.000Z' }),
      review(2, { score: 90, level: 'very_high' }),
      review(3, { status: 'released', decided_at: '2026-11-30T09:00:00.000Z', decided_by: 'root' }),
    ];
    renderAdmin('/admin/reviews');
    const row = await rowOf('Offer 2');
    const rows = screen.getAllByRole('row');
    // Riskiest first: hold 2 (90) before hold 1 (40); the released one is not in the default view.
    expect(rows.findIndex((r) => r === row)).toBeLessThan(
      rows.findIndex((r) => r.textContent?.includes('Offer 1')),
    );
    expect(screen.queryByText('Offer 3')).not.toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Member 2' })).toHaveAttribute(
      'href',
      '/admin/users/12/show',
    );
    expect(within(row).getByRole('link', { name: 'Offer 2' })).toHaveAttribute(
      'href',
      '/admin/offers/3/show',
    );
    expect(within(row).getByText('Conversion')).toBeInTheDocument();
    expect(within(row).getByText(/Network CPX Research · Payout/)).toBeInTheDocument();
    // The level in words on the chip (not colour alone), named with its score.
    expect(within(row).getByLabelText('Risk score 90, Very high risk')).toHaveTextContent(
      'Very high risk · 90',
    );
    const reasons = within(row).getByRole('list', { name: 'Why it was held: Hold #2' });
    expect(reasons).toHaveTextContent(
      'Shared device +30: 3 accounts share this device: member3@example.com, member4@example.com',
    );
    expect(reasons).toHaveTextContent('Too-fast conversion +40: Completed 4 s after its click');
    expect(within(row).getByText('Waits for a review')).toBeInTheDocument();
    // A medium one says when it is released on its own.
    expect(within(await rowOf('Offer 1')).getByText(/Released on its own/)).toBeInTheDocument();
    expect(screen.getByText(/2 waiting for review\./)).toBeInTheDocument();
    expect(lastList()).toMatchObject({ status: 'held', sortBy: 'score', sortOrder: 'desc', page: '1' });
    // The menu's badge: held rewards waiting, from the cheap call (limit=1).
    expect(await screen.findByTitle('2 rewards waiting for review')).toBeInTheDocument();
    expect(lists().some((r) => r.query.limit === '1' && r.query.status === 'held')).toBe(true);
  });

  it('filters by status and level, sorts by newest, and says when nothing waits', async () => {
    renderAdmin('/admin/reviews');
    expect(await screen.findByText('Nothing waiting for review')).toBeInTheDocument();
    db.reviews = [
      review(5, {
        status: 'denied',
        deny_category: 'linked_accounts',
        decided_at: '2026-11-30T09:00:00.000Z',
        decided_by: 'root',
      }),
    ];
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'All statuses' }));
    await waitFor(() => expect(lastList()).toMatchObject({ status: 'all' }));
    const row = await rowOf('Offer 5');
    expect(within(row).getByText('Denied')).toBeInTheDocument();
    expect(within(row).getByText('Linked accounts')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Approve/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Risk level' }));
    await userEvent.click(await screen.findByRole('option', { name: 'High risk' }));
    await waitFor(() => expect(lastList()).toMatchObject({ status: 'all', level: 'high' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Newest first' }));
    await waitFor(() => expect(lastList()).toMatchObject({ sortBy: 'created_at', sortOrder: 'desc' }));
  });

  it('Approve asks first, then sends {hold_ids:[id], action:"approve"}', async () => {
    db.reviews = [review(7)];
    renderAdmin('/admin/reviews');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve: #7 Offer 7' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve hold #7?' });
    expect(puts()).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('1 reward approved')).toBeInTheDocument();
    expect(puts().map((r) => r.body)).toEqual([{ hold_ids: [7], action: 'approve' }]);
    await waitFor(() => expect(screen.queryByText('Offer 7')).not.toBeInTheDocument());
    expect(await screen.findByText('Nothing waiting for review')).toBeInTheDocument();
  });

  it('Deny requires a category, says what the member is told, and sends it with the note', async () => {
    db.reviews = [review(8)];
    renderAdmin('/admin/reviews');
    await userEvent.click(await screen.findByRole('button', { name: 'Deny: #8 Offer 8' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deny hold #8' });
    expect(
      within(dialog).getByText(
        /Not approved: it was linked to other accounts on the same device or network\./,
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deny' }));
    expect(await within(dialog).findByText('Choose why: the member is told it.')).toBeInTheDocument();
    expect(puts()).toHaveLength(0);

    db.reviewAnswer = { status: 409, body: { success: false, error: 'This reward was already released.' } };
    await userEvent.click(within(dialog).getByRole('radio', { name: /Suspicious activity/ }));
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Note for the audit log/ }),
      'Bot timing',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deny' }));
    expect(await within(dialog).findByText('This reward was already released.')).toBeInTheDocument();

    db.reviewAnswer = null;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deny' }));
    expect(await screen.findByText('1 reward denied')).toBeInTheDocument();
    expect(puts().at(-1)!.body).toEqual({
      hold_ids: [8],
      action: 'deny',
      category: 'suspicious_activity',
      note: 'Bot timing',
    });
  });

  it('Approve all from this member sends {user_id, action:"approve"} and reports those already decided', async () => {
    db.reviews = [review(9), review(10, { user_id: 19 })];
    db.reviewAnswer = null;
    renderAdmin('/admin/reviews');
    await userEvent.click(await screen.findByRole('button', { name: 'More actions: #9 Offer 9' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Approve all from this member' }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Approve every held reward of Member 9 (member9@example.com)?',
    });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Approve all from this member' }));
    expect(await screen.findByText('2 rewards approved')).toBeInTheDocument();
    expect(puts().map((r) => r.body)).toEqual([{ user_id: 19, action: 'approve' }]);
  });

  it('bulk approve and deny send the selected hold ids, and say which were already decided', async () => {
    db.reviews = [review(11, { score: 95 }), review(12, { score: 85 }), review(13, { score: 75 })];
    renderAdmin('/admin/reviews');
    await rowOf('Offer 11');
    const checkbox = (text: string) => within(screen.getByText(text).closest('tr')!).getByRole('checkbox');
    await userEvent.click(checkbox('Offer 11'));
    await userEvent.click(checkbox('Offer 12'));
    expect(await screen.findByText('2 held rewards selected')).toBeInTheDocument();
    // Another administrator decides hold 12 meanwhile.
    db.reviews[1]!.status = 'released';
    await userEvent.click(screen.getByRole('button', { name: 'Approve selected' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve 2 held rewards?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('1 reward approved; 1 was already decided')).toBeInTheDocument();
    expect(puts().map((r) => r.body)).toEqual([{ hold_ids: [11, 12], action: 'approve' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByText('Offer 11')).not.toBeInTheDocument());

    await userEvent.click(checkbox('Offer 13'));
    await userEvent.click(await screen.findByRole('button', { name: 'Deny selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deny 1 held reward' });
    await userEvent.click(within(dialog).getByRole('radio', { name: /Linked accounts/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deny' }));
    expect(await screen.findByText('1 reward denied')).toBeInTheDocument();
    expect(puts().at(-1)!.body).toEqual({ hold_ids: [13], action: 'deny', category: 'linked_accounts' });
  });

  it("a hold's page shows its reasons, the member's risk, linked accounts, referral tree and sightings", async () => {
    db.reviews = [review(4)];
    db.risk[14] = risk(14, {
      score: 70,
      level: 'high',
      reasons: [
        { code: 'referral_farm', weight: 25, evidence: '6 referred accounts from one address', user_ids: [] },
      ],
      linked_accounts: [
        {
          user_id: 30,
          name: 'Linked One',
          email: 'one@example.com',
          registration_date: '2026-11-01T00:00:00.000Z',
          is_suspicious: true,
          links: ['device', 'address'],
        },
      ],
      referred_by: { user_id: 40, name: 'The Referrer' },
      referral_tree: [
        { user_id: 50, name: 'Child', depth: 1, referred_by: 14, completions: 1 },
        { user_id: 51, name: 'Grandchild', depth: 2, referred_by: 50, completions: 0 },
      ],
      sightings: [
        {
          at: '2026-11-29T08:00:00.000Z',
          kind: 'registration',
          address: '198.51.100.7',
          asn: 16509,
          network: 'Amazon',
          hosting: true,
          fingerprint: 'abcdef0123456789abcdef',
        },
      ],
    });
    renderAdmin('/admin/reviews/4/show');
    expect(await screen.findByRole('heading', { level: 1, name: 'Held reward #4' })).toBeInTheDocument();
    expect(lists().find((r) => r.query.hold_id === '4')?.query).toMatchObject({ status: 'all' });
    expect(screen.getByRole('region', { name: 'Why it was held' })).toHaveTextContent('Shared device +30');
    const memberRisk = await screen.findByRole('region', { name: "The member's risk" });
    expect(memberRisk).toHaveTextContent('Referral farm +25: 6 referred accounts from one address');
    const linked = screen.getByRole('region', { name: 'Linked accounts (1)' });
    expect(within(linked).getByRole('link', { name: 'Linked One' })).toHaveAttribute(
      'href',
      '/admin/users/30/show',
    );
    expect(linked).toHaveTextContent('Linked by device, address');
    const referrals = screen.getByRole('region', { name: 'Referrals' });
    expect(within(referrals).getByRole('link', { name: 'The Referrer' })).toHaveAttribute(
      'href',
      '/admin/users/40/show',
    );
    expect(within(referrals).getByLabelText('Grandchild, level 2, 0 completions')).toBeInTheDocument();
    const sightings = screen.getByRole('region', { name: 'Where they came from' });
    expect(sightings).toHaveTextContent('198.51.100.7');
    expect(sightings).toHaveTextContent('AS16509 · Amazon');
    expect(sightings).toHaveTextContent('Hosting / VPN');
    expect(sightings).toHaveTextContent('abcdef01…cdef');
    expect(screen.getByRole('link', { name: "The member's timeline" })).toHaveAttribute(
      'href',
      '/admin/users/14/show',
    );
    // Decisions on the page too.
    expect(screen.getByRole('button', { name: 'Approve all from this member' })).toBeInTheDocument();
  });
});
