// What the member calls' routes share (server/{members,offers,spins,referrals}/route.ts): the folded
// session check of the calls answered in one round trip, the member answers cache's reads, and the end
// of a session.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MEMBER_COOKIE } from '../plugins/auth';
import {
  deleteSession,
  hashSessionId,
  memberSessionKey,
  type FoldedSession,
  type MemberSessionKey,
} from './sessions-service';
import { compileContractSerializer, type CachedAnswer } from '../offers/service';
import type { CachedCall } from './answers';
import { BLOCKED_MESSAGE, forbidden, unauthorized } from '../lib/errors';

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

export function foldedSessionRoute(app: FastifyInstance) {
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
export function sessionKeyOf(app: FastifyInstance, request: FastifyRequest): MemberSessionKey {
  sessionUnchecked.delete(request);
  return memberSessionKey(
    app.sessionSecret,
    request.cookies[MEMBER_COOKIE]!,
    app.config.memberSessionDays * 86_400_000,
  );
}

/** Ends a member session: in the database, and in this process's cache before the answer is sent. */
export async function endSession(app: FastifyInstance, sid: string): Promise<void> {
  await deleteSession(app.db, app.sessionSecret, sid);
  app.memberAnswers.dropSession(hashSessionId(app.sessionSecret, sid));
}

/** The folded check's verdict, answered as app.requireMember answers it; the member's id when admitted. */
export function admit(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  s: FoldedSession,
): number {
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
 * unless a change to the member was heard meanwhile (server/members/answers.ts). The answer is
 * the contract's JSON already (written by its compiled serializers): sent as it is.
 */
export function cachedRead(
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
