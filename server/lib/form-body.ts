// Partner networks (and the demo partner's own pages) post HTML forms as often as JSON.
// Fastify parses JSON only; this adds form bodies to the calling plugin's encapsulated scope.
import { parse as parseQuery } from 'node:querystring';
import type { FastifyInstance } from 'fastify';

/** Parses `application/x-www-form-urlencoded` bodies of up to `bodyLimit` bytes in this plugin's scope. */
export function registerFormBody(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_req, body, done) => {
      done(null, parseQuery(body as string));
    },
  );
}
