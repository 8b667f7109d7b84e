// The member calls, declared from the contract (shared/contract/member.ts). Routes
// are thin: the contract validates, a service answers.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MEMBER_COOKIE } from '../plugins/auth';
import {
  createSession,
  deleteSession,
  memberSessionKey,
  type FoldedSession,
  type MemberSessionKey,
} from '../services/sessions';
import { signInMember } from '../services/users';
import { toSessionUser } from '../db/mappers/member';
import { compileContractSerializer, memberOffersJsonForSession, recordClick } from '../services/offers';
import { spinForSession } from '../services/spins';
import { referralStatsJsonForSession, userStatsJsonForSession } from '../services/member-stats';
import { BLOCKED_MESSAGE, HttpError, forbidden, unauthorized } from '../lib/errors';
import * as member from '../../shared/contract/member';

/** Offer clicks a member may store per minute (docs/product-rules.md#limits); each process counts its own. */
export const CLICKS_PER_MINUTE = 30;

/**
 * Responses written by a serializer compiled from the contract's schema (fast-json-stringify over the
 * schema's JSON Schema) instead of zod's encode + JSON.stringify: the same bytes, about a third of
 * the time for offers.php's 30 offers (docs/benchmarks.md). Only the contract's properties are written
 * (every object schema has `additionalProperties: false`), so no field outside the contract can leave.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Fastify types the compiler per route schema
const compiledSerializer = ({ schema }: { schema: unknown }): any => compileContractSerializer(schema);

/**
 * The member calls answered in one round trip check the session in their own statement
 * (docs/decisions.md, "One round trip per member call"). Their onRequest only looks for the cookie;
 * a request refused before its handler (a malformed body, a failed validation) still gets the session's
 * answer first, as with app.requireMember: such a request is listed here until its statement has run.
 */
const sessionUnchecked = new WeakSet<FastifyRequest>();

function foldedSessionRoute(app: FastifyInstance) {
  return {
    onRequest: async (request: FastifyRequest) => {
      if (!request.cookies[MEMBER_COOKIE]) throw unauthorized();
      sessionUnchecked.add(request);
    },
    errorHandler: async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (sessionUnchecked.delete(request)) await app.requireMember(request, reply);
      throw error;
    },
    serializerCompiler: compiledSerializer,
  };
}

/** The session key of a request that passed foldedSessionRoute's onRequest (its statement checks it now). */
function sessionKeyOf(app: FastifyInstance, request: FastifyRequest): MemberSessionKey {
  sessionUnchecked.delete(request);
  return memberSessionKey(
    app.sessionSecret,
    request.cookies[MEMBER_COOKIE]!,
    app.config.memberSessionDays * 86_400_000,
  );
}

/** The folded check's verdict, answered as app.requireMember answers it; the member's id when admitted. */
function admit(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, s: FoldedSession): number {
  if (s.status === 'none') throw unauthorized('Your session has expired. Please sign in again.');
  if (s.status === 'blocked') throw forbidden(BLOCKED_MESSAGE);
  // Rolling session: used at least once a day, it never expires; the cookie follows the new end.
  if (s.renewedUntil)
    app.setSessionCookie(reply, MEMBER_COOKIE, request.cookies[MEMBER_COOKIE]!, s.renewedUntil);
  return s.userId;
}

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
    ...foldedSessionRoute(app),
    handler: async (request, reply) => {
      const r = await userStatsJsonForSession(app.db, sessionKeyOf(app, request));
      admit(app, request, reply, r.session);
      // The contract's JSON, written by its compiled serializers (the lists cached): sent as it is.
      return reply.type('application/json; charset=utf-8').send(r.json as never);
    },
  });

  app.route({
    ...member.offers,
    ...foldedSessionRoute(app),
    handler: async (request, reply) => {
      const r = await memberOffersJsonForSession(
        app.db,
        sessionKeyOf(app, request),
        app.config.claimMinAgeMinutes,
      );
      admit(app, request, reply, r.session);
      // Already the contract's JSON (written by its compiled serializer, the catalogue's part cached):
      // bytes with a JSON content type are sent as they are.
      return reply.type('application/json; charset=utf-8').send(r.json as never);
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
    ...foldedSessionRoute(app),
    handler: async (request, reply) => {
      const r = await spinForSession(
        app.db,
        sessionKeyOf(app, request),
        { spinType: request.body.spinType, offerId: request.body.offerId },
        { onSpin: (x) => app.metrics?.spin(x) },
      );
      if (r.status === 'none' || r.status === 'blocked') return admit(app, request, reply, r) as never;
      if (r.renewedUntil)
        app.setSessionCookie(reply, MEMBER_COOKIE, request.cookies[MEMBER_COOKIE]!, r.renewedUntil);
      if (r.status === 'refused') throw r.error;
      return r.response;
    },
  });

  app.route({
    ...member.referralStats,
    ...foldedSessionRoute(app),
    handler: async (request, reply) => {
      const r = await referralStatsJsonForSession(app.db, sessionKeyOf(app, request), app.config.publicUrl);
      admit(app, request, reply, r.session);
      return reply.type('application/json; charset=utf-8').send(r.json as never);
    },
  });
};

export default memberRoutes;
