import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TimelineItem } from '../../../shared/contract/admin/records';
import { risk, user } from '../testing/fixtures';
import { db, requests, resetDb } from '../testing/handlers';
import { server } from '../testing/msw-server';
import { renderAdmin } from '../testing/render-admin';

// Issue 36: the member's page and the click's page, each with its timeline, every record a link.

const item = (over: Partial<TimelineItem>): TimelineItem => ({
  kind: 'click',
  at: '2026-11-30T10:00:00.000Z',
  ref: '1',
  status: null,
  amount: null,
  detail: null,
  user_id: 7,
  user_name: 'First7 Last7',
  offer_id: 3,
  offer_title: 'Survey Plus',
  click_id: 'clk-abc',
  network_id: null,
  network_name: null,
  completion_id: null,
  claim_id: null,
  voucher_id: null,
  postback_id: null,
  referral_id: null,
  ...over,
});

const ITEMS: TimelineItem[] = [
  item({
    kind: 'admin',
    ref: '9',
    status: 'user.block',
    detail: 'admin · Suspected fraud',
    click_id: null,
    offer_id: null,
    offer_title: null,
  }),
  item({
    kind: 'postback',
    ref: '5',
    status: 'invalid_signature',
    postback_id: 5,
    network_id: 2,
    network_name: 'CPX',
  }),
  item({ kind: 'click', ref: 'clk-abc' }),
];

beforeEach(() => {
  resetDb();
  db.users = [user(7, { is_suspicious: true })];
  server.use(
    http.get('*/api/admin/timeline.php', ({ request }) => {
      const url = new URL(request.url);
      const kinds = url.searchParams.get('kinds')?.split(',');
      const items = kinds ? ITEMS.filter((i) => kinds.includes(i.kind)) : ITEMS;
      return HttpResponse.json({
        success: true,
        items,
        pagination: { page: 1, limit: 20, total: items.length, totalPages: 1 },
      });
    }),
    http.get('*/api/admin/click.php', () =>
      HttpResponse.json({
        success: true,
        click: {
          click_id: 'clk-abc',
          created_at: '2026-11-30T09:00:00.000Z',
          ip: '203.0.113.9',
          user_agent: 'Chrome',
          user_id: 7,
          user_name: 'First7 Last7',
          user_email: 'user7@example.com',
          offer_id: 3,
          offer_title: 'Survey Plus',
          network_id: 2,
          network_name: 'CPX',
          completion_id: null,
          completion_status: null,
          postback_count: 1,
        },
      }),
    ),
  );
});

describe("a member's page (/admin/users/:id/show)", () => {
  it('shows the profile, the status with its reasons, the risk card and one timeline of linked records', async () => {
    db.risk[7] = risk(7, {
      score: 70,
      level: 'high',
      reasons: [
        {
          code: 'shared_device',
          weight: 30,
          evidence: '3 accounts share this device: a, b',
          user_ids: [8, 9],
        },
      ],
      linked_accounts: [
        {
          user_id: 8,
          name: 'Eight',
          email: 'eight@example.com',
          registration_date: '2026-11-01T00:00:00.000Z',
          is_suspicious: false,
          links: ['device'],
        },
      ],
    });
    renderAdmin('/admin/users/7/show');
    expect(await screen.findByRole('heading', { level: 1, name: 'First7 Last7' })).toBeInTheDocument();
    expect(requests.find((r) => r.path.endsWith('/users.php'))?.query).toMatchObject({ user_id: '7' });
    const riskCard = screen.getByRole('region', { name: 'Risk and linked accounts' });
    expect(await within(riskCard).findByText('High risk · 70')).toBeInTheDocument();
    expect(riskCard).toHaveTextContent('Shared device +30: 3 accounts share this device: a, b');
    expect(riskCard).toHaveTextContent('1 linked account');
    expect(requests.find((r) => r.path.endsWith('/risk.php'))?.query).toEqual({ user_id: '7' });
    const queue = within(riskCard).getByRole('link', { name: "This member's rewards in the review queue" });
    expect(decodeURIComponent(queue.getAttribute('href')!)).toBe(
      '/admin/reviews?filter={"status":"every","user_id":"7"}',
    );
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    const rows = await within(timeline).findAllByRole('row');
    expect(rows).toHaveLength(1 + ITEMS.length);
    expect(within(rows[1]!).getByText('admin · Suspected fraud')).toBeInTheDocument();
    const attempt = within(rows[2]!);
    expect(attempt.getByRole('link', { name: 'Postback attempt' })).toHaveAttribute(
      'href',
      '/admin/postbacks/5/show',
    );
    expect(attempt.getByRole('link', { name: 'Survey Plus' })).toHaveAttribute(
      'href',
      '/admin/offers/3/show',
    );
    expect(attempt.getAllByRole('link', { name: 'CPX' })[0]).toHaveAttribute(
      'href',
      '/admin/networks/2/show',
    );
    // The admin actions' own table (the status history) holds the admin entries only.
    const history = screen.getByRole('region', { name: 'Admin Actions' });
    expect(await within(history).findAllByRole('row')).toHaveLength(2);
  });

  it('follows the click link to the click page, which links back to the member', async () => {
    renderAdmin('/admin/users/7/show');
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    const rows = await within(timeline).findAllByRole('row');
    await userEvent.click(within(rows[3]!).getByRole('link', { name: 'Click clk-abc' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Click clk-abc' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'First7 Last7 (user7@example.com)' })).toHaveAttribute(
      'href',
      '/admin/users/7/show',
    );
    expect(screen.getAllByRole('link', { name: 'CPX' })[0]).toHaveAttribute('href', '/admin/networks/2/show');
  });
});
