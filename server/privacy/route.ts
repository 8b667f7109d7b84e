// The privacy centre's calls (shared/contract/privacy.ts): GET /api/privacy-export.php (the member's
// data as a JSON file), POST /api/privacy-name.php, POST /api/privacy-delete.php. Each takes the
// member from the session (app.requireMember), never from the request; CSRF is the other member
// calls' (plugins/csrf.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MEMBER_COOKIE } from '../plugins/auth';
import * as privacy from '../../shared/contract/privacy';
import { correctName, deleteAccount, exportFileName, exportMemberData } from './service';

const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...privacy.privacyExport,
    onRequest: app.requireMember,
    handler: async (request, reply) => {
      const userId = request.member!.userId;
      const data = await exportMemberData(app.db, userId);
      // A download, never kept by a cache: it is the member's whole record.
      reply
        .header('content-disposition', `attachment; filename="${exportFileName(userId)}"`)
        .header('cache-control', 'no-store');
      return data;
    },
  });

  app.route({
    ...privacy.privacyName,
    onRequest: app.requireMember,
    handler: async (request) => {
      const userId = request.member!.userId;
      const name = await correctName(app.db, userId, {
        firstName: request.body.first_name,
        lastName: request.body.last_name,
      });
      // The member's cached answers here show the new name at once (others hear the row's notification).
      app.memberAnswers.changed(userId);
      return { success: true as const, ...name };
    },
  });

  app.route({
    ...privacy.privacyDelete,
    onRequest: app.requireMember,
    handler: async (request, reply) => {
      const userId = request.member!.userId;
      await deleteAccount(app.db, userId, {
        deleteFirebaseAccount: (uid) => app.tokenVerifier.deleteAccount(uid),
        onFirebaseError: (err) => request.log.error({ err }, 'Firebase account deletion failed'),
      });
      // Every session of the member was deleted with the account: this process's cached answers too.
      app.memberAnswers.changed(userId);
      if (request.cookies[MEMBER_COOKIE]) app.clearSessionCookie(reply, MEMBER_COOKIE);
      return { success: true as const, deleted: true as const };
    },
  });
};

export default privacyRoutes;
