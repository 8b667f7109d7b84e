// Cookies and the two session guards. Routes opt in with `onRequest: app.requireMember` or
// `app.requireAdmin`; a member session opens no admin call and the reverse.
import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BLOCKED_MESSAGE, forbidden, unauthorized } from '../lib/errors';
import {
  findAdminSession,
  findMemberSession,
  type AdminSession,
  type MemberSession,
} from '../services/sessions';

export const MEMBER_COOKIE = 'sid';
export const ADMIN_COOKIE = 'admin_sid';

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

    app.decorate('requireMember', async (request: FastifyRequest) => {
      const sid = request.cookies[MEMBER_COOKIE];
      if (!sid) throw unauthorized();
      const session = await findMemberSession(app.db, app.sessionSecret, sid);
      if (!session) throw unauthorized('Your session has expired. Please sign in again.');
      if (session.isSuspicious) throw forbidden(BLOCKED_MESSAGE);
      request.member = session;
    });

    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const sid = request.cookies[ADMIN_COOKIE];
      if (!sid) throw unauthorized('Admin sign-in required.');
      const session = await findAdminSession(app.db, app.sessionSecret, sid);
      if (!session) throw unauthorized('Your admin session has expired. Please sign in again.');
      request.admin = session;
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
