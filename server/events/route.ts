// GET /api/events.php: the signed-in member's live updates as server-sent events
// (docs/architecture.md, "Live member updates"; the events are listed in shared/contract/member.ts,
// `memberEventData`). Fed by this process's MemberEventHub (server/events/service.ts), which
// LISTENs to the database, so a postback received by any process reaches the member's stream here.
//
// The stream: `ready` first (its id is the resume point), then the events, each with an `id:`; a comment
// line every heartbeat keeps it (and proxies in between) open. Reconnecting with `Last-Event-ID` (or
// `?lastEventId=` from a new EventSource) replays what the member missed from the process's ring of
// recent events, or sends `resync` when the id is unknown here. It ends with `logout` when its session
// ends (logout in any tab, any process), with `blocked` when the member is blocked, and when the server
// stops (the app reconnects, to another process if need be).
import { PassThrough } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Counter, Gauge } from 'prom-client';
import { MEMBER_COOKIE } from '../plugins/auth';
import { BLOCKED_MESSAGE, HttpError } from '../lib/errors';
import { hashSessionId } from '../members/sessions-service';
import { MEMBER_EVENTS_CHANNEL, MemberEventHub, notificationSourceFor, type EventSink } from './service';
import { MEMBER_CACHE_CHANNEL, type MemberAnswers } from '../members/answers';
import { NETWORKS_CHANGED_CHANNEL } from '../networks/cache';
import * as member from '../../shared/contract/member';

declare module 'fastify' {
  interface FastifyInstance {
    memberEvents: MemberEventHub;
  }
}

/** A stream whose client reads slower than this much waiting output is ended (it reconnects and resumes). */
const MAX_PENDING_BYTES = 256 * 1024;

export const TOO_MANY_STREAMS_MESSAGE =
  'Too many open live-update connections for this account. Close some tabs of the app and try again.';
export const TOO_MANY_ADDRESS_STREAMS_MESSAGE =
  'Too many open live-update connections from this address. Try again later.';
export const SERVER_STREAMS_FULL_MESSAGE =
  'The server holds as many live-update connections as it can. Try again shortly.';
/** Retry-After of a refused stream (the app's own backoff waits at least this long after a few tries). */
const STREAM_RETRY_AFTER_SECONDS = 30;

/** One server-sent event: `data` is one line of JSON (JSON.stringify never writes a newline). */
export function sseFrame(name: string, data: unknown, id?: string): string {
  return `${id ? `id: ${id}\n` : ''}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The member answers cache on /api/metrics: whether it is in use, what it holds, how often it answers. */
function memberAnswersMetrics(app: FastifyInstance, answers: MemberAnswers) {
  const registers = [app.metrics.registry];
  new Gauge({
    name: 'member_answers_cache_listening',
    help: 'Whether this process answers member reads from memory (1: its listening connection is up)',
    registers,
    collect() {
      this.set(answers.active ? 1 : 0);
    },
  });
  new Gauge({
    name: 'member_answers_cache_bytes',
    help: 'Bytes of member answers this process holds (MEMBER_ANSWERS_CACHE_MB bounds it)',
    registers,
    collect() {
      this.set(answers.size);
    },
  });
  new Gauge({
    name: 'member_answers_cache_sessions',
    help: 'Member sessions this process holds as checked',
    registers,
    collect() {
      this.set(answers.sessionCount);
    },
  });
  new Counter({
    name: 'member_answers_cache_lookups_total',
    help: 'Member reads looked up in this process memory, by result (hit: answered without the database)',
    labelNames: ['result'],
    registers,
    collect() {
      this.reset();
      this.inc({ result: 'hit' }, answers.hits);
      this.inc({ result: 'miss' }, answers.misses);
    },
  });
}

async function eventsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const settings = app.config.memberEvents;
  const hub = new MemberEventHub({
    bufferSize: settings.bufferSize,
    heartbeatMs: settings.heartbeatMs,
    idKey: `member-events:${app.sessionSecret}`,
    log: app.log,
    // An event sent to a member's streams makes their app refetch: their answers go first (the change's
    // own member_cache notification may come right after this one).
    onMemberEvent: (userId) => app.memberAnswers.changed(userId),
    // The same events become Web Push notifications (server/push/): one source of truth.
    onEvent: (event) => void app.push.sender.onEvent(event),
  });
  app.decorate('memberEvents', hub);
  // The same listening connection hears the member answers cache's channel (server/services/
  // member-answers.ts): the cache is used only while it is up, and starts over when it is back.
  // So does the receiver's networks cache (server/networks/cache.ts), on its own channel.
  const answers = app.memberAnswers;
  const networks = app.networkCache;
  const source = notificationSourceFor(app.db, app.dbKind, app.log, [
    MEMBER_EVENTS_CHANNEL,
    MEMBER_CACHE_CHANNEL,
    NETWORKS_CHANGED_CHANNEL,
  ]);
  await hub.start({
    start: (onPayload, onGap) =>
      source.start(
        (payload, channel) => {
          if (channel === MEMBER_CACHE_CHANNEL) answers.receive(payload);
          else if (channel === NETWORKS_CHANGED_CHANNEL) networks.changed();
          else onPayload(payload, channel);
        },
        () => {
          answers.resume();
          networks.resume();
          onGap();
        },
        () => {
          answers.suspend();
          networks.suspend();
        },
      ),
  });
  answers.resume();
  networks.resume();
  memberAnswersMetrics(app, answers);
  // Before the HTTP server closes: open streams would otherwise keep it waiting.
  app.addHook('preClose', async () => {
    answers.suspend();
    networks.suspend();
    await hub.stop();
  });

  new Gauge({
    name: 'member_event_streams',
    help: 'Open live-update streams (GET /api/events.php) on this process',
    registers: [app.metrics.registry],
    collect() {
      this.set(hub.streamCount);
    },
  });

  /** Open streams on this process by the address they came from (request.ip, TRUST_PROXY applied). */
  const streamsByAddress = new Map<string, number>();

  app.route({
    ...member.events,
    onRequest: app.requireMember,
    handler: async (request, reply) => {
      const userId = request.member!.userId;
      // The limits are checked and the stream counted in one synchronous step (no await in between).
      const refusal =
        hub.streamsOf(userId) >= settings.streamsPerMember
          ? TOO_MANY_STREAMS_MESSAGE
          : (streamsByAddress.get(request.ip) ?? 0) >= settings.streamsPerAddress
            ? TOO_MANY_ADDRESS_STREAMS_MESSAGE
            : hub.streamCount >= settings.maxStreams
              ? SERVER_STREAMS_FULL_MESSAGE
              : null;
      if (refusal) {
        reply.header('retry-after', String(STREAM_RETRY_AFTER_SECONDS));
        throw new HttpError(429, refusal);
      }
      const address = request.ip;
      streamsByAddress.set(address, (streamsByAddress.get(address) ?? 0) + 1);
      let counted = true;
      const release = () => {
        if (!counted) return;
        counted = false;
        const left = (streamsByAddress.get(address) ?? 1) - 1;
        if (left > 0) streamsByAddress.set(address, left);
        else streamsByAddress.delete(address);
      };
      // However the response ends (even by an error before the stream is piped), the count is given back.
      reply.raw.once('close', release);
      const sessionKey = hashSessionId(app.sessionSecret, request.cookies[MEMBER_COOKIE]!).slice(0, 16);
      // The browser's own reconnection sends the header; a new EventSource can only use the query.
      const header = request.headers['last-event-id'];
      const fromHeader = typeof header === 'string' && header !== '' ? header : undefined;
      const lastEventId = fromHeader ?? request.query.lastEventId ?? null;
      // A malformed header is not the member's doing: it only means "resume unknown".
      const known = lastEventId === null || member.memberEventId.safeParse(lastEventId).success;

      const out = new PassThrough();
      let open = true;
      let unsubscribe = () => {};
      const finish = () => {
        if (!open) return;
        open = false;
        clearTimeout(ageTimer);
        unsubscribe();
        release();
        out.end();
      };
      // No stream lives longer than maxAgeMs (less up to a tenth): the app reconnects and resumes from
      // its last event id, so a long-held connection cannot be kept for ever.
      const ageTimer = setTimeout(finish, settings.maxAgeMs * (1 - Math.random() / 10));
      ageTimer.unref();
      const write = (chunk: string) => {
        if (!open) return;
        out.write(chunk);
        if (out.writableLength + out.readableLength > MAX_PENDING_BYTES) finish();
      };
      const sink: EventSink = {
        userId,
        sessionKey,
        send: (event) => write(sseFrame(event.type, event.data, event.id)),
        end: (reason) => {
          if (reason === 'blocked') write(sseFrame('blocked', { message: BLOCKED_MESSAGE }));
          else if (reason === 'logout') write(sseFrame('logout', {}));
          finish();
        },
        resync: (marker) => write(sseFrame('resync', {}, marker)),
        heartbeat: () => write(': keep-alive\n\n'),
      };

      // Subscribing and replaying happen in one synchronous step: no event falls between them.
      const subscription = hub.subscribe(sink, known ? lastEventId : 'unknown');
      unsubscribe = subscription.unsubscribe;
      if (subscription.resume.kind === 'resync') write(sseFrame('resync', {}));
      else for (const event of subscription.resume.events) sink.send(event);
      write(sseFrame('ready', {}, hub.marker()));

      // Web Push (issue 38): while this window's stream is open and the window visible, no notification.
      const tab = request.query.tab;
      if (tab) {
        app.push.streamOpened(tab, userId);
        reply.raw.once('close', () => app.push.streamClosed(tab, userId));
      }

      reply.raw.on('close', () => {
        open = false;
        clearTimeout(ageTimer);
        unsubscribe();
        release();
        out.destroy();
      });
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-transform')
          // nginx (and proxies that honour it) pass each event at once instead of buffering the stream.
          .header('x-accel-buffering', 'no')
          // Fastify pipes a stream as it is (no serializer); the contract's 200 only names the text.
          .send(out as unknown as string)
      );
    },
  });
}

export default fp(eventsRoutes, { name: 'member-events', dependencies: ['auth', 'database', 'push'] });
