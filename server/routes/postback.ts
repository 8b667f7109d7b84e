// GET|POST /api/postback.php: the partner network's server-to-server confirmation.
// Fails closed: no secret configured or a bad signature → 403, before anything else is read.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerFormBody } from '../lib/form-body';
import {
  flattenParams,
  logPostback,
  postbackParamsSchema,
  processPostback,
  verifySignature,
  type PostbackOutcome,
} from '../services/postbacks';

export default async function postbackRoutes(app: FastifyInstance) {
  // Networks post forms as often as JSON; this parser is scoped to this plugin only.
  registerFormBody(app, 16_384);

  const handle = async (request: FastifyRequest) => {
    const raw =
      request.method === 'GET'
        ? request.query
        : { ...(request.query as object), ...((request.body as object) ?? {}) };
    const params = flattenParams(raw);
    let outcome: PostbackOutcome;
    const secret = app.config.postbackSecret;
    if (!secret) {
      outcome = {
        httpStatus: 403,
        outcome: 'no_secret',
        body: { success: false, error: 'Postbacks are not accepted: no secret is configured' },
      };
    } else if (params === null) {
      outcome = {
        httpStatus: 400,
        outcome: 'malformed',
        body: { success: false, error: 'Malformed postback: every parameter must be a single value' },
      };
    } else if (!verifySignature(params, secret)) {
      outcome = {
        httpStatus: 403,
        outcome: 'bad_signature',
        body: { success: false, error: 'Invalid or missing signature' },
      };
    } else {
      const parsed = postbackParamsSchema.safeParse(params);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        outcome = {
          httpStatus: 400,
          outcome: 'malformed',
          body: {
            success: false,
            error: `Malformed postback: ${issue.path.join('.') || 'parameters'}: ${issue.message}`,
          },
        };
      } else {
        outcome = await processPostback(app.db, parsed.data);
      }
    }
    await logPostback(app.db, { method: request.method, ip: request.ip, params, outcome });
    app.metrics?.postback(outcome.outcome, outcome.httpStatus);
    return outcome;
  };

  app.route({
    method: ['GET', 'POST'],
    url: '/api/postback.php',
    config: { rateLimit: false },
    handler: async (request, reply) => {
      const outcome = await handle(request);
      return reply.status(outcome.httpStatus).send(outcome.body);
    },
  });
}
