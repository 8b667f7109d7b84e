// Every error leaves as `{ success: false, error }` with the right status; nothing internal reaches a
// client: validation details become one readable sentence, anything unexpected a generic 500.
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/errors';
import { LONE_SURROGATE_MESSAGE, unstorableText } from '../lib/text';
import { isFormSchema } from '../../shared/contract/admin/form-fields';

/**
 * The first issue's message. A field of an admin form's body (shared/contract/admin/*-form.ts) is
 * answered with its message as it is, one of the specification's sentences ("Title is required");
 * any other input with the field it names ("Invalid status: must be one of: …").
 */
function describeValidation(err: FastifyError, formBody: boolean): string {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    const params = first?.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const where = params?.issue?.path?.length
      ? params.issue.path.map(String).join('.')
      : first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
    const message = first?.message ?? 'is invalid';
    if (formBody && where && first?.message) return first.message;
    return where ? `Invalid ${where}: ${message}` : `Invalid request: ${message}`;
  }
  return 'Invalid request';
}

/** The values a form's first issue is about, when its schema names them (`params.codes`). */
function issueCodes(err: FastifyError): string[] | undefined {
  if (!hasZodFastifySchemaValidationErrors(err)) return undefined;
  // fastify-type-provider-zod keeps the issue's own fields, its `params` among them, as `params`.
  const params = err.validation[0]?.params as { params?: { codes?: unknown } } | undefined;
  const codes = params?.params?.codes;
  return Array.isArray(codes) && codes.every((c) => typeof c === 'string') ? codes : undefined;
}

export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    // Every route, the postback receiver's too (its onError hook logs the refusal as malformed).
    app.addHook('preValidation', async (request) => {
      // PostgreSQL text holds neither U+0000 nor a lone surrogate: either would fail there as a 500.
      const problem = unstorableText(request.query) ?? unstorableText(request.body);
      if (problem === 'nul')
        throw new HttpError(400, 'Invalid request: text must not contain NUL (\\u0000) characters');
      if (problem === 'surrogate') throw new HttpError(400, LONE_SURROGATE_MESSAGE);
    });
    app.setErrorHandler((err: FastifyError, request, reply) => {
      if (err instanceof HttpError) {
        return reply
          .status(err.statusCode)
          .send({ success: false, error: err.message, ...(err.codes ? { codes: err.codes } : {}) });
      }
      if (err.validation) {
        const formBody = err.validationContext === 'body' && isFormSchema(request.routeOptions.schema?.body);
        const codes = formBody ? issueCodes(err) : undefined;
        return reply
          .status(400)
          .send({ success: false, error: describeValidation(err, formBody), ...(codes ? { codes } : {}) });
      }
      if (isResponseSerializationError(err)) {
        request.log.error({ err }, 'response did not match its schema');
        return reply
          .status(500)
          .send({ success: false, error: 'Internal server error. Please try again later.' });
      }
      const status = err.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const messages: Record<string, string> = {
          FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body',
          FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body must not be empty JSON',
          FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Content-Type must be application/json',
          FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
          FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid Content-Length',
        };
        const message =
          (err.code && messages[err.code]) || (status === 429 ? err.message : 'Invalid request');
        return reply.status(status).send({ success: false, error: message });
      }
      request.log.error({ err }, 'unhandled error');
      return reply
        .status(500)
        .send({ success: false, error: 'Internal server error. Please try again later.' });
    });
  },
  { name: 'errors' },
);
