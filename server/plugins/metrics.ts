// Prometheus metrics (prom-client): request counts and latencies per route, spins, wins,
// stock-outs, postbacks accepted and refused. One registry per app so tests can build many apps.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface AppMetrics {
  registry: Registry;
  spin(r: { win: boolean; stockOut: boolean; type: string }): void;
  postback(outcome: string, status: number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
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
    const postbacks = new Counter({
      name: 'postbacks_total',
      help: 'Postbacks by outcome',
      labelNames: ['outcome', 'status'],
      registers: [registry],
    });

    app.decorate('metrics', {
      registry,
      spin: (r) => {
        spins.inc({ type: r.type });
        if (r.win) wins.inc();
        if (r.stockOut) stockOuts.inc();
      },
      postback: (outcome, status) => postbacks.inc({ outcome, status: String(status) }),
    });

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      requests.observe(
        { method: request.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });

    app.get('/api/metrics', { logLevel: 'warn' }, async (_request, reply) => {
      reply.type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'metrics' },
);
