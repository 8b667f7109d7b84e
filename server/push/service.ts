// Web Push's member settings and the console's summary (issue 38): the rules between the push routes and
// the subscriptions' table (server/push/repository.ts).
import type { Queryable } from '../db/client';
import { HttpError } from '../lib/errors';
import * as repo from './repository';
import { endpointAllowed } from './sender';

export const PUSH_OFF_MESSAGE = 'Notifications are not available on this server.';
export const ENDPOINT_REFUSED_MESSAGE = 'This push service is not supported. Try another browser.';
/** The console's summary covers the last week. */
export const SUMMARY_DAYS = 7;

type Keys = { publicKey: string } | null;

/** A member's push settings: whether the server can push at all, its public key, the kinds, the devices. */
export async function pushSettingsOf(db: Queryable, keys: Keys, userId: number) {
  const [kinds, subscriptions] = await Promise.all([
    repo.preferencesOf(db, userId),
    repo.subscriptionCount(db, userId),
  ]);
  return { enabled: keys !== null, publicKey: keys?.publicKey ?? null, kinds, subscriptions };
}

export async function savePushKinds(
  db: Queryable,
  userId: number,
  kinds: Parameters<typeof repo.savePreferences>[2],
) {
  await repo.savePreferences(db, userId, kinds);
}

/** Stores a device's subscription: refused when the server has no keys or the push service is not allowed. */
export async function subscribe(
  db: Queryable,
  opts: { keys: Keys; allowInsecureEndpoints: boolean },
  userId: number,
  sub: { endpoint: string; p256dh: string; auth: string },
): Promise<number> {
  if (!opts.keys) throw new HttpError(409, PUSH_OFF_MESSAGE);
  if (!endpointAllowed(sub.endpoint, opts.allowInsecureEndpoints))
    throw new HttpError(400, ENDPOINT_REFUSED_MESSAGE);
  return repo.saveSubscription(db, userId, sub);
}

export const unsubscribe = (db: Queryable, userId: number, endpoint: string) =>
  repo.deleteSubscription(db, userId, endpoint);

export const setPresence = (db: Queryable, tab: string, userId: number, visible: boolean) =>
  repo.setVisibility(db, tab, userId, visible);

export const pushSummary = (db: Queryable) => repo.summary(db, SUMMARY_DAYS);
