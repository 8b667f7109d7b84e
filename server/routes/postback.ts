// GET|POST /api/postback.php: the partner network's server-to-server confirmation.
// Fails closed: no secret configured or a bad signature → 403, before anything else is read.
// Public and unauthenticated, so bounded (docs/product-rules.md#limits; POSTBACK_LIMITS): a per-address
// rate limit, a cap on the parameters' number and sizes, and a per-minute budget of log rows for attempts
// that never passed the signature check, which are stored as a summary and purged after a retention period.
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/errors';
import * as contract from '../../shared/contract/postback';
import type { PostbackStatus } from '../../shared/contract/postback';
import { registerFormBody } from '../lib/form-body';
import {
  POSTBACK_LIMITS,
  flattenParams,
  junkBudget,
  logPostback,
  paramLimitProblem,
  processPostback,
  purgeJunkPostbacks,
  verifySignature,
} from '../services/postbacks';
import {
  answerFor,
  refusedAnswer as refused,
  type PostbackAnswer as PostbackOutcome,
} from './postback-answer';

const PURGE_EVERY_MS = 3_600_000;

export default async function postbackRoutes(app: FastifyInstance) {
  // Networks post forms as often as JSON; this parser is scoped to this plugin only.
  registerFormBody(app, POSTBACK_LIMITS.bodyBytes);

  const junk = junkBudget();
  let lastPurge = 0;

  /** Logs one attempt (junk within its budget only), counts it in metrics, and purges old junk hourly. */
  async function record(request: FastifyRequest, raw: unknown, verified: boolean, outcome: PostbackOutcome) {
    app.metrics?.postback(outcome.outcome, outcome.httpStatus);
    if (!verified) {
      const { admitted, droppedInLastWindow } = junk.admit();
      if (droppedInLastWindow)
        request.log.warn(
          { dropped: droppedInLastWindow },
          'unverified postback attempts over the per-minute log budget were not stored',
        );
      if (!admitted) return;
    }
    await logPostback(app.db, { method: request.method, ip: request.ip, raw, verified, outcome });
    if (Date.now() - lastPurge > PURGE_EVERY_MS) {
      lastPurge = Date.now();
      purgeJunkPostbacks(app.db).catch((err: unknown) =>
        request.log.error({ err }, 'purging old unverified postback attempts failed'),
      );
    }
  }

  const handle = async (request: FastifyRequest) => {
    const raw =
      request.method === 'GET'
        ? request.query
        : { ...(request.query as object), ...((request.body as object) ?? {}) };
    const params = flattenParams(raw);
    const tooLarge = params && paramLimitProblem(params);
    let outcome: PostbackOutcome;
    let verified = false;
    const secret = app.config.postbackSecret;
    if (!secret) {
      outcome = refused(403, 'no_secret', 'Postbacks are not accepted: no secret is configured');
    } else if (params === null) {
      outcome = refused(
        400,
        'malformed',
        'Malformed postback: every parameter must be a single value of valid text',
      );
    } else if (tooLarge) {
      outcome = refused(400, 'too_large', `Postback too large: ${tooLarge}`);
    } else if (!verifySignature(params, secret)) {
      outcome = refused(403, 'bad_signature', 'Invalid or missing signature');
    } else {
      verified = true;
      const parsed = contract.postbackParams.safeParse(params);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        outcome = refused(
          400,
          'malformed',
          `Malformed postback: ${issue.path.join('.') || 'parameters'}: ${issue.message}`,
        );
      } else {
        outcome = answerFor(await processPostback(app.db, parsed.data, app.config.reversalHold));
      }
    }
    await record(request, raw, verified, outcome);
    return outcome;
  };

  // A body that could not be read (malformed JSON, a lone surrogate, too large, another content type)
  // never reaches the handler: it is logged here, as unverified, before the error is answered.
  app.addHook('onError', async (request, _reply, error: FastifyError) => {
    const status = error.statusCode ?? 500;
    if (request.routeOptions.url !== '/api/postback.php' || status === 429 || status >= 500) return;
    const outcome = status === 413 ? 'too_large' : status === 415 ? 'unsupported_media_type' : 'malformed';
    await record(request, request.query, false, refused(status, outcome, error.message)).catch(
      (err: unknown) => request.log.error({ err }, 'logging a refused postback failed'),
    );
  });

  app.route({
    ...contract.postback,
    bodyLimit: POSTBACK_LIMITS.bodyBytes,
    config: {
      changesMembers: true,
      rateLimit: {
        max: POSTBACK_LIMITS.perIpPerMinute,
        timeWindow: '1 minute',
        errorResponseBuilder: (_request, context) =>
          new HttpError(429, `Too many postbacks from this address. Please retry in ${context.after}.`),
      },
    },
    handler: async (request, reply) => {
      const outcome = await handle(request);
      // Every status an outcome carries is one the contract declares (postback-answer.ts).
      return reply.status(outcome.httpStatus as PostbackStatus).send(outcome.body);
    },
  });
}
