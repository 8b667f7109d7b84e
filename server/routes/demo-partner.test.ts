import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, createTestDatabase, insertOffer, signIn, type TestDatabase } from '../test/helpers';

describe('demo partner network', () => {
  let tdb: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    tdb = await createTestDatabase('pglite');
    app = await createTestApp(tdb.database);
  });
  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
  });

  it('shows the offer and completes it with a signed postback to ourselves', async () => {
    const m = await signIn(app);
    const offerId = await insertOffer(tdb.database.db, {
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

  it('answers an unknown click with a 404 page', async () => {
    const res = await app.inject({ url: '/partner/demo/x?click_id=nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});
