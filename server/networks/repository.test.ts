import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromPreset } from './presets';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../test/helpers';
import { findNetworkById, findNetworkBySlug, insertNetwork } from './repository';

describe.each(DATABASE_KINDS)('networks repository (%s)', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(() => t.drop());

  it('reads back the configuration it stored, secrets and columns included', async () => {
    const r = configFromPreset('cpx', { name: 'CPX Research', slug: 'cpx', secret: 'cpx-secret-1234' });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const id = await insertNetwork(t.database.db, r.config);
    const bySlug = await findNetworkBySlug(t.database.db, 'cpx');
    expect(bySlug?.id).toBe(id);
    expect(bySlug?.config).toEqual(r.config);
    expect((await findNetworkById(t.database.db, id))?.config.secret).toBe('cpx-secret-1234');
    expect(await findNetworkBySlug(t.database.db, 'nope')).toBeUndefined();
  });

  it('refuses a second network with a taken slug', async () => {
    const r = configFromPreset('tapjoy', { name: 'Other', slug: 'cpx', secret: 'x'.repeat(20) });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    await expect(insertNetwork(t.database.db, r.config)).rejects.toThrow();
  });

  it('gives every member a distinct, unguessable sub-id', async () => {
    const { execute, query } = await import('../db/client');
    const { sql } = await import('drizzle-orm');
    await execute(
      t.database.db,
      sql`insert into users (email, referral_code) values ('a@x.test', 'AAAA1111'), ('b@x.test', 'BBBB2222')`,
    );
    const rows = await query<{ id: number; sub_id: string }>(
      t.database.db,
      sql`select id, sub_id from users`,
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]!.sub_id).toMatch(/^[0-9a-f]{32}$/);
    expect(rows[0]!.sub_id).not.toBe(rows[1]!.sub_id);
    expect(rows.map((r) => r.sub_id)).not.toContain(String(rows[0]!.id));
  });
});
