// How long the member answers cache (server/members/answers.ts) may take a member's session as checked
// without asking the database: sessionCacheUntil (server/members/sessions-service.ts) bounds it by the
// session's daily renewal, so a member who keeps using the app still has the session extended (and the
// cookie with it) once a day, and no cached session outlives its check. Written for the mutants
// npm run test:mutation found alive in sessions-service.ts (docs/testing.md, "Scores").
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { execute, query, type Db } from '../db/client';
import { DATABASE_KINDS, newAccount, signIn, testAppPerSuite, type SignedInMember } from '../test/helpers';
import { MEMBER_RENEW_AFTER_MS, memberSessionKey, sessionCacheUntil } from './sessions-service';

const DAY_MS = 86_400_000;
/** A member session's lifetime (config memberSessionDays: 30). */
const TTL_MS = 30 * DAY_MS;

describe('sessionCacheUntil', () => {
  const key = memberSessionKey('secret', 'sid', TTL_MS);
  const end = new Date('2031-03-30T12:00:00.000Z');
  /** The renewal time of a session ending at `end`: a day after its last extension, 29 days before its end. */
  const renewalOf = (d: Date) => d.getTime() - (TTL_MS - MEMBER_RENEW_AFTER_MS);

  it("is the session's renewal time: from the end the statement found, or the new end it renewed", () => {
    expect(renewalOf(end)).toBe(Date.parse('2031-03-01T12:00:00.000Z'));
    const live = { session_user_id: 7, session_blocked: false, session_renewed: null };
    expect(sessionCacheUntil({ ...live, session_expires: end }, key)).toBe(renewalOf(end));
    expect(sessionCacheUntil({ ...live, session_expires: end.toISOString() }, key)).toBe(renewalOf(end));
    const renewed = new Date('2031-04-02T08:00:00.000Z');
    expect(sessionCacheUntil({ ...live, session_renewed: renewed, session_expires: end }, key)).toBe(
      renewalOf(renewed),
    );
    expect(
      sessionCacheUntil({ ...live, session_renewed: renewed.toISOString(), session_expires: end }, key),
    ).toBe(renewalOf(renewed));
  });

  it('is null, nothing to keep, without a live session, for a blocked member, or without the end', () => {
    expect(sessionCacheUntil(undefined, key)).toBeNull();
    expect(
      sessionCacheUntil(
        { session_user_id: null, session_blocked: null, session_renewed: null, session_expires: end },
        key,
      ),
    ).toBeNull();
    expect(
      sessionCacheUntil(
        { session_user_id: 7, session_blocked: true, session_renewed: null, session_expires: end },
        key,
      ),
    ).toBeNull();
    // A statement that did not read the end: nothing to bound the session by.
    for (const session_expires of [null, undefined])
      expect(
        sessionCacheUntil(
          { session_user_id: 7, session_blocked: false, session_renewed: null, session_expires },
          key,
        ),
        String(session_expires),
      ).toBeNull();
  });
});

describe.each(DATABASE_KINDS)('the member answers cache and the daily session renewal on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  testAppPerSuite(kind, (s) => {
    app = s.app;
    db = s.db;
  });

  const offersCall = (m: SignedInMember) =>
    app.inject({ method: 'GET', url: '/api/offers.php', headers: { cookie: m.cookie } });
  const hits = async () => {
    const text = (await app.inject({ url: '/api/metrics' })).body;
    const line = text.split('\n').find((l) => /^member_answers_cache_lookups_total\{result="hit"\}/.test(l));
    return Number(line?.split(' ').at(-1));
  };
  const sessionEnd = async (userId: number) =>
    new Date(
      (
        await query<{ expires_at: Date | string }>(
          db,
          sql`select expires_at from sessions where user_id = ${userId} and kind = 'member'`,
        )
      )[0]!.expires_at,
    );

  it('answers from memory until the renewal is due, then asks the database, which extends the session and the cookie', async () => {
    const m = await signIn(app, newAccount('cache-renewal'));
    // The session was last extended 1 day minus 3 s ago: its renewal is due in 3 s.
    await execute(
      db,
      sql`update sessions set expires_at = now() + interval '29 days 3 seconds'
           where user_id = ${m.userId} and kind = 'member'`,
    );
    // Shortening a session is announced (migration 0020): heard before the first call takes its ticket,
    // or that call's answer is not kept and the second is a miss.
    await app.memberAnswers.sync(db);
    const dueAt = (await sessionEnd(m.userId)).getTime() - (TTL_MS - DAY_MS);

    const before = await hits();
    const first = await offersCall(m);
    expect(first.statusCode).toBe(200);
    expect(first.cookies).toEqual([]);
    const second = await offersCall(m);
    expect(second.body).toBe(first.body);
    expect(await hits()).toBe(before + 1);

    // Past the renewal time the cache no longer vouches for the session: the database is asked, and
    // renews it for 30 days from now, the cookie with it.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt - Date.now()) + 300));
    const third = await offersCall(m);
    expect(third.statusCode).toBe(200);
    expect(await hits()).toBe(before + 1);
    const renewedEnd = await sessionEnd(m.userId);
    expect(renewedEnd.getTime()).toBeGreaterThan(Date.now() + TTL_MS - 60_000);
    const cookie = third.cookies.find((c) => c.name === 'sid');
    expect(cookie?.expires?.getTime()).toBe(Math.floor(renewedEnd.getTime() / 1000) * 1000);

    // The renewed session is vouched for again, until its next renewal a day later.
    const fourth = await offersCall(m);
    expect(fourth.body).toBe(first.body);
    expect(fourth.cookies).toEqual([]);
    expect(await hits()).toBe(before + 2);
  });
});
