// CSRF (DESIGN.md section 4): state-changing API calls accept only JSON bodies, and an Origin
// header, when a browser sends one, must be our own. The postback is server-to-server and exempt.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/errors';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export default fp(
  async function csrfPlugin(app: FastifyInstance) {
    const allowed = new Set([new URL(app.config.publicUrl).origin]);
    app.addHook('onRequest', async (request) => {
      if (
        !UNSAFE.has(request.method) ||
        !request.url.startsWith('/api/') ||
        request.url.startsWith('/api/postback.php')
      )
        return;
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
