import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { network, riskPolicyFixture } from '../testing/fixtures';
import { db, requests, resetDb } from '../testing/handlers';
import { renderAdmin } from '../testing/render-admin';

// Issue 33: the hold policy, judged by the contract's own schema before it is sent.

beforeEach(() =>
  resetDb({ networks: [network(1, { name: 'CPX Research' }), network(2, { name: 'AdGate' })] }),
);

const puts = () => requests.filter((r) => r.method === 'PUT' && r.path.endsWith('/risk-policy.php'));

async function setField(name: string | RegExp, value: string) {
  const field = await screen.findByRole('spinbutton', { name });
  await userEvent.clear(field);
  if (value) await userEvent.type(field, value);
}

describe('/admin/risk-policy', () => {
  it('refuses thresholds that do not rise, and sends nothing', async () => {
    renderAdmin('/admin/risk-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Risk policy' })).toBeInTheDocument();
    expect(await screen.findByRole('spinbutton', { name: 'Medium from' })).toHaveValue(30);
    await setField('High from', '20');
    await userEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    expect(await screen.findByText('Thresholds must rise: medium < high < very high')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await setField('Weight of Shared device', '');
    await userEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    const weight = screen.getByRole('spinbutton', { name: 'Weight of Shared device' });
    expect(weight).toHaveAttribute('aria-invalid', 'true');
    expect(puts()).toHaveLength(0);
  });

  it('confirms, then sends the whole policy: thresholds, hold hours per network slug, rules on/off and weights', async () => {
    renderAdmin('/admin/risk-policy');
    await setField('Very high from', '120');
    await setField('Default, hours', '12');
    // network-1 had 48 h; AdGate gets its own; clearing a network's field means "the default".
    await setField('Hours for CPX Research', '');
    await setField('Hours for AdGate', '72');
    await userEvent.click(screen.getByRole('switch', { name: 'Network hopping: on' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Shared device: on' }));
    await setField('Weight of Hosting or VPN network', '35');
    await userEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    const confirm = await screen.findByRole('dialog', { name: 'Save the risk policy?' });
    expect(confirm).toHaveTextContent('Changes apply to rewards judged from now on');
    expect(puts()).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Save policy' }));
    expect(
      await screen.findByText('Risk policy saved: it applies to rewards judged from now on.'),
    ).toBeInTheDocument();
    const expected = riskPolicyFixture();
    expected.thresholds.very_high = 120;
    expected.hold_hours = { default: 12, networks: { 'network-2': 72 } };
    expected.rules.network_hopping.enabled = true;
    expected.rules.shared_device.enabled = false;
    expected.rules.hosting_network.weight = 35;
    expect(puts().map((r) => r.body)).toEqual([expected]);
    expect(await screen.findByText(/Last changed .* by admin/)).toBeInTheDocument();
  });

  it("shows the server's refusal on the page", async () => {
    db.riskPolicyAnswer = { status: 400, body: { success: false, error: 'A network is named by its slug' } };
    renderAdmin('/admin/risk-policy');
    await screen.findByRole('spinbutton', { name: 'Medium from' });
    await userEvent.click(screen.getByRole('button', { name: 'Save policy' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Save the risk policy?' })).getByRole('button', {
        name: 'Save policy',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('A network is named by its slug');
    await waitFor(() => expect(puts()).toHaveLength(1));
  });
});
