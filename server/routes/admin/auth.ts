// POST /api/admin/login.php and /api/admin/logout.php (spec section 7; DESIGN.md section 4).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_COOKIE } from '../../plugins/auth';
import { createSession, deleteSession } from '../../services/sessions';
import { TooManyAttemptsError, authenticateAdmin } from '../../services/admin/auth';
import { okResponses } from './schemas';

const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/login.php',
    {
      schema: {
        // Presence is checked by the service so the answer is the one sentence of section 5.
        body: z.object({
          username: z.string().max(200, 'username is too long').nullish(),
          password: z.string().max(1000, 'password is too long').nullish(),
        }),
        response: okResponses({
          admin: z.object({ id: z.number(), username: z.string(), email: z.string().nullable() }),
        }),
      },
    },
    async (request, reply) => {
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
  );

  app.post('/api/admin/logout.php', { schema: { response: okResponses({}) } }, async (request, reply) => {
    const sid = request.cookies[ADMIN_COOKIE];
    if (sid) await deleteSession(app.db, app.sessionSecret, sid);
    app.clearSessionCookie(reply, ADMIN_COOKIE);
    return { success: true as const };
  });
};

export default adminAuthRoutes;
