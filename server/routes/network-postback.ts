// GET|POST /api/postback/{slug}: a partner network's postback, in that network's own format
// (services/network-postbacks.ts). Public and unauthenticated, so bounded like the native receiver: a
// per-address rate limit, a per-network one, a body limit, the verifier's parameter caps, and a
// per-minute budget of log rows for attempts that never passed the signature check, repeats folded.
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import * as contract from '../../shared/contract/postback';
import { HttpError } from '../lib/errors';
import { registerFormBody } from '../lib/form-body';
import {
  NETWORK_RECEIVER_LIMITS,
  createNetworkReceiver,
  type IncomingPostback,
} from '../services/network-postbacks';

export default async function networkPostbackRoutes(app: FastifyInstance) {
  // Networks post forms as often as JSON; this parser is scoped to this plugin only.
  registerFormBody(app, NETWORK_RECEIVER_LIMITS.bodyBytes);

  const receiver = createNetworkReceiver(app.db, {
    publicUrl: app.config.publicUrl,
    perNetworkPerMinute: app.config.networkPostbacksPerMinute,
    reversalHold: app.config.reversalHold,
    onJunkDropped: (dropped) =>
      app.log.warn(
        { dropped },
        'unverified network postbacks over the per-minute log budget were not stored',
      ),
  });

  const incoming = (request: FastifyRequest, withBody: boolean): IncomingPostback => ({
    slug: (request.params as { slug?: string }).slug ?? '',
    method: request.method,
    // Exactly as received: a full-URL signature is computed over it.
    url: request.raw.url ?? request.url,
    query: (request.query as Record<string, unknown>) ?? {},
    body: withBody ? request.body : undefined,
    headers: request.headers,
    ip: request.ip,
  });

  // A body that could not be read (too large, malformed JSON, another content type) never reaches the
  // handler: it is logged here, as unverified, before the error is answered.
  app.addHook('onError', async (request, _reply, error: FastifyError) => {
    const status = error.statusCode ?? 500;
    if (request.routeOptions.url !== contract.networkPostback.url || status === 429 || status >= 500) return;
    await receiver
      .recordUnreadable(incoming(request, false), status, error.message)
      .catch((err: unknown) => request.log.error({ err }, 'logging a refused network postback failed'));
  });

  app.route({
    ...contract.networkPostback,
    bodyLimit: NETWORK_RECEIVER_LIMITS.bodyBytes,
    config: {
      changesMembers: true,
      rateLimit: {
        // A network posts from a handful of servers (CPX from 3): one address may use the whole
        // per-network allowance, or a busy network's postbacks would be refused above ~20/s per server.
        max: Math.max(NETWORK_RECEIVER_LIMITS.perIpPerMinute, app.config.networkPostbacksPerMinute),
        timeWindow: '1 minute',
        errorResponseBuilder: (_request, context) =>
          new HttpError(429, `Too many postbacks from this address. Please retry in ${context.after}.`),
      },
    },
    handler: async (request, reply) => {
      const answer = await receiver.receive(incoming(request, true));
      app.metrics?.postback(answer.outcome, answer.httpStatus);
      // The body is the network's configured answer, sent as configured (a string is not serialised
      // again), with the configured status: any 2xx or refusal status, which the contract cannot list.
      return reply
        .status(answer.httpStatus as 200)
        .header('content-type', answer.contentType)
        .send(answer.body);
    },
  });
}
