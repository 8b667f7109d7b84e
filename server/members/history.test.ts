// The member's rewards history (GET /api/user-stats.php, `completions`): a conversion the partner
// reversed shows as reversed, with the partner's reason when it sent one; approved ones stay as they
// were; a conversion first recorded as reversed (the member never saw it pending or approved) is left
// out.
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { findClickWithNetwork } from '../offers/clicks-repository';
import { applyConversion, type ConversionEvent } from '../postbacks/conversions-service';
import {
  DATABASE_KINDS,
  clickOffer,
  insertOffer,
  signIn,
  testAppPerSuite,
  type SignedInMember,
} from '../test/helpers';

describe.each(DATABASE_KINDS)('the rewards history on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  testAppPerSuite(kind, (setup) => {
    ({ app, db } = setup);
  });

  /** A network receiver's event on the member's click of a new offer titled `title`. */
  async function startOffer(m: SignedInMember, title: string) {
    const offerId = await insertOffer(db, { title });
    const clickId = await clickOffer(app, m, offerId);
    const click = (await findClickWithNetwork(db, clickId))!;
    // A receiver's transaction, then what the member's app waits for before it refetches: this process
    // has heard the change.
    const send = async (event: ConversionEvent) => {
      const result = await db.transaction((tx) => applyConversion(tx, click, event));
      await app.memberAnswers.sync(db);
      return result;
    };
    return { clickId, send };
  }

  const history = async (m: SignedInMember) =>
    (await app.inject({ method: 'GET', url: '/api/user-stats.php', headers: { cookie: m.cookie } })).json()
      .completions as Record<string, unknown>[];

  it('shows a reversed conversion as reversed, with the reason when the partner sent one', async () => {
    const m = await signIn(app);

    const kept = await startOffer(m, 'Kept offer');
    await kept.send({ transactionId: `K-${kept.clickId}`, status: 'approved', payout: 2 });

    const charged = await startOffer(m, 'Charged back');
    await charged.send({ transactionId: `C-${charged.clickId}`, status: 'approved', payout: 2 });
    await charged.send({
      transactionId: `C-${charged.clickId}`,
      status: 'reversed',
      payout: 0,
      reason: 'chargeback',
    });

    const silent = await startOffer(m, 'Pending then reversed');
    await silent.send({ transactionId: `S-${silent.clickId}`, status: 'pending', payout: 1 });
    await silent.send({ transactionId: `S-${silent.clickId}`, status: 'reversed', payout: 0 });

    // Never pending or approved: the member never saw it, so the history leaves it out.
    const unseen = await startOffer(m, 'Reversed at once');
    await unseen.send({
      transactionId: `U-${unseen.clickId}`,
      status: 'reversed',
      payout: 0,
      reason: 'fraud',
    });

    const rows = await history(m);
    expect(rows.map((r) => r.title).sort()).toEqual(['Charged back', 'Kept offer', 'Pending then reversed']);
    const byTitle = (t: string) => rows.find((r) => r.title === t)!;
    expect(byTitle('Kept offer')).toMatchObject({
      status: 'approved',
      reversed_at: null,
      reversal_reason: null,
    });
    expect(byTitle('Charged back')).toMatchObject({
      status: 'reversed',
      reversed_at: expect.any(String),
      reversal_reason: 'chargeback',
    });
    expect(byTitle('Pending then reversed')).toMatchObject({
      status: 'reversed',
      reversed_at: expect.any(String),
      reversal_reason: null,
      completed_at: expect.any(String),
    });
  });
});
