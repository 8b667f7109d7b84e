// GET /api/events.php over real HTTP connections: each event reaches its member's open streams only,
// whichever app (server process) received the change; resuming with Last-Event-ID replays what was
// missed; the stream ends on logout and on block; heartbeats keep it open.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { execute, query, type Db } from '../db/client';
import {
  clickOffer,
  createTestApp,
  DATABASE_KINDS,
  insertOffer,
  newAccount,
  signedPostbackUrl,
  signIn,
  testAppPerSuite,
  type SignedInMember,
  type SuiteApp,
} from '../test/helpers';
import { adminClient, createAdmin } from '../test/admin';
import { BLOCKED_MESSAGE } from '../lib/errors';

interface SseEvent {
  id?: string;
  event: string;
  data: Record<string, unknown>;
}

interface Stream {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: SseEvent[];
  heartbeats: number;
  /** Resolves when the server ends the response. */
  ended: Promise<void>;
  /** Waits until an event matching `match` has arrived (or the timeout passes) and returns it. */
  next(match: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  waitFor(condition: () => boolean, timeoutMs?: number): Promise<void>;
  close(): void;
  body: string;
}

function parseBlock(block: string): SseEvent | 'comment' | null {
  const lines = block.split('\n');
  if (lines.every((l) => l.startsWith(':'))) return 'comment';
  const e: Partial<SseEvent> & { dataText?: string } = {};
  for (const line of lines) {
    const i = line.indexOf(': ');
    if (i < 0) continue;
    const [field, value] = [line.slice(0, i), line.slice(i + 2)];
    if (field === 'id') e.id = value;
    if (field === 'event') e.event = value;
    if (field === 'data') e.dataText = value;
  }
  if (!e.event) return null;
  return { id: e.id, event: e.event, data: JSON.parse(e.dataText ?? '{}') };
}

function openStream(
  base: string,
  cookie: string | null,
  opts: { lastEventId?: string; query?: string; localAddress?: string } = {},
): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    if (cookie) headers.cookie = cookie;
    if (opts.lastEventId) headers['last-event-id'] = opts.lastEventId;
    const options = { headers, ...(opts.localAddress ? { localAddress: opts.localAddress } : {}) };
    const req = http.get(`${base}/api/events.php${opts.query ?? ''}`, options, (res) => {
      let buffer = '';
      const waiters = new Set<() => void>();
      let endedResolve!: () => void;
      const stream: Stream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events: [],
        heartbeats: 0,
        body: '',
        ended: new Promise<void>((r) => (endedResolve = r)),
        async waitFor(condition, timeoutMs = 5000) {
          if (condition()) return;
          await new Promise<void>((ok, fail) => {
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`timed out; events so far: ${JSON.stringify(stream.events)}`));
            }, timeoutMs);
            const check = () => {
              if (!condition()) return;
              clearTimeout(timer);
              waiters.delete(check);
              ok();
            };
            waiters.add(check);
          });
        },
        async next(match, timeoutMs) {
          await stream.waitFor(() => stream.events.some(match), timeoutMs);
          return stream.events.find(match)!;
        },
        close: () => req.destroy(),
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        stream.body += chunk;
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const parsed = parseBlock(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
          if (parsed === 'comment') stream.heartbeats++;
          else if (parsed) stream.events.push(parsed);
        }
        for (const w of [...waiters]) w();
      });
      const done = () => {
        endedResolve();
        for (const w of [...waiters]) w();
      };
      res.on('end', done);
      res.on('close', done);
      resolve(stream);
    });
    req.on('error', reject);
  });
}

const conversions = (s: Stream) => s.events.filter((e) => e.event === 'conversion');

describe.each(DATABASE_KINDS)('live member updates (GET /api/events.php) on %s', (kind) => {
  let suite: SuiteApp;
  let base: string;
  const app = () => suite.app;
  const db = (): Db => suite.db;
  const open: Stream[] = [];

  async function stream(cookie: string | null, opts?: { lastEventId?: string; query?: string }) {
    const s = await openStream(base, cookie, opts);
    open.push(s);
    return s;
  }

  /** A ready stream: its first event has arrived. */
  async function readyStream(member: SignedInMember, opts?: { lastEventId?: string; query?: string }) {
    const s = await stream(member.cookie, opts);
    expect(s.status).toBe(200);
    await s.next((e) => e.event === 'ready');
    return s;
  }

  const postback = (target: FastifyInstance, clickId: string, status: string, txn = `txn-${clickId}`) =>
    target
      .inject({
        url: signedPostbackUrl({ click_id: clickId, transaction_id: txn, payout: '1.5', status }),
      })
      .then((res) => {
        expect(res.statusCode, res.body).toBe(200);
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
        memberEvents: {
          heartbeatMs: 150,
          bufferSize: 50,
          streamsPerMember: 3,
          streamsPerAddress: 1000,
          maxStreams: 10_000,
          maxAgeMs: 600_000,
        },
      },
    },
  );
  afterAll(() => open.forEach((s) => s.close()));

  it('refuses a visitor without a member session (401, JSON)', async () => {
    const s = await stream(null);
    await s.ended;
    expect(s.status).toBe(401);
    expect(JSON.parse(s.body)).toMatchObject({ success: false });
  });

  it('answers an event stream that proxies must not buffer, opens with ready and sends heartbeats', async () => {
    const m = await signIn(app(), newAccount('ev-headers'));
    const s = await readyStream(m);
    expect(s.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(s.headers['cache-control']).toBe('no-cache, no-transform');
    expect(s.headers['x-accel-buffering']).toBe('no');
    expect(s.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(s.events[0]).toMatchObject({ event: 'ready' });
    expect(s.events[0]!.id).toMatch(/^[A-Za-z0-9._-]+$/);
    await s.waitFor(() => s.heartbeats >= 2);
  });

  it("delivers a conversion's pending, approved and reversed to its member only, with the offer's title", async () => {
    const asha = await signIn(app(), newAccount('ev-asha'));
    const ravi = await signIn(app(), newAccount('ev-ravi'));
    const offerId = await insertOffer(db(), { title: 'Dragon Quest — install & play' });
    const ashaStream = await readyStream(asha);
    const raviStream = await readyStream(ravi);
    const clickId = await clickOffer(app(), asha, offerId);

    await postback(app(), clickId, 'pending');
    const pending = await ashaStream.next((e) => e.event === 'conversion' && e.data.status === 'pending');
    expect(pending.data).toMatchObject({ offerId, title: 'Dragon Quest — install & play' });
    // What the event tells the server only (whether the member has a push device) is not sent.
    expect(pending.data).not.toHaveProperty('devices');
    // Opaque: no transaction number or completion id of the database in it.
    expect(pending.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await postback(app(), clickId, 'approved');
    await ashaStream.next((e) => e.event === 'conversion' && e.data.status === 'approved');
    await postback(app(), clickId, 'reversed');
    await ashaStream.next((e) => e.event === 'conversion' && e.data.status === 'reversed');

    expect(conversions(ashaStream).map((e) => e.data.status)).toEqual(['pending', 'approved', 'reversed']);
    expect(new Set(conversions(ashaStream).map((e) => e.id)).size).toBe(3);
    // Ravi's stream is open all along and hears none of it (his own heartbeats prove it is alive).
    await raviStream.waitFor(() => raviStream.heartbeats >= 1);
    expect(raviStream.events.map((e) => e.event)).toEqual(['ready']);
  });

  it('announces an approval once, with its final status, even when the postback inserts and then updates it', async () => {
    const m = await signIn(app(), newAccount('ev-once'));
    const s = await readyStream(m);
    const clickId = await clickOffer(app(), m, await insertOffer(db()));
    await postback(app(), clickId, 'approved');
    await s.next((e) => e.event === 'conversion');
    // A later, unrelated change proves that nothing else about the approval was on its way.
    const second = await clickOffer(app(), m, await insertOffer(db()));
    await postback(app(), second, 'pending');
    await s.waitFor(() => conversions(s).length === 2);
    expect(conversions(s).map((e) => e.data.status)).toEqual(['approved', 'pending']);
  });

  it("tells the referrer, and only the referrer, that a friend's first completion earned a free spin", async () => {
    const referrer = await signIn(app(), newAccount('ev-referrer'), { deviceFingerprint: 'ev-device-1' });
    const friend = await signIn(app(), newAccount('ev-friend'), {
      referralCode: referrer.referralCode,
      deviceFingerprint: 'ev-device-2',
    });
    const referrerStream = await readyStream(referrer);
    const friendStream = await readyStream(friend);
    const clickId = await clickOffer(app(), friend, await insertOffer(db()));
    await postback(app(), clickId, 'approved');

    const spin = await referrerStream.next((e) => e.event === 'free_spin');
    expect(spin.data).toEqual({ count: 1 });
    await friendStream.next((e) => e.event === 'conversion' && e.data.status === 'approved');
    expect(friendStream.events.some((e) => e.event === 'free_spin')).toBe(false);
    expect(conversions(referrerStream)).toEqual([]);
  });

  it('tells the referrer live when an admin grants a held same-device referral', async () => {
    const referrer = await signIn(app(), newAccount('ev-held'), { deviceFingerprint: 'ev-same' });
    const friend = await signIn(app(), newAccount('ev-held-friend'), {
      referralCode: referrer.referralCode,
      deviceFingerprint: 'ev-same',
    });
    const referrerStream = await readyStream(referrer);
    const clickId = await clickOffer(app(), friend, await insertOffer(db()));
    await postback(app(), clickId, 'approved');
    const [held] = await query<{ id: number }>(
      db(),
      sql`select id from referrals where referred_user_id = ${friend.userId} and status = 'completed_waiting'`,
    );
    const admin = await adminClient(app());
    const res = await admin.put('/api/admin/referrals.php', { referral_id: held!.id, action: 'grant' });
    expect(res.statusCode, res.body).toBe(200);
    const spin = await referrerStream.next((e) => e.event === 'free_spin');
    expect(spin.data).toEqual({ count: 1 });
  });

  it('tells the referrer live, and only the referrer, when an admin denies a held same-device referral', async () => {
    const referrer = await signIn(app(), newAccount('ev-deny'), { deviceFingerprint: 'ev-same-deny' });
    const friend = await signIn(app(), newAccount('ev-deny-friend'), {
      referralCode: referrer.referralCode,
      deviceFingerprint: 'ev-same-deny',
    });
    const referrerStream = await readyStream(referrer);
    const friendStream = await readyStream(friend);
    const clickId = await clickOffer(app(), friend, await insertOffer(db()));
    await postback(app(), clickId, 'approved');
    const [held] = await query<{ id: number }>(
      db(),
      sql`select id from referrals where referred_user_id = ${friend.userId} and status = 'completed_waiting'`,
    );
    const admin = await adminClient(app());
    const res = await admin.put('/api/admin/referrals.php', {
      referral_id: held!.id,
      action: 'deny',
      reason: 'one person, two accounts',
    });
    expect(res.statusCode, res.body).toBe(200);
    const denied = await referrerStream.next((e) => e.event === 'referral');
    expect(denied.data).toEqual({ status: 'denied', referralId: held!.id });
    expect(referrerStream.events.some((e) => e.event === 'free_spin')).toBe(false);
    // The friend's own stream hears its approval, never the referrer's decision.
    await friendStream.next((e) => e.event === 'conversion' && e.data.status === 'approved');
    expect(friendStream.events.some((e) => e.event === 'referral')).toBe(false);
  });

  it('delivers a postback received by one server process to a stream held by another', async () => {
    // A second app over the same database: its own listening connection, as a second process has.
    const other = await createTestApp(suite.database, {
      memberEvents: {
        heartbeatMs: 150,
        bufferSize: 50,
        streamsPerMember: 3,
        streamsPerAddress: 1000,
        maxStreams: 10_000,
        maxAgeMs: 600_000,
      },
    });
    try {
      await other.listen({ port: 0, host: '127.0.0.1' });
      const otherBase = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
      const m = await signIn(app(), newAccount('ev-cross'));
      const s = await openStream(otherBase, m.cookie);
      open.push(s);
      await s.next((e) => e.event === 'ready');
      const clickId = await clickOffer(app(), m, await insertOffer(db(), { title: 'Cross-process offer' }));
      await postback(app(), clickId, 'approved');
      const e = await s.next((ev) => ev.event === 'conversion');
      expect(e.data).toMatchObject({ status: 'approved', title: 'Cross-process offer' });
    } finally {
      await other.close();
    }
  });

  it('resumes with Last-Event-ID: replays the missed events of this member only, then goes on live', async () => {
    const m = await signIn(app(), newAccount('ev-resume'));
    const other = await signIn(app(), newAccount('ev-resume-other'));
    const first = await readyStream(m);
    const resumeFrom = first.events.at(-1)!.id!;
    first.close();
    await first.ended;

    const missedClick = await clickOffer(app(), m, await insertOffer(db(), { title: 'Missed offer' }));
    await postback(app(), missedClick, 'pending');
    await postback(app(), await clickOffer(app(), other, await insertOffer(db())), 'pending');
    await postback(app(), missedClick, 'approved');
    // On PostgreSQL the notifications reach this process's listener after the postbacks' answers.
    await expect
      .poll(() => {
        const r = app().memberEvents.since(m.userId, resumeFrom);
        return r.kind === 'replay' ? r.events.length : -1;
      })
      .toBe(2);

    // The browser's own reconnection (the header) and a new EventSource (the query) resume alike.
    for (const opts of [{ lastEventId: resumeFrom }, { query: `?lastEventId=${resumeFrom}` }]) {
      const again = await readyStream(m, opts);
      expect(again.events.map((e) => [e.event, e.data.status])).toEqual([
        ['conversion', 'pending'],
        ['conversion', 'approved'],
        ['ready', undefined],
      ]);
      expect(conversions(again).every((e) => e.data.title === 'Missed offer')).toBe(true);
      again.close();
    }

    const later = await readyStream(m, { lastEventId: resumeFrom });
    const liveClick = await clickOffer(app(), m, await insertOffer(db(), { title: 'Live offer' }));
    await postback(app(), liveClick, 'pending');
    const live = await later.next((e) => e.data.title === 'Live offer');
    expect(live.data.status).toBe('pending');
  });

  it('asks for a resync when the resume point is unknown here or has left the buffer', async () => {
    const m = await signIn(app(), newAccount('ev-resync'));
    const unknown = await readyStream(m, { lastEventId: '999999-c1' });
    expect(unknown.events.map((e) => e.event)).toEqual(['resync', 'ready']);
    unknown.close();

    const s = await readyStream(m);
    const old = s.events[0]!.id!;
    s.close();
    // More events than the buffer holds (50 here), about another member.
    const other = await signIn(app(), newAccount('ev-resync-other'));
    for (let i = 0; i < 30; i++) {
      const click = await clickOffer(app(), other, await insertOffer(db()));
      await postback(app(), click, 'pending');
      await postback(app(), click, 'approved');
    }
    const stale = await readyStream(m, { lastEventId: old });
    expect(stale.events.map((e) => e.event)).toEqual(['resync', 'ready']);
  });

  it('refuses a malformed lastEventId with a message naming it', async () => {
    const m = await signIn(app(), newAccount('ev-bad-id'));
    const s = await stream(m.cookie, { query: '?lastEventId=%3Cscript%3E' });
    await s.ended;
    expect(s.status).toBe(400);
    expect(JSON.parse(s.body).error).toContain('lastEventId');
  });

  it("ends the stream with logout when its session ends, leaving the member's other sessions open", async () => {
    const account = newAccount('ev-logout');
    const phone = await signIn(app(), account);
    const laptop = await signIn(app(), account);
    const phoneStream = await readyStream(phone);
    const laptopStream = await readyStream(laptop);
    const res = await app().inject({
      method: 'POST',
      url: '/api/logout.php',
      headers: { cookie: phone.cookie },
    });
    expect(res.statusCode).toBe(200);
    await phoneStream.ended;
    expect(phoneStream.events.at(-1)).toMatchObject({ event: 'logout' });
    const beats = laptopStream.heartbeats;
    await laptopStream.waitFor(() => laptopStream.heartbeats > beats);
    expect(laptopStream.events.map((e) => e.event)).toEqual(['ready']);
    // The ended session cannot open a new stream.
    const again = await stream(phone.cookie);
    await again.ended;
    expect(again.status).toBe(401);
  });

  it('sends blocked and ends every stream of a member an administrator blocks; other members keep theirs', async () => {
    const account = newAccount('ev-blocked');
    const tab1 = await signIn(app(), account);
    const tab2 = await signIn(app(), account);
    const bystander = await signIn(app(), newAccount('ev-bystander'));
    const streams = [await readyStream(tab1), await readyStream(tab2)];
    const bystanderStream = await readyStream(bystander);
    const admin = await adminClient(app());
    const res = await admin.put('/api/admin/users.php', { user_id: tab1.userId, action: 'flag' });
    expect(res.statusCode, res.body).toBe(200);
    for (const s of streams) {
      await s.ended;
      expect(s.events.at(-1)).toEqual({ event: 'blocked', data: { message: BLOCKED_MESSAGE } });
      expect(s.events.some((e) => e.event === 'logout')).toBe(false);
    }
    const beats = bystanderStream.heartbeats;
    await bystanderStream.waitFor(() => bystanderStream.heartbeats > beats);
    expect(bystanderStream.events.map((e) => e.event)).toEqual(['ready']);
  });

  it('never replays a block to a member unblocked since, who resumes from before it', async () => {
    const account = newAccount('ev-unblocked');
    const before = await signIn(app(), account);
    const s = await readyStream(before);
    const resumeFrom = s.events[0]!.id!;
    const admin = await adminClient(app());
    expect(
      (await admin.put('/api/admin/users.php', { user_id: before.userId, action: 'flag' })).statusCode,
    ).toBe(200);
    await s.ended;
    expect(
      (await admin.put('/api/admin/users.php', { user_id: before.userId, action: 'unflag' })).statusCode,
    ).toBe(200);
    const after = await signIn(app(), account);
    const resumed = await readyStream(after, { lastEventId: resumeFrom });
    expect(resumed.events.map((e) => e.event)).toEqual(['ready']);
  });

  it('limits the streams one member holds on a process (429 with a message beyond the limit)', async () => {
    const m = await signIn(app(), newAccount('ev-limit'));
    const held = [await readyStream(m), await readyStream(m), await readyStream(m)];
    const extra = await stream(m.cookie);
    await extra.ended;
    expect(extra.status).toBe(429);
    expect(JSON.parse(extra.body).error).toContain('Too many open live-update connections');
    held[0]!.close();
    await held[0]!.ended;
    await expect
      .poll(async () => {
        const s = await stream(m.cookie);
        s.close();
        return s.status;
      })
      .toBe(200);
  });

  it('ends open streams when a server process stops, so the member reconnects to another', async () => {
    const other = await createTestApp(suite.database);
    await other.listen({ port: 0, host: '127.0.0.1' });
    const m = await signIn(app(), newAccount('ev-shutdown'));
    const s = await openStream(`http://127.0.0.1:${(other.server.address() as AddressInfo).port}`, m.cookie);
    open.push(s);
    await s.next((e) => e.event === 'ready');
    await other.close();
    await s.ended;
    expect(s.events.map((e) => e.event)).toEqual(['ready']);
  });

  it.runIf(kind === 'postgres')(
    'after losing its listening connection, a process listens again and tells its streams to resync',
    async () => {
      const m = await signIn(app(), newAccount('ev-relisten'));
      const s = await readyStream(m);
      // The member answers cache listens on the same connection: it holds the member's offers now.
      await app().inject({ method: 'GET', url: '/api/offers.php', headers: { cookie: m.cookie } });
      expect(app().memberAnswers.sessionCount).toBeGreaterThan(0);
      const killed = await query<{ ok: boolean }>(
        db(),
        sql`select pg_terminate_backend(pid) as ok from pg_stat_activity
             where datname = current_database() and query like 'LISTEN %'`,
      );
      expect(killed.length).toBeGreaterThan(0);
      // While nothing is heard, nothing is kept or answered from memory.
      await vi.waitFor(() => expect(app().memberAnswers.active).toBe(false), { timeout: 15_000 });
      expect(app().memberAnswers.sessionCount).toBe(0);
      const resync = await s.next((e) => e.event === 'resync', 15_000);
      expect(resync.id).toMatch(/^m-/);
      expect(app().memberAnswers.active).toBe(true);
      const clickId = await clickOffer(
        app(),
        m,
        await insertOffer(db(), { title: 'After the reconnection' }),
      );
      await postback(app(), clickId, 'pending');
      await s.next((e) => e.data.title === 'After the reconnection');
    },
  );

  it('a rolled-back change announces nothing', async () => {
    const m = await signIn(app(), newAccount('ev-rollback'));
    const s = await readyStream(m);
    const offerId = await insertOffer(db());
    await db()
      .transaction(async (tx) => {
        await execute(
          tx,
          sql`insert into completions (user_id, offer_id, network, transaction_id, status)
              values (${m.userId}, ${offerId}, 'testnet', 'rolled-back', 'approved')`,
        );
        throw new Error('roll back');
      })
      .catch(() => {});
    const clickId = await clickOffer(app(), m, await insertOffer(db(), { title: 'After the rollback' }));
    await postback(app(), clickId, 'pending');
    await s.next((e) => e.data.title === 'After the rollback');
    expect(conversions(s)).toHaveLength(1);
  });
});

// Issue 32 item 10: one address (one client opening streams for many accounts) or everyone together
// cannot hold streams without bound, and no stream is held for ever. Addresses are 127.0.0.x (all
// loopback on Linux), so each test's client comes from an address of its own.
describe.each(DATABASE_KINDS)('live member updates: limits per address, overall and by age on %s', (kind) => {
  let suite: SuiteApp;
  let base: string;
  const open: Stream[] = [];
  const app = () => suite.app;

  async function stream(cookie: string, localAddress: string, opts: { lastEventId?: string } = {}) {
    const s = await openStream(base, cookie, { ...opts, localAddress });
    open.push(s);
    return s;
  }
  async function readyStream(cookie: string, localAddress: string, opts: { lastEventId?: string } = {}) {
    const s = await stream(cookie, localAddress, opts);
    expect(s.status, s.body).toBe(200);
    await s.next((e) => e.event === 'ready');
    return s;
  }
  async function closeAll(streams: Stream[]) {
    for (const s of streams) s.close();
    await Promise.all(streams.map((s) => s.ended));
    await vi.waitFor(() => expect(app().memberEvents.streamCount).toBe(0));
  }
  const members = (prefix: string, n: number) =>
    Promise.all(Array.from({ length: n }, (_, i) => signIn(app(), newAccount(`${prefix}-${i}`))));

  testAppPerSuite(
    kind,
    async (setup) => {
      suite = setup;
      await setup.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(setup.app.server.address() as AddressInfo).port}`;
    },
    {
      config: {
        memberEvents: {
          heartbeatMs: 150,
          bufferSize: 50,
          streamsPerMember: 2,
          streamsPerAddress: 3,
          maxStreams: 5,
          maxAgeMs: 1_500,
        },
      },
    },
  );
  afterAll(() => open.forEach((s) => s.close()));

  it('one address holds at most streamsPerAddress streams, whatever accounts they are for (429, JSON)', async () => {
    const ms = await members('ev-addr', 4);
    const held = [];
    for (const m of ms.slice(0, 3)) held.push(await readyStream(m.cookie, '127.0.0.2'));
    const extra = await stream(ms[3]!.cookie, '127.0.0.2');
    await extra.ended;
    expect(extra.status).toBe(429);
    expect(extra.headers['retry-after']).toBe('30');
    expect(JSON.parse(extra.body)).toEqual({
      success: false,
      error: expect.stringContaining('from this address'),
    });
    // Another address is not held back by it, and a closed stream frees its place.
    held.push(await readyStream(ms[3]!.cookie, '127.0.0.3'));
    held[0]!.close();
    await held[0]!.ended;
    await vi.waitFor(async () => {
      const again = await stream(ms[0]!.cookie, '127.0.0.2');
      again.close();
      expect(again.status).toBe(200);
    });
    await closeAll(held);
  });

  it('a process holds at most maxStreams streams in all (429, JSON)', async () => {
    const ms = await members('ev-all', 6);
    const held = [];
    for (const [i, m] of ms.slice(0, 5).entries())
      held.push(await readyStream(m.cookie, `127.0.0.${10 + (i % 2)}`));
    const extra = await stream(ms[5]!.cookie, '127.0.0.12');
    await extra.ended;
    expect(extra.status).toBe(429);
    expect(JSON.parse(extra.body)).toEqual({
      success: false,
      error: expect.stringContaining('as many live-update connections as it can'),
    });
    await closeAll(held);
    expect((await readyStream(ms[5]!.cookie, '127.0.0.12')).status).toBe(200);
    await closeAll(open.splice(0));
  });

  it('ends a stream after maxAgeMs; reconnecting with its last event id replays what was missed', async () => {
    const m = await signIn(app(), newAccount('ev-age'));
    const started = Date.now();
    const s = await readyStream(m.cookie, '127.0.0.20');
    await s.ended;
    const age = Date.now() - started;
    expect(age).toBeGreaterThanOrEqual(1_300);
    expect(age).toBeLessThan(5_000);
    expect(app().memberEvents.streamCount).toBe(0);
    const lastEventId = s.events.filter((e) => e.id).at(-1)!.id!;
    // While the member's app waits to reconnect, a postback arrives.
    const clickId = await clickOffer(app(), m, await insertOffer(suite.db, { title: 'While reconnecting' }));
    const res = await app().inject({
      url: signedPostbackUrl({
        click_id: clickId,
        transaction_id: `txn-${clickId}`,
        payout: '1',
        status: 'pending',
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    // The postback's answer does not wait for its notification: the reconnect comes once this process
    // has heard it (a marker notified after it, heard in commit order), so the event is in the replay.
    await app().memberAnswers.sync(app().db);
    const again = await readyStream(m.cookie, '127.0.0.20', { lastEventId });
    expect(again.events.map((e) => [e.event, e.data.title])).toContainEqual([
      'conversion',
      'While reconnecting',
    ]);
    again.close();
  });
});
