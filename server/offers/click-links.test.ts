// The click's partner link: {click_id}, {sub_id} (the member's public sub-id, never the database id)
// and {user_id} filled in, click_id appended to a link with neither id placeholder, and the click's
// `network` naming the offer's partner network when one credits it.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { DATABASE_KINDS, insertOffer, signIn, testAppPerSuite, type SignedInMember } from '../test/helpers';
import { query, type Db } from '../db/client';
import { insertNetwork } from '../networks/repository';
import { configFromPreset } from '../networks/presets';

describe.each(DATABASE_KINDS)('click links on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  let member: SignedInMember;
  let subId: string;
  testAppPerSuite(kind, async (setup) => {
    app = setup.app;
    db = setup.db;
    member = await signIn(app);
    const [row] = await query<{ sub_id: string }>(
      db,
      sql`select sub_id from users where id = ${member.userId}`,
    );
    subId = row!.sub_id;
  });

  const click = async (offerId: number) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/click-offer.php',
      headers: { cookie: member.cookie },
      payload: { offerId },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { clickId: string; network: string; redirectUrl: string };
  };

  it('fills {sub_id} with the member sub-id and {click_id} with the click, and keeps {user_id}', async () => {
    const offerId = await insertOffer(db, {
      offerUrl: 'https://wall.example/go?uid={sub_id}&c={click_id}&legacy={user_id}',
    });
    const r = await click(offerId);
    const url = new URL(r.redirectUrl);
    expect(url.searchParams.get('uid')).toBe(subId);
    expect(url.searchParams.get('c')).toBe(r.clickId);
    expect(url.searchParams.get('legacy')).toBe(String(member.userId));
    expect(subId).toMatch(/^[0-9a-f]{32}$/);
    expect(subId).not.toBe(String(member.userId));
  });

  it('does not append click_id to a link that carries {sub_id} only; appends it to a link with neither', async () => {
    const wall = new URL(
      (await click(await insertOffer(db, { offerUrl: 'https://wall.example/?u={sub_id}' }))).redirectUrl,
    );
    expect([...wall.searchParams.keys()]).toEqual(['u']);
    const plain = await click(await insertOffer(db, { offerUrl: 'https://plain.example/offer' }));
    expect(new URL(plain.redirectUrl).searchParams.get('click_id')).toBe(plain.clickId);
  });

  it("names the offer's partner network by its slug, else the offer's network as before", async () => {
    const config = configFromPreset('cpx', { name: 'CPX', slug: 'cpx-clicks', secret: 'cpx-secret-value' });
    if (!config.ok) throw new Error(JSON.stringify(config.errors));
    const networkId = await insertNetwork(db, config.config);
    const onNetwork = await click(
      await insertOffer(db, {
        networkId,
        network: 'legacy-label',
        offerUrl: 'https://cpx.example/?ext_user_id={sub_id}',
      }),
    );
    expect(onNetwork.network).toBe('cpx-clicks');
    expect(onNetwork.redirectUrl).toBe(`https://cpx.example/?ext_user_id=${subId}`);
    const native = await click(await insertOffer(db, { network: 'testnet' }));
    expect(native.network).toBe('testnet');
  });
});
