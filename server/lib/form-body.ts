// Partner networks (and the demo partner's own pages) post HTML forms as often as JSON.
// Fastify parses JSON only; this adds form bodies to the calling plugin's encapsulated scope.
import { parse as parseQuery } from 'node:querystring';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';
import { LONE_SURROGATE_MESSAGE, unstorableText } from './text';

/** Parses `application/x-www-form-urlencoded` bodies of up to `bodyLimit` bytes in this plugin's scope. */
export function registerFormBody(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_req, body, done) => {
      const parsed = parseQuery(body as string);
      // Like the JSON parser: a lone surrogate is a 400 before anything tries to store it.
      if (unstorableText(parsed) === 'surrogate') return done(new HttpError(400, LONE_SURROGATE_MESSAGE));
      done(null, parsed);
    },
  );
}
