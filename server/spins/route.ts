// The slot machine's spin (shared/contract/member.ts), answered in one round trip
// (docs/decisions/one-round-trip-per-member-call.md).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MEMBER_COOKIE } from '../plugins/auth';
import { observeSpinStatements, spinForSession } from './service';
import { admit, foldedSessionRoute, sessionKeyOf } from '../members/folded-session';
import * as member from '../../shared/contract/member';

const spinRoutes: FastifyPluginAsyncZod = async (app) => {
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
      if (r.status === 'ok') app.memberAnswers.announce(r.userId);
      if (r.renewedUntil)
        app.setSessionCookie(reply, MEMBER_COOKIE, request.cookies[MEMBER_COOKIE]!, r.renewedUntil);
      if (r.status === 'refused') throw r.error;
      return r.response;
    },
  });
};

export default spinRoutes;
