import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, resetDb } from '../testing/handlers';
import { offer } from '../testing/fixtures';
import { renderAdmin } from '../testing/render-admin';

beforeEach(() => resetDb());

describe('/admin/offers, money in one currency', () => {
  it("shows each offer's revenue in dollars and rupees beside its voucher cost and margin", async () => {
    db.offers = [
      offer(1, {
        title: 'Paying offer',
        total_revenue: 100,
        revenue_inr: 8300,
        voucher_cost: 50,
        margin_inr: 8250,
      }),
      offer(2, {
        title: 'Losing offer',
        total_revenue: 1,
        revenue_inr: 83,
        voucher_cost: 500,
        margin_inr: -417,
      }),
    ];
    renderAdmin('/admin/offers');
    const row = (title: string) => screen.getByText(title).closest('tr')!;
    await screen.findByText('Paying offer');
    expect(within(row('Paying offer')).getByText('$100.00 · ₹8,300')).toBeInTheDocument();
    expect(within(row('Paying offer')).getByText('Cost ₹50')).toBeInTheDocument();
    expect(within(row('Paying offer')).getByText('Margin ₹8,250')).toBeInTheDocument();
    expect(within(row('Losing offer')).getByText('Cost ₹500')).toBeInTheDocument();
    expect(within(row('Losing offer')).getByText('Margin -₹417')).toBeInTheDocument();
  });
});
