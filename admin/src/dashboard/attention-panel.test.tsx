import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, resetDb } from '../testing/handlers';
import { renderAdmin } from '../testing/render-admin';

beforeEach(() => resetDb());

const hrefOf = (link: HTMLElement) => decodeURIComponent(link.getAttribute('href') ?? '');

describe('needs attention', () => {
  it('lists every flagged item in one panel, each linking to the filtered list', async () => {
    renderAdmin('/admin/dashboard');
    // The dashboard's chunk may still be loading on a busy machine.
    const panel = await screen.findByRole('region', { name: 'Needs attention' }, { timeout: 20_000 });
    const link = async (text: RegExp) => hrefOf(await within(panel).findByRole('link', { name: text }));
    expect(
      await link(
        /Dragon Quest: ₹50 drawn 30\.0% of 500 spins \(95 % interval 26\.1%–34\.2%\), configured 10\.0%/,
      ),
    ).toBe('/admin/offers?filter={"search":"Dragon Quest"}');
    expect(await link(/Dragon Quest: ₹18 of vouchers per spin, the offer pays ₹8$/)).toBe(
      '/admin/offers?filter={"search":"Dragon Quest"}',
    );
    // Stock: only the flagged amount (₹10 has 23 days left).
    expect(
      await link(/₹50: 7 codes, 4\.29 wins a day · 1\.6 days left · 2 stock-outs in 7 days, 1 members/),
    ).toBe('/admin/vouchers?filter={"status":"available","amount_range":"0-50"}');
    expect(within(panel).queryByRole('link', { name: /₹10: 100 codes/ })).toBeNull();
    // One line per brand, whatever its amounts.
    expect(await link(/Amazon \(₹50, ₹100\): 3 codes expire from/)).toBe(
      '/admin/vouchers?filter={"status":"available","brand":"Amazon","expiry_filter":"expiring_soon"}',
    );
    // The oldest claims waiting, each with its age, then the whole list.
    expect(await link(/^Claim #31: Ravi Kumar, Dragon Quest, waiting 2 d$/)).toBe('/admin/claims/31/show');
    expect(await link(/^All 7 claims waiting$/)).toBe('/admin/claims?filter={"status":"pending"}');
    expect(await link(/^2 rewards waiting for review, oldest 30 h$/)).toBe(
      '/admin/reviews?filter={"status":"held"}',
    );
    expect(await link(/Ravi Kumar: 3 reversals in 30 days/)).toBe(
      '/admin/conversions?filter={"status":"reversed","search":"ravi@example.com"}',
    );
    expect(await link(/Acme Ads: 6 refused/)).toBe(
      '/admin/postbacks?filter={"result":"refused","network_id":2}',
    );
    expect(await link(/2 same-device referrals need a decision/)).toBe(
      '/admin/referrals?filter={"status":"needs_review"}',
    );
    // Ordered by their impact on members: what members lost or wait for first, codes expiring last.
    expect(
      within(panel)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent)
        .slice(0, 7),
    ).toEqual([
      'Owed prizes and voucher stock',
      'Claims waiting',
      'Held rewards',
      'Reversals piling up',
      'Refused postbacks, last 24 h',
      'Win rates',
      'Expiring unassigned',
    ]);
    // The details: every monitored amount and every stocked amount, flagged or not.
    expect(within(panel).getByRole('button', { name: 'Win-rate monitor' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Voucher stock' })).toBeInTheDocument();
  });

  it('shows five items of a long section, the rest behind a button', async () => {
    db.attention = {
      ...db.attention,
      expiring: ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((brand) => ({
        brand: `Brand ${brand}`,
        amounts: [10],
        codes: 1,
        first_expiry: '2025-02-10',
      })),
    };
    renderAdmin('/admin/dashboard');
    const section = await screen.findByRole('region', { name: 'Expiring unassigned' });
    expect(within(section).getAllByRole('link')).toHaveLength(5);
    expect(
      within(section).getByRole('link', { name: /^Brand A \(₹10\): 1 code expires from/ }),
    ).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Show 2 more' }));
    expect(within(section).getAllByRole('link')).toHaveLength(7);
    expect(within(section).getByRole('button', { name: 'Show fewer' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('shows the count in the menu, its badge titled with what it counts', async () => {
    renderAdmin('/admin/dashboard');
    const item = await screen.findByRole('menuitem', { name: '10 Dashboard' });
    expect(within(item).getByTitle('10 items need attention')).toHaveTextContent('10');
  });

  it('says so when nothing needs attention, and the menu shows no count', async () => {
    db.attention = {
      ...db.attention,
      count: 0,
      winRates: [],
      stock: [],
      expiring: [],
      reversals: { days: 30, members: [] },
      refusedPostbacks: [],
      heldReferrals: 0,
      claims: { waiting: 0, oldest: [] },
      reviews: { waiting: 0, oldest_at: null },
    };
    renderAdmin('/admin/dashboard');
    expect(await screen.findByText('Nothing needs attention right now.')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Dashboard' })).toBeInTheDocument();
  });
});

describe('getting started', () => {
  it('shows the checklist with each step ticked as the server says, linking to where it is done', async () => {
    db.dashboard = {
      ...db.dashboard,
      gettingStarted: {
        show: true,
        steps: [
          { id: 'network', done: false },
          { id: 'offers', done: true },
          { id: 'vouchers', done: false },
          { id: 'member_app', done: false },
        ],
        missing_amounts: [5, 100],
      },
    };
    renderAdmin('/admin/dashboard');
    const card = await screen.findByRole('region', { name: 'Getting started' });
    expect(within(card).getByText('1 of 4 done')).toBeInTheDocument();
    const items = within(card).getAllByRole('listitem');
    expect(
      items.map((i) =>
        within(i).queryByTitle('Done') ? 'Done' : within(i).queryByTitle('To do') ? 'To do' : null,
      ),
    ).toEqual(['To do', 'Done', 'To do', 'To do']);
    expect(hrefOf(within(card).getByRole('link', { name: 'Connect a partner network' }))).toBe(
      '/admin/networks',
    );
    expect(hrefOf(within(card).getByRole('link', { name: 'Review the demo offers' }))).toBe('/admin/offers');
    expect(hrefOf(within(card).getByRole('link', { name: 'Stock vouchers for every prize amount' }))).toBe(
      '/admin/vouchers',
    );
    expect(within(card).getByText('No codes for ₹5, ₹100')).toBeInTheDocument();
    const memberApp = within(card).getByRole('link', { name: 'Open the member app' });
    expect(memberApp.getAttribute('href')).toBe('/');
    expect(memberApp.getAttribute('target')).toBe('_blank');
  });

  it('is not shown once the server says it is done (or the console is live)', async () => {
    renderAdmin('/admin/dashboard');
    await screen.findByRole('group', { name: 'Total Users' });
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull();
  });
});

describe('money in one currency', () => {
  it('shows revenue in rupees at the configured rate beside voucher cost and margin', async () => {
    renderAdmin('/admin/dashboard');
    const money = await screen.findByRole('region', { name: 'Money in one currency' });
    expect(
      within(money).getByText('Payouts converted at ₹83 per US dollar (FX_USD_INR)'),
    ).toBeInTheDocument();
    expect(
      within(within(money).getByRole('group', { name: 'Revenue' })).getByText('₹3,58,685'),
    ).toBeInTheDocument();
    expect(
      within(within(money).getByRole('group', { name: 'Voucher cost' })).getByText('₹7,000'),
    ).toBeInTheDocument();
    expect(
      within(within(money).getByRole('group', { name: 'Margin' })).getByText('₹3,51,685'),
    ).toBeInTheDocument();
  });
});
