// CSRF (docs/product-rules.md#sessions): state-changing API calls accept only JSON bodies, and an Origin
// header, when a browser sends one, must be our own. The postback is server-to-server and exempt.
//
// The check is keyed on the route the router matched (request.routeOptions.url), never on the raw
// URL: the router decodes the path, so `/%61pi/logout.php` reaches `/api/logout.php`, and a raw-URL
// test let it through with neither check.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/errors';

/** Methods that change nothing; every other method is checked. */
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Routes (as registered) that are not browser calls: partner networks sign their postbacks. */
const EXEMPT_ROUTES = new Set(['/api/postback.php', '/api/postback/:slug']);

/** Whether the request's matched route is a state-changing API call the CSRF rules cover. */
export function csrfApplies(request: FastifyRequest): boolean {
  if (SAFE.has(request.method)) return false;
  const route = request.routeOptions.url;
  // No route matched: the not-found handler answers 404 and nothing runs.
  if (route === undefined) return false;
  return route.startsWith('/api/') && !EXEMPT_ROUTES.has(route);
}

export default fp(
  async function csrfPlugin(app: FastifyInstance) {
    const allowed = new Set([new URL(app.config.publicUrl).origin]);
    app.addHook('onRequest', async (request) => {
      if (!csrfApplies(request)) return;
      const origin = request.headers.origin;
      if (origin && origin !== 'null') {
        const host = request.headers.host;
        const sameHost = host && (origin === `http://${host}` || origin === `https://${host}`);
        if (!allowed.has(origin) && !sameHost) throw new HttpError(403, 'Cross-origin request refused');
      } else if (origin === 'null') {
        throw new HttpError(403, 'Cross-origin request refused');
      }
      const type = request.headers['content-type'];
      const length = Number(request.headers['content-length'] ?? 0);
      if (
        (length > 0 || request.headers['transfer-encoding']) &&
        !(type ?? '').toLowerCase().startsWith('application/json')
      ) {
        throw new HttpError(415, 'Content-Type must be application/json');
      }
    });
  },
  { name: 'csrf' },
);
