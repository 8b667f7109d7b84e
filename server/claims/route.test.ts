// POST /api/claim.php (docs/product-rules.md#claims): a member reports an offer they completed that
// was not credited, on their own click between 1 hour and 30 days old with no conversion, once per
// click; the offers list says when a claim can be filed and what became of the latest one.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { execute, type Db } from '../db/client';
import { claims } from '../db/schema';
import {
  DATABASE_KINDS,
  clickOffer,
  completeOffer,
  insertOffer,
  signIn,
  testAppPerSuite,
  type SignedInMember,
} from '../test/helpers';
import { CLAIM_MESSAGES } from './service';

describe.each(DATABASE_KINDS)('missing-conversion claims (POST /api/claim.php) on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  testAppPerSuite(kind, (s) => {
    app = s.app;
    db = s.db;
  });

  /**
   * Moves a click back in time, as if the member had started the offer `interval` ago: written straight
   * to the database, so the app shows it once it has heard the change (as another process's).
   */
  const age = async (clickId: string, interval: string) => {
    await execute(
      db,
      sql`update clicks set created_at = now() - ${interval}::interval where id = ${clickId}`,
    );
    await app.memberAnswers.sync(db);
  };

  const file = (m: SignedInMember | null, body: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/claim.php',
      headers: m ? { cookie: m.cookie } : {},
      payload: body,
    });

  const offerOf = async (m: SignedInMember, offerId: number) => {
    const res = await app.inject({ method: 'GET', url: '/api/offers.php', headers: { cookie: m.cookie } });
    return (res.json().offers as Record<string, unknown>[]).find((o) => o.offer_id === offerId)!;
  };

  it('files a claim on a click older than an hour, with the note trimmed, and the card shows it', async () => {
    const m = await signIn(app);
    const offerId = await insertOffer(db);
    const clickId = await clickOffer(app, m, offerId);
    expect(await offerOf(m, offerId)).toMatchObject({ can_claim: false, claim_status: null });
    await age(clickId, '2 hours');
    expect(await offerOf(m, offerId)).toMatchObject({
      can_claim: true,
      claim_status: null,
      claim_reason: null,
    });

    const res = await file(m, { offerId, note: '  I finished level 10 yesterday.  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      claim_id: expect.any(Number),
      offer_id: offerId,
      status: 'pending',
    });
    const [row] = await db.select().from(claims).where(eq(claims.id, res.json().claim_id));
    expect(row).toMatchObject({
      userId: m.userId,
      clickId,
      offerId,
      note: 'I finished level 10 yesterday.',
      status: 'pending',
    });
    expect(await offerOf(m, offerId)).toMatchObject({ can_claim: false, claim_status: 'pending' });
  });

  it('refuses a click started less than an hour ago', async () => {
    const m = await signIn(app);
    const offerId = await insertOffer(db);
    const clickId = await clickOffer(app, m, offerId);
    await age(clickId, '50 minutes');
    const res = await file(m, { clickId, note: '' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, error: CLAIM_MESSAGES.tooEarly(60) });
    expect(await db.select().from(claims).where(eq(claims.clickId, clickId))).toHaveLength(0);
  });

  it('refuses a click started more than 30 days ago', async () => {
    const m = await signIn(app);
    const offerId = await insertOffer(db);
    const clickId = await clickOffer(app, m, offerId);
    await age(clickId, '31 days');
    expect(await offerOf(m, offerId)).toMatchObject({ can_claim: false });
    const res = await file(m, { offerId, note: 'late' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(CLAIM_MESSAGES.tooLate);
  });

  it("answers another member's click as not found, and files nothing", async () => {
    const owner = await signIn(app);
    const other = await signIn(app);
    const offerId = await insertOffer(db);
    const clickId = await clickOffer(app, owner, offerId);
    await age(clickId, '3 hours');
    const res = await file(other, { clickId, note: 'mine' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(CLAIM_MESSAGES.clickNotFound);
    const byOffer = await file(other, { offerId, note: 'mine' });
    expect(byOffer.statusCode).toBe(404);
    expect(byOffer.json().error).toBe(CLAIM_MESSAGES.notStarted);
    expect(await db.select().from(claims).where(eq(claims.clickId, clickId))).toHaveLength(0);
  });

  it('files one claim per click: a second (or a concurrent copy) is a 409', async () => {
    const m = await signIn(app);
    const offerId = await insertOffer(db);
    const clickId = await clickOffer(app, m, offerId);
    await age(clickId, '5 hours');
    const answers = await Promise.all(Array.from({ length: 5 }, () => file(m, { clickId, note: 'twice' })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().error).toBe(CLAIM_MESSAGES.duplicate);
    expect(await db.select().from(claims).where(eq(claims.clickId, clickId))).toHaveLength(1);
  });

  it('refuses an offer already converted (approved or pending)', async () => {
    const m = await signIn(app);
    const approvedOffer = await insertOffer(db);
    const approvedClick = await completeOffer(app, m, approvedOffer, 'approved');
    await age(approvedClick, '2 hours');
    const approved = await file(m, { clickId: approvedClick, note: '' });
    expect(approved.statusCode).toBe(409);
    expect(approved.json().error).toBe(CLAIM_MESSAGES.approved);

    const pendingOffer = await insertOffer(db);
    const pendingClick = await completeOffer(app, m, pendingOffer, 'pending');
    await age(pendingClick, '2 hours');
    expect(await offerOf(m, pendingOffer)).toMatchObject({ can_claim: false });
    const pending = await file(m, { offerId: pendingOffer, note: '' });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error).toBe(CLAIM_MESSAGES.pending);
  });

  it('refuses a note over 500 characters, a body without click or offer, and a signed-out caller', async () => {
    const m = await signIn(app);
    const offerId = await insertOffer(db);
    const long = await file(m, { offerId, note: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toContain('500 characters');
    const neither = await file(m, { note: 'hello' });
    expect(neither.statusCode).toBe(400);
    expect((await file(null, { offerId, note: '' })).statusCode).toBe(401);
  });
});

describe('the minimum age of a claimable click is configurable (CLAIM_MIN_AGE_MINUTES)', () => {
  let app: FastifyInstance;
  let db: Db;
  testAppPerSuite(
    'pglite',
    (s) => {
      app = s.app;
      db = s.db;
    },
    { config: { claimMinAgeMinutes: 0 } },
  );

  it('with 0, a click can be claimed at once', async () => {
    const m = await signIn(app);
    const offerId = await insertOffer(db);
    await clickOffer(app, m, offerId);
    const offers = await app.inject({ method: 'GET', url: '/api/offers.php', headers: { cookie: m.cookie } });
    expect(offers.json().offers.find((o: { offer_id: number }) => o.offer_id === offerId)).toMatchObject({
      can_claim: true,
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/claim.php',
      headers: { cookie: m.cookie },
      payload: { offerId, note: '' },
    });
    expect(res.statusCode).toBe(200);
  });
});
