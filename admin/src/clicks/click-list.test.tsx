import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { click } from '../testing/fixtures';
import { db, requests, resetDb } from '../testing/handlers';
import { renderAdmin } from '../testing/render-admin';

beforeEach(() => resetDb());

const clickLists = () => requests.filter((r) => r.path.endsWith('/offer-clicks.php'));

describe('/admin/clicks', () => {
  it("is headed 'Conversion Analytics' and shows loading then empty", async () => {
    db.delayMs = 400;
    renderAdmin('/admin/clicks');
    expect(await screen.findByText('Loading clicks...')).toBeInTheDocument();
    expect(await screen.findByText('No clicks found matching your criteria')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Conversion Analytics' })).toBeInTheDocument();
  });

  it('shows four tiles with the win rate to one decimal, and the conversion details', async () => {
    db.clicks = [click(1, { firebase_uid: null })];
    renderAdmin('/admin/clicks');
    await screen.findByText('user1@example.com');
    expect(
      within(screen.getByRole('group', { name: 'Voucher Win Rate' })).getByText('33.3%'),
    ).toBeInTheDocument();
    expect(screen.getByText('clk_1')).toBeInTheDocument();
    expect(screen.getByText('Email')).toBeInTheDocument();
  });

  it('searches 300 ms after typing, and at once on Enter', async () => {
    db.clicks = [click(1)];
    renderAdmin('/admin/clicks');
    await screen.findByText('user1@example.com');
    const box = screen.getByLabelText('Search user email, offer title or click ID');
    const sentAfter = async (value: string, pressEnter: boolean) => {
      const start = Date.now();
      fireEvent.change(box, { target: { value } });
      if (pressEnter) fireEvent.keyDown(box, { key: 'Enter' });
      await waitFor(() => expect(clickLists().some((r) => r.query.search === value)).toBe(true), {
        timeout: 3000,
      });
      return Date.now() - start;
    };
    // Typing: nothing before the 300 ms debounce has passed.
    const typed = await sentAfter('clk', false);
    expect(typed).toBeGreaterThanOrEqual(300);
    // Enter: sent at once, well before the debounce would have fired.
    const entered = await sentAfter('clk_1', true);
    expect(entered).toBeLessThan(typed);
  });

  it('filters by conversion status with the section 7 name', async () => {
    db.clicks = [click(1)];
    renderAdmin('/admin/clicks');
    await screen.findByText('user1@example.com');
    await userEvent.click(screen.getByRole('combobox', { name: 'Conversion status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Spin not used' }));
    await waitFor(() =>
      expect(clickLists().at(-1)?.query).toMatchObject({ page: '1', conversionStatus: 'spinner_not_used' }),
    );
  });
});
