// Demo data: written on the first run only, offers in every category with their slot configs, a few
// hundred vouchers over several brands and amounts, an administrator, and the CPX demo network with its
// survey offers (also added, once, to a demo database from before partner networks). The history that
// npm start adds on a fresh database is living-demo.test.ts's.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../db/client';
import { verifyPassword } from '../lib/password';
import { findNetworkBySlug } from '../networks/repository';
import { createTestDatabase, DATABASE_KINDS, insertOffer, type TestDatabase } from '../test/helpers';
import { OFFER_CATEGORIES } from '../../shared/constants';
import { CPX_DEMO_SLUG, seedDemo } from './seed';

describe.each(DATABASE_KINDS)('demo seed on %s', (kind) => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await createTestDatabase(kind, 2);
  });
  afterAll(async () => tdb?.drop());

  it('seeds offers, vouchers and an admin once; a second start keeps them and sets a given password', async () => {
    const db = tdb.database.db;
    const first = await seedDemo(db, { adminUsername: 'demo-admin', history: false });
    expect(first.seeded).toBe(true);
    expect(first.admin).toMatchObject({ username: 'demo-admin', created: true });
    expect(first.admin!.password).toMatch(/^[\w-]{16}$/);

    expect(first.networkSeeded).toBe(true);
    const offers = await query<{
      category: string;
      network: string;
      network_id: number | null;
      offer_url: string;
      slot_config: unknown;
    }>(db, sql`select category, network, network_id, offer_url, slot_config from offers order by created_at`);
    const native = offers.filter((o) => o.network === 'demo');
    expect(new Set(native.map((o) => o.category))).toEqual(new Set(OFFER_CATEGORIES));
    for (const o of native) {
      expect(o.network_id).toBeNull();
      expect(o.offer_url).toMatch(/^\/partner\/demo\/demo_\w+_\d+\?click_id=\{click_id\}$/);
      expect(o.slot_config).toMatchObject({ reels: expect.any(Array) });
    }
    const cpx = await findNetworkBySlug(db, CPX_DEMO_SLUG);
    expect(cpx?.config).toMatchObject({ preset: 'cpx', name: 'CPX Research (demo)', isActive: true });
    expect(cpx!.config.secret).toMatch(/^[\w-]{32}$/);
    const cpxOffers = offers.filter((o) => o.network === CPX_DEMO_SLUG);
    expect(cpxOffers).toHaveLength(3);
    for (const o of cpxOffers) {
      expect(o.network_id).toBe(cpx!.id);
      expect(o.offer_url).toMatch(
        /^\/partner\/demo\/cpx_demo_survey_\d\?click_id=\{click_id\}&ext_user_id=\{sub_id\}$/,
      );
    }
    expect(native.length + cpxOffers.length).toBe(offers.length);
    const [stock] = await query<{ n: number; brands: number; amounts: number; soon: number }>(
      db,
      sql`select count(*)::int as n, count(distinct voucher_brand)::int as brands,
                 count(distinct voucher_amount)::int as amounts,
                 count(*) filter (where expiry_date < current_date + 7)::int as soon
            from vouchers where status = 'available' and created_by_admin_id is null`,
    );
    expect(stock).toEqual({ n: 290, brands: 5, amounts: 5, soon: 25 });

    const again = await seedDemo(db, { adminUsername: 'demo-admin', adminPassword: 'a new demo password' });
    expect(again).toEqual({
      seeded: false,
      networkSeeded: false,
      admin: { username: 'demo-admin', password: 'a new demo password', created: false },
    });
    expect((await query<{ id: number }>(db, sql`select id from offers`)).length).toBe(offers.length);
    const [admin] = await query<{ password_hash: string }>(
      db,
      sql`select password_hash from admins where username = 'demo-admin'`,
    );
    expect(await verifyPassword('a new demo password', admin!.password_hash)).toBe(true);
  });
});

describe.each(DATABASE_KINDS)('demo seed on a database from before partner networks, on %s', (kind) => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await createTestDatabase(kind, 2);
  });
  afterAll(async () => tdb?.drop());

  it('adds the CPX demo network and its offers on the next start, once, and leaves the rest alone', async () => {
    const db = tdb.database.db;
    // A demo database seeded before networks existed: offers, none of them a network's.
    await insertOffer(db, { network: 'demo', externalOfferId: 'demo_gaming_1' });
    const first = await seedDemo(db, { history: false });
    expect(first).toMatchObject({ seeded: false, networkSeeded: true });
    const second = await seedDemo(db, { history: false });
    expect(second).toMatchObject({ seeded: false, networkSeeded: false });
    const rows = await query<{ network: string; n: number }>(
      db,
      sql`select network, count(*)::int as n from offers group by network order by network`,
    );
    expect(rows).toEqual([
      { network: CPX_DEMO_SLUG, n: 3 },
      { network: 'demo', n: 1 },
    ]);
    const [networks] = await query<{ n: number }>(db, sql`select count(*)::int as n from networks`);
    expect(networks!.n).toBe(1);
  });
});
