// Web Push in the member app's service worker (issue 38), imported by the Workbox-generated worker
// (vite.config.ts, workbox.importScripts). The server's payload (server/push/messages.ts, PushPayload):
// { kind, title, body, url, tag, action: 'spin' | 'show-code' | null, badge? }.
//
// - push: shows the notification (its tag is the message's topic, so a newer one replaces it) with
//   one action, "Spin now" or "Show code"; sets the app icon's badge to the spins ready where the
//   Badging API exists (navigator.setAppBadge).
// - notificationclick: "Spin now" opens the offers, "Show code" (or a click on a voucher's
//   notification) the wallet at that voucher; an open app window is focused and sent there, else a
//   new one is opened.
// Sources: the Push API and Notifications API (w3.org/TR/push-api, notifications.spec.whatwg.org),
// Clients.openWindow / WindowClient.focus (Service Workers), the Badging API (w3c.github.io/badging).
/* global self, URL */
'use strict';

const PUSH_DEFAULT_URL = '/dashboard';
const PUSH_ACTIONS = {
  spin: { title: 'Spin now', url: '/dashboard' },
  'show-code': { title: 'Show code', url: null },
};

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'Spin Rewards', body: event.data ? event.data.text() : '' };
  }
  const action = PUSH_ACTIONS[data.action];
  const shown = self.registration.showNotification(data.title || 'Spin Rewards', {
    body: data.body || '',
    icon: '/pwa-192x192.png',
    badge: '/favicon-32x32.png',
    tag: data.tag || undefined,
    renotify: Boolean(data.tag),
    data: {
      url: typeof data.url === 'string' ? data.url : PUSH_DEFAULT_URL,
      kind: data.kind,
      action: data.action,
    },
    actions: action ? [{ action: data.action, title: action.title }] : [],
  });
  const badge =
    typeof data.badge === 'number' && 'setAppBadge' in self.navigator
      ? (data.badge > 0 ? self.navigator.setAppBadge(data.badge) : self.navigator.clearAppBadge()).catch(
          () => {},
        )
      : Promise.resolve();
  event.waitUntil(Promise.all([shown, badge]));
});

self.addEventListener('notificationclick', (event) => {
  const notification = event.notification;
  notification.close();
  const data = notification.data || {};
  const chosen = PUSH_ACTIONS[event.action];
  const path = (chosen && chosen.url) || (typeof data.url === 'string' ? data.url : PUSH_DEFAULT_URL);
  // Only a page of this app, never another origin.
  const target = new URL(path, self.location.origin);
  if (target.origin !== self.location.origin)
    target.href = new URL(PUSH_DEFAULT_URL, self.location.origin).href;
  const opened = openPage(target.href);
  event.waitUntil(opened);
});

/** Focuses an open window of the app and sends it to `href`, or opens a new one there. */
async function openPage(href) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const client = windows.find((c) => new URL(c.url).origin === self.location.origin);
  if (!client) return self.clients.openWindow(href);
  try {
    await client.focus();
  } catch {
    // focus needs the click's user activation; the page is still sent where it should go
  }
  if (client.url === href) return client;
  try {
    return await client.navigate(href);
  } catch {
    return self.clients.openWindow(href);
  }
}
