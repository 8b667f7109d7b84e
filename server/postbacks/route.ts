// The postback receiver's two URLs, one plugin (issue 32, item 1): GET|POST /api/postback/{slug}, a
// partner network's postback in its own format, and GET|POST /api/postback.php, the native format
// (the built-in native network, postbacks/service.ts). One receiver behind both: one
// verification, one answer mapper, one log writer, one set of limits and hooks. Public and
// unauthenticated, so bounded: a per-address rate limit well below a network's allowance, the
// receiver's per-network and per-(network, address) limits, a body limit, a JSON depth limit, the
// verifier's parameter caps, and per-network budgets of log rows for attempts that never passed the
// signature check.
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import * as contract from '../../shared/contract/postback';
import { HttpError } from '../lib/errors';
import { registerFormBody } from '../lib/form-body';
import { LONE_SURROGATE_MESSAGE, unstorableText } from '../lib/text';
import { RECEIVER_LIMITS, createNetworkReceiver, type IncomingPostback } from './service';

/**
 * Every receiver answer is data for a network's server, never a page: a browser that is sent to it
 * renders nothing and runs nothing (issue 32, item 7).
 */
const RECEIVER_HEADERS = {
  'content-security-policy': "sandbox; default-src 'none'",
  'x-content-type-options': 'nosniff',
} as const;

/** How deep a JSON body nests, counted without parsing it; stops counting past `max`. */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * The request as the server's own log writes it: the path only. A postback's query string carries
 * URL tokens and signatures (issue 32, item 6); the postback log keeps what is needed, masked.
 */
const requestLogSerializer = (req: FastifyRequest) => ({
  method: req.method,
  url: (req.raw.url ?? req.url).split('?')[0],
  remoteAddress: req.ip,
});

export default async function postbackReceiverRoutes(app: FastifyInstance) {
  // Networks post forms as often as JSON; these parsers are scoped to this plugin only.
  registerFormBody(app, RECEIVER_LIMITS.bodyBytes);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: RECEIVER_LIMITS.bodyBytes },
    (_request, body, done) => {
      const text = body as string;
      if (text === '') return done(null, undefined);
      // A postback is flat: a deeply nested body is refused before anything walks it (issue 32, item 5).
      if (jsonDepthExceeds(text, RECEIVER_LIMITS.maxJsonDepth))
        return done(
          new HttpError(
            400,
            `Malformed JSON body: nested deeper than ${RECEIVER_LIMITS.maxJsonDepth} levels`,
          ),
          undefined,
        );
      let parsed: unknown;
      try {
        parsed = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
      } catch {
        return done(new HttpError(400, 'Malformed JSON body'), undefined);
      }
      if (unstorableText(parsed) === 'surrogate') return done(new HttpError(400, LONE_SURROGATE_MESSAGE));
      done(null, parsed);
    },
  );

  const receiver = createNetworkReceiver(app.db, {
    publicUrl: app.config.publicUrl,
    postbackSecret: app.config.postbackSecret,
    perNetworkPerMinute: app.config.networkPostbacksPerMinute,
    reversalHold: () => app.config.reversalHold,
    networks: app.networkCache,
    // TRUST_CHECKS=off: approvals are not judged (the incident switch, the bench's baseline).
    ...(app.config.trustChecks ? {} : { riskPolicy: async () => null }),
    onJunkDropped: (dropped, network) =>
      app.log.warn(
        { dropped, network },
        'unverified postbacks over the per-minute log budget were not stored',
      ),
  });

  const slugOf = (request: FastifyRequest): string | null =>
    request.routeOptions.url === contract.postback.url
      ? null
      : ((request.params as { slug?: string }).slug ?? '');

  const incoming = (request: FastifyRequest, withBody: boolean): IncomingPostback => ({
    slug: slugOf(request),
    method: request.method,
    // Exactly as received: a full-URL signature is computed over it.
    url: request.raw.url ?? request.url,
    query: (request.query as Record<string, unknown>) ?? {},
    body: withBody ? request.body : undefined,
    headers: request.headers,
    ip: request.ip,
  });

  // A body that could not be read (too large, too deep, malformed JSON, another content type) never
  // reaches the handler: it is logged here, as unverified, before the error is answered.
  app.addHook('onError', async (request, _reply, error: FastifyError) => {
    const status = error.statusCode ?? 500;
    if (status === 429 || status >= 500) return;
    await receiver
      .recordUnreadable(incoming(request, false), status, error.message)
      .catch((err: unknown) => request.log.error({ err }, 'logging a refused postback failed'));
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.headers(RECEIVER_HEADERS);
    return payload;
  });

  const rateLimit = {
    max: RECEIVER_LIMITS.perIpPerMinute,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
      new HttpError(429, `Too many postbacks from this address. Please retry in ${context.after}.`),
  };

  for (const endpoint of [contract.postback, contract.networkPostback]) {
    app.route({
      method: endpoint.method,
      url: endpoint.url,
      bodyLimit: RECEIVER_LIMITS.bodyBytes,
      logSerializers: { req: requestLogSerializer },
      config: { rateLimit },
      handler: async (request, reply) => {
        const answer = await receiver.receive(incoming(request, true));
        app.metrics?.postback(answer.outcome, answer.httpStatus);
        // The member's next call through this process shows the change: their cached answers are
        // dropped now that the conversion has committed, without waiting for the database's
        // notification (the other processes hear it).
        for (const userId of answer.changedMembers) app.memberAnswers.changed(userId);
        // The one-statement approval notified nothing (server/events/announcer.ts): announced now.
        for (const userId of answer.announce?.members ?? []) app.memberAnswers.announce(userId);
        for (const event of answer.announce?.events ?? []) app.announcer.event(event);
        // The body is the network's configured answer (or the native JSON), already written: sent as
        // is, with its status and content type.
        if (answer.httpStatus === 429) reply.header('retry-after', '60');
        return reply.status(answer.httpStatus).header('content-type', answer.contentType).send(answer.body);
      },
    });
  }
}
