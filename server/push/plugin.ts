// Web Push (issue 38; docs/architecture.md, "Web Push"): the sender, the app windows' presence, the
// voucher-expiry job and the calls. Registered before the live stream (server/events/route.ts),
// which hands it every member event and each stream's window.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { loadVapidKeys, type VapidKeys } from './vapid';
import { PushSender } from './sender';
import { runVoucherExpiryJob } from './expiry-job';
import * as repo from './repository';
import pushRoutes from './route';

export interface PushService {
  /** The VAPID keys (null: push is off), loaded on first use. */
  keys(): VapidKeys | null;
  sender: PushSender;
  /** A live stream opened by an app window (`tab`): the window is visible until it says otherwise. */
  streamOpened(tab: string, userId: number): void;
  streamClosed(tab: string, userId: number): void;
  /** One run of the expiry job (tests and the interval below). */
  runExpiryJob(): Promise<number | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushService;
  }
}

async function pushPlugin(app: FastifyInstance) {
  let keys: VapidKeys | null | undefined;
  const loadKeys = () => {
    if (keys === undefined) {
      keys = loadVapidKeys(app.config);
      if (!keys) app.log.warn('PUSH_VAPID_PUBLIC_KEY / PUSH_VAPID_PRIVATE_KEY are not set: Web Push is off');
    }
    return keys;
  };
  const heartbeatMs = app.config.memberEvents.heartbeatMs;
  const sender = new PushSender({
    db: app.db,
    keys: loadKeys,
    count: (kind, result, n) => app.metrics.push(kind, result, n),
    log: app.log,
    ratePerHour: app.config.push.ratePerHour,
    // A stream's window is touched every heartbeat: three missed and it no longer counts.
    presenceSeconds: Math.ceil((3 * heartbeatMs) / 1000),
    allowInsecureEndpoints: app.config.push.allowInsecureEndpoints,
  });

  /** This process's streams with a window id: tab → member. */
  const tabs = new Map<string, number>();
  const quietly = (p: Promise<unknown>, what: string) =>
    void p.catch((err: unknown) => app.log.warn({ err }, `push: ${what} failed`));

  let running: Promise<unknown> | null = null;
  const runExpiryJob = () => runVoucherExpiryJob(app.db, sender);

  app.decorate('push', {
    keys: loadKeys,
    sender,
    streamOpened(tab, userId) {
      tabs.set(tab, userId);
      quietly(repo.openPresence(app.db, tab, userId), 'recording an open window');
    },
    streamClosed(tab, userId) {
      if (tabs.get(tab) === userId) tabs.delete(tab);
      quietly(repo.closePresence(app.db, tab, userId), 'forgetting a closed window');
    },
    runExpiryJob,
  } satisfies PushService);

  let presenceTimer: ReturnType<typeof setInterval> | null = null;
  let expiryTimer: ReturnType<typeof setInterval> | null = null;
  app.addHook('onReady', async () => {
    presenceTimer = setInterval(
      () => quietly(repo.touchPresence(app.db, [...tabs.keys()]), 'touching open windows'),
      heartbeatMs,
    );
    presenceTimer.unref();
    expiryTimer = setInterval(() => {
      if (running || !loadKeys()) return;
      running = runExpiryJob()
        .catch((err: unknown) =>
          app.log.warn({ err }, 'push: the voucher-expiry job failed; tried again later'),
        )
        .finally(() => (running = null));
    }, app.config.push.expiryJobMs);
    expiryTimer.unref();
  });
  app.addHook('onClose', async () => {
    if (presenceTimer) clearInterval(presenceTimer);
    if (expiryTimer) clearInterval(expiryTimer);
    await running;
  });

  await app.register(pushRoutes);
}

export default fp(pushPlugin, { name: 'push', dependencies: ['auth', 'database', 'metrics'] });
