// Live member updates: what changed for a member, delivered to their open event streams
// (GET /api/events.php, server/events/route.ts) within a second, whichever server process made the
// change.
//
// The database announces the changes: triggers (migration 0009, server/db/functions/member_events_*.sql)
// call pg_notify('member_events', json) at commit when a conversion's status changes, a referral
// grants a free spin, a member is blocked or a member session ends. Each process holds ONE listening
// connection (a dedicated pg client on PostgreSQL, PGlite's own `listen` in-process) and fans each
// notification out to its local streams by member id. It also keeps a bounded ring of recent events,
// so a stream that reconnects with `Last-Event-ID` is sent what it missed; when the id is unknown
// (too old, or from before this process listened) the stream is told to `resync` (refetch everything).
//
// Every process receives every notification, in commit order, so an event's id (the transaction and
// the row, set by the trigger) means the same thing on every process: a stream may reconnect to
// another process and still resume.
import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../db/client';

/** The LISTEN channel the triggers notify. */
export const MEMBER_EVENTS_CHANNEL = 'member_events';

/**
 * An event for one member. `type` is open: 'conversion' (data: status, offerId, completionId, title),
 * 'free_spin' (data: count), 'blocked'; a new trigger can add a type without a change here.
 */
export interface MemberEvent {
  /** The id a stream sends (`id:`): a keyed hash of the trigger's id, the same on every process. */
  id: string;
  type: string;
  userId: number;
  data: Record<string, unknown>;
  /**
   * Whether the member had a device subscribed to Web Push when the event was built (a conversion's
   * event says: member_event_conversion.sql); absent when the event does not say. Never sent to streams.
   */
  devices?: boolean;
}

/** One open stream, as the hub sees it. */
export interface EventSink {
  userId: number;
  /** The first 16 hex digits of the session's keyed hash: its end (logout, block) closes the stream. */
  sessionKey: string;
  send(event: MemberEvent): void;
  /** The member's session ended ('logout'), the member was blocked, or the server is stopping. */
  end(reason: 'logout' | 'blocked' | 'shutdown'): void;
  /** Events may have been missed (the listening connection was lost): the app refetches. */
  resync(marker: string): void;
  heartbeat(): void;
}

export interface MemberEventHubOptions {
  /** Recent events kept for resuming (all members together). */
  bufferSize: number;
  /**
   * Keys the ids streams see. The trigger's id names a transaction and a row (another member's
   * completion id, the database's transaction count); a browser gets an opaque hash of it instead,
   * equal on every process that shares the key (SESSION_SECRET), so a stream still resumes anywhere.
   */
  idKey: string;
  /** Interval of the comment line that keeps idle streams (and proxies) open. */
  heartbeatMs: number;
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** Called with each event's member before the event is handled (the member answers cache drops theirs). */
  onMemberEvent?: (userId: number) => void;
  /** Called with each event kept for the member's streams, after they were sent it (Web Push, server/push/). */
  onEvent?: (event: MemberEvent) => void;
}

/** A source of notification payloads: the process's one listening connection. */
export interface NotificationSource {
  /**
   * Starts listening; `onPayload` gets each payload (and its channel) in commit order, `onLost` is
   * called as soon as the connection is lost (notifications are missed until it is back), `onGap` after
   * it listens again (notifications in between are gone). Returns the stop.
   */
  start(
    onPayload: (payload: string, channel: string) => void,
    onGap: () => void,
    onLost?: () => void,
  ): Promise<() => Promise<void>>;
}

interface Buffered {
  seq: number;
  event: MemberEvent;
}

/** What a reconnecting stream is sent first. */
export type Resume = { kind: 'replay'; events: MemberEvent[] } | { kind: 'resync' };

/**
 * The process's fan-out. Subscribing, replaying and delivering are synchronous, so an event is
 * either in a stream's replay or delivered to it after, never both and never neither.
 */
export class MemberEventHub {
  private readonly byUser = new Map<number, Set<EventSink>>();
  private readonly ring: (Buffered | undefined)[];
  private readonly seqOf = new Map<string, number>();
  private next = 0; // ring write position
  private seq = 0; // events received by this process
  private baseSeq = 0; // the ring holds every event after this one
  private baseMarker = newMarker();
  private stopSource: (() => Promise<void>) | null = null;
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private streams = 0;

  constructor(private readonly opts: MemberEventHubOptions) {
    this.ring = new Array<Buffered | undefined>(Math.max(1, opts.bufferSize));
  }

  async start(source: NotificationSource): Promise<void> {
    this.stopSource = await source.start(
      (payload, channel) => {
        if (channel === MEMBER_EVENTS_CHANNEL) this.receive(payload);
      },
      () => this.gap(),
    );
    this.heartbeatTimer = setInterval(() => this.heartbeatAll(), this.opts.heartbeatMs);
    this.heartbeatTimer.unref();
  }

  /** Ends every stream ('shutdown': the app reconnects, to another process if this one is gone). */
  async stop(): Promise<void> {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
    for (const sinks of [...this.byUser.values()]) for (const s of [...sinks]) s.end('shutdown');
    this.byUser.clear();
    this.streams = 0;
    const stop = this.stopSource;
    this.stopSource = null;
    await stop?.();
  }

  /** Open streams of `userId` on this process. */
  streamsOf(userId: number): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** Open streams on this process. */
  get streamCount(): number {
    return this.streams;
  }

  /**
   * The id a new stream is given before any event: the newest event this process has, or the marker
   * of the moment it started listening. Resuming from it replays everything after it.
   */
  marker(): string {
    if (this.seq === this.baseSeq) return this.baseMarker;
    return this.ring[(this.next - 1 + this.ring.length) % this.ring.length]!.event.id;
  }

  /**
   * Registers a stream and returns what it must be sent first (the member's events after
   * `lastEventId`, or a resync when that id is unknown here) and its unsubscribe. Without a
   * `lastEventId` (a first connection) there is nothing to replay.
   */
  subscribe(sink: EventSink, lastEventId: string | null): { resume: Resume; unsubscribe: () => void } {
    let sinks = this.byUser.get(sink.userId);
    if (!sinks) this.byUser.set(sink.userId, (sinks = new Set()));
    sinks.add(sink);
    this.streams++;
    let done = false;
    const unsubscribe = () => {
      if (done) return;
      done = true;
      const set = this.byUser.get(sink.userId);
      if (set?.delete(sink)) this.streams--;
      if (set && set.size === 0) this.byUser.delete(sink.userId);
    };
    const resume: Resume =
      lastEventId === null ? { kind: 'replay', events: [] } : this.since(sink.userId, lastEventId);
    return { resume, unsubscribe };
  }

  /** The member's events after `lastEventId`, oldest first, or resync when this process cannot tell. */
  since(userId: number, lastEventId: string): Resume {
    const after = lastEventId === this.baseMarker ? this.baseSeq : this.seqOf.get(lastEventId);
    if (after === undefined) return { kind: 'resync' };
    const events: MemberEvent[] = [];
    const size = this.ring.length;
    const count = Math.min(this.seq - after, size);
    for (let i = count; i >= 1; i--) {
      const b = this.ring[(this.next - i + size) % size];
      if (b && b.seq > after && b.event.userId === userId) events.push(b.event);
    }
    return { kind: 'replay', events };
  }

  /** Handles one notification payload (exported for tests and the bench: the listener calls it). */
  receive(payload: string): void {
    let raw: unknown;
    try {
      raw = JSON.parse(payload);
    } catch {
      this.opts.log?.warn({ length: payload.length }, 'member event: payload is not JSON; ignored');
      return;
    }
    const event = toEvent(raw, this.opts.idKey);
    if (!event) {
      this.opts.log?.warn({}, 'member event: payload without id, type or user; ignored');
      return;
    }
    this.opts.onMemberEvent?.(event.userId);
    if (event.type === 'session_end') {
      const key = event.data.session;
      for (const s of [...(this.byUser.get(event.userId) ?? [])]) if (s.sessionKey === key) s.end('logout');
      return;
    }
    if (event.type === 'blocked') {
      // Not kept for replay: a member unblocked later must not be signed out by a resumed stream.
      for (const s of [...(this.byUser.get(event.userId) ?? [])]) s.end('blocked');
      return;
    }
    this.remember(event);
    const sinks = this.byUser.get(event.userId);
    if (sinks) for (const s of [...sinks]) s.send(event);
    this.opts.onEvent?.(event);
  }

  private remember(event: MemberEvent): void {
    const size = this.ring.length;
    const evicted = this.ring[this.next];
    if (evicted) {
      this.seqOf.delete(evicted.event.id);
      this.baseSeq = evicted.seq;
    }
    this.seq++;
    this.ring[this.next] = { seq: this.seq, event };
    this.seqOf.set(event.id, this.seq);
    this.next = (this.next + 1) % size;
  }

  /** The listening connection was lost and is back: what happened in between is unknown. */
  private gap(): void {
    this.ring.fill(undefined);
    this.seqOf.clear();
    this.next = 0;
    this.baseSeq = this.seq;
    this.baseMarker = newMarker();
    this.opts.log?.warn({ streams: this.streams }, 'member events: listening again; open streams resync');
    for (const sinks of this.byUser.values()) for (const s of [...sinks]) s.resync(this.baseMarker);
  }

  private heartbeatAll(): void {
    for (const sinks of this.byUser.values()) for (const s of [...sinks]) s.heartbeat();
  }
}

function newMarker(): string {
  return `m-${randomBytes(6).toString('hex')}`;
}

function toEvent(raw: unknown, idKey: string): MemberEvent | null {
  if (!raw || typeof raw !== 'object') return null;
  const { id, type, user, devices, ...data } = raw as Record<string, unknown>;
  if (typeof id !== 'string' || typeof type !== 'string' || typeof user !== 'number') return null;
  const publicId = createHmac('sha256', idKey).update(id).digest('base64url').slice(0, 22);
  const event: MemberEvent = { id: publicId, type, userId: user, data };
  if (typeof devices === 'boolean') event.devices = devices;
  return event;
}

/** PGlite: its own in-process LISTEN (one database, one process: nothing is ever missed). */
export function pgliteSource(
  client: {
    listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>>;
  },
  channels: readonly string[] = [MEMBER_EVENTS_CHANNEL],
): NotificationSource {
  return {
    async start(onPayload) {
      const unlisten: (() => Promise<void>)[] = [];
      for (const channel of channels)
        unlisten.push(await client.listen(channel, (payload) => onPayload(payload, channel)));
      return async () => {
        for (const u of unlisten)
          try {
            await u();
          } catch {
            // the database is closing
          }
      };
    },
  };
}

/** How long the PostgreSQL listener waits before connecting again: 1 s, 2 s, 4 s … at most 30 s. */
export function listenerBackoffMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
}

/**
 * PostgreSQL: one dedicated connection (not from the pool: a pooled client would be reused by other
 * queries). TCP keepalive finds a dead connection; on an error or an end it connects again with
 * backoff and reports the gap.
 */
export function postgresSource(
  clientConfig: object,
  log?: MemberEventHubOptions['log'],
  channels: readonly string[] = [MEMBER_EVENTS_CHANNEL],
): NotificationSource {
  return {
    async start(onPayload, onGap, onLost) {
      const pg = (await import('pg')).default;
      let stopped = false;
      let current: InstanceType<typeof pg.Client> | null = null;
      let timer: ReturnType<typeof setTimeout> | null = null;
      let attempt = 0;

      const connect = async () => {
        const client = new pg.Client({
          ...clientConfig,
          keepAlive: true,
          keepAliveInitialDelayMillis: 10_000,
        });
        let lost = false;
        const lose = (err?: Error) => {
          if (lost) return;
          lost = true;
          client.removeAllListeners('notification');
          void client.end().catch(() => {});
          if (current === client) current = null;
          if (stopped) return;
          onLost?.();
          log?.warn({ err: err?.message }, 'member events: listening connection lost; reconnecting');
          schedule();
        };
        client.on('notification', (n) => {
          if (n.payload && channels.includes(n.channel)) onPayload(n.payload, n.channel);
        });
        client.on('error', lose);
        client.on('end', () => lose());
        try {
          await client.connect();
          // Constants of this code, never input.
          for (const channel of channels) await client.query(`LISTEN ${channel}`);
        } catch (err) {
          lose(err as Error);
          throw err;
        }
        current = client;
        attempt = 0;
      };

      const schedule = () => {
        if (timer || stopped) return;
        timer = setTimeout(() => {
          timer = null;
          attempt++;
          connect().then(
            () => onGap(),
            () => {},
          );
        }, listenerBackoffMs(attempt));
        timer.unref();
      };

      await connect();
      return async () => {
        stopped = true;
        if (timer) clearTimeout(timer);
        const c = current;
        current = null;
        await c?.end().catch(() => {});
      };
    },
  };
}

/** The listening source for the app's database: its PGlite client, or a new connection like its pool's. */
export function notificationSourceFor(
  db: Db,
  kind: 'pglite' | 'postgres',
  log?: MemberEventHubOptions['log'],
  channels: readonly string[] = [MEMBER_EVENTS_CHANNEL],
): NotificationSource {
  // Drizzle keeps the driver's client on the database object: the PGlite instance, or the pg Pool.
  const client = (db as unknown as { $client: unknown }).$client;
  if (kind === 'pglite') return pgliteSource(client as Parameters<typeof pgliteSource>[0], channels);
  return postgresSource((client as { options: object }).options, log, channels);
}
