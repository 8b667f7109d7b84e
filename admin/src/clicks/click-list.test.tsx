import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { click } from '../testing/fixtures';
import { db, requests, resetDb } from '../testing/handlers';
import { renderAdmin } from '../testing/render-admin';
import { CLICKS_DEBOUNCE_MS } from './click-list';

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
    const sent = (value: string) => clickLists().some((r) => r.query.search === value);
    // The list's debounce timer (a 300 ms setTimeout) is held while `holding`, then released by
    // hand: what is sent before the release did not wait for it, whatever the machine's load.
    const realSetTimeout = globalThis.setTimeout;
    let holding = true;
    const held: (() => void)[] = [];
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
      fn: (...args: unknown[]) => void,
      ms?: number,
      ...args: unknown[]
    ) => {
      if (holding && ms === CLICKS_DEBOUNCE_MS) {
        held.push(() => fn(...args));
        return 0;
      }
      return realSetTimeout(fn, ms, ...args);
    }) as unknown as typeof setTimeout);
    const release = () => {
      holding = false;
      for (const run of held.splice(0)) run();
    };
    try {
      // Typing: a 300 ms timer is started and nothing is sent until it fires.
      fireEvent.change(box, { target: { value: 'clk' } });
      await waitFor(() => expect(held.length).toBeGreaterThan(0));
      await new Promise((resolve) => realSetTimeout(resolve, 2 * CLICKS_DEBOUNCE_MS));
      expect(sent('clk')).toBe(false);
      release();
      await waitFor(() => expect(sent('clk')).toBe(true), { timeout: 3000 });

      // Enter: sent while the debounce timer is still held.
      holding = true;
      fireEvent.change(box, { target: { value: 'clk_1' } });
      fireEvent.keyDown(box, { key: 'Enter' });
      await waitFor(() => expect(sent('clk_1')).toBe(true), { timeout: 3000 });
      expect(held.length).toBeGreaterThan(0);
    } finally {
      release();
      spy.mockRestore();
    }
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
