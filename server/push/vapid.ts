// VAPID keys (RFC 8292): the application server's P-256 key pair that every push request is signed
// with; a browser subscribes with its public key and its push service refuses requests signed by
// another. Production: PUSH_VAPID_PUBLIC_KEY / PUSH_VAPID_PRIVATE_KEY (docs/operations.md#web-push);
// demo mode: generated once and kept in the data folder (`vapid.json`, readable by this user only), so
// the demo's subscriptions survive a restart.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export const DEMO_VAPID_FILE = 'vapid.json';

function isKeyPair(v: unknown): v is { publicKey: string; privateKey: string } {
  if (!v || typeof v !== 'object') return false;
  const { publicKey, privateKey } = v as Record<string, unknown>;
  return (
    typeof publicKey === 'string' &&
    /^[A-Za-z0-9_-]{87}$/.test(publicKey) &&
    typeof privateKey === 'string' &&
    /^[A-Za-z0-9_-]{43}$/.test(privateKey)
  );
}

/**
 * The keys to sign with: the configured pair, else (demo mode) the data folder's, generated on first
 * use; null in production without keys (push is off: the app is told it is unavailable).
 */
export function loadVapidKeys(config: Config): VapidKeys | null {
  const subject = config.push.subject;
  if (config.push.vapidKeys) return { ...config.push.vapidKeys, subject };
  if (config.mode === 'production') return null;
  const file = path.join(config.dataDir, DEMO_VAPID_FILE);
  try {
    const saved: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (isKeyPair(saved)) return { publicKey: saved.publicKey, privateKey: saved.privateKey, subject };
  } catch {
    // none yet (or unreadable): a new pair below
  }
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return { ...keys, subject };
}
