// Web Push's calls (issue 38): the member's settings, subscription and window visibility; the
// console's per-kind summary. Declared from shared/contract/push.ts and shared/contract/admin/push.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/errors';
import * as contract from '../../shared/contract/push';
import * as adminContract from '../../shared/contract/admin/push';
import * as repo from './repository';
import { endpointAllowed } from './sender';

export const PUSH_OFF_MESSAGE = 'Notifications are not available on this server.';
export const ENDPOINT_REFUSED_MESSAGE = 'This push service is not supported. Try another browser.';
const SUMMARY_DAYS = 7;

const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = async (userId: number) => {
    const keys = app.push.keys();
    const [kinds, subscriptions] = await Promise.all([
      repo.preferencesOf(app.db, userId),
      repo.subscriptionCount(app.db, userId),
    ]);
    return {
      success: true as const,
      enabled: keys !== null,
      publicKey: keys?.publicKey ?? null,
      kinds,
      subscriptions,
    };
  };

  app.route({
    ...contract.pushSettings,
    onRequest: app.requireMember,
    handler: async (request) => settings(request.member!.userId),
  });

  app.route({
    ...contract.updatePushSettings,
    onRequest: app.requireMember,
    handler: async (request) => {
      await repo.savePreferences(app.db, request.member!.userId, request.body.kinds);
      return settings(request.member!.userId);
    },
  });

  app.route({
    ...contract.pushSubscribe,
    onRequest: app.requireMember,
    handler: async (request) => {
      if (!app.push.keys()) throw new HttpError(409, PUSH_OFF_MESSAGE);
      const { endpoint, keys } = request.body;
      if (!endpointAllowed(endpoint, app.config.push.allowInsecureEndpoints))
        throw new HttpError(400, ENDPOINT_REFUSED_MESSAGE);
      const subscriptions = await repo.saveSubscription(app.db, request.member!.userId, {
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
      });
      return { success: true as const, subscriptions };
    },
  });

  app.route({
    ...contract.pushUnsubscribe,
    onRequest: app.requireMember,
    handler: async (request) => ({
      success: true as const,
      removed: await repo.deleteSubscription(app.db, request.member!.userId, request.body.endpoint),
    }),
  });

  app.route({
    ...contract.pushPresence,
    onRequest: app.requireMember,
    handler: async (request) => {
      await repo.setVisibility(app.db, request.body.tab, request.member!.userId, request.body.visible);
      return { success: true as const };
    },
  });

  app.route({
    ...adminContract.pushSummary,
    onRequest: app.requireAdmin,
    handler: async () => {
      const { subscribed, kinds } = await repo.summary(app.db, SUMMARY_DAYS);
      return {
        success: true as const,
        enabled: app.push.keys() !== null,
        days: SUMMARY_DAYS,
        subscribed_members: subscribed,
        kinds,
      };
    },
  });
};

export default pushRoutes;
