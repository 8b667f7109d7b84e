// The offers list and an offer's click (shared/contract/member.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { memberOffersJsonForSession, recordClick } from './service';
import { cachedRead, foldedSessionRoute } from '../members/folded-session';
import { HttpError } from '../lib/errors';
import * as member from '../../shared/contract/member';

/** Offer clicks a member may store per minute (docs/product-rules.md#limits); each process counts its own. */
export const CLICKS_PER_MINUTE = 30;

const offerRoutes: FastifyPluginAsyncZod = async (app) => {
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
};

export default offerRoutes;
