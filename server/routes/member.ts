// The member calls, declared from the contract (shared/contract/member.ts). Routes
// are thin: the contract validates, a service answers.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MEMBER_COOKIE } from '../plugins/auth';
import {
  createSession,
  deleteSession,
  hashSessionId,
  memberSessionKey,
  type FoldedSession,
  type MemberSessionKey,
} from '../services/sessions';
import { checkReferralCode, signInMember, toSessionUser } from '../services/users';
import {
  compileContractSerializer,
  memberOffersJsonForSession,
  recordClick,
  type CachedAnswer,
} from '../services/offers';
import type { CachedCall } from '../services/member-answers';
import { observeSpinStatements, spinForSession } from '../services/spins';
import { referralStatsJsonForSession, userStatsJsonForSession } from '../services/member-stats';
import { BLOCKED_MESSAGE, HttpError, forbidden, unauthorized } from '../lib/errors';
import * as member from '../../shared/contract/member';

/** Referral-code checks one address may make per minute (the sign-in page makes one per visit). */
export const REFERRAL_CODE_CHECKS_PER_MINUTE = 20;

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
 * (docs/decisions/one-round-trip-per-member-call.md). Their onRequest only looks for the cookie;
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

/** Ends a member session: in the database, and in this process's cache before the answer is sent. */
async function endSession(app: FastifyInstance, sid: string): Promise<void> {
  await deleteSession(app.db, app.sessionSecret, sid);
  app.memberAnswers.dropSession(hashSessionId(app.sessionSecret, sid));
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

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A member read answered from this process's member answers cache when it holds the session and the
 * answer (no round trip at all), else by `read`'s one statement, whose answer the cache then keeps
 * unless a change to the member was heard meanwhile (server/services/member-answers.ts). The answer is
 * the contract's JSON already (written by its compiled serializers): sent as it is.
 */
function cachedRead(
  app: FastifyInstance,
  call: CachedCall,
  read: (key: MemberSessionKey) => Promise<CachedAnswer>,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const key = sessionKeyOf(app, request);
    const cache = app.memberAnswers;
    const held = cache.lookup(key.idHash, call, Date.now());
    if (held) return reply.type(JSON_TYPE).send(held);
    const ticket = cache.begin();
    const r = await read(key);
    const userId = admit(app, request, reply, r.session);
    if (r.sessionUntil !== null)
      cache.store(ticket, {
        idHash: key.idHash,
        userId,
        sessionUntil: r.sessionUntil,
        call,
        json: r.json!,
        until: r.until,
      });
    return reply.type(JSON_TYPE).send(r.json as never);
  };
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

  app.route({
    ...member.offers,
    ...foldedSessionRoute(app),
    handler: cachedRead(app, 'offers', (key) =>
      memberOffersJsonForSession(app.db, key, app.config.claimMinAgeMinutes),
    ),
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

  if (app.metrics) observeSpinStatements(app.db, app.metrics.spinStatements);
  app.route({
    ...member.slotSpin,
    ...foldedSessionRoute(app),
    handler: async (request, reply) => {
      const key = sessionKeyOf(app, request);
      const r = await spinForSession(
        app.db,
        key,
        { spinType: request.body.spinType, offerId: request.body.offerId },
        { onSpin: (x) => app.metrics?.spin(x) },
      );
      if (r.status === 'none' || r.status === 'blocked') return admit(app, request, reply, r) as never;
      // The spin changed the member (spent a spin, maybe won a voucher): their next call here shows it,
      // and the other processes hear it from this one (member_spin.sql leaves the announcement to it).
      if (r.status === 'ok') app.memberAnswers.announce(app.db, r.userId);
      if (r.renewedUntil)
        app.setSessionCookie(reply, MEMBER_COOKIE, request.cookies[MEMBER_COOKIE]!, r.renewedUntil);
      if (r.status === 'refused') throw r.error;
      return r.response;
    },
  });

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

export default memberRoutes;
