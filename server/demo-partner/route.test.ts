// The demo partner page: an offer no network owns is completed with a native postback, an offer of the
// CPX demo network with a postback in CPX's format to that network's receiver.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { execute, query, type Db } from '../db/client';
import { findNetworkBySlug } from '../networks/repository';
import { CPX_DEMO_SLUG, ensureCpxDemoNetwork } from '../demo/seed';
import { insertOffer, signIn, testAppPerSuite } from '../test/helpers';

describe('demo partner network', () => {
  let app: FastifyInstance;
  let db: Db;
  testAppPerSuite('pglite', (s) => {
    app = s.app;
    db = s.db;
  });

  it('shows the offer and completes it with a signed postback to ourselves', async () => {
    const m = await signIn(app);
    const offerId = await insertOffer(db, {
      title: 'Demo <b>Offer</b>',
      offerUrl: '/partner/demo/d1?click_id={click_id}',
    });
    const click = (
      await app.inject({
        method: 'POST',
        url: '/api/click-offer.php',
        headers: { cookie: m.cookie },
        payload: { offerId },
      })
    ).json();
    const url = new URL(click.redirectUrl);
    const pageRes = await app.inject({ url: url.pathname + url.search });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.body).toContain('Complete offer');
    expect(pageRes.body).toContain('Demo &lt;b&gt;Offer&lt;/b&gt;'); // escaped
    const done = await app.inject({
      method: 'POST',
      url: '/partner/demo/complete',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `click_id=${click.clickId}&status=approved`,
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Offer completed!');
    const offers = (await app.inject({ url: '/api/offers.php', headers: { cookie: m.cookie } })).json()
      .offers;
    expect(offers.find((o: { offer_id: number }) => o.offer_id === offerId)).toMatchObject({
      completed: true,
      spinner_used: false,
    });
  });

  it('completes an offer of the CPX demo network with a CPX postback that its receiver credits', async () => {
    await ensureCpxDemoNetwork(db);
    const network = await findNetworkBySlug(db, CPX_DEMO_SLUG);
    const [offer] = await query<{ id: number }>(
      db,
      sql`select id from offers where network_id = ${network!.id} order by id limit 1`,
    );
    const m = await signIn(app);
    const click = (
      await app.inject({
        method: 'POST',
        url: '/api/click-offer.php',
        headers: { cookie: m.cookie },
        payload: { offerId: offer!.id },
      })
    ).json();
    const url = new URL(click.redirectUrl);
    const pageRes = await app.inject({ url: url.pathname + url.search });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.body).toContain('CPX Research (demo)');
    expect(pageRes.body).toContain('/api/postback/cpx-demo');
    // CPX has no pending status: the page offers only the completion.
    expect(pageRes.body).not.toContain('pending');

    const member = url.searchParams.get('ext_user_id') ?? '';
    const done = await app.inject({
      method: 'POST',
      url: '/partner/demo/complete',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ click_id: click.clickId, member, status: 'approved' }).toString(),
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Offer completed!');
    const offers = (await app.inject({ url: '/api/offers.php', headers: { cookie: m.cookie } })).json()
      .offers;
    expect(offers.find((o: { offer_id: number }) => o.offer_id === offer!.id)).toMatchObject({
      completed: true,
      spinner_used: false,
    });

    // The log holds the CPX attempt, verified, in CPX's own parameters, with its signature masked.
    const [logged] = await query<{
      outcome: string;
      http_status: number;
      verified: boolean;
      params: Record<string, string>;
    }>(
      db,
      sql`select outcome, http_status, verified, params from postback_log
           where network_id = ${network!.id} order by id desc limit 1`,
    );
    expect(logged).toMatchObject({ outcome: 'accepted', http_status: 200, verified: true });
    expect(logged!.params).toMatchObject({
      status: '1',
      type: 'complete',
      trans_id: `demo-${click.clickId}`,
    });
    expect(logged!.params.secure_hash).toBe('***');
    // CPX knows the member only by the ext_user_id its link carried: their public sub-id, echoed as user_id.
    const [user] = await query<{ sub_id: string }>(db, sql`select sub_id from users where id = ${m.userId}`);
    expect(member).toBe(user!.sub_id);
    expect(logged!.params.user_id).toBe(user!.sub_id);
    expect(JSON.stringify(logged)).not.toContain(network!.config.secret);

    // The network cancels it later (CPX: status 2): the unused spin is taken back.
    expect(done.body).toContain('Network cancels it later');
    const reversed = await app.inject({
      method: 'POST',
      url: '/partner/demo/complete',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ click_id: click.clickId, member, status: 'reversed' }).toString(),
    });
    expect(reversed.statusCode).toBe(200);
    expect(reversed.body).toContain('Conversion reversed');
    const after = (await app.inject({ url: '/api/offers.php', headers: { cookie: m.cookie } })).json().offers;
    expect(after.find((o: { offer_id: number }) => o.offer_id === offer!.id)).toMatchObject({
      completed: false,
    });
    const [reversal] = await query<{ status: string; verified: boolean }>(
      db,
      sql`select status, verified from postback_log where network_id = ${network!.id} order by id desc limit 1`,
    );
    expect(reversal).toEqual({ status: '2', verified: true });
  });

  it("shows the receiver's refusal when CPX's receiver refuses the demo postback, and credits nothing", async () => {
    await ensureCpxDemoNetwork(db);
    const network = await findNetworkBySlug(db, CPX_DEMO_SLUG);
    const [offer] = await query<{ id: number }>(
      db,
      sql`select id from offers where network_id = ${network!.id} order by id desc limit 1`,
    );
    const m = await signIn(app);
    const click = (
      await app.inject({
        method: 'POST',
        url: '/api/click-offer.php',
        headers: { cookie: m.cookie },
        payload: { offerId: offer!.id },
      })
    ).json();
    // The loopback address is no longer allowed: the demo page's call is refused like a stranger's.
    await execute(
      db,
      sql`update networks set config = jsonb_set(config, '{ipAllowlist}', '["192.0.2.1"]') where id = ${network!.id}`,
    );
    try {
      const done = await app.inject({
        method: 'POST',
        url: '/partner/demo/complete',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ click_id: click.clickId, status: 'approved' }).toString(),
      });
      expect(done.statusCode).toBe(502);
      expect(done.body).toContain('Postback refused');
      // The receiver tells an unverified sender nothing but "refused" (issue 32, item 9); the reason,
      // the allowlist, is in the Postback log.
      expect(done.body).toContain('<p>refused</p>');
      const [row] = await query<{ reason: string }>(
        db,
        sql`select reason from postback_log where outcome = 'ip_not_allowed' order by id desc limit 1`,
      );
      expect(row!.reason).toMatch(/allowlist/);
      const offers = (await app.inject({ url: '/api/offers.php', headers: { cookie: m.cookie } })).json()
        .offers;
      expect(offers.find((o: { offer_id: number }) => o.offer_id === offer!.id)).toMatchObject({
        completed: false,
      });
    } finally {
      await execute(
        db,
        sql`update networks set config = jsonb_set(config, '{ipAllowlist}', '["127.0.0.1","::1"]')
             where id = ${network!.id}`,
      );
    }
  });

  it('answers an unknown click with a 404 page', async () => {
    const res = await app.inject({ url: '/partner/demo/x?click_id=nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});
