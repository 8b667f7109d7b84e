// Offers and partner networks in the admin offers call: an offer names the network that credits it
// (network_id, listed with the network's name), an unknown or inactive network is refused with a
// message saying what to do, an edit that leaves network_id out keeps it, and null detaches it.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DATABASE_KINDS } from '../../test/helpers';
import { adminClient, adminTestApp, type Client } from '../../test/admin';

let counter = 0;
const offer = (extra: Record<string, unknown> = {}) => ({
  title: 'Survey wall',
  description: 'Answer a survey',
  offer_url: 'https://wall.example/?uid={sub_id}',
  preview_url: null,
  external_offer_id: `wall_${Date.now() % 100000}_${counter++}`,
  category: 'Entertainment',
  model: 'CPA',
  targeting: 'ALL',
  reward_amount: 10,
  slot_config: { reels: [{ amount: 5, probability: 20 }] },
  is_active: true,
  ...extra,
});

describe.each(DATABASE_KINDS)('offers with a partner network on %s', (kind) => {
  let app: FastifyInstance;
  let admin: Client;
  let networkId: number;
  let inactiveId: number;
  adminTestApp(kind, async (setup) => {
    app = setup.app;
    admin = await adminClient(app);
    const make = async (slug: string, is_active: boolean) => {
      const res = await admin.post('/api/admin/networks.php', {
        name: `Net ${slug}`,
        slug,
        preset: 'cpx',
        secret: 'cpx-secret-value',
        ip_allowlist: [],
        is_active,
      });
      if (res.statusCode !== 200) throw new Error(res.body);
      return res.json().network_id as number;
    };
    networkId = await make('cpx-offers', true);
    inactiveId = await make('cpx-off', false);
  });

  const rowOf = async (externalId: string) => {
    const res = await admin.get(`/api/admin/offers.php?search=${externalId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().offers[0];
  };

  it('creates an offer on a network: listed with its id and name, counted on the network, audited', async () => {
    const body = offer({ network_id: networkId });
    const res = await admin.post('/api/admin/offers.php', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowOf(body.external_offer_id)).toMatchObject({
      network_id: networkId,
      network_name: 'Net cpx-offers',
    });
    const byNetwork = await admin.get(`/api/admin/offers.php?network_id=${networkId}`);
    expect(byNetwork.json().offers.map((o: { external_offer_id: string }) => o.external_offer_id)).toEqual([
      body.external_offer_id,
    ]);
    const net = await admin.get(`/api/admin/networks.php?id=${networkId}`);
    expect(net.json().networks[0].offers_count).toBe(1);
    const audit = await admin.get('/api/admin/audit-log.php?action=offer.create&limit=1');
    expect(audit.json().entries[0].after).toMatchObject({ network_id: networkId });
  });

  it('an offer without network_id is the native receiver', async () => {
    const body = offer();
    expect((await admin.post('/api/admin/offers.php', body)).statusCode).toBe(200);
    expect(await rowOf(body.external_offer_id)).toMatchObject({ network_id: null, network_name: null });
  });

  it('refuses an unknown or inactive network, or a malformed id, saying what to do', async () => {
    const unknown = await admin.post('/api/admin/offers.php', offer({ network_id: 999999 }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(
      'There is no network #999999: choose one of the networks under Networks, or none for the native receiver',
    );
    const inactive = await admin.post('/api/admin/offers.php', offer({ network_id: inactiveId }));
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().error).toBe(
      'The network "Net cpx-off" is inactive: activate it under Networks first, or choose another',
    );
    const bad = await admin.post('/api/admin/offers.php', offer({ network_id: 'cpx' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^network_id must be a network's id/);
  });

  it('an edit without network_id keeps it, null detaches it, another active network moves it', async () => {
    const body = offer({ network_id: networkId });
    const { offer_id } = (await admin.post('/api/admin/offers.php', body)).json();
    const { network_id: _n, is_active: _a, external_offer_id: _e, ...form } = body as Record<string, unknown>;
    expect(
      (await admin.put('/api/admin/offers.php', { offer_id, ...form, title: 'Renamed' })).statusCode,
    ).toBe(200);
    expect(await rowOf(body.external_offer_id)).toMatchObject({ title: 'Renamed', network_id: networkId });
    const toInactive = await admin.put('/api/admin/offers.php', {
      offer_id,
      ...form,
      network_id: inactiveId,
    });
    expect(toInactive.statusCode).toBe(400);
    expect(
      (await admin.put('/api/admin/offers.php', { offer_id, ...form, network_id: null })).statusCode,
    ).toBe(200);
    expect(await rowOf(body.external_offer_id)).toMatchObject({ network_id: null, network_name: null });
    const audit = await admin.get('/api/admin/audit-log.php?action=offer.edit&limit=1');
    expect(audit.json().entries[0]).toMatchObject({
      before: { network_id: networkId },
      after: { network_id: null },
    });
  });
});
