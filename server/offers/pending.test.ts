// GET /api/offers.php for an offer in Pending Verification: when the member started it (their click)
// and since when the partner says pending; both null for every other offer.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { execute, type Db } from '../db/client';
import type { MemberOffer } from '../../shared/contract/member';
import {
  clickOffer,
  completeOffer,
  DATABASE_KINDS,
  insertOffer,
  newAccount,
  signedPostbackUrl,
  signIn,
  testAppPerSuite,
  type SuiteApp,
} from '../test/helpers';

describe.each(DATABASE_KINDS)('offers.php: the start of a pending offer on %s', (kind) => {
  let suite: SuiteApp;
  testAppPerSuite(kind, (setup) => {
    suite = setup;
  });
  const db = (): Db => suite.db;

  async function offersOf(cookie: string): Promise<MemberOffer[]> {
    const res = await suite.app.inject({ url: '/api/offers.php', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return res.json().offers;
  }

  it('gives a pending offer its click time and the pending answer time, and nothing to the others', async () => {
    const m = await signIn(suite.app, newAccount('pending-times'));
    const pendingOffer = await insertOffer(db(), { title: 'Pending one' });
    const doneOffer = await insertOffer(db(), { title: 'Done one' });
    const openOffer = await insertOffer(db(), { title: 'Open one' });
    const clickId = await clickOffer(suite.app, m, pendingOffer);
    // The click an hour ago, the partner's pending answer now.
    await execute(db(), sql`update clicks set created_at = now() - interval '1 hour' where id = ${clickId}`);
    const res = await suite.app.inject({
      url: signedPostbackUrl({
        click_id: clickId,
        transaction_id: `t-${clickId}`,
        payout: '1',
        status: 'pending',
      }),
    });
    expect(res.statusCode).toBe(200);
    await completeOffer(suite.app, m, doneOffer);

    const offers = await offersOf(m.cookie);
    const pending = offers.find((o) => o.offer_id === pendingOffer)!;
    expect(pending.status).toBe('pending');
    const clicked = Date.parse(pending.clicked_at!);
    const since = Date.parse(pending.pending_since!);
    expect(since - clicked).toBeGreaterThan(59 * 60_000);
    expect(since - clicked).toBeLessThan(61 * 60_000);
    for (const id of [doneOffer, openOffer]) {
      expect(offers.find((o) => o.offer_id === id)).toMatchObject({ clicked_at: null, pending_since: null });
    }
  });

  it("never shows another member's click on the same offer", async () => {
    const a = await signIn(suite.app, newAccount('pending-a'));
    const b = await signIn(suite.app, newAccount('pending-b'));
    const offerId = await insertOffer(db());
    await completeOffer(suite.app, a, offerId, 'pending');
    const offer = (await offersOf(b.cookie)).find((o) => o.offer_id === offerId)!;
    expect(offer).toMatchObject({ status: 'available', clicked_at: null, pending_since: null });
  });
});
