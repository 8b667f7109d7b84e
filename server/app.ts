// Composes the application. Order matters:
//   1. external: configuration, security headers (first, so that every response carries them),
//      database, errors, metrics, cookies + sessions, rate limit, CSRF
//   2. the app's own services: the Firebase token verifier
//   3. routes: health and client config, member calls, postback, demo partner (demo mode), admin, and
//      last the static files (or, without them, a JSON 404 for every other path)
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyTrustProxy, type Config } from './config';
import type { Database, Db } from './db/client';
import authPlugin from './plugins/auth';
import { releaseDueHolds } from './trust/review-queue';
import csrfPlugin from './plugins/csrf';
import errorsPlugin from './plugins/errors';
import metricsPlugin from './plugins/metrics';
import securityHeadersPlugin from './plugins/security-headers';
import staticPlugin from './plugins/static';
import memberRoutes from './members/route';
import offerRoutes from './offers/route';
import spinRoutes from './spins/route';
import referralRoutes from './referrals/route';
import demoPartnerRoutes from './demo-partner/route';
import systemRoutes from './system/route';
import { createTokenVerifier, type TokenVerifier } from './members/firebase';
import { Announcer } from './events/announcer';
import { MemberAnswers } from './members/answers';
import { NetworkCache } from './networks/cache';
import fp from 'fastify-plugin';
import secureJson from 'secure-json-parse';
import { HttpError } from './lib/errors';
import { LONE_SURROGATE_MESSAGE, unstorableText } from './lib/text';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbKind: Database['kind'];
    sessionSecret: string;
    tokenVerifier: TokenVerifier;
    /** The member answers cache (server/members/answers.ts). */
    memberAnswers: MemberAnswers;
    /** Announcements sent after a commit (server/events/announcer.ts). */
    announcer: Announcer;
    /** The partner networks the receiver has read (server/networks/cache.ts). */
    networkCache: NetworkCache;
  }
  interface FastifyContextConfig {
    /**
     * The route changes members' data without a member or an administrator signed in (a partner
     * network's postback): a success is answered once this process has heard the change.
     */
    changesMembers?: boolean;
  }
}

/** Member sessions the member answers cache keeps per process (its bytes: MEMBER_ANSWERS_CACHE_MB). */
const MEMBER_ANSWERS_SESSIONS = 200_000;

export interface BuildOptions {
  config: Config;
  database: Database;
  sessionSecret: string;
  logger?: boolean | object;
  tokenVerifier?: TokenVerifier;
  /**
   * Serve the built member app and console from `config.distDir` (the default). `false` (tests, the
   * admin bench): no static files, and every path no route matches answers a JSON 404.
   */
  serveStatic?: boolean;
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: fastifyTrustProxy(opts.config.trustProxy),
    bodyLimit: 256 * 1024,
    requestTimeout: 30_000,
    // Never echo internals: request ids for correlating logs instead.
    genReqId: () => Math.random().toString(36).slice(2, 10),
    routerOptions: { ignoreTrailingSlash: false },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON with prototype-poisoning protection, and an empty body read as "no body" (logout sends none,
  // some clients still label it application/json).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = secureJson.parse(body as string, undefined, {
        protoAction: 'error',
        constructorAction: 'error',
      });
    } catch {
      return done(new HttpError(400, 'Malformed JSON body'), undefined);
    }
    // "\ud800" parses to a lone surrogate that PostgreSQL cannot store: a 400 here, not a 500 later.
    if (unstorableText(parsed) === 'surrogate') return done(new HttpError(400, LONE_SURROGATE_MESSAGE));
    done(null, parsed);
  });

  // 1. external
  app.decorate('config', opts.config);
  app.decorate('sessionSecret', opts.sessionSecret);
  // First, so that every response carries them, errors included.
  await app.register(securityHeadersPlugin);
  await app.register(
    fp(
      async (instance) => {
        instance.decorate('db', opts.database.db);
        instance.decorate('dbKind', opts.database.kind);
      },
      { name: 'database' },
    ),
  );
  await app.register(errorsPlugin);
  await app.register(metricsPlugin, { defaultMetrics: true });
  await app.register(authPlugin);
  await app.register(rateLimit, { global: false });
  await app.register(csrfPlugin);

  // 2. services
  app.decorate(
    'tokenVerifier',
    opts.tokenVerifier ?? createTokenVerifier(opts.config.firebaseProjectId, opts.config.authEmulatorHost),
  );

  // Filled by the member calls, kept true by the database's notifications (events/route.ts listens)
  // and by the server's own announcements of what it changed without one.
  app.decorate('announcer', new Announcer(app.db));
  // Kept true the same way, on its own channel (events/route.ts listens).
  app.decorate('networkCache', new NetworkCache());
  app.decorate(
    'memberAnswers',
    new MemberAnswers({
      budgetBytes: opts.config.memberAnswersCacheBytes,
      maxSessions: MEMBER_ANSWERS_SESSIONS,
      announcer: app.announcer,
    }),
  );

  // A change made through this process shows on the very next call here: a member's own change (a
  // click, a claim, a voucher marked used) drops their answers before the answer is sent, and so does
  // a postback for the members it changed (postbacks/route.ts); an administrator's change is
  // answered once this process has heard it (MemberAnswers.sync). Other processes hear it through
  // the database's notification.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.config.changesMembers) {
      if (reply.statusCode < 400) await app.memberAnswers.sync(app.db);
      return payload;
    }
    if (request.method === 'GET' || request.method === 'HEAD') return payload;
    if (request.member) app.memberAnswers.changed(request.member.userId);
    else if (request.admin && reply.statusCode < 400) await app.memberAnswers.sync(app.db);
    return payload;
  });

  // Medium-risk holds whose wait is over are released by each process every minute by default
  // (HOLD_RELEASE_INTERVAL_SECONDS; issue 33, docs/trust-and-safety.md#holds); a hold is released once
  // whichever process comes first.
  let holdTimer: ReturnType<typeof setInterval> | null = null;
  let releasing: Promise<unknown> | null = null;
  app.addHook('onReady', async () => {
    holdTimer = setInterval(() => {
      if (releasing) return;
      releasing = releaseDueHolds(app.db, (ids) => ids.forEach((id) => app.memberAnswers.changed(id)))
        .catch((err: unknown) =>
          app.log.warn({ err }, 'releasing due holds failed; tried again at the next interval'),
        )
        .finally(() => (releasing = null));
    }, app.config.holdReleaseIntervalMs);
    holdTimer.unref();
  });
  app.addHook('onClose', async () => {
    if (holdTimer) clearInterval(holdTimer);
    await releasing;
  });

  // 3. routes
  await app.register(systemRoutes);
  await app.register(memberRoutes);
  await app.register(offerRoutes);
  await app.register(spinRoutes);
  await app.register(referralRoutes);
  // Web Push (issue 38) before the live stream, which hands it each member event and open window.
  await app.register(import('./push/plugin'));
  await app.register(import('./events/route'));
  await app.register(import('./vouchers/route'));
  await app.register(import('./claims/route'));
  await app.register(import('./fair-play/route'));
  await app.register(import('./privacy/route'));
  await app.register(import('./started/route'));
  await app.register(import('./brands/route'));
  await app.register(import('./postbacks/route'));
  if (opts.config.mode === 'demo') await app.register(demoPartnerRoutes);
  const { default: adminRoutes } = await import('./admin/routes');
  await app.register(adminRoutes);
  if (opts.serveStatic !== false) await app.register(staticPlugin, { distDir: opts.config.distDir });
  else
    app.setNotFoundHandler((_request, reply) =>
      reply.status(404).send({ success: false, error: 'Not found' }),
    );

  return app;
}
