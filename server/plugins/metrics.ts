// Prometheus metrics (prom-client): request counts and latencies per route, spins, wins,
// stock-outs, postbacks accepted and refused. One registry per app so tests can build many apps.
//
// /api/metrics tells a caller the Node.js version, admin sign-in failures and postback outcomes, so it
// is not public: with METRICS_TOKEN set it needs `Authorization: Bearer <token>`;
// without it, it answers only direct loopback connections (a scraper on the same host), and never
// when a reverse proxy is declared (TRUST_PROXY), since then every request arrives from the proxy.
import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface AppMetrics {
  registry: Registry;
  spin(r: { win: boolean; stockOut: boolean; type: string }): void;
  /** slot-spin.php's statements: how many spins each carried, and the shared ones sent again alone (server/spins/repository.ts). */
  spinStatements: { statement(spins: number): void; resent(spins: number): void };
  postback(outcome: string, status: number): void;
  /**
   * Web Push (issue 38, server/push/): one notification for one member, by kind and result: 'sent',
   * 'failed', 'gone' (the subscription was dead: removed), or not sent: 'visible' (the app was open),
   * 'rate_limited', 'opted_out', 'no_subscription'. `count` devices at once for the sends.
   */
  push(kind: string, result: string, count?: number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

const digest = (s: string) => createHash('sha256').update(s).digest();

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

/** Whether `request` may read the metrics under `token` (METRICS_TOKEN) and the proxy setting. */
export function metricsAllowed(request: FastifyRequest, token: string | null, behindProxy: boolean): boolean {
  if (token) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    // Compared as digests: constant time, whatever the lengths.
    return !!match && timingSafeEqual(digest(match[1]!), digest(token));
  }
  if (behindProxy) return false;
  // The socket's own address (not request.ip), and no sign of a proxy having forwarded the request.
  const h = request.headers;
  const forwarded =
    h['x-forwarded-for'] !== undefined || h.forwarded !== undefined || h['x-real-ip'] !== undefined;
  return !forwarded && isLoopback(request.socket.remoteAddress);
}

export default fp(
  async function metricsPlugin(app: FastifyInstance, opts: { defaultMetrics?: boolean }) {
    const registry = new Registry();
    if (opts.defaultMetrics) collectDefaultMetrics({ register: registry });
    const requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by route',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    const spins = new Counter({
      name: 'spins_total',
      help: 'Slot spins by type',
      labelNames: ['type'],
      registers: [registry],
    });
    const wins = new Counter({
      name: 'spin_wins_total',
      help: 'Spins that won a voucher',
      registers: [registry],
    });
    const stockOuts = new Counter({
      name: 'spin_stock_outs_total',
      help: 'Winning draws with no voucher left (shown as a miss)',
      registers: [registry],
    });
    const spinStatements = new Histogram({
      name: 'spin_statement_spins',
      help: 'Spins per database statement (under load the spins waiting together share one statement and commit)',
      buckets: [1, 2, 4, 8, 16, 32],
      registers: [registry],
    });
    const spinsResent = new Counter({
      name: 'spin_statement_resent_spins_total',
      help: 'Spins of a shared statement that failed as a whole on a sound connection (a deadlock, say), sent again alone',
      registers: [registry],
    });
    const postbacks = new Counter({
      name: 'postbacks_total',
      help: 'Postbacks by outcome',
      labelNames: ['outcome', 'status'],
      registers: [registry],
    });

    const pushes = new Counter({
      name: 'push_notifications_total',
      help: 'Web Push notifications by kind and result (sent, failed, gone; visible, rate_limited, opted_out, no_subscription: not sent)',
      labelNames: ['kind', 'result'],
      registers: [registry],
    });

    app.decorate('metrics', {
      registry,
      spin: (r) => {
        spins.inc({ type: r.type });
        if (r.win) wins.inc();
        if (r.stockOut) stockOuts.inc();
      },
      spinStatements: {
        statement: (n) => spinStatements.observe(n),
        resent: (n) => spinsResent.inc(n),
      },
      postback: (outcome, status) => postbacks.inc({ outcome, status: String(status) }),
      push: (kind, result, count = 1) => pushes.inc({ kind, result }, count),
    });

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      requests.observe(
        { method: request.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    const token = app.config.metricsToken;
    const behindProxy = app.config.trustProxy !== false;
    if (!token && behindProxy)
      app.log.warn('METRICS_TOKEN is not set and TRUST_PROXY is: /api/metrics is not served');
    app.get('/api/metrics', { logLevel: 'warn' }, async (request, reply) => {
      if (!metricsAllowed(request, token, behindProxy)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ success: false, error: 'Metrics need a valid METRICS_TOKEN bearer token' });
      }
      reply.type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
