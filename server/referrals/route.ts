// Referral calls (shared/contract/member.ts): a code's check on the sign-in page and the member's referrals.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkReferralCode } from '../members/service';
import { referralStatsJsonForSession } from '../members/stats-service';
import { cachedRead, foldedSessionRoute } from '../members/folded-session';
import * as member from '../../shared/contract/member';

/** Referral-code checks one address may make per minute (the sign-in page makes one per visit). */
export const REFERRAL_CODE_CHECKS_PER_MINUTE = 20;

const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...member.referralCodeCheck,
    // No session (the sign-in page asks before anyone signs in): a small per-address allowance, so
    // codes cannot be enumerated at speed.
    config: { rateLimit: { max: REFERRAL_CODE_CHECKS_PER_MINUTE, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, ...(await checkReferralCode(app.db, request.query.code)) };
    },
  });

  app.route({
    ...member.referralStats,
    ...foldedSessionRoute(app),
    handler: cachedRead(app, 'referral-stats', (key) =>
      referralStatsJsonForSession(app.db, key, app.config.publicUrl),
    ),
  });
};

export default referralRoutes;
