// The receiver's networks, kept per process (server/networks/cache.ts): kept once read, forgotten when
// any change to the networks table is heard, never kept while the process does not listen; and through
// two server processes over one database, an administrator's change on one is obeyed by the other's
// very next postback (a network switched off, a leaked secret ended at once).
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { DATABASE_KINDS, createTestApp } from '../test/helpers';
import { adminClient, adminTestApp, type Client } from '../test/admin';
import { networkScenario, presetPostback, presetSecret } from '../test/network-fixtures';
import { NetworkCache } from './cache';
import type { StoredNetwork } from './repository';

const network = (slug: string) => ({ id: 1, config: { slug } }) as unknown as StoredNetwork;

describe('NetworkCache', () => {
  const counting = () => {
    const reads: string[] = [];
    return {
      reads,
      load: async (slug: string) => {
        reads.push(slug);
        return slug.startsWith('unknown') ? undefined : network(slug);
      },
    };
  };

  it('keeps a network once read while it listens; reads again after a change is heard', async () => {
    const cache = new NetworkCache();
    cache.resume();
    const { reads, load } = counting();
    await cache.find('cpx', load);
    expect(await cache.find('cpx', load)).toMatchObject({ config: { slug: 'cpx' } });
    expect(reads).toEqual(['cpx']);
    cache.changed();
    await cache.find('cpx', load);
    expect(reads).toEqual(['cpx', 'cpx']);
  });

  it('keeps nothing while it does not listen, nor an unknown slug', async () => {
    const cache = new NetworkCache();
    const { reads, load } = counting();
    await cache.find('cpx', load);
    await cache.find('cpx', load);
    cache.resume();
    await cache.find('unknown-1', load);
    await cache.find('unknown-1', load);
    expect(reads).toEqual(['cpx', 'cpx', 'unknown-1', 'unknown-1']);
    await cache.find('cpx', load);
    cache.suspend();
    await cache.find('cpx', load);
    expect(reads.filter((s) => s === 'cpx')).toHaveLength(4);
  });

  it('does not keep a read that a change overtook', async () => {
    const cache = new NetworkCache();
    cache.resume();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = cache.find('cpx', async (slug) => {
      await gate;
      return network(slug);
    });
    cache.changed();
    release();
    await slow;
    expect(cache.size).toBe(0);
  });
});

describe.each(DATABASE_KINDS)(
  "an administrator's change to a network, obeyed by another process (%s)",
  (kind) => {
    let app: FastifyInstance;
    let database: Database;
    let admin: Client;
    adminTestApp(kind, async (setup) => {
      app = setup.app;
      database = setup.database;
      admin = await adminClient(app);
    });

    /** A second process over the same database: its own networks cache and listening connection. */
    async function withOther(run: (other: FastifyInstance) => Promise<void>) {
      const other = await createTestApp(database);
      try {
        await run(other);
      } finally {
        await other.close();
      }
    }

    const approve = async (
      target: FastifyInstance,
      s: Awaited<ReturnType<typeof networkScenario>>,
      transactionId: string,
      secret?: string,
    ) => {
      const ids = { clickId: '', subId: s.member.subId, externalOfferId: '', transactionId };
      const r = presetPostback(s.network.config, ids, 'approved', secret ? { secret } : {})!;
      return target.inject(r);
    };

    it('a network switched off is refused by the next postback there', async () => {
      const s = await networkScenario(app.db, 'cpx');
      await withOther(async (other) => {
        expect((await approve(other, s, 'off-1')).statusCode).toBe(200);
        expect(other.networkCache.size).toBe(1);
        const res = await admin.put('/api/admin/networks.php', {
          network_id: s.network.id,
          is_active: false,
        });
        expect(res.statusCode, res.body).toBe(200);
        // The other process has heard it by the time its own next call reads the networks (commit order).
        await other.memberAnswers.sync(other.db);
        const refused = await approve(other, s, 'off-2');
        expect(refused.statusCode).not.toBe(200);
      });
    });

    it('a leaked secret rotated away is refused at once there', async () => {
      const s = await networkScenario(app.db, 'cpx');
      await withOther(async (other) => {
        expect((await approve(other, s, 'leak-1')).statusCode).toBe(200);
        const res = await admin.put('/api/admin/networks.php', {
          network_id: s.network.id,
          secret: 'a-brand-new-secret-0123456789',
          rotation_reason: 'leak',
        });
        expect(res.statusCode, res.body).toBe(200);
        await other.memberAnswers.sync(other.db);
        const old = await approve(other, s, 'leak-2', presetSecret('cpx'));
        expect(old.statusCode).not.toBe(200);
        const fresh = await approve(other, s, 'leak-3', 'a-brand-new-secret-0123456789');
        expect(fresh.statusCode, fresh.body).toBe(200);
      });
    });
  },
);
