// The member calls, declared from the contract (shared/contract/member.ts). Routes
// are thin: the contract validates, a service answers.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MEMBER_COOKIE } from '../plugins/auth';
import { createSession, deleteSession } from '../services/sessions';
import { signInMember } from '../services/users';
import { toSessionUser } from '../db/mappers/member';
import { listMemberOffers, recordClick } from '../services/offers';
import { spin } from '../services/spins';
import { referralStats, userStats } from '../services/member-stats';
import { HttpError, unauthorized } from '../lib/errors';
import * as member from '../../shared/contract/member';

/** Offer clicks a member may store per minute (docs/product-rules.md#limits); each process counts its own. */
export const CLICKS_PER_MINUTE = 30;

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
      });
      // A new session id on every sign-in; the previous cookie's session ends.
      const previous = request.cookies[MEMBER_COOKIE];
      if (previous) await deleteSession(app.db, app.sessionSecret, previous);
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
      if (sid) await deleteSession(app.db, app.sessionSecret, sid);
      app.clearSessionCookie(reply, MEMBER_COOKIE);
      return { success: true as const };
    },
  });

  app.route({
    ...member.userStats,
    onRequest: app.requireMember,
    handler: async (request) => ({
      success: true as const,
      ...(await userStats(app.db, request.member!.userId)),
    }),
  });

  app.route({
    ...member.offers,
    onRequest: app.requireMember,
    handler: async (request) => {
      const offers = await listMemberOffers(app.db, request.member!.userId, app.config.claimMinAgeMinutes);
      return { success: true as const, offers, freeSpinsRemaining: request.member!.freeSpinsRemaining };
    },
  });

  app.route({
    ...member.clickOffer,
    onRequest: app.requireMember,
    // Every click is a stored row: a member gets CLICKS_PER_MINUTE of them, counted per member (after
    // the session check and the body's validation), whatever address or session they come from.
    config: {
      rateLimit: {
        max: CLICKS_PER_MINUTE,
        timeWindow: '1 minute',
        hook: 'preHandler',
        keyGenerator: (request) => `member:${request.member?.userId ?? `ip:${request.ip}`}`,
        errorResponseBuilder: (_request, context) =>
          new HttpError(
            429,
            `Too many offer clicks. Please wait ${context.after} before starting another offer.`,
          ),
      },
    },
    handler: async (request) => {
      const click = await recordClick(app.db, {
        userId: request.member!.userId,
        offerId: request.body.offerId,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        publicUrl: app.config.publicUrl,
      });
      return { success: true as const, ...click };
    },
  });

  app.route({
    ...member.slotSpin,
    onRequest: app.requireMember,
    handler: async (request) =>
      spin(
        app.db,
        { userId: request.member!.userId, spinType: request.body.spinType, offerId: request.body.offerId },
        { onSpin: (r) => app.metrics?.spin(r) },
      ),
  });

  app.route({
    ...member.referralStats,
    onRequest: app.requireMember,
    handler: async (request) => ({
      success: true as const,
      ...(await referralStats(app.db, request.member!.userId, app.config.publicUrl)),
    }),
  });
};

export default memberRoutes;
