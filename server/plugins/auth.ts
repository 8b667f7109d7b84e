// Cookies and the two session guards. Routes opt in with `onRequest: app.requireMember` or
// `app.requireAdmin`; a member session opens no admin call and the reverse.
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BLOCKED_MESSAGE, forbidden, unauthorized } from '../lib/errors';
import {
  findAdminSession,
  findMemberSession,
  renewMemberSessionIfDue,
  startSessionPurge,
  type AdminSession,
  type MemberSession,
} from '../members/sessions-service';
import { purgeOldSignInRecords } from '../admin/auth/service';
import { purgeJunkPostbacks } from '../postbacks/service';

export const MEMBER_COOKIE = 'sid';
export const ADMIN_COOKIE = 'admin_sid';
/**
 * Sent (value `1`) by a request the admin console makes by itself, not on a person's action: it is
 * answered as usual but does not count as activity for the idle timeout.
 */
export const BACKGROUND_HEADER = 'x-background-refresh';

declare module 'fastify' {
  interface FastifyInstance {
    requireMember: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    setSessionCookie: (reply: FastifyReply, name: string, sid: string, expiresAt: Date) => void;
    clearSessionCookie: (reply: FastifyReply, name: string) => void;
  }
  interface FastifyRequest {
    member: MemberSession | null;
    admin: AdminSession | null;
  }
}

export default fp(
  async function authPlugin(app: FastifyInstance) {
    await app.register(cookie);
    app.decorateRequest('member', null);
    app.decorateRequest('admin', null);

    app.decorate('setSessionCookie', (reply: FastifyReply, name: string, sid: string, expiresAt: Date) => {
      reply.setCookie(name, sid, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: app.config.secureCookies,
        expires: expiresAt,
      });
    });
    app.decorate('clearSessionCookie', (reply: FastifyReply, name: string) => {
      reply.clearCookie(name, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: app.config.secureCookies,
      });
    });

    app.decorate('requireMember', async (request: FastifyRequest, reply: FastifyReply) => {
      const sid = request.cookies[MEMBER_COOKIE];
      if (!sid) throw unauthorized();
      const session = await findMemberSession(app.db, app.sessionSecret, sid);
      if (!session) throw unauthorized('Your session has expired. Please sign in again.');
      if (session.isSuspicious) throw forbidden(BLOCKED_MESSAGE);
      request.member = session;
      // Rolling session: used at least once a day, it never expires; the cookie follows the new end.
      const renewed = await renewMemberSessionIfDue(
        app.db,
        app.sessionSecret,
        sid,
        session,
        app.config.memberSessionDays * 86_400_000,
      );
      if (renewed) app.setSessionCookie(reply, MEMBER_COOKIE, sid, renewed);
    });

    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const sid = request.cookies[ADMIN_COOKIE];
      if (!sid) throw unauthorized('Admin sign-in required.');
      const session = await findAdminSession(app.db, app.sessionSecret, sid, {
        activity: request.headers[BACKGROUND_HEADER] !== '1',
      });
      if (!session) throw unauthorized('Your admin session has expired. Please sign in again.');
      request.admin = session;
    });

    // Expired sessions (and sign-in records that no longer count) are deleted at start and every
    // 10 minutes by each process; deleting the same rows twice is harmless.
    let stopPurge: (() => Promise<void>) | null = null;
    app.addHook('onReady', async () => {
      stopPurge = startSessionPurge(app.db, {
        // Old unverified postback attempts too (issue 32, item 1): housekeeping on one timer.
        extra: async (db) => {
          await purgeOldSignInRecords(db);
          await purgeJunkPostbacks(db);
        },
        onPurged: (n) => {
          if (n > 0) app.log.info({ sessions: n }, 'expired sessions purged');
        },
        onError: (err) => app.log.warn({ err }, 'session purge failed; retried at the next interval'),
      });
    });
    app.addHook('onClose', async () => {
      await stopPurge?.();
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
