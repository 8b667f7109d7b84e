// Web Push (issue 38) against a push service on this machine (./test-receiver.ts), as a member would
// notice it: a partner's approval reaches a closed app as an encrypted notification with the right
// headers; a dead subscription is removed; nothing is sent while the app is open and visible, nor
// beyond the rate limit, nor for a kind turned off; the expiry job tells of a voucher once even with
// two processes running it; the console's counts follow.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../db/client';
import {
  completeOffer,
  createTestApp,
  DATABASE_KINDS,
  insertOffer,
  insertVouchers,
  newAccount,
  signIn,
  testAppPerSuite,
  testConfig,
  type SignedInMember,
  type SuiteApp,
} from '../test/helpers';
import { adminClient, createAdmin } from '../test/admin';
import { startPushReceiver, type PushReceiver, type TestSubscription } from './test-receiver';
import { endpointAllowed } from './sender';
import { loadConfig } from '../config';

const SUBJECT = 'mailto:ops@example.com';
const RATE = 3;
const vapid = webpush.generateVAPIDKeys();

function until(condition: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const tick = async () => {
      if (await condition()) return resolve();
      if (Date.now() - start > timeoutMs) return reject(new Error('condition not met in time'));
      setTimeout(() => void tick(), 50);
    };
    void tick();
  });
}

describe.each(DATABASE_KINDS)('Web Push on %s', (kind) => {
  let suite: SuiteApp;
  let receiver: PushReceiver;
  let base: string;
  const app = () => suite.app;
  const streams: http.ClientRequest[] = [];

  beforeAll(async () => {
    receiver = await startPushReceiver({ vapidPublicKey: vapid.publicKey, subject: SUBJECT });
  });
  afterAll(async () => {
    for (const s of streams) s.destroy();
    await receiver.close();
  });

  testAppPerSuite(
    kind,
    async (setup) => {
      suite = setup;
      await createAdmin(setup.db);
      await setup.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(setup.app.server.address() as AddressInfo).port}`;
    },
    {
      config: {
        push: {
          ...testConfig().push,
          vapidKeys: { publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          subject: SUBJECT,
          ratePerHour: RATE,
        },
      },
    },
  );

  const member = (m: SignedInMember) => ({
    get: (url: string) => app().inject({ method: 'GET', url, headers: { cookie: m.cookie } }),
    post: (url: string, payload: object) =>
      app().inject({ method: 'POST', url, headers: { cookie: m.cookie }, payload }),
  });

  async function subscribed(label: string): Promise<{ m: SignedInMember; sub: TestSubscription }> {
    const m = await signIn(app(), newAccount(label));
    const sub = receiver.subscription();
    const res = await member(m).post('/api/push-subscribe.php', sub);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, subscriptions: 1 });
    return { m, sub };
  }

  const messagesTo = (sub: TestSubscription) => receiver.received.filter((r) => r.subscriptionId === sub.id);

  async function metric(kindLabel: string, result: string): Promise<number> {
    const res = await app().inject({ method: 'GET', url: '/api/metrics', remoteAddress: '127.0.0.1' });
    const line = res.body
      .split('\n')
      .find((l) => l.startsWith(`push_notifications_total{kind="${kindLabel}",result="${result}"}`));
    return line ? Number(line.split(' ').pop()) : 0;
  }

  it('settings: the VAPID public key, every kind on, no subscription yet', async () => {
    const m = await signIn(app(), newAccount('push-settings'));
    const res = await member(m).get('/api/push-settings.php');
    expect(res.json()).toEqual({
      success: true,
      enabled: true,
      publicKey: vapid.publicKey,
      kinds: {
        spin_ready: true,
        voucher_expiring: true,
        claim_answered: true,
        referral_reward: true,
        account_messages: true,
      },
      subscriptions: 0,
    });
  });

  it('an approval reaches a closed app: encrypted payload, VAPID JWT, TTL, urgency and topic', async () => {
    const { m, sub } = await subscribed('push-approve');
    const offerId = await insertOffer(suite.db, { title: 'Mega Quiz' });
    await completeOffer(app(), m, offerId);
    await until(() => messagesTo(sub).length === 1);
    const [msg] = messagesTo(sub);
    expect(msg!.vapidError).toBeNull();
    expect(msg!.jwt).toMatchObject({ aud: receiver.url, sub: SUBJECT });
    expect(msg!.decryptError).toBeNull();
    expect(msg!.contentEncoding).toBe('aes128gcm');
    expect({ ttl: msg!.ttl, urgency: msg!.urgency, topic: msg!.topic }).toEqual({
      ttl: '86400',
      urgency: 'high',
      topic: 'spins',
    });
    expect(msg!.payload).toEqual({
      kind: 'spin_ready',
      title: 'Your spin is ready',
      body: '“Mega Quiz” is confirmed. Spin now to win a voucher.',
      url: '/dashboard',
      tag: 'spins',
      action: 'spin',
      badge: 1,
    });
    await until(async () => (await metric('spin_ready', 'sent')) >= 1);
  });

  it('a subscription its push service calls gone (410) is removed', async () => {
    const { m, sub } = await subscribed('push-gone');
    receiver.setStatus(sub.id, 410);
    await completeOffer(app(), m, await insertOffer(suite.db));
    await until(async () => (await member(m).get('/api/push-settings.php')).json().subscriptions === 0);
    expect(messagesTo(sub)).toHaveLength(1);
    await until(async () => (await metric('spin_ready', 'gone')) >= 1);
    // Nothing more is sent to it.
    await completeOffer(app(), m, await insertOffer(suite.db));
    await new Promise((r) => setTimeout(r, 300));
    expect(messagesTo(sub)).toHaveLength(1);
  });

  it('no notification while the member has the app open and visible; one once it is hidden', async () => {
    const { m, sub } = await subscribed('push-visible');
    const tab = 'tab-visible-0001';
    const ready = new Promise<void>((resolve, reject) => {
      const req = http.get(`${base}/api/events.php?tab=${tab}`, { headers: { cookie: m.cookie } }, (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (chunk.includes('event: ready')) resolve();
        });
      });
      req.on('error', reject);
      streams.push(req);
    });
    await ready;
    await until(async () => {
      const rows = await query<{ n: number }>(
        suite.db,
        sql`select count(*)::int as n from push_presence where tab = ${tab}`,
      );
      return rows[0]!.n === 1;
    });
    const visibleBefore = await metric('spin_ready', 'visible');
    await completeOffer(app(), m, await insertOffer(suite.db));
    await until(async () => (await metric('spin_ready', 'visible')) === visibleBefore + 1);
    expect(messagesTo(sub)).toHaveLength(0);

    const hidden = await member(m).post('/api/push-presence.php', { tab, visible: false });
    expect(hidden.json()).toEqual({ success: true });
    await completeOffer(app(), m, await insertOffer(suite.db));
    await until(() => messagesTo(sub).length === 1);
    expect(messagesTo(sub)[0]!.payload).toMatchObject({ kind: 'spin_ready', badge: 2 });
  });

  it(`the rate limit holds: at most ${RATE} notifications an hour per member`, async () => {
    const { m, sub } = await subscribed('push-rate');
    const limitedBefore = await metric('spin_ready', 'rate_limited');
    for (let i = 0; i < RATE + 2; i++) await completeOffer(app(), m, await insertOffer(suite.db));
    await until(async () => (await metric('spin_ready', 'rate_limited')) === limitedBefore + 2);
    expect(messagesTo(sub)).toHaveLength(RATE);
  });

  it('a kind turned off is not sent; the others still are', async () => {
    const { m, sub } = await subscribed('push-optout');
    const off = await member(m).post('/api/push-settings.php', { kinds: { spin_ready: false } });
    expect(off.json().kinds).toMatchObject({ spin_ready: false, claim_answered: true });
    const before = await metric('spin_ready', 'opted_out');
    await completeOffer(app(), m, await insertOffer(suite.db));
    await until(async () => (await metric('spin_ready', 'opted_out')) === before + 1);
    expect(messagesTo(sub)).toHaveLength(0);
    // A kind that is not in the list is refused.
    const bad = await member(m).post('/api/push-settings.php', { kinds: { marketing: true } });
    expect(bad.statusCode).toBe(400);
  });

  it('the expiry job tells of an unused voucher 3 days ahead, once, even with two processes', async () => {
    const { m, sub } = await subscribed('push-expiry');
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const later = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await insertVouchers(suite.db, 250, 1, {
      expiryDate: soon,
      status: 'assigned',
      assignedToUserId: m.userId,
      voucherBrand: 'Amazon',
    });
    await insertVouchers(suite.db, 100, 1, { expiryDate: soon, status: 'used', assignedToUserId: m.userId });
    await insertVouchers(suite.db, 50, 1, {
      expiryDate: later,
      status: 'assigned',
      assignedToUserId: m.userId,
    });
    const [due] = await query<{ id: number }>(
      suite.db,
      sql`select id from vouchers where assigned_to_user_id = ${m.userId} and voucher_amount = 250`,
    );
    // A second process over the same database.
    const other: FastifyInstance = await createTestApp(suite.database, {
      push: { ...app().config.push },
    });
    try {
      const runs = await Promise.all([
        app().push.runExpiryJob(),
        other.push.runExpiryJob(),
        app().push.runExpiryJob(),
        other.push.runExpiryJob(),
      ]);
      expect(runs.reduce<number>((a, n) => a + (n ?? 0), 0)).toBe(1);
      await until(() => messagesTo(sub).length === 1);
      await new Promise((r) => setTimeout(r, 200));
      expect(messagesTo(sub)).toHaveLength(1);
      const msg = messagesTo(sub)[0]!;
      expect({ ttl: msg.ttl, urgency: msg.urgency, topic: msg.topic }).toEqual({
        ttl: '86400',
        urgency: 'normal',
        topic: `voucher-${due!.id}`,
      });
      expect(msg.payload).toEqual({
        kind: 'voucher_expiring',
        title: 'Your ₹250 Amazon voucher expires soon',
        body: `Use it by ${soon}. Tap to see the code.`,
        url: `/rewards#voucher-${due!.id}`,
        tag: `voucher-${due!.id}`,
        action: 'show-code',
      });
      // Later runs tell of nothing again.
      expect(await app().push.runExpiryJob()).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('one notification per event although every process hears it', async () => {
    const other = await createTestApp(suite.database, { push: { ...app().config.push } });
    try {
      const { m, sub } = await subscribed('push-two-processes');
      await completeOffer(app(), m, await insertOffer(suite.db));
      await until(() => messagesTo(sub).length === 1);
      await new Promise((r) => setTimeout(r, 300));
      expect(messagesTo(sub)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('a member without a subscribed device costs an event no write: nothing is claimed for them', async () => {
    const m = await signIn(app(), newAccount('push-no-device'));
    const { m: withDevice, sub } = await subscribed('push-with-device');
    await completeOffer(app(), m, await insertOffer(suite.db));
    await completeOffer(app(), withDevice, await insertOffer(suite.db));
    await until(() => messagesTo(sub).length === 1);
    const claims = await query<{ event_key: string }>(suite.db, sql`select event_key from push_dispatches`);
    // The member with a device had their event claimed; the other member's event left no row.
    expect(claims.length).toBeGreaterThan(0);
    const [{ n }] = (await query<{ n: number }>(
      suite.db,
      sql`select count(*)::int as n from push_sends where user_id = ${m.userId}`,
    )) as [{ n: number }];
    expect(n).toBe(0);
    const before = claims.length;
    await completeOffer(app(), m, await insertOffer(suite.db));
    await new Promise((r) => setTimeout(r, 300));
    const after = await query<{ event_key: string }>(suite.db, sql`select event_key from push_dispatches`);
    expect(after.length).toBe(before);
  });

  it("the console's panel counts opted-in members and the last 7 days' sends per kind", async () => {
    const admin = await adminClient(app());
    const res = await admin.get('/api/admin/push-summary.php');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, enabled: true, days: 7 });
    const spin = body.kinds.find((k: { kind: string }) => k.kind === 'spin_ready');
    const [counts] = await query<{ sent: number; failed: number }>(
      suite.db,
      sql`select count(*) filter (where result = 'sent')::int as sent,
                 count(*) filter (where result <> 'sent')::int as failed
            from push_sends where kind = 'spin_ready'`,
    );
    expect(spin).toMatchObject({ sent: counts!.sent, failed: counts!.failed });
    expect(spin.sent).toBeGreaterThanOrEqual(5);
    expect(spin.failed).toBeGreaterThanOrEqual(1);
    // The opted-out member is not counted for spin_ready, but is for claim_answered.
    const claim = body.kinds.find((k: { kind: string }) => k.kind === 'claim_answered');
    expect(claim.opted_in).toBe(spin.opted_in + 1);
    expect(body.subscribed_members).toBe(claim.opted_in);
    // A member cannot read it.
    const m = await signIn(app(), newAccount('push-not-admin'));
    expect((await member(m).get('/api/admin/push-summary.php')).statusCode).toBe(401);
  });

  it('unsubscribing forgets the browser', async () => {
    const { m, sub } = await subscribed('push-unsub');
    const res = await member(m).post('/api/push-unsubscribe.php', { endpoint: sub.endpoint });
    expect(res.json()).toEqual({ success: true, removed: true });
    expect((await member(m).get('/api/push-settings.php')).json().subscriptions).toBe(0);
  });
});

describe('push endpoints a subscription may name', () => {
  it('production: https to a known push service only, never an address of our own network', () => {
    expect(endpointAllowed('https://fcm.googleapis.com/fcm/send/abc', false)).toBe(true);
    expect(endpointAllowed('https://web.push.apple.com/QGx', false)).toBe(true);
    expect(endpointAllowed('https://updates.push.services.mozilla.com/wpush/v2/x', false)).toBe(true);
    expect(endpointAllowed('http://fcm.googleapis.com/fcm/send/abc', false)).toBe(false);
    expect(endpointAllowed('https://169.254.169.254/latest', false)).toBe(false);
    expect(endpointAllowed('https://fcm.googleapis.com.evil.example/x', false)).toBe(false);
    expect(endpointAllowed('http://127.0.0.1:9/push/x', true)).toBe(true);
  });
});

describe('Web Push configuration', () => {
  const base = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://x@127.0.0.1/x',
    FIREBASE_PROJECT_ID: 'p',
    FIREBASE_WEB_CONFIG: '{"apiKey":"a","authDomain":"d","projectId":"p"}',
    POSTBACK_SECRET: 'a-postback-secret-of-length',
    PUBLIC_URL: 'https://rewards.example.com',
    SESSION_SECRET: 's',
  };
  it('takes the key pair and the subject from the environment; one key alone or no subject is refused', () => {
    const config = loadConfig({
      ...base,
      PUSH_VAPID_PUBLIC_KEY: vapid.publicKey,
      PUSH_VAPID_PRIVATE_KEY: vapid.privateKey,
      PUSH_VAPID_SUBJECT: 'mailto:ops@example.com',
    });
    expect(config.push.vapidKeys).toEqual({ publicKey: vapid.publicKey, privateKey: vapid.privateKey });
    expect(() => loadConfig({ ...base, PUSH_VAPID_PUBLIC_KEY: vapid.publicKey })).toThrow(
      /PUSH_VAPID_PUBLIC_KEY and PUSH_VAPID_PRIVATE_KEY are set together/,
    );
    expect(() =>
      loadConfig({
        ...base,
        PUSH_VAPID_PUBLIC_KEY: vapid.publicKey,
        PUSH_VAPID_PRIVATE_KEY: vapid.privateKey,
      }),
    ).toThrow(/PUSH_VAPID_SUBJECT/);
    expect(() => loadConfig({ ...base, PUSH_VAPID_SUBJECT: 'ops@example.com' })).toThrow(
      /mailto: address or an https: URL/,
    );
    // Production without keys: push is off (nothing generated on disk).
    expect(loadConfig(base).push.vapidKeys).toBeNull();
  });
});
