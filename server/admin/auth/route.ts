// POST /api/admin/login.php and /api/admin/logout.php, declared from shared/contract/admin/auth.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_COOKIE } from '../../plugins/auth';
import { createSession, deleteSession, findAdminSession } from '../../members/sessions-service';
import { TooManyAttemptsError, auditSignIn, authenticateAdmin } from './service';
import * as adminAuth from '../../../shared/contract/admin/auth';

const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...adminAuth.login,
    handler: async (request, reply) => {
      let admin;
      try {
        admin = await authenticateAdmin(app.db, {
          username: request.body.username,
          password: request.body.password,
          ip: request.ip,
        });
      } catch (err) {
        if (err instanceof TooManyAttemptsError) reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      }
      // A new session id on every sign-in; the previous admin session of this browser ends.
      const previous = request.cookies[ADMIN_COOKIE];
      if (previous) await deleteSession(app.db, app.sessionSecret, previous);
      const session = await createSession(
        app.db,
        app.sessionSecret,
        { kind: 'admin', adminId: admin.id },
        app.config.adminSessionHours * 3_600_000,
      );
      app.setSessionCookie(reply, ADMIN_COOKIE, session.sid, session.expiresAt);
      return { success: true as const, admin };
    },
  });

  app.route({
    ...adminAuth.logout,
    handler: async (request, reply) => {
      const sid = request.cookies[ADMIN_COOKIE];
      if (sid) {
        // A live session's sign-out is audited; an expired or unknown cookie is only cleared.
        const session = await findAdminSession(app.db, app.sessionSecret, sid, { activity: false });
        await deleteSession(app.db, app.sessionSecret, sid);
        if (session)
          await auditSignIn(app.db, 'admin.sign_out', {
            adminId: session.adminId,
            username: session.username,
            ip: request.ip,
          });
      }
      app.clearSessionCookie(reply, ADMIN_COOKIE);
      return { success: true as const };
    },
  });
};

export default adminAuthRoutes;
