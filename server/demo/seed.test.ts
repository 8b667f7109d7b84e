// Demo data: written on the first run only, offers in every category with their slot configs, a few
// hundred vouchers over several brands and amounts, and an administrator.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../db/client';
import { verifyPassword } from '../lib/password';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../test/helpers';
import { OFFER_CATEGORIES } from '../../shared/constants';
import { seedDemo } from './seed';

describe.each(DATABASE_KINDS)('demo seed on %s', (kind) => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await createTestDatabase(kind, 2);
  });
  afterAll(async () => tdb?.drop());

  it('seeds offers, vouchers and an admin once; a second start keeps them and sets a given password', async () => {
    const db = tdb.database.db;
    const first = await seedDemo(db, { adminUsername: 'demo-admin' });
    expect(first.seeded).toBe(true);
    expect(first.admin).toMatchObject({ username: 'demo-admin', created: true });
    expect(first.admin!.password).toMatch(/^[\w-]{16}$/);

    const offers = await query<{
      category: string;
      network: string;
      offer_url: string;
      slot_config: unknown;
    }>(db, sql`select category, network, offer_url, slot_config from offers order by created_at`);
    expect(new Set(offers.map((o) => o.category))).toEqual(new Set(OFFER_CATEGORIES));
    for (const o of offers) {
      expect(o.network).toBe('demo');
      expect(o.offer_url).toMatch(/^\/partner\/demo\/demo_\w+_\d+\?click_id=\{click_id\}$/);
      expect(o.slot_config).toMatchObject({ reels: expect.any(Array) });
    }
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
      admin: { username: 'demo-admin', password: 'a new demo password', created: false },
    });
    expect((await query(db, sql`select id from offers`)).length).toBe(offers.length);
    const [admin] = await query<{ password_hash: string }>(
      db,
      sql`select password_hash from admins where username = 'demo-admin'`,
    );
    expect(await verifyPassword('a new demo password', admin!.password_hash)).toBe(true);
  });
});
