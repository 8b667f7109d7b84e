// Sends Web Push notifications (issue 38): RFC 8030 (the push protocol: TTL, Urgency, Topic), RFC 8291
// (the payload encrypted with aes128gcm to the subscription's keys) and RFC 8292 (VAPID: a JWT signed
// with the server's key). The `web-push` library builds each request (encryption, headers;
// github.com/web-push-libs/web-push, `generateRequestDetails`); this module decides whether to send,
// posts with fetch (web-push's own sender speaks https only, and tests and the bench post to a push
// service on 127.0.0.1), signs one VAPID JWT per push service for 11 of its 12 hours, removes
// subscriptions their service says are gone (404, 410) and counts every notification in metrics.
//
// Whether to send, per member: a subscription exists; the kind is on; no app window of theirs is open
// and visible (its live stream already told them); fewer than `ratePerHour` notifications in the
// member's current hour, taken atomically in the database (a burst of events also collapses at the
// push service through the Topic).
import webpush from 'web-push';
import type { Db } from '../db/client';
import type { MemberEvent } from '../events/service';
import type { PushKind } from '../../shared/push';
import { KIND_POLICY, notificationFor, type Notification } from './messages';
import * as repo from './repository';
import type { VapidKeys } from './vapid';

/** Where a notification ended, per member (the metrics' `result` label). */
export type PushResult =
  'sent' | 'failed' | 'gone' | 'visible' | 'rate_limited' | 'opted_out' | 'no_subscription';

export interface PushSenderOptions {
  db: Db;
  /** The signing keys (loaded on first use); null: push is off. */
  keys: () => VapidKeys | null;
  count: (kind: PushKind, result: PushResult, n?: number) => void;
  log?: { warn(obj: object, msg: string): void };
  ratePerHour: number;
  /** A visible window's stream counts while seen within this many seconds. */
  presenceSeconds: number;
  /** Plain http and any host (demo mode, tests, the bench); production: https to a known push service. */
  allowInsecureEndpoints: boolean;
  /** Requests in flight at once (a fan-out to many members). */
  concurrency?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The push services of Chrome/Edge/Android, Firefox, Safari (macOS and iOS 16.4+) and Windows. */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

/** Whether a subscription's endpoint may be posted to: never an arbitrary address of our network. */
export function endpointAllowed(endpoint: string, allowInsecure: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (allowInsecure) return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}

const JWT_HOURS = 12;

export class PushSender {
  private readonly vapidByAudience = new Map<string, { authorization: string; until: number }>();
  private readonly concurrency: number;
  private readonly timeoutMs: number;
  private readonly fetchFn: typeof fetch;

  constructor(private readonly opts: PushSenderOptions) {
    this.concurrency = opts.concurrency ?? 64;
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.fetchFn = opts.fetch ?? fetch;
  }

  /**
   * A live event (every process hears it): the first process to claim it sends its notification.
   * Never throws (a failure is logged and counted).
   */
  async onEvent(event: MemberEvent): Promise<void> {
    const notification = notificationFor(event);
    if (!notification) return;
    try {
      // Most members have no device subscribed: the event says so (a conversion's) or a read tells,
      // before the claim's write (one committed insert per event would cost every conversion a second
      // WAL flush). Not counted as no_subscription: every process hears the event, and each would.
      if (event.devices === false) return;
      if (event.devices === undefined && (await repo.subscriptionCount(this.opts.db, event.userId)) === 0)
        return;
      if (!(await repo.claimDispatch(this.opts.db, `ev:${event.id}`))) return;
      await this.send([event.userId], notification, `ev:${event.id}`);
    } catch (err) {
      this.opts.log?.warn({ err, type: event.type }, 'push: sending a notification failed');
    }
  }

  /**
   * Sends `notification` to each of `userIds` who should get it; `dispatch` names it in the sends' log
   * (the rate limit counts notifications, not devices). Returns each result's count.
   */
  async send(
    userIds: number[],
    notification: Notification,
    dispatch: string,
  ): Promise<Partial<Record<PushResult, number>>> {
    // Loaded only once someone is to be sent something (demo mode generates them on first use).
    let keys: VapidKeys | null | undefined;
    const tally: Partial<Record<PushResult, number>> = {};
    const note = (result: PushResult, n = 1) => {
      tally[result] = (tally[result] ?? 0) + n;
      this.opts.count(notification.kind, result, n);
    };
    if (userIds.length === 0) return tally;
    const { kind } = notification;
    const BATCH = 1000;
    for (let i = 0; i < userIds.length; i += BATCH) {
      const batch = userIds.slice(i, i + BATCH);
      const rows = await repo.recipients(this.opts.db, batch, kind, this.opts.presenceSeconds);
      note('no_subscription', batch.length - rows.length);
      const wanted: repo.RecipientRow[] = [];
      for (const r of rows) {
        if (!r.wanted) note('opted_out');
        else if (r.visible) note('visible');
        else wanted.push(r);
      }
      const allowed = await repo.takeRate(
        this.opts.db,
        wanted.map((r) => r.user_id),
        this.opts.ratePerHour,
      );
      const jobs: { userId: number; sub: repo.SubscriptionRow }[] = [];
      for (const r of wanted) {
        if (!allowed.has(r.user_id)) note('rate_limited');
        else for (const sub of r.subscriptions) jobs.push({ userId: r.user_id, sub });
      }
      if (jobs.length === 0) continue;
      keys ??= this.opts.keys();
      if (!keys) return tally; // push is off (production without PUSH_VAPID_*)
      const signing = keys;
      const spins = new Map<number, number>();
      if (notification.countSpins) {
        for (const userId of new Set(jobs.map((j) => j.userId)))
          spins.set(userId, await repo.spinsReady(this.opts.db, userId));
      }
      const log: repo.SendLogRow[] = [];
      const gone: number[] = [];
      await pool(jobs, this.concurrency, async ({ userId, sub }) => {
        const payload = spins.has(userId)
          ? { ...notification.payload, badge: spins.get(userId)! }
          : notification.payload;
        const result = await this.post(sub, JSON.stringify(payload), notification, signing);
        if (result === 'gone') gone.push(sub.id);
        log.push({ userId, kind, dispatch, result });
        note(result);
      });
      await repo.deleteSubscriptionsById(this.opts.db, gone);
      await repo.logSends(this.opts.db, log);
    }
    return tally;
  }

  /** One request to one subscription's push service. */
  private async post(
    sub: repo.SubscriptionRow,
    payload: string,
    notification: Notification,
    keys: VapidKeys,
  ): Promise<'sent' | 'failed' | 'gone'> {
    if (!endpointAllowed(sub.endpoint, this.opts.allowInsecureEndpoints)) return 'gone';
    const policy = KIND_POLICY[notification.kind];
    try {
      // web-push reads a null vapidDetails as "sign nothing here" (web-push-lib.js; its types say
      // undefined only): the Authorization below is signed once per push service instead.
      const options = {
        TTL: policy.ttl,
        urgency: policy.urgency,
        topic: notification.topic,
        vapidDetails: null,
        headers: { Authorization: this.vapidAuthorization(sub.endpoint, keys) },
      } as unknown as webpush.RequestOptions;
      const details: webpush.RequestDetails = webpush.generateRequestDetails(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        payload,
        options,
      );
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(details.headers)) {
        if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
      }
      const res = await this.fetchFn(details.endpoint, {
        method: 'POST',
        headers,
        body: details.body ? new Uint8Array(details.body) : null,
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
      await res.arrayBuffer().catch(() => undefined);
      if (res.status === 404 || res.status === 410) return 'gone';
      if (res.status >= 200 && res.status < 300) return 'sent';
      this.opts.log?.warn({ status: res.status }, 'push: the push service refused a message');
      return 'failed';
    } catch (err) {
      this.opts.log?.warn({ err: (err as Error).message }, 'push: a push service did not answer');
      return 'failed';
    }
  }

  /** `vapid t=<JWT>, k=<public key>` for the endpoint's origin (RFC 8292 §3), reused for 11 hours. */
  private vapidAuthorization(endpoint: string, keys: VapidKeys): string {
    const audience = new URL(endpoint).origin;
    const now = Date.now();
    const cached = this.vapidByAudience.get(audience);
    if (cached && cached.until > now) return cached.authorization;
    const expiration = Math.floor(now / 1000) + JWT_HOURS * 3600;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      keys.subject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
      expiration,
    );
    this.vapidByAudience.set(audience, {
      authorization: Authorization,
      until: now + (JWT_HOURS - 1) * 3_600_000,
    });
    return Authorization;
  }
}

/** Runs `task` over `items` with at most `limit` at once. */
async function pool<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
