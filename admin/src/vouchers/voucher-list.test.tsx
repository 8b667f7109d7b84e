import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { inDays, voucher } from '../testing/fixtures';
import { db, requests, resetDb } from '../testing/handlers';
import { renderAdmin } from '../testing/render-admin';

beforeEach(() => resetDb());

async function fill(el: HTMLElement, value: string) {
  await userEvent.clear(el);
  await userEvent.click(el);
  await userEvent.paste(value);
}

async function openAdd() {
  renderAdmin('/admin/vouchers');
  await userEvent.click(await screen.findByRole('button', { name: 'Add Vouchers' }));
  return screen.findByRole('dialog', { name: 'Add New Vouchers' });
}

async function fillForm(
  dialog: HTMLElement,
  values: { brand?: string; amount?: string; expiry?: string; codes?: string },
) {
  if (values.brand !== undefined) await fill(within(dialog).getByLabelText(/^Brand/), values.brand);
  if (values.amount !== undefined) await fill(within(dialog).getByLabelText(/^Amount/), values.amount);
  if (values.expiry !== undefined) await fill(within(dialog).getByLabelText(/^Expiry date/), values.expiry);
  if (values.codes !== undefined) await fill(within(dialog).getByLabelText(/^Voucher codes/), values.codes);
}

const submit = (dialog: HTMLElement) =>
  userEvent.click(within(dialog).getByRole('button', { name: 'Add Vouchers' }));

describe('/admin/vouchers', () => {
  it('shows the loading text, then both empty texts', async () => {
    db.delayMs = 400;
    renderAdmin('/admin/vouchers');
    expect(await screen.findByText('Loading vouchers...')).toBeInTheDocument();
    expect(await screen.findByText('No vouchers found matching your criteria')).toBeInTheDocument();
    expect(
      screen.getByText('No vouchers found. Add some vouchers to see brand statistics.'),
    ).toBeInTheDocument();
  });

  it('shows the tiles, Vouchers by Brand, the inventory and the expiry badges', async () => {
    db.vouchers = [
      voucher(1, { voucher_amount: 100 }),
      voucher(2, { voucher_amount: 10, expiry_date: inDays(3) }),
      voucher(3, { status: 'assigned', expiry_date: inDays(-2) }),
      voucher(4, { status: 'used', voucher_brand: 'Flipkart' }),
    ];
    renderAdmin('/admin/vouchers');
    // The tiles are there while loading; wait for the loaded figures.
    expect(
      await within(await screen.findByRole('group', { name: 'Total Vouchers' })).findByText('4'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Available' })).getByText('2')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Distributed' })).getByText('2')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Total Value' })).getByText('₹210')).toBeInTheDocument();
    const byBrand = screen.getByRole('region', { name: 'Vouchers by Brand' });
    // Folded under its heading (issue 36: the first row on the first screen).
    await userEvent.click(within(byBrand).getByRole('button', { name: 'Vouchers by Brand' }));
    expect(within(byBrand).getByRole('article', { name: 'Amazon' })).toHaveTextContent(
      '₹10: 1 available₹100: 1 available',
    );
    expect(within(byBrand).getByRole('article', { name: 'Flipkart' })).toHaveTextContent(
      'No vouchers available',
    );
    expect(screen.getByText('Voucher Inventory (4)')).toBeInTheDocument();
    const row = (code: string) => screen.getAllByRole('row').find((r) => within(r).queryByText(code))!;
    expect(within(row('CODE-2')).getByText('Expiring Soon')).toBeInTheDocument();
    expect(within(row('CODE-3')).getByText('Expired')).toBeInTheDocument();
    expect(within(row('CODE-1')).getByRole('button', { name: 'Mark Expired: CODE-1' })).toBeInTheDocument();
    expect(
      within(row('CODE-3')).queryByRole('button', { name: /Mark Expired|Un-expire/ }),
    ).not.toBeInTheDocument();
    expect(
      within(row('CODE-4')).queryByRole('button', { name: /Mark Expired|Un-expire/ }),
    ).not.toBeInTheDocument();
  });

  it('opens the Voucher Details dialog', async () => {
    db.vouchers = [
      voucher(5, {
        status: 'assigned',
        assigned_at: '2025-02-01T10:00:00Z',
        assigned_to_email: 'x@example.com',
        assignment_context: 'free_spin_from_referral',
      }),
    ];
    renderAdmin('/admin/vouchers');
    await userEvent.click(await screen.findByRole('button', { name: 'View voucher: CODE-5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Voucher Details' });
    expect(within(dialog).getByText('Unknown User')).toBeInTheDocument();
    expect(within(dialog).getByText('Free Spin (Referral)')).toBeInTheDocument();
    expect(within(dialog).getByText('x@example.com')).toBeInTheDocument();
  });

  it('marks a voucher expired after confirming, then un-expires it', async () => {
    db.vouchers = [voucher(1)];
    renderAdmin('/admin/vouchers');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark Expired: CODE-1' }));
    expect(await screen.findByText('Are you sure you want to expire this voucher?')).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark Expired' }));
    expect(await screen.findByText('Voucher expired successfully')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ voucher_id: 1, status: 'expired' });
    await userEvent.click(await screen.findByRole('button', { name: 'Un-expire: CODE-1' }));
    expect(await screen.findByText('Are you sure you want to un-expire this voucher?')).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Un-expire' }));
    expect(await screen.findByText('Voucher reactivated successfully')).toBeInTheDocument();
  });

  it("shows the server's error when the change fails", async () => {
    db.vouchers = [voucher(1)];
    const { server } = await import('../testing/msw-server');
    const { http, HttpResponse } = await import('msw');
    server.use(
      http.put('*/api/admin/vouchers.php', () =>
        HttpResponse.json({ success: false, error: 'Voucher is assigned' }, { status: 409 }),
      ),
    );
    renderAdmin('/admin/vouchers');
    await userEvent.click(await screen.findByRole('button', { name: 'Mark Expired: CODE-1' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Mark Expired' }),
    );
    expect(await screen.findByText('Voucher is assigned')).toBeInTheDocument();
  });

  describe('Add New Vouchers', () => {
    it("requires brand, amount, codes and expiry: 'Please fill all required fields'", async () => {
      const dialog = await openAdd();
      await fillForm(dialog, { brand: 'Amazon', amount: '50' });
      await submit(dialog);
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Please fill all required fields');
      expect(requests.some((r) => r.method === 'POST')).toBe(false);
    });

    it.each([
      ['   \n  ', 'Please enter at least one voucher code'],
      [
        Array.from({ length: 101 }, (_, i) => `C${i}`).join('\n'),
        'Maximum 100 voucher codes allowed per batch',
      ],
      ['A1\nB2\nA1', 'Duplicate voucher codes found in your input'],
    ])('codes %#: %s', async (codes, message) => {
      const dialog = await openAdd();
      await fillForm(dialog, { brand: 'Amazon', amount: '50', expiry: inDays(30), codes });
      await submit(dialog);
      expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
    });

    it('names the repeated codes under the duplicates message (issue 36)', async () => {
      const dialog = await openAdd();
      await fillForm(dialog, {
        brand: 'Amazon',
        amount: '50',
        expiry: inDays(30),
        codes: 'A1\nB2\nA1\nC3\nB2',
      });
      await submit(dialog);
      const alert = within(dialog).getByRole('alert');
      expect(alert).toHaveTextContent('Duplicate voucher codes found in your input');
      expect(alert).toHaveTextContent('Repeated: A1, B2');
    });

    it("shows the codes the server's refusal names", async () => {
      db.voucherCreate = {
        status: 400,
        body: { success: false, error: 'Duplicate voucher codes found in your input', codes: ['X9'] },
      };
      const dialog = await openAdd();
      await fillForm(dialog, { brand: 'Amazon', amount: '50', expiry: inDays(30), codes: 'X9' });
      await submit(dialog);
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Repeated: X9');
    });

    it('suggests the brands in stock as the brand is typed, and still takes a new one', async () => {
      db.vouchers = [
        voucher(1, { voucher_brand: 'Amazon' }),
        voucher(2, { voucher_brand: 'Flipkart' }),
        voucher(3, { voucher_brand: 'Myntra' }),
      ];
      const dialog = await openAdd();
      const brand = within(dialog).getByRole('combobox', { name: /^Brand/ });
      await userEvent.type(brand, 'fl');
      await userEvent.click(await screen.findByRole('option', { name: 'Flipkart' }));
      expect(brand).toHaveValue('Flipkart');
      await userEvent.clear(brand);
      await userEvent.type(brand, 'Nykaa');
      expect(brand).toHaveValue('Nykaa');
    });

    it('disables past days in the expiry picker and defaults the type to Gift Card', async () => {
      const dialog = await openAdd();
      expect(within(dialog).getByLabelText(/^Expiry date/)).toHaveAttribute('min', inDays(0));
      expect(within(dialog).getByLabelText(/^Amount/)).toHaveAttribute('min', '1');
      expect(within(dialog).getByLabelText(/^Amount/)).toHaveAttribute('step', '0.01');
      expect(within(dialog).getByRole('combobox', { name: /^Type/ })).toHaveTextContent('Gift Card');
    });

    it('sends the batch, closes, refreshes and shows the success alert with the duplicates', async () => {
      db.vouchers = [voucher(1, { voucher_code: 'DUP1' })];
      const dialog = await openAdd();
      const expiry = inDays(30);
      await fillForm(dialog, { brand: 'Amazon', amount: '25.5', expiry, codes: ' NEW1\n\nNEW2 \nDUP1' });
      await submit(dialog);
      expect(
        await screen.findByText('Success! 2 vouchers created successfully. 1 duplicate codes were skipped.'),
      ).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        voucher_type: 'Gift Card',
        voucher_brand: 'Amazon',
        voucher_amount: 25.5,
        voucher_codes: ['NEW1', 'NEW2', 'DUP1'],
        voucher_description: null,
        voucher_terms: null,
        expiry_date: expiry,
      });
    });

    it("keeps the dialog open with the server's error, or 'Failed to create vouchers'", async () => {
      db.voucherCreate = { status: 400, body: { success: false, error: 'Expiry date is in the past' } };
      const dialog = await openAdd();
      await fillForm(dialog, { brand: 'Amazon', amount: '50', expiry: inDays(30), codes: 'A' });
      await submit(dialog);
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Expiry date is in the past');
      db.voucherCreate = { status: 500, body: { success: false, error: 'boom' } };
      await submit(dialog);
      await waitFor(() =>
        expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to create vouchers'),
      );
    });
  });
});
