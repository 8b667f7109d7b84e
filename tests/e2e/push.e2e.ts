// Web Push, end to end at 390×844 (issue 38): a new member is not asked at a first visit; after a
// first completion the opt-in card asks, "Allow notifications" asks the browser's permission (granted
// on the context) and stores the browser's subscription; a partner's approval while the app is in
// the background is pushed (encrypted, VAPID-signed) to the subscription's push service; that push
// delivered to the service worker (DevTools protocol: ServiceWorker.deliverPushMessage) shows the
// notification with its action, and its click sends the app window to the right page. The profile
// lists a switch per kind.
//
// Headless Chromium has no push service (PushManager.subscribe is refused: the run logs what it says),
// so the page's PushManager is given a subscription of a push service this test runs on 127.0.0.1
// (server/push/test-receiver.ts), which decrypts what the server sends. The click is a synthetic
// notificationclick dispatched in the worker (DevTools cannot click a notification): the worker's
// handler runs as for a real click, without the user activation a real click gives focus().
import path from 'node:path';
import type { Browser, BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startPushReceiver, type PushReceiver, type TestSubscription } from '../../server/push/test-receiver';
import { ADMIN_DESKTOP, PHONE, launchBrowser, screenshotsDir } from './browser';
import {
  offerTitles,
  signInMemberByApi,
  signInWithChooser,
  startAndCompleteOffer,
  waitForServiceWorkerControl,
} from './member-helpers';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
const SHOTS = screenshotsDir('push');
const OPT_IN = 'Know the moment your spin is ready';

let browser: Browser;
let receiver: PushReceiver;
let subscription: TestSubscription;

beforeAll(async () => {
  // The server's VAPID public key (demo mode: generated once in its data folder).
  const member = await signInMemberByApi(
    `push-key-${Date.now()}`,
    `push-key-${Date.now()}@example.com`,
    'Key Reader',
  );
  const settings = await fetch(`${baseUrl}/api/push-settings.php`, {
    headers: { cookie: `sid=${member.sid}` },
  });
  const { publicKey } = (await settings.json()) as { publicKey: string };
  receiver = await startPushReceiver({ vapidPublicKey: publicKey });
  subscription = receiver.subscription();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await receiver?.close();
});

/** The page's PushManager answers with the local push service's subscription (see the header). */
async function stubPushManager(context: BrowserContext, sub: TestSubscription) {
  await context.addInitScript((s: TestSubscription) => {
    if (typeof PushManager === 'undefined') return;
    const real = PushManager.prototype.subscribe;
    // Kept across page loads, as the browser keeps a subscription.
    const KEY = 'push-e2e-subscribed';
    const fake = {
      endpoint: s.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: () => null,
      toJSON: () => ({ endpoint: s.endpoint, expirationTime: null, keys: s.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    } as unknown as PushSubscription;
    PushManager.prototype.subscribe = async function (
      this: PushManager,
      options?: PushSubscriptionOptionsInit,
    ) {
      // What the browser itself says, for the run's log.
      await real.call(this, options).then(
        () => console.info('push-e2e: the browser subscribed by itself'),
        (e: Error) =>
          console.info(`push-e2e: the browser's own subscribe was refused: ${e.name}: ${e.message}`),
      );
      if (!options?.applicationServerKey) throw new Error('no applicationServerKey');
      localStorage.setItem(KEY, '1');
      return fake;
    };
    PushManager.prototype.getSubscription = async () => (localStorage.getItem(KEY) ? fake : null);
  }, sub);
}

async function serviceWorker(context: BrowserContext): Promise<Worker> {
  const existing = context.serviceWorkers()[0];
  return existing ?? context.waitForEvent('serviceworker');
}

interface Shown {
  title: string;
  body: string;
  tag: string;
  actions: { action: string; title: string }[];
  data: { url: string };
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return (await reg.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      actions: (n as Notification & { actions: { action: string; title: string }[] }).actions.map((a) => ({
        action: a.action,
        title: a.title,
      })),
      data: n.data as { url: string },
    }));
  });

describe('Web Push', () => {
  it('opt-in after a first completion, a push while in the background, its notification and click', async () => {
    const context = await browser.newContext({ ...PHONE, permissions: [] });
    await context.grantPermissions(['notifications'], { origin: baseUrl });
    await stubPushManager(context, subscription);
    const page = await context.newPage();
    const logs: string[] = [];
    page.on('console', (m) => logs.push(m.text()));

    await page.goto(`${baseUrl}/login`);
    const email = `push-${Date.now()}@example.com`;
    await signInWithChooser(page, { name: 'Priya Push', email });
    await waitForServiceWorkerControl(page);

    // A first visit: offers, no question about notifications.
    const titles = await offerTitles(page);
    expect(await page.getByRole('heading', { name: OPT_IN }).count()).toBe(0);

    // A first completion: the card asks.
    await startAndCompleteOffer(context, page, titles[0]!);
    const card = page.getByRole('region', { name: OPT_IN });
    await card.waitFor({ timeout: 30_000 });
    // The offer's toasts dismissed, so the card is seen as the member sees it a moment later.
    for (const close of await page.getByRole('button', { name: 'Dismiss notification' }).all())
      await close.click().catch(() => undefined);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, 'push-opt-in-390.png') });

    await card.getByRole('button', { name: 'Allow notifications' }).click();
    await page.getByText('Notifications are on. Choose which ones in your profile.').waitFor();
    await card.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => Notification.permission)).toBe('granted');
    const stored = await page.evaluate(async () => (await fetch('/api/push-settings.php')).json());
    expect(stored).toMatchObject({ enabled: true, subscriptions: 1 });
    console.info(logs.filter((l) => l.startsWith('push-e2e:')).join('\n'));

    // The app goes to the background (its window says so), and a partner confirms another offer.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.waitForTimeout(500);
    await startAndCompleteOffer(context, page, titles[1]!);
    const [push] = await receiver.waitFor(1, 30_000);
    expect(push!.vapidError).toBeNull();
    expect(push!.decryptError).toBeNull();
    expect({ urgency: push!.urgency, topic: push!.topic, ttl: push!.ttl }).toEqual({
      urgency: 'high',
      topic: 'spins',
      ttl: '86400',
    });
    expect(push!.payload).toMatchObject({
      kind: 'spin_ready',
      title: 'Your spin is ready',
      url: '/dashboard',
      action: 'spin',
    });
    // The app icon's badge: the spins ready (this offer's and the first one's, not spun yet).
    expect((push!.payload as { badge: number }).badge).toBeGreaterThanOrEqual(1);

    // The push reaches the service worker: it shows the notification with "Spin now".
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on(
        'ServiceWorker.workerRegistrationUpdated',
        (e: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
          const r = e.registrations.find((x) => x.scopeURL === `${baseUrl}/` && !x.isDeleted);
          if (r) resolve(r.registrationId);
        },
      );
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseUrl,
      registrationId: await registrationId,
      data: JSON.stringify(push!.payload),
    });
    await expect.poll(async () => (await shownNotifications(page)).length, { timeout: 10_000 }).toBe(1);
    const [shown] = (await shownNotifications(page)) as Shown[];
    expect(shown).toMatchObject({
      title: 'Your spin is ready',
      tag: 'spins',
      actions: [{ action: 'spin', title: 'Spin now' }],
      data: { url: '/dashboard' },
    });
    expect(shown!.body).toContain('is confirmed. Spin now to win a voucher.');

    // A click on "Spin now" with the app open on another page: the window goes to the offers.
    await page.goto(`${baseUrl}/profile`);
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    const worker = await serviceWorker(context);
    const click = (action: string) =>
      worker.evaluate(async (a) => {
        // The worker's global scope (this file is typed for pages, not workers).
        const sw = self as unknown as {
          registration: ServiceWorkerRegistration;
          dispatchEvent(e: Event): boolean;
          NotificationEvent: new (
            type: string,
            init: { notification: Notification; action: string },
          ) => Event;
        };
        const [n] = await sw.registration.getNotifications();
        if (!n) throw new Error('no notification shown');
        sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification: n, action: a }));
      }, action);
    await click('spin');
    await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 15_000 });

    // A voucher's notification: "Show code" opens the wallet at that voucher.
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseUrl,
      registrationId: await registrationId,
      data: JSON.stringify({
        kind: 'voucher_expiring',
        title: 'Your ₹100 Amazon voucher expires soon',
        body: 'Use it by 2026-12-08. Tap to see the code.',
        url: '/rewards#voucher-1',
        tag: 'voucher-1',
        action: 'show-code',
      }),
    });
    await expect
      .poll(async () => (await shownNotifications(page)).map((n) => n.actions[0]?.title), { timeout: 10_000 })
      .toContain('Show code');
    await click('show-code');
    await page.waitForURL((u) => u.pathname === '/rewards' && u.hash === '#voucher-1', { timeout: 15_000 });

    // The profile: a switch per kind; turning one off is saved.
    await page.goto(`${baseUrl}/profile`);
    const section = page.getByRole('region', { name: 'Notifications' });
    await section.waitFor();
    await section.getByText('Notifications are on for this device.').waitFor();
    const switches = section.getByRole('switch');
    await expect.poll(() => switches.count()).toBe(5);
    const expiring = section.getByRole('switch', { name: 'Voucher expiring' });
    expect(await expiring.getAttribute('aria-checked')).toBe('true');
    await expiring.click();
    await expect.poll(() => expiring.getAttribute('aria-checked')).toBe('false');
    const saved = await page.evaluate(async () => (await fetch('/api/push-settings.php')).json());
    expect(saved.kinds).toMatchObject({ voucher_expiring: false, spin_ready: true });
    for (const close of await page.getByRole('button', { name: 'Dismiss notification' }).all())
      await close.click().catch(() => undefined);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'push-profile-settings-390.png') });
    await context.close();

    // The console: the Notifications panel counts the sent notification.
    const desk = await (await browser.newContext(ADMIN_DESKTOP)).newPage();
    await desk.goto(`${baseUrl}/admin/login`);
    await desk.getByLabel('Username').fill(inject('adminUsername'));
    await desk.getByLabel('Password').fill(inject('adminPassword'));
    await desk.getByRole('button', { name: 'Sign in' }).click();
    await desk.waitForURL(/\/admin\/dashboard/);
    const panel = desk.getByRole('region', { name: 'Notifications' });
    await panel.waitFor({ timeout: 30_000 });
    const spinRow = panel.getByRole('row', { name: /Spin ready/ });
    await spinRow.waitFor();
    const cells = await spinRow.getByRole('cell').allTextContents();
    // Opted in, sent (at least this test's one), failed.
    expect(Number(cells[1])).toBeGreaterThanOrEqual(1);
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: path.join(SHOTS, 'push-console-panel-1440.png') });
    await desk.context().close();
  }, 300_000);
});
