// Web Push's calls (issue 38): the member's settings, subscription and window visibility; the
// console's per-kind summary. Declared from shared/contract/push.ts and shared/contract/admin/push.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '../../shared/contract/push';
import * as adminContract from '../../shared/contract/admin/push';
import {
  pushSettingsOf,
  pushSummary,
  savePushKinds,
  setPresence,
  subscribe,
  SUMMARY_DAYS,
  unsubscribe,
} from './service';

const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = async (userId: number) => ({
    success: true as const,
    ...(await pushSettingsOf(app.db, app.push.keys(), userId)),
  });

  app.route({
    ...contract.pushSettings,
    onRequest: app.requireMember,
    handler: async (request) => settings(request.member!.userId),
  });

  app.route({
    ...contract.updatePushSettings,
    onRequest: app.requireMember,
    handler: async (request) => {
      await savePushKinds(app.db, request.member!.userId, request.body.kinds);
      return settings(request.member!.userId);
    },
  });

  app.route({
    ...contract.pushSubscribe,
    onRequest: app.requireMember,
    handler: async (request) => {
      const { endpoint, keys } = request.body;
      const subscriptions = await subscribe(
        app.db,
        { keys: app.push.keys(), allowInsecureEndpoints: app.config.push.allowInsecureEndpoints },
        request.member!.userId,
        { endpoint, p256dh: keys.p256dh, auth: keys.auth },
      );
      return { success: true as const, subscriptions };
    },
  });

  app.route({
    ...contract.pushUnsubscribe,
    onRequest: app.requireMember,
    handler: async (request) => ({
      success: true as const,
      removed: await unsubscribe(app.db, request.member!.userId, request.body.endpoint),
    }),
  });

  app.route({
    ...contract.pushPresence,
    onRequest: app.requireMember,
    handler: async (request) => {
      await setPresence(app.db, request.body.tab, request.member!.userId, request.body.visible);
      return { success: true as const };
    },
  });

  app.route({
    ...adminContract.pushSummary,
    onRequest: app.requireAdmin,
    handler: async () => {
      const { subscribed, kinds } = await pushSummary(app.db);
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
