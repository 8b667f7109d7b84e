// The browser's side of Web Push (issue 38): whether this browser can receive notifications, its
// permission, the member's "not now" / denial (remembered on this device, so the app does not ask
// again), and its push subscription (W3C Push API: PushManager.subscribe with the server's VAPID key).
// The permission prompt is only ever opened from a press of "Allow notifications".

export type PushSupport = 'supported' | 'unsupported' | 'install-first';

/** Where the member's answer is kept on this device. */
export const DECLINED_KEY = 'spinrewards.push.declined';

export function pushSupport(win: Window = window): PushSupport {
  const nav = win.navigator;
  if ('serviceWorker' in nav && 'PushManager' in win && 'Notification' in win) return 'supported';
  // iOS and iPadOS (16.4 and later) offer Web Push to an installed app only.
  const ios = /iPad|iPhone|iPod/.test(nav.userAgent);
  const standalone = win.matchMedia?.('(display-mode: standalone)').matches ?? false;
  return ios && !standalone ? 'install-first' : 'unsupported';
}

export function permission(): NotificationPermission {
  return typeof Notification === 'undefined' ? 'default' : Notification.permission;
}

/**
 * The permission without blocking the page: `Notification.permission` is a synchronous call into the
 * browser's permission service, an 80 ms task at page load in Chromium (traced on /dashboard,
 * docs/decisions/push-permission-read-async.md); the Permissions API answers the same asynchronously.
 */
export async function permissionState(): Promise<NotificationPermission> {
  try {
    const status = await navigator.permissions?.query({ name: 'notifications' });
    if (status) return status.state === 'prompt' ? 'default' : status.state;
  } catch {
    // A browser without the 'notifications' permission name: the synchronous reading below.
  }
  return permission();
}

/** 'denied' (the browser's prompt was refused) or 'dismissed' ("Not now"), remembered on this device. */
export function declined(): 'denied' | 'dismissed' | null {
  try {
    const v = window.localStorage.getItem(DECLINED_KEY);
    return v === 'denied' || v === 'dismissed' ? v : null;
  } catch {
    return null;
  }
}

export function rememberDeclined(value: 'denied' | 'dismissed' | null): void {
  try {
    if (value) window.localStorage.setItem(DECLINED_KEY, value);
    else window.localStorage.removeItem(DECLINED_KEY);
  } catch {
    // private mode: asked again next time
  }
}

/** The VAPID public key (base64url) as PushManager.subscribe wants it. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export class PushPermissionDenied extends Error {
  constructor() {
    super('Notifications are blocked for this site. You can allow them in your browser settings.');
  }
}

export const NO_SERVICE_WORKER_MESSAGE =
  'Notifications need the installed app or a reload of this page. Please try again.';

async function registration(timeoutMs = 10_000): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(NO_SERVICE_WORKER_MESSAGE)), timeoutMs),
  );
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/**
 * Asks the browser's permission (the member just pressed "Allow notifications") and subscribes.
 * A refusal is remembered and thrown as PushPermissionDenied.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionJSON> {
  const answer = permission() === 'granted' ? 'granted' : await Notification.requestPermission();
  if (answer !== 'granted') {
    if (answer === 'denied') rememberDeclined('denied');
    throw new PushPermissionDenied();
  }
  rememberDeclined(null);
  const reg = await registration();
  const existing = await reg.pushManager.getSubscription();
  const sub =
    existing ??
    (await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(publicKey),
    }));
  return sub.toJSON();
}

/** This browser's subscription, if any (without asking anything). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return (await reg?.pushManager.getSubscription()) ?? null;
}
