// The member answers cache's rules (server/members/answers.ts), without a database: what it
// keeps, what it refuses to keep, and what a notification, a lost connection or time ends.
import { describe, expect, it } from 'vitest';
import { MAX_ANSWER_AGE_MS, MemberAnswers, type Fill } from './answers';

const NOW = Date.now();
const json = (text: string) => Buffer.from(text);

function fill(over: Partial<Fill> = {}): Fill {
  return {
    idHash: 'session-a',
    userId: 7,
    sessionUntil: NOW + 86_400_000,
    call: 'offers',
    json: json('{"offers":[]}'),
    until: Infinity,
    ...over,
  };
}

const silent = { member: () => {} };

function listening(opts = { budgetBytes: 1024, maxSessions: 10 }) {
  const cache = new MemberAnswers({ ...opts, announcer: silent });
  cache.resume();
  return cache;
}

describe('MemberAnswers', () => {
  it('answers a kept call for its session, and nothing for another call or session', () => {
    const cache = listening();
    expect(cache.store(cache.begin(), fill())).toBe(true);
    expect(cache.lookup('session-a', 'offers', NOW)?.toString()).toBe('{"offers":[]}');
    expect(cache.lookup('session-a', 'user-stats', NOW)).toBeNull();
    expect(cache.lookup('session-b', 'offers', NOW)).toBeNull();
    expect(cache.hits).toBe(1);
    expect(cache.misses).toBe(2);
  });

  it('keeps nothing and answers nothing until it listens, and forgets everything when it stops', () => {
    const cache = new MemberAnswers({ budgetBytes: 1024, maxSessions: 10, announcer: silent });
    expect(cache.active).toBe(false);
    expect(cache.store(cache.begin(), fill())).toBe(false);
    cache.resume();
    expect(cache.store(cache.begin(), fill())).toBe(true);
    cache.suspend();
    expect(cache.lookup('session-a', 'offers', NOW)).toBeNull();
    cache.resume();
    expect(cache.lookup('session-a', 'offers', NOW)).toBeNull();
  });

  it('refuses a fill that began before the connection was lost and found again', () => {
    const cache = listening();
    const ticket = cache.begin();
    cache.suspend();
    cache.resume();
    expect(cache.store(ticket, fill())).toBe(false);
    expect(cache.store(cache.begin(), fill())).toBe(true);
  });

  it("drops a member's answers and sessions when their change is heard, and no one else's", () => {
    const cache = listening();
    cache.store(cache.begin(), fill());
    cache.store(cache.begin(), fill({ call: 'user-stats' }));
    cache.store(cache.begin(), fill({ idHash: 'session-b', userId: 8 }));
    cache.receive('7');
    expect(cache.lookup('session-a', 'offers', NOW)).toBeNull();
    expect(cache.lookup('session-a', 'user-stats', NOW)).toBeNull();
    expect(cache.sessionCount).toBe(1);
    expect(cache.lookup('session-b', 'offers', NOW)).not.toBeNull();
  });

  it("refuses a fill whose statement may have read the member's state before a change heard meanwhile", () => {
    const cache = listening();
    const before = cache.begin();
    cache.receive('7');
    expect(cache.store(before, fill())).toBe(false);
    // Another member's fill of the same moment is kept.
    expect(cache.store(before, fill({ idHash: 'session-b', userId: 8 }))).toBe(true);
    // A fill that began after the change read it.
    expect(cache.store(cache.begin(), fill())).toBe(true);
  });

  it("a change made here (changed) drops the member's answers and refuses racing fills", () => {
    const cache = listening();
    cache.store(cache.begin(), fill());
    const racing = cache.begin();
    cache.changed(7);
    expect(cache.lookup('session-a', 'offers', NOW)).toBeNull();
    expect(cache.store(racing, fill())).toBe(false);
    expect(cache.store(racing, fill({ idHash: 'session-b', userId: 8 }))).toBe(true);
  });

  it('an announcement naming several members drops each of them', () => {
    const cache = listening();
    for (const userId of [1, 2, 3]) cache.store(cache.begin(), fill({ idHash: `s${userId}`, userId }));
    cache.receive('1,3');
    expect(cache.lookup('s1', 'offers', NOW)).toBeNull();
    expect(cache.lookup('s2', 'offers', NOW)).not.toBeNull();
    expect(cache.lookup('s3', 'offers', NOW)).toBeNull();
  });

  it('uses no answer longer than MAX_ANSWER_AGE_MS, whatever its own bound', () => {
    const cache = listening();
    cache.store(cache.begin(), fill({ sessionUntil: NOW + 10 * MAX_ANSWER_AGE_MS }), NOW);
    expect(cache.lookup('session-a', 'offers', NOW + MAX_ANSWER_AGE_MS - 1)).not.toBeNull();
    expect(cache.lookup('session-a', 'offers', NOW + MAX_ANSWER_AGE_MS)).toBeNull();
  });

  it('a catalogue change drops the answers that show offers and keeps referral-stats and the sessions', () => {
    const cache = listening();
    const before = cache.begin();
    cache.store(before, fill());
    cache.store(before, fill({ call: 'user-stats' }));
    cache.store(before, fill({ call: 'referral-stats' }));
    cache.receive('c');
    expect(cache.lookup('session-a', 'offers', NOW)).toBeNull();
    expect(cache.lookup('session-a', 'user-stats', NOW)).toBeNull();
    expect(cache.lookup('session-a', 'referral-stats', NOW)).not.toBeNull();
    expect(cache.store(before, fill())).toBe(false);
    expect(cache.store(before, fill({ call: 'referral-stats' }))).toBe(true);
  });

  it('a payload it does not know drops everything', () => {
    const cache = listening();
    cache.store(cache.begin(), fill());
    cache.receive('not-a-member');
    expect(cache.sessionCount).toBe(0);
    expect(cache.size).toBe(0);
  });

  it('ends a session at its renewal time and an answer at its own bound', () => {
    const cache = listening();
    cache.store(cache.begin(), fill({ sessionUntil: NOW + 1000, until: NOW + 500 }));
    expect(cache.lookup('session-a', 'offers', NOW + 499)).not.toBeNull();
    expect(cache.lookup('session-a', 'offers', NOW + 500)).toBeNull();
    cache.store(cache.begin(), fill({ sessionUntil: NOW + 1000 }));
    expect(cache.lookup('session-a', 'offers', NOW + 999)).not.toBeNull();
    expect(cache.lookup('session-a', 'offers', NOW + 1000)).toBeNull();
    expect(cache.sessionCount).toBe(0);
  });

  it("a logout here forgets the session at once; the member's other session still answers", () => {
    const cache = listening();
    cache.store(cache.begin(), fill());
    cache.store(cache.begin(), fill({ idHash: 'session-phone' }));
    cache.dropSession('session-a');
    expect(cache.lookup('session-a', 'offers', NOW)).toBeNull();
    expect(cache.lookup('session-phone', 'offers', NOW)).not.toBeNull();
  });

  it('holds at most its budget of bytes and its number of sessions, least recently used first', () => {
    const cache = listening({ budgetBytes: 30, maxSessions: 2 });
    const ten = json('0123456789');
    cache.store(cache.begin(), fill({ idHash: 'a', userId: 1, json: ten }));
    cache.store(cache.begin(), fill({ idHash: 'b', userId: 2, json: ten }));
    expect(cache.lookup('a', 'offers', NOW)).not.toBeNull(); // 1 is now the most recently used
    cache.store(cache.begin(), fill({ idHash: 'c', userId: 3, json: ten }));
    cache.store(cache.begin(), fill({ idHash: 'a', userId: 1, call: 'user-stats', json: ten }));
    expect(cache.size).toBeLessThanOrEqual(30);
    expect(cache.sessionCount).toBeLessThanOrEqual(2);
    expect(cache.lookup('b', 'offers', NOW)).toBeNull();
    expect(cache.lookup('a', 'user-stats', NOW)).not.toBeNull();
    // An answer larger than the whole budget is not kept.
    expect(cache.store(cache.begin(), fill({ json: Buffer.alloc(31) }))).toBe(false);
  });

  it('a replaced answer counts its new size only', () => {
    const cache = listening();
    cache.store(cache.begin(), fill({ json: json('12345') }));
    cache.store(cache.begin(), fill({ json: json('123') }));
    expect(cache.size).toBe(3);
    cache.receive('7');
    expect(cache.size).toBe(0);
  });
});
