// Web Push (issue 38, server/push/): the member's notification settings, their browser's
// subscription, and an app window's visibility. Every call needs the member's session.
import { z } from 'zod';
import {
  API_BASE,
  PUSH_PRESENCE_PATH,
  PUSH_SETTINGS_PATH,
  PUSH_SUBSCRIBE_PATH,
  PUSH_UNSUBSCRIBE_PATH,
} from './paths';
import { endpoint, okResponses, type RequestOf, type ResponseOf } from './common';
import { PUSH_KINDS, type PushKind } from '../push';

export { PUSH_KINDS, type PushKind };

/** One switch per kind of notification. */
export const pushKinds = z.object({
  spin_ready: z.boolean(),
  voucher_expiring: z.boolean(),
  claim_answered: z.boolean(),
  referral_reward: z.boolean(),
  account_messages: z.boolean(),
}) satisfies z.ZodType<Record<PushKind, boolean>>;
export type PushKindSwitches = z.infer<typeof pushKinds>;

const settingsResponse = okResponses({
  /** False when the server has no VAPID keys (production without PUSH_VAPID_*): nothing can be sent. */
  enabled: z.boolean(),
  /** The application server key the browser subscribes with (base64url), null when not enabled. */
  publicKey: z.string().nullable(),
  kinds: pushKinds,
  /** The member's stored subscriptions (browsers and devices). */
  subscriptions: z.number(),
});

export const pushSettings = endpoint('GET', `${API_BASE}${PUSH_SETTINGS_PATH}`, {
  response: settingsResponse,
});
export type PushSettingsResponse = ResponseOf<typeof pushSettings>;

/** Turns kinds on or off: the kinds left out keep their value. */
export const updatePushSettings = endpoint('POST', `${API_BASE}${PUSH_SETTINGS_PATH}`, {
  body: z.strictObject({ kinds: pushKinds.partial().strict() }),
  response: settingsResponse,
});
export type UpdatePushSettingsRequest = RequestOf<typeof updatePushSettings>;

/** A base64url text of at most `max` characters (the subscription's keys). */
const base64url = (name: string, max: number) =>
  z
    .string()
    .min(1, `${name} is required`)
    .max(max, `${name} is at most ${max} characters`)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${name} must be base64url`);

const endpointUrl = z
  .string()
  .max(1024, 'endpoint is at most 1024 characters')
  .url('endpoint must be the push service URL of the subscription');

/** PushSubscription.toJSON(), as the browser gives it (W3C Push API). */
export const pushSubscribe = endpoint('POST', `${API_BASE}${PUSH_SUBSCRIBE_PATH}`, {
  body: z.object({
    endpoint: endpointUrl,
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: base64url('keys.p256dh', 128), auth: base64url('keys.auth', 64) }),
  }),
  response: okResponses({ subscriptions: z.number() }),
});
export type PushSubscribeRequest = RequestOf<typeof pushSubscribe>;

export const pushUnsubscribe = endpoint('POST', `${API_BASE}${PUSH_UNSUBSCRIBE_PATH}`, {
  body: z.object({ endpoint: endpointUrl }),
  response: okResponses({ removed: z.boolean() }),
});

/** An app window's id (random, made by the app) and whether it is visible now. */
export const pushTabId = z
  .string()
  .min(8, 'tab is 8 to 64 characters')
  .max(64, 'tab is 8 to 64 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'tab is letters, digits, _ and -');

export const pushPresence = endpoint('POST', `${API_BASE}${PUSH_PRESENCE_PATH}`, {
  body: z.strictObject({ tab: pushTabId, visible: z.boolean() }),
  response: okResponses({}),
});
