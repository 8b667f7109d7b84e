// GET|POST|PUT /api/admin/networks.php, GET /api/admin/network-presets.php and
// POST /api/admin/network-test.php (docs/networks.md): partner networks, their presets and the dry-run
// "Send test postback".
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createNetwork, editNetwork, listNetworks, testNetwork } from './service';
import { listNetworkPresets } from './presets';
import { badRequest } from '../../lib/errors';
import * as contract from '../../../shared/contract/admin/networks';
import { actionReason, idParam } from '../../../shared/contract/common';
import { setNetworkActive } from '../activation';
import { actorOf } from '../actor';

const networkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contract.listNetworks,
    onRequest: app.requireAdmin,
    handler: async (request) => ({
      success: true as const,
      ...(await listNetworks(app.db, app.config.publicUrl, request.query)),
    }),
  });

  app.route({
    ...contract.createNetwork,
    onRequest: app.requireAdmin,
    handler: async (request) => {
      const { networkId } = await createNetwork(app.db, actorOf(request), request.body);
      return { success: true as const, network_id: networkId };
    },
  });

  app.route({
    ...contract.updateNetwork,
    onRequest: app.requireAdmin,
    handler: async (request) => {
      const id = idParam('network_id').safeParse(request.body.network_id);
      if (!id.success) throw badRequest('network_id must be a positive whole number');
      const { network_id: _id, is_active: isActive, reason, ...rest } = request.body;
      const sent = Object.entries(rest).filter(([, v]) => v !== undefined);
      if (sent.length === 0 && typeof isActive === 'boolean') {
        // The activation toggle (the console confirms it and asks why).
        const why = actionReason.safeParse(reason ?? undefined);
        if (!why.success) throw badRequest(why.error.issues[0]?.message ?? 'reason must be text');
        await setNetworkActive(app.db, actorOf(request), id.data, isActive, why.data);
      } else {
        await editNetwork(app.db, actorOf(request), id.data, request.body);
      }
      return { success: true as const };
    },
  });

  app.route({
    ...contract.listNetworkPresets,
    onRequest: app.requireAdmin,
    handler: async () => ({ success: true as const, presets: listNetworkPresets() }),
  });

  app.route({
    ...contract.testNetworkPostback,
    onRequest: app.requireAdmin,
    handler: async (request) => {
      const b = request.body;
      const r = await testNetwork(
        app.db,
        actorOf(request),
        { publicUrl: app.config.publicUrl },
        b.network_id,
        {
          status: b.status,
          ...(b.click_id !== undefined ? { clickId: b.click_id } : {}),
          ...(b.payout !== undefined ? { payout: b.payout } : {}),
          ...(b.transaction_id !== undefined ? { transactionId: b.transaction_id } : {}),
        },
      );
      return {
        success: true as const,
        request: r.request,
        outcome: r.outcome,
        http_status: r.httpStatus,
        body: r.body,
        detail: r.detail,
      };
    },
  });
};

export default networkRoutes;
