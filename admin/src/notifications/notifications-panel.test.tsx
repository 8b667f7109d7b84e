import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDb } from '../testing/handlers';
import { renderAdmin } from '../testing/render-admin';

beforeEach(() => resetDb());

describe('notifications panel', () => {
  it('shows per kind the members opted in and the last 7 days sent and failed', async () => {
    renderAdmin('/admin/dashboard');
    const panel = await screen.findByRole('region', { name: 'Notifications' }, { timeout: 15_000 });
    expect(
      await within(panel).findByText('120 members receive push notifications. Sent and failed: last 7 days.'),
    ).toBeInTheDocument();
    const row = within(panel).getByRole('row', { name: /Spin ready/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['118', '342', '3']);
    expect(within(panel).getAllByRole('row')).toHaveLength(6);
  });
});
