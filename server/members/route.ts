// The member's own calls (shared/contract/member.ts): sign-in, sign-out and the stats. Routes are thin:
// the contract validates, a service answers.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MEMBER_COOKIE } from '../plugins/auth';
import { createSession } from './sessions-service';
import { signInMember, toSessionUser } from './service';
import { userStatsJsonForSession } from './stats-service';
import { cachedRead, endSession, foldedSessionRoute } from './folded-session';
import { unauthorized } from '../lib/errors';
import * as member from '../../shared/contract/member';

const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...member.firebaseAuth,
    config: { rateLimit: { max: app.config.memberLoginRateLimit, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      let token;
      try {
        token = await app.tokenVerifier.verify(request.body.idToken);
      } catch (err) {
        request.log.info({ reason: (err as { code?: string }).code }, 'id token refused');
        throw unauthorized(
          'Authentication failed: your sign-in token is invalid or expired. Please sign in again.',
        );
      }
      const result = await signInMember(app.db, {
        token,
        deviceFingerprint: request.body.deviceFingerprint ?? null,
        referralCode: request.body.referralCode ?? null,
        ip: request.ip,
        trustChecks: app.config.trustChecks,
      });
      app.memberAnswers.changed(result.user.id);
      // A referral changed the referrer too (their referrals list): answered once this process has heard it.
      if (result.referralUsed) await app.memberAnswers.sync(app.db);
      // A new session id on every sign-in; the previous cookie's session ends.
      const previous = request.cookies[MEMBER_COOKIE];
      if (previous) await endSession(app, previous);
      const session = await createSession(
        app.db,
        app.sessionSecret,
        { kind: 'member', userId: result.user.id },
        app.config.memberSessionDays * 86_400_000,
      );
      app.setSessionCookie(reply, MEMBER_COOKIE, session.sid, session.expiresAt);
      return {
        success: true as const,
        sessionId: session.publicId,
        user: toSessionUser(result.user),
        isNewUser: result.isNewUser,
        referralUsed: result.referralUsed,
      };
    },
  });

  app.route({
    ...member.logout,
    handler: async (request, reply) => {
      const sid = request.cookies[MEMBER_COOKIE];
      if (sid) await endSession(app, sid);
      app.clearSessionCookie(reply, MEMBER_COOKIE);
      return { success: true as const };
    },
  });

  app.route({
    ...member.userStats,
    ...foldedSessionRoute(app),
    handler: cachedRead(app, 'user-stats', (key) => userStatsJsonForSession(app.db, key)),
  });
};

export default memberRoutes;
