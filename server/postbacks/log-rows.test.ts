// What the operator's postback log keeps of an attempt the receiver refused: the list's columns
// (click id, transaction id, status) bounded to 64, 128 and 32 characters whatever a signed network
// sent, and empty when the attempt did not name them. Written for the mutants npm run test:mutation
// found alive in server/postbacks/conversions-service.ts (docs/testing.md).
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { query, type Db } from '../db/client';
import { DATABASE_KINDS, signedPostbackUrl, testAppPerSuite } from '../test/helpers';

describe.each(DATABASE_KINDS)("the postback log's columns on %s", (kind) => {
  let app: FastifyInstance;
  let db: Db;
  testAppPerSuite(kind, (s) => {
    app = s.app;
    db = s.db;
  });

  const lastRow = async () =>
    (
      await query<{
        click_id: string | null;
        transaction_id: string | null;
        status: string | null;
        outcome: string;
        verified: boolean;
        params: Record<string, string>;
      }>(
        db,
        sql`select click_id, transaction_id, status, outcome, verified, params
              from postback_log order by id desc limit 1`,
      )
    )[0]!;

  it('a signed attempt with over-long values is refused, and its row keeps bounded columns', async () => {
    const params = {
      click_id: 'k'.repeat(100),
      transaction_id: 't'.repeat(200),
      payout: '1',
      status: 's'.repeat(50),
    };
    const res = await app.inject({ url: signedPostbackUrl(params) });
    expect(res.statusCode).toBe(400);
    const row = await lastRow();
    expect(row).toMatchObject({
      verified: true,
      click_id: 'k'.repeat(64),
      transaction_id: 't'.repeat(128),
      status: 's'.repeat(32),
    });
    // The parameters themselves are kept as sent, up to 256 characters each.
    expect(row.params).toMatchObject({ click_id: params.click_id, transaction_id: params.transaction_id });
  });

  it('an attempt that names none of them is logged with the columns empty', async () => {
    const res = await app.inject({ url: '/api/postback.php?payout=1&sig=00' });
    expect(res.statusCode).toBe(403);
    expect(await lastRow()).toMatchObject({
      verified: false,
      click_id: null,
      transaction_id: null,
      status: null,
    });
  });
});
