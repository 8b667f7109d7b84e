// Fair play's calls (issue 37): the official rules and the operator's identity (public, no session),
// the member's eligibility and terms acceptance, and the daily free spin. Declared from
// shared/contract/fair-play.ts; CSRF is the other member calls' (plugins/csrf.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MEMBER_COOKIE } from '../plugins/auth';
import { memberSessionKey } from '../members/sessions-service';
import { spinForSession } from '../spins/service';
import { BLOCKED_MESSAGE, forbidden, unauthorized } from '../lib/errors';
import * as contract from '../../shared/contract/fair-play';
import {
  acceptTerms,
  applyExcludedStates,
  answerEligibility,
  eligibilityOf,
  grantDailySpin,
  operatorAnswer,
  rulesAnswer,
} from './service';

/** Public pages' data: a minute in shared caches is plenty (the rules say when they last changed). */
const PUBLIC_CACHE = 'public, max-age=60';

const fairPlayRoutes: FastifyPluginAsyncZod = async (app) => {
  const fp = app.config.fairPlay;

  // member_spin reads the excluded states from the database: each process writes the configured ones.
  app.addHook('onReady', async () => {
    await applyExcludedStates(app.db, fp);
  });

  app.route({
    ...contract.rules,
    handler: async (request, reply) => {
      reply.header('cache-control', request.query.version ? PUBLIC_CACHE : 'no-cache');
      return { success: true as const, ...(await rulesAnswer(app.db, fp, request.query.version)) };
    },
  });

  app.route({
    ...contract.operator,
    handler: async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return { success: true as const, ...operatorAnswer(fp) };
    },
  });

  app.route({
    ...contract.getEligibility,
    onRequest: app.requireMember,
    handler: async (request) => ({
      success: true as const,
      eligibility: await eligibilityOf(app.db, fp, request.member!.userId),
    }),
  });

  app.route({
    ...contract.confirmEligibility,
    onRequest: app.requireMember,
    handler: async (request, reply) => {
      const userId = request.member!.userId;
      const outcome = await answerEligibility(app.db, fp, userId, request.body);
      app.memberAnswers.changed(userId);
      if (!outcome.kept) {
        // No account is kept: the Firebase record of the sign-in goes too (Admin SDK). A failure leaves
        // only that record, which a later sign-in reuses; the member is answered either way.
        if (outcome.firebaseUid)
          await app.tokenVerifier
            .deleteAccount(outcome.firebaseUid)
            .catch((err: unknown) =>
              request.log.warn(
                { err: (err as Error).message },
                'under-18 sign-up: Firebase account not deleted',
              ),
            );
        app.clearSessionCookie(reply, MEMBER_COOKIE);
        return { success: true as const, kept: false, message: outcome.message, eligibility: null };
      }
      return { success: true as const, kept: true, message: null, eligibility: outcome.eligibility };
    },
  });

  app.route({
    ...contract.acceptTerms,
    onRequest: app.requireMember,
    handler: async (request) => ({
      success: true as const,
      eligibility: await acceptTerms(app.db, fp, request.member!.userId, request.body.termsVersion),
    }),
  });

  app.route({
    ...contract.dailySpin,
    onRequest: app.requireMember,
    handler: async (request) => {
      const userId = request.member!.userId;
      await grantDailySpin(app.db, fp, userId);
      const key = memberSessionKey(
        app.sessionSecret,
        request.cookies[MEMBER_COOKIE]!,
        app.config.memberSessionDays * 86_400_000,
      );
      const r = await spinForSession(
        app.db,
        key,
        { spinType: 'free', table: fp.dailySpin.table },
        { onSpin: (x) => app.metrics?.spin(x) },
      );
      app.memberAnswers.announce(userId);
      if (r.status === 'none') throw unauthorized();
      if (r.status === 'blocked') throw forbidden(BLOCKED_MESSAGE);
      if (r.status === 'refused') throw r.error;
      return r.response;
    },
  });
};

export default fairPlayRoutes;
