// What a reversal tells a partner network's receiver (its test postback and replay show it to the
// operator: "a clawback is recorded against the member"): a conversion that was only pending granted
// nothing, so reversing it records no clawback and takes nothing back. Written for the mutants
// npm run test:mutation found alive in server/postbacks/conversions-service.ts (docs/testing.md).
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { query, type Db } from '../db/client';
import { findClickWithNetwork } from '../offers/clicks-repository';
import {
  DATABASE_KINDS,
  clickOffer,
  insertOffer,
  signIn,
  signedPostbackUrl,
  testAppPerSuite,
} from '../test/helpers';
import { applyConversion } from './conversions-service';

describe.each(DATABASE_KINDS)('reversing a pending conversion on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  testAppPerSuite(kind, (s) => {
    app = s.app;
    db = s.db;
  });

  it('records no clawback and takes nothing back', async () => {
    const m = await signIn(app);
    const clickId = await clickOffer(app, m, await insertOffer(db));
    const pending = await app.inject({
      url: signedPostbackUrl({
        click_id: clickId,
        transaction_id: `P-${clickId}`,
        payout: '2',
        status: 'pending',
      }),
    });
    expect(pending.statusCode).toBe(200);

    const click = await findClickWithNetwork(db, clickId);
    const result = await db.transaction((tx) =>
      applyConversion(tx, click!, { transactionId: `P-${clickId}`, status: 'reversed', payout: 0 }),
    );
    expect(result).toEqual({
      kind: 'accepted',
      completionId: expect.any(Number),
      status: 'reversed',
      clawback: false,
      memberHeld: false,
    });
    const [member] = await query<{ total_completions: number; total_revenue_generated: string }>(
      db,
      sql`select total_completions, total_revenue_generated from users where id = ${m.userId}`,
    );
    expect(member!.total_completions).toBe(0);
    expect(Number(member!.total_revenue_generated)).toBe(0);
    expect(
      await query<{ found: number }>(db, sql`select 1 as found from clawbacks where user_id = ${m.userId}`),
    ).toEqual([]);
  });
});
