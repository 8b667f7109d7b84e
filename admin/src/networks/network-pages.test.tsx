import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { customPreset, network, preset } from '../testing/fixtures';
import { db, requests, resetDb } from '../testing/handlers';
import { renderAdmin } from '../testing/render-admin';

beforeEach(() => resetDb());

const sent = (method: string, file: string) =>
  requests.filter((r) => r.method === method && r.path.endsWith(file)).map((r) => r.body);

async function chooseOption(label: RegExp | string, option: RegExp | string) {
  await userEvent.click(await screen.findByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('/admin/networks', () => {
  it('lists networks with the secret hint, offers, last postback and the last 24 h; a row opens the network', async () => {
    db.networks = [network(1, { name: 'CPX Research', slug: 'cpx-main' })];
    renderAdmin('/admin/networks');
    const row = (await screen.findByText('CPX Research')).closest('tr')!;
    expect(within(row).getByText('cpx')).toBeInTheDocument();
    expect(within(row).getByText('cpx-main')).toBeInTheDocument();
    expect(within(row).getByText('••••cret')).toBeInTheDocument();
    expect(within(row).getByText('5 accepted')).toBeInTheDocument();
    expect(within(row).getByText('1 refused')).toBeInTheDocument();
    await userEvent.click(within(row).getByText('cpx-main'));
    expect(await screen.findByRole('heading', { level: 1, name: 'CPX Research' })).toBeInTheDocument();
  });

  it('deactivates a network from the list with {network_id, is_active}', async () => {
    db.networks = [network(3)];
    renderAdmin('/admin/networks');
    await userEvent.click(await screen.findByRole('switch', { name: 'Deactivate network: Network 3' }));
    // It asks first (issue 36), with a reason kept in the audit log.
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate the network Network 3?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Postbacks failing' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Network deactivated')).toBeInTheDocument();
    await waitFor(
      () =>
        expect(sent('PUT', '/networks.php')).toEqual([
          { network_id: 3, is_active: false, reason: 'Postbacks failing' },
        ]),
      { timeout: 8000 },
    );
    // The toggle does not open the network.
    expect(screen.queryByRole('heading', { level: 1, name: 'Network 3' })).not.toBeInTheDocument();
  });

  it("a network's Postback log action opens the log filtered to it", async () => {
    db.networks = [network(3)];
    renderAdmin('/admin/networks');
    await userEvent.click(await screen.findByRole('button', { name: 'Postback log: Network 3' }));
    await screen.findByRole('heading', { level: 1, name: 'Postback log' });
    await waitFor(() =>
      expect(requests.filter((r) => r.path.endsWith('/postbacks.php')).at(-1)?.query).toMatchObject({
        network_id: '3',
      }),
    );
    expect(await screen.findByRole('combobox', { name: 'Network' })).toHaveTextContent('Network 3');
  });

  it('create: a preset fills the form; the body carries its settings, the secret and the allowlist', async () => {
    db.presets = [preset(), customPreset()];
    renderAdmin('/admin/networks/create');
    await screen.findByRole('heading', { level: 1, name: 'Add network' });
    await chooseOption('Preset', 'CPX Research (cpx)');
    expect(screen.getByLabelText(/^Name/)).toHaveValue('CPX Research');
    expect(screen.getByLabelText(/^Slug/)).toHaveValue('cpx');
    expect(screen.getByLabelText('IP allowlist')).toHaveValue('188.40.3.73');
    expect(screen.getByText('Ask CPX for its server addresses.')).toBeInTheDocument();

    const secret = screen.getByLabelText('Secret');
    expect(secret).toHaveAttribute('type', 'password');
    await userEvent.type(secret, 'cpxsecurehash-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Show secret' }));
    expect(secret).toHaveAttribute('type', 'text');
    await userEvent.clear(screen.getByLabelText('IP allowlist'));
    await userEvent.type(screen.getByLabelText('IP allowlist'), '203.0.113.7{enter}198.51.100.0/24');
    await userEvent.click(screen.getByRole('button', { name: 'Add network' }));

    await waitFor(() => expect(sent('POST', '/networks.php')).toHaveLength(1));
    expect(sent('POST', '/networks.php')[0]).toMatchObject({
      name: 'CPX Research',
      slug: 'cpx',
      preset: 'cpx',
      secret: 'cpxsecurehash-2026',
      ip_allowlist: ['203.0.113.7', '198.51.100.0/24'],
      is_active: true,
      params: { subId: 'user_id', transactionId: 'trans_id', payout: 'amount_usd', status: 'status' },
      statuses: { approved: ['1'], reversed: ['2'] },
      signature: { algorithm: 'md5', template: '{trans_id}-{secret}', name: 'secure_hash' },
    });
  });

  it('create: custom starts blank, the form says what is missing, and the server refusal is shown as sent', async () => {
    db.presets = [preset(), customPreset()];
    db.networkAnswer = {
      status: 400,
      body: {
        success: false,
        error: 'signature.template: Write the signature template, e.g. {transId}-{secret}',
      },
    };
    renderAdmin('/admin/networks/create');
    await screen.findByRole('heading', { level: 1, name: 'Add network' });
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('');
    expect(screen.getByLabelText('Preset')).toHaveTextContent('Custom (start blank)');
    expect(
      screen.getByText("Fill in every setting from the network's postback documentation."),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add network' }));
    expect(screen.getByText('Give the network a name')).toBeInTheDocument();
    expect(sent('POST', '/networks.php')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText(/^Name/), 'My Wall');
    expect(screen.getByLabelText(/^Slug/)).toHaveValue('my-wall');
    // The API's own rules, checked before sending (shared/contract/admin/network-form.ts): a blank
    // custom network would be refused, so nothing is sent and the server's sentence is shown.
    await userEvent.click(screen.getByRole('button', { name: 'Add network' }));
    expect(
      await screen.findByText(/^params\.clickId: Name the parameter that carries our click id/),
    ).toBeInTheDocument();
    expect(sent('POST', '/networks.php')).toHaveLength(0);

    // A complete form is sent, and the server's refusal is shown as sent.
    await chooseOption('Preset', 'CPX Research (cpx)');
    await userEvent.type(screen.getByLabelText('Secret'), 'cpxsecurehash-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Add network' }));
    expect(
      await screen.findByText('signature.template: Write the signature template, e.g. {transId}-{secret}'),
    ).toBeInTheDocument();
    // The typed name stays; the slug follows the preset's, as it was never typed.
    expect(sent('POST', '/networks.php')[0]).toMatchObject({ name: 'My Wall', slug: 'cpx', preset: 'cpx' });
  });

  it('edit: the postback URL with a Copy button that says Copied; the slug is read-only', async () => {
    db.networks = [network(4, { name: 'CPX Research', slug: 'cpx' })];
    renderAdmin('/admin/networks/4');
    await screen.findByRole('heading', { level: 1, name: 'CPX Research' });
    expect(screen.getByTestId('postback-url')).toHaveTextContent(
      `${window.location.origin}/api/postback/network-4?status={status}&trans_id={trans_id}`,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Copy URL' }));
    expect(await screen.findByText('Copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toContain('/api/postback/network-4?status={status}');
    expect(screen.getByLabelText('Slug')).toHaveAttribute('readonly');
  });

  it("the postback URL's help names this network's own macro syntax (BitLabs: [%…%])", async () => {
    db.networks = [
      network(5, {
        name: 'BitLabs',
        slug: 'bitlabs',
        preset: 'bitlabs',
        macros: { tx: '[%TX%]', uid: '[%USER:ID%]', val: '[%VALUE:CURRENCY%]' },
      }),
    ];
    renderAdmin('/admin/networks/5');
    await screen.findByRole('heading', { level: 1, name: 'BitLabs' });
    const card = screen.getByRole('region', { name: 'Postback URL' });
    expect(card).toHaveTextContent(
      "Its placeholders are this network's own macros, in its own syntax: [%TX%], [%USER:ID%], [%VALUE:CURRENCY%].",
    );
  });

  it('edit: a new secret is sent with its rotation window; a blank one is not sent', async () => {
    db.networks = [network(4)];
    renderAdmin('/admin/networks/4');
    await screen.findByRole('heading', { level: 1, name: 'Network 4' });
    expect(screen.getByText('Current secret ••••cret; blank keeps it')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save network' }));
    await waitFor(() => expect(sent('PUT', '/networks.php')).toHaveLength(1));
    expect(sent('PUT', '/networks.php')[0]).not.toHaveProperty('secret');
    expect(sent('PUT', '/networks.php')[0]).not.toHaveProperty('slug');

    await userEvent.type(screen.getByLabelText('Rotate secret: new secret'), 'brand-new-secret');
    await chooseOption('Previous secret still accepted for', '24 hours');
    await userEvent.click(screen.getByRole('button', { name: 'Save network' }));
    await waitFor(() => expect(sent('PUT', '/networks.php')).toHaveLength(2));
    expect(sent('PUT', '/networks.php')[1]).toMatchObject({
      network_id: 4,
      secret: 'brand-new-secret',
      rotation_hours: 24,
      rotation_reason: 'routine',
    });
    expect(await screen.findByText('Network saved; the new secret is in use')).toBeInTheDocument();
  });

  it('edit: a leaked secret ends the previous one at once by default, and the form says so', async () => {
    db.networks = [network(4)];
    renderAdmin('/admin/networks/4');
    await screen.findByRole('heading', { level: 1, name: 'Network 4' });
    await userEvent.type(screen.getByLabelText('Rotate secret: new secret'), 'brand-new-secret');
    await chooseOption('Why the secret changes', 'The secret leaked');
    expect(screen.getByRole('combobox', { name: 'Previous secret still accepted for' })).toHaveTextContent(
      'No time (refuse it at once)',
    );
    expect(screen.getByText(/A leaked secret is refused at once/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save network' }));
    await waitFor(() => expect(sent('PUT', '/networks.php')).toHaveLength(1));
    expect(sent('PUT', '/networks.php')[0]).toMatchObject({
      network_id: 4,
      secret: 'brand-new-secret',
      rotation_hours: 0,
      rotation_reason: 'leak',
    });
  });

  it('Send test postback: blank click id is left out; the dry-run result is shown', async () => {
    db.networks = [network(4)];
    renderAdmin('/admin/networks/4');
    await screen.findByRole('heading', { level: 1, name: 'Network 4' });
    await userEvent.type(screen.getByLabelText('Payout'), '0.5');
    await userEvent.click(screen.getByRole('button', { name: 'Send test postback' }));
    const result = await screen.findByTestId('test-result');
    expect(
      within(result).getByText('Would credit the click of user1@example.com on Offer 1.'),
    ).toBeInTheDocument();
    expect(within(result).getByText('Credited')).toBeInTheDocument();
    expect(within(result).getByText(/trans_id=test-1&secure_hash=\*\*\*/)).toBeInTheDocument();
    expect(sent('POST', '/network-test.php')).toEqual([{ network_id: 4, status: 'approved', payout: 0.5 }]);
  });

  it("Send test postback: the server's refusal is shown as sent", async () => {
    db.networks = [network(4)];
    db.networkAnswer = {
      status: 404,
      body: { success: false, error: "Click abc is not a click on one of this network's offers" },
    };
    renderAdmin('/admin/networks/4');
    await screen.findByRole('heading', { level: 1, name: 'Network 4' });
    await userEvent.type(screen.getByLabelText('Click ID'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Send test postback' }));
    expect(
      await screen.findByText("Click abc is not a click on one of this network's offers"),
    ).toBeInTheDocument();
    expect(sent('POST', '/network-test.php')).toEqual([
      { network_id: 4, status: 'approved', click_id: 'abc' },
    ]);
  });
});
