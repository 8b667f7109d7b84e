// The postback outcomes no other suite reaches, answered as a network sees them: a late or
// out-of-order status, a further event for a completed conversion, a conversion of an offer completed
// through another network (each a 200 that changes nothing: a network retries anything else), and the
// approval of a pending conversion under a new transaction id.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { query, type Db } from '../db/client';
import {
  DATABASE_KINDS,
  clickOffer,
  insertOffer,
  signIn,
  signedPostbackUrl,
  testAppPerSuite,
} from '../test/helpers';

const postback = (clickId: string, transactionId: string, status: string) =>
  signedPostbackUrl({
    click_id: clickId,
    transaction_id: transactionId,
    payout: '1.0000',
    currency: 'USD',
    status,
  });

describe.each(DATABASE_KINDS)('postback answers on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  testAppPerSuite(kind, (setup) => {
    ({ app, db } = setup);
  });

  const completionStates = (userId: number) =>
    query<{ transaction_id: string; status: string }>(
      db,
      sql`select transaction_id, status from completions where user_id = ${userId} order by id`,
    );

  it('a pending status after the approval is ignored, with the conversion status in the answer', async () => {
    const member = await signIn(app);
    const clickId = await clickOffer(app, member, await insertOffer(db));
    expect(
      (await app.inject({ method: 'GET', url: postback(clickId, `late-${clickId}`, 'approved') })).statusCode,
    ).toBe(200);

    const late = await app.inject({ method: 'GET', url: postback(clickId, `late-${clickId}`, 'pending') });
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual({
      success: true,
      status: 'approved',
      message: 'Conversion is approved; pending ignored',
    });
    expect(await completionStates(member.userId)).toEqual([
      { transaction_id: `late-${clickId}`, status: 'approved' },
    ]);
  });

  it('a second conversion of a completed offer is an extra event: a success that grants nothing', async () => {
    const member = await signIn(app);
    const offerId = await insertOffer(db);
    // Two clicks on the offer before either converts (clicking is refused once it is completed).
    const first = await clickOffer(app, member, offerId);
    const second = await clickOffer(app, member, offerId);
    expect(
      (await app.inject({ method: 'GET', url: postback(first, `one-${first}`, 'approved') })).statusCode,
    ).toBe(200);

    const again = await app.inject({ method: 'GET', url: postback(second, `two-${second}`, 'approved') });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      success: true,
      status: 'approved',
      message: 'Recorded as a further event of a conversion that is approved; nothing more is granted',
    });
    expect(await completionStates(member.userId)).toEqual([
      { transaction_id: `one-${first}`, status: 'approved' },
    ]);
  });

  it('a conversion of an offer the member completed through another network is a duplicate, and is not recorded', async () => {
    const member = await signIn(app);
    const offerId = await insertOffer(db);
    const first = await clickOffer(app, member, offerId);
    const second = await clickOffer(app, member, offerId);
    expect(
      (await app.inject({ method: 'GET', url: postback(first, `net-${first}`, 'approved') })).statusCode,
    ).toBe(200);
    // The offer has moved to another network since: its conversions are keyed by the new one.
    await query(db, sql`update offers set network = 'another-network' where id = ${offerId}`);

    const again = await app.inject({ method: 'GET', url: postback(second, `net-${second}`, 'approved') });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      success: true,
      duplicate: true,
      message: 'Offer already completed by this user; ignored',
    });
    expect(await completionStates(member.userId)).toEqual([
      { transaction_id: `net-${first}`, status: 'approved' },
    ]);
  });

  it('an approval under a new transaction id completes the pending conversion', async () => {
    const member = await signIn(app);
    const clickId = await clickOffer(app, member, await insertOffer(db));
    await app.inject({ method: 'GET', url: postback(clickId, `wait-${clickId}`, 'pending') });

    const approval = await app.inject({
      method: 'GET',
      url: postback(clickId, `done-${clickId}`, 'approved'),
    });
    expect(approval.statusCode).toBe(200);
    expect(approval.json()).toEqual({
      success: true,
      status: 'approved',
      message: 'The pending conversion of this offer is now approved',
    });
    expect(await completionStates(member.userId)).toEqual([
      { transaction_id: `wait-${clickId}`, status: 'approved' },
    ]);
  });
});
