// The referrer's referral page (GET /api/referral-stats.php) over friends in every state: how many are
// still pending, the month-by-month registrations and successes (the last 12 months only), and the
// list of friends, newest first. Written for the mutants npm run test:mutation found alive in
// server/referrals/repository.ts (docs/testing.md); the decisions on held referrals are in
// server/admin/reports/referral-decisions.test.ts.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { execute, query, type Db } from '../db/client';
import {
  DATABASE_KINDS,
  completeOffer,
  insertOffer,
  newAccount,
  signIn,
  testAppPerSuite,
  type SignedInMember,
} from '../test/helpers';

interface ReferralStats {
  summary: { totalReferrals: number; successfulReferrals: number; pendingReferrals: number };
  monthlyPerformance: { month: string; registrations: number; successful: number }[];
  referralDetails: { first_name: string; status: string; under_review: boolean; total_completions: number }[];
}

describe.each(DATABASE_KINDS)('referral stats on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  testAppPerSuite(kind, (s) => {
    app = s.app;
    db = s.db;
  });

  const statsOf = async (m: SignedInMember) => {
    const res = await app.inject({ url: '/api/referral-stats.php', headers: { cookie: m.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ReferralStats;
  };

  const friendOf = (referrer: SignedInMember, label: string, device: string) =>
    signIn(
      app,
      { ...newAccount(label), name: `${label[0]!.toUpperCase()}${label.slice(1)} Friend` },
      { referralCode: referrer.referralCode, deviceFingerprint: device },
    );

  it('counts pending friends, months and successes; a referrer with none sees zeros', async () => {
    const referrer = await signIn(app, newAccount('stats-ref'), { deviceFingerprint: 'stats-ref-device' });
    const nobody = await signIn(app, newAccount('stats-none'));
    expect((await statsOf(nobody)).summary.pendingReferrals).toBe(0);
    expect((await statsOf(nobody)).monthlyPerformance).toEqual([]);
    expect((await statsOf(nobody)).referralDetails).toEqual([]);

    await friendOf(referrer, 'waiting', 'waiting-device');
    const rewarded = await friendOf(referrer, 'rewarded', 'rewarded-device');
    const sameDevice = await friendOf(referrer, 'held', 'stats-ref-device');
    const old = await friendOf(referrer, 'old', 'old-device');
    await completeOffer(app, rewarded, await insertOffer(db));
    await completeOffer(app, sameDevice, await insertOffer(db));
    // A friend who registered 13 months ago and never completed anything.
    await execute(
      db,
      sql`update referrals set created_at = now() - interval '13 months' where referred_user_id = ${old.userId}`,
    );
    // Another referrer's pending friend is not this referrer's.
    await friendOf(nobody, 'elsewhere', 'elsewhere-device');

    const stats = await statsOf(referrer);
    // Pending: the friend who has done nothing yet, and the old one.
    expect(stats.summary).toMatchObject({ totalReferrals: 4, successfulReferrals: 1, pendingReferrals: 2 });
    const thisMonth = (
      await query<{ m: string }>(db, sql`select to_char(date_trunc('month', now()), 'YYYY-MM') as m`)
    )[0]!.m;
    expect(stats.monthlyPerformance).toEqual([{ month: thisMonth, registrations: 3, successful: 1 }]);
    // Newest first: the same-device friend, the rewarded one, the waiting one; the old one last.
    expect(
      stats.referralDetails.map((d) => [d.first_name, d.status, d.under_review, d.total_completions]),
    ).toEqual([
      ['Held', 'completed_waiting', true, 1],
      ['Rewarded', 'completed_and_rewarded', false, 1],
      ['Waiting', 'registered_only', false, 0],
      ['Old', 'registered_only', false, 0],
    ]);
    expect((await statsOf(nobody)).summary.pendingReferrals).toBe(1);
  });
});
