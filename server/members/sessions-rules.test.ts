// The session rules a caller relies on that the database suites do not pin down: what a folded session
// check's row means (no session, a blocked member, the member and the renewed end), the key a folded
// statement is given, and the purge timer's schedule, hooks and failures. Written for the mutants
// npm run test:mutation found alive in server/members/sessions-service.ts (docs/testing.md).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client';
import {
  MEMBER_RENEW_AFTER_MS,
  SESSION_PURGE_INTERVAL_MS,
  foldedSession,
  hashSessionId,
  memberSessionKey,
  startSessionPurge,
} from './sessions-service';

describe('a folded session check', () => {
  it('no row, or a row without a member, is no session', () => {
    expect(foldedSession(undefined)).toEqual({ status: 'none' });
    expect(foldedSession({ session_user_id: null, session_blocked: null, session_renewed: null })).toEqual({
      status: 'none',
    });
  });

  it('a blocked member is refused as blocked, whatever the renewal', () => {
    expect(
      foldedSession({ session_user_id: 7, session_blocked: true, session_renewed: '2030-01-01T00:00:00Z' }),
    ).toEqual({ status: 'blocked' });
  });

  it('the member, with the renewed end as a date when the call renewed the session', () => {
    expect(foldedSession({ session_user_id: 7, session_blocked: false, session_renewed: null })).toEqual({
      status: 'ok',
      userId: 7,
      renewedUntil: null,
    });
    expect(
      foldedSession({
        session_user_id: 7,
        session_blocked: false,
        session_renewed: '2030-01-02T03:04:05.000Z',
      }),
    ).toEqual({ status: 'ok', userId: 7, renewedUntil: new Date('2030-01-02T03:04:05.000Z') });
  });

  it("is given the cookie's keyed hash, the lifetime and the renewal step in seconds", () => {
    expect(memberSessionKey('secret', 'sid-1', 30 * 86_400_000)).toEqual({
      idHash: hashSessionId('secret', 'sid-1'),
      ttlSeconds: 30 * 86_400,
      renewAfterSeconds: 86_400,
    });
    expect(MEMBER_RENEW_AFTER_MS).toBe(86_400_000);
    expect(hashSessionId('secret', 'sid-1')).not.toBe(hashSessionId('other', 'sid-1'));
  });
});

describe('the purge timer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /**
   * A database that answers the purge's delete with `counts` in turn (an Error is thrown), and
   * refuses anything else.
   */
  function scriptedDb(counts: (number | Error)[]) {
    const calls: string[] = [];
    const db = {
      execute: async () => {
        const next = counts.shift();
        calls.push('purge');
        if (next === undefined) throw new Error('unexpected query');
        if (next instanceof Error) throw next;
        return { rows: [{ n: next }] };
      },
    } as unknown as Db;
    return { db, calls };
  }

  const settle = async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };

  it('purges at once, then every 10 minutes by default, each time running the extra work and reporting the count', async () => {
    vi.useFakeTimers();
    const { db, calls } = scriptedDb([3, 0]);
    const purged: number[] = [];
    const extra: Db[] = [];
    const stop = startSessionPurge(db, {
      extra: async (d) => {
        extra.push(d);
      },
      onPurged: (n) => purged.push(n),
    });
    await settle();
    expect(purged).toEqual([3]);
    expect(extra).toEqual([db]);
    await vi.advanceTimersByTimeAsync(SESSION_PURGE_INTERVAL_MS - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(purged).toEqual([3, 0]);
    expect(extra).toHaveLength(2);
    await stop();
    await vi.advanceTimersByTimeAsync(SESSION_PURGE_INTERVAL_MS * 3);
    expect(calls).toHaveLength(2);
  });

  it('reports a failure and tries again at the next interval; the extra work failing is a failure too', async () => {
    vi.useFakeTimers();
    const failure = new Error('database gone');
    const { db } = scriptedDb([failure, 2, 1]);
    const errors: unknown[] = [];
    const purged: number[] = [];
    let extraRuns = 0;
    const extraFailure = new Error('extra failed');
    const stop = startSessionPurge(db, {
      intervalMs: 1_000,
      extra: async () => {
        extraRuns++;
        if (extraRuns === 1) throw extraFailure;
      },
      onPurged: (n) => purged.push(n),
      onError: (e) => errors.push(e),
    });
    await settle();
    expect(errors).toEqual([failure]);
    await vi.advanceTimersByTimeAsync(1_000);
    await settle();
    // The delete ran (2) but the extra work failed: reported, no count.
    expect(errors).toEqual([failure, extraFailure]);
    expect(purged).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    await settle();
    expect(purged).toEqual([1]);
    await stop();
  });

  it('each hook is optional: without onPurged or extra nothing fails; without onError a failure is dropped', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    const quiet = scriptedDb([4]);
    const stopQuiet = startSessionPurge(quiet.db, { intervalMs: 500, onError: (e) => errors.push(e) });
    await settle();
    expect(quiet.calls).toHaveLength(1);
    expect(errors).toEqual([]);
    await stopQuiet();

    const purged: number[] = [];
    const failing = scriptedDb([new Error('down'), 6]);
    const stopFailing = startSessionPurge(failing.db, { intervalMs: 500, onPurged: (n) => purged.push(n) });
    await settle();
    await vi.advanceTimersByTimeAsync(500);
    await settle();
    expect(purged).toEqual([6]);
    await stopFailing();
  });

  it('never starts a second purge while one is running; stop waits for the running one', async () => {
    vi.useFakeTimers();
    let release: (() => void) | undefined;
    let started = 0;
    const db = {
      execute: () => {
        started++;
        return new Promise((resolve) => {
          release = () => resolve({ rows: [{ n: 5 }] });
        });
      },
    } as unknown as Db;
    const purged: number[] = [];
    const stop = startSessionPurge(db, { intervalMs: 100, onPurged: (n) => purged.push(n) });
    await vi.advanceTimersByTimeAsync(350);
    expect(started).toBe(1);
    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await settle();
    expect(stopped).toBe(false);
    release!();
    await stopping;
    expect(purged).toEqual([5]);
  });
});
