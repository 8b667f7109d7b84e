// GET /api/started-offers.php (issue 35, item 4): the member's started offers with no conversion yet,
// the link Continue goes back through, when a claim becomes possible, and the offer's usual time.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { execute, type Db } from '../db/client';
import {
  DATABASE_KINDS,
  clickOffer,
  completeOffer,
  insertOffer,
  signIn,
  testAppPerSuite,
  type SignedInMember,
} from '../test/helpers';
import { forgetTypicalConfirmTimes } from './service';

describe.each(DATABASE_KINDS)('started offers (GET /api/started-offers.php) on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  testAppPerSuite(kind, (s) => {
    app = s.app;
    db = s.db;
  });

  const started = async (m: SignedInMember) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/started-offers.php',
      headers: { cookie: m.cookie },
    });
    expect(res.statusCode).toBe(200);
    return res.json().started as Record<string, unknown>[];
  };

  it('needs a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/started-offers.php' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, error: expect.any(String) });
  });

  it('lists a started offer once, with its latest click as the Continue link and the claim window', async () => {
    const m = await signIn(app);
    const offerId = await insertOffer(db);
    await clickOffer(app, m, offerId);
    const latest = await clickOffer(app, m, offerId);
    const rows = (await started(m)).filter((r) => r.offer_id === offerId);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.continue_url).toBe(`https://partner.example.com/go?cid=${latest}&u=${m.userId}`);
    const at = new Date(row.started_at as string).getTime();
    expect(Math.abs(Date.now() - at)).toBeLessThan(60_000);
    expect(new Date(row.claim_from as string).getTime() - at).toBe(60 * 60_000);
    expect(new Date(row.claim_until as string).getTime() - at).toBe(30 * 86_400_000);
    expect(row.typical_minutes).toBeNull();
  });

  it("leaves out offers with a conversion, inactive offers and other members' clicks", async () => {
    const m = await signIn(app);
    const other = await signIn(app);
    const pending = await insertOffer(db);
    const approved = await insertOffer(db);
    const inactive = await insertOffer(db);
    const open = await insertOffer(db);
    await completeOffer(app, m, pending, 'pending');
    await completeOffer(app, m, approved);
    await clickOffer(app, m, inactive);
    await execute(db, sql`update offers set is_active = false where id = ${inactive}`);
    await clickOffer(app, m, open);
    await clickOffer(app, other, pending);
    const ids = (await started(m)).map((r) => r.offer_id);
    expect(ids).toEqual([open]);
    expect((await started(other)).map((r) => r.offer_id)).toEqual([pending]);
  });

  it("says how long the offer usually takes: the median of its clicks' times to conversion", async () => {
    const offerId = await insertOffer(db);
    // Three members converted after 10, 20 and 90 minutes: the median is 20.
    for (const minutes of [10, 20, 90]) {
      const m = await signIn(app);
      const clickId = await completeOffer(app, m, offerId);
      await execute(
        db,
        sql`update clicks set created_at = now() - make_interval(mins => ${minutes}) where id = ${clickId}`,
      );
    }
    const member = await signIn(app);
    await clickOffer(app, member, offerId);
    forgetTypicalConfirmTimes(db);
    const [row] = (await started(member)).filter((r) => r.offer_id === offerId);
    expect(row?.typical_minutes).toBe(20);
  });
});
