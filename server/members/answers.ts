// The member answers cache (docs/decisions/member-answers-cache.md): each server process keeps the
// answers of offers.php, user-stats.php and referral-stats.php it last sent to a member, already JSON,
// with the session that was checked for them, and answers the member's next call from memory: no round
// trip to the database at all.
//
// It is kept true by the database, not by time: every change to what those calls show of a member
// notifies the channel member_cache with the member's id at commit (the catalogue's changes, 'c', for
// everyone: server/db/functions/member_cache_*.sql), and every process hears every notification on its
// one listening connection (MemberEventHub's, server/events/service.ts) and drops that
// member's answers and sessions. Three rules make it safe:
//   * A fill that raced a change is refused: `begin` before the statement, `store` after it; a
//     notification for the member (or the catalogue, or a lost connection) heard in between means the
//     statement may have read the state before that change, so its answer is not kept.
//   * Nothing is kept, and nothing is answered, while the listening connection is down (a change made
//     then would go unheard); everything is dropped when it comes back.
//   * What changes with time alone is bounded: a session is used until its end or its daily renewal
//     (the database renews it), offers.php until the next moment one of the member's clicks becomes or
//     stops being claimable, referral-stats.php until the month ends.
// Writes (spins, clicks, claims, sign-in) never use it: they check the session in their own statement.

import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/client';
import { notifyMemberCache } from './sessions-repository';

/** The LISTEN channel the member_cache triggers notify. */
export const MEMBER_CACHE_CHANNEL = 'member_cache';

/** A sync marker's payload starts so: never a member's id nor 'c'. */
const SYNC_PREFIX = 'sync:';

const notifyMarker = notifyMemberCache;

export type CachedCall = 'offers' | 'user-stats' | 'referral-stats';

/** The calls whose answers show the offers catalogue (offer titles and categories). */
const SHOWS_CATALOGUE: Record<CachedCall, boolean> = {
  offers: true,
  'user-stats': true,
  'referral-stats': false,
};

interface Answer {
  json: Buffer;
  /** Epoch ms after which the answer is not used (Infinity: only a change ends it). */
  until: number;
}

interface MemberEntry {
  sessions: Set<string>;
  answers: Map<CachedCall, Answer>;
  bytes: number;
}

interface SessionEntry {
  userId: number;
  /** Epoch ms: the session's end or its next renewal, whichever is first. */
  until: number;
}

/** What a statement that checked the session and built an answer hands to `store`. */
export interface Fill {
  /** The session's key (the cookie's keyed hash). */
  idHash: string;
  userId: number;
  sessionUntil: number;
  call: CachedCall;
  json: Buffer;
  until: number;
}

export interface MemberAnswersOptions {
  /** Answer bytes kept per process (least recently used members go first). */
  budgetBytes: number;
  /** Sessions kept per process. */
  maxSessions: number;
  /** Sends a member's id on member_cache after the commit (server/events/announcer.ts). */
  announcer: { member(userId: number): void };
}

/**
 * The longest an answer is used, whatever was heard: a backstop for a change whose announcement was
 * lost with the process that was to send it (`announce`). Every other change is notified by
 * the database in its own transaction.
 */
export const MAX_ANSWER_AGE_MS = 60_000;

/** Members whose last change is remembered for refusing racing fills; past it the memory starts over. */
const MAX_REMEMBERED_CHANGES = 100_000;

export class MemberAnswers {
  private listening = false;
  /** Notifications (and connection events) heard so far: a fill's ticket is the value at its start. */
  private seq = 0;
  /** Fills that began before this are refused (the memory of changes was reset, or listening restarted). */
  private floor = 0;
  private readonly changedAt = new Map<number, number>();
  private catalogueChangedAt = 0;
  private readonly sessions = new Map<string, SessionEntry>();
  /** In least recently used order (a Map keeps insertion order; a use moves the member last). */
  private readonly members = new Map<number, MemberEntry>();
  private bytes = 0;
  private readonly syncs = new Map<string, () => void>();
  /** The sync the calls of this turn of the event loop share (`sync`). */
  private nextSync: Promise<void> | null = null;
  hits = 0;
  misses = 0;

  constructor(private readonly opts: MemberAnswersOptions) {}

  /** Whether answers are kept and used: the process hears every change. */
  get active(): boolean {
    return this.listening;
  }

  /** Answer bytes held. */
  get size(): number {
    return this.bytes;
  }

  /** Sessions held. */
  get sessionCount(): number {
    return this.sessions.size;
  }

  /** The listening connection is up (first, or again after a gap): start from nothing. */
  resume(): void {
    this.reset();
    this.listening = true;
  }

  /** The listening connection is lost: changes may go unheard, so nothing is used until `resume`. */
  suspend(): void {
    this.listening = false;
    this.reset();
    // Nothing is kept now: nothing to wait for.
    for (const done of this.syncs.values()) done();
    this.syncs.clear();
  }

  /** A ticket for a fill: take it before the statement whose answer `store` may keep. */
  begin(): number {
    return this.seq;
  }

  /**
   * A change to the member made by this process (a spin, a click, a claim, a sign-in), as its
   * notification will say once heard: dropped now, so the member's next call here shows it.
   */
  changed(userId: number): void {
    this.seq++;
    this.changedAt.set(userId, this.seq);
    if (this.changedAt.size > MAX_REMEMBERED_CHANGES) {
      this.changedAt.clear();
      this.floor = this.seq;
    }
    this.dropMember(userId);
  }

  /**
   * A change whose transaction sent no notification (a spin, the receiver's one-statement approval:
   * server/events/announcer.ts says why): `changed` here, and the member's id announced to every
   * process after the commit. A process that dies before sending it leaves the other processes'
   * answers of those members to MAX_ANSWER_AGE_MS.
   */
  announce(userId: number): void {
    this.changed(userId);
    this.opts.announcer.member(userId);
  }

  /**
   * Resolves once this process has heard every change committed before the call: it notifies a marker
   * of its own and waits for it (notifications arrive in commit order). An administrator's change is
   * answered after it, so the console's next view and the member's next call here both show it. Not
   * listening: nothing is kept, nothing to wait for. After `timeoutMs` without the marker the cache
   * starts over rather than wait longer.
   */
  sync(db: Queryable, timeoutMs = 5000): Promise<void> {
    if (!this.listening) return Promise.resolve();
    // The calls of one turn of the event loop share one marker: it is notified after all of them were
    // made, so after every change they wait for (a busy postback receiver: one NOTIFY for several).
    this.nextSync ??= new Promise<void>((resolve) =>
      setImmediate(() => {
        this.nextSync = null;
        resolve(this.syncOnce(db, timeoutMs));
      }),
    );
    return this.nextSync;
  }

  private async syncOnce(db: Queryable, timeoutMs: number): Promise<void> {
    if (!this.listening) return;
    const marker = `${SYNC_PREFIX}${randomBytes(9).toString('base64url')}`;
    const heard = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.syncs.delete(marker);
        this.reset();
        resolve();
      }, timeoutMs);
      timer.unref();
      this.syncs.set(marker, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    await notifyMarker(db, marker);
    await heard;
  }

  /** One notification of the member_cache channel: a member's id, 'c' (the catalogue), or a sync marker. */
  receive(payload: string): void {
    if (payload.startsWith(SYNC_PREFIX)) {
      const done = this.syncs.get(payload);
      this.syncs.delete(payload);
      done?.();
      return;
    }
    if (payload.includes(',')) {
      for (const id of payload.split(',')) this.receive(id);
      return;
    }
    if (payload === 'c') {
      this.catalogueChangedAt = ++this.seq;
      for (const m of this.members.values())
        for (const [call, a] of m.answers)
          if (SHOWS_CATALOGUE[call]) {
            m.answers.delete(call);
            m.bytes -= a.json.length;
            this.bytes -= a.json.length;
          }
      return;
    }
    const userId = Number(payload);
    if (!Number.isSafeInteger(userId) || payload.trim() === '') {
      // Not a payload the triggers send: drop everything rather than guess.
      this.reset();
      return;
    }
    this.changed(userId);
  }

  /** The answer of `call` kept for the session `idHash`, when both are still good at `now`. */
  lookup(idHash: string, call: CachedCall, now: number): Buffer | null {
    if (!this.listening) return null;
    const s = this.sessions.get(idHash);
    if (!s) return this.miss();
    if (now >= s.until) {
      this.dropSession(idHash);
      return this.miss();
    }
    const m = this.members.get(s.userId);
    const a = m?.answers.get(call);
    if (!m || !a) return this.miss();
    if (now >= a.until) {
      m.answers.delete(call);
      m.bytes -= a.json.length;
      this.bytes -= a.json.length;
      return this.miss();
    }
    this.members.delete(s.userId);
    this.members.set(s.userId, m);
    this.hits++;
    return a.json;
  }

  /**
   * Keeps a fill's session and answer, unless a change to the member (or to the catalogue, for an
   * answer that shows it) was heard since `ticket`, or the process is not listening. Returns whether it
   * was kept.
   */
  store(ticket: number, fill: Fill, now = Date.now()): boolean {
    if (!this.listening || ticket < this.floor) return false;
    if ((this.changedAt.get(fill.userId) ?? 0) > ticket) return false;
    if (SHOWS_CATALOGUE[fill.call] && this.catalogueChangedAt > ticket) return false;
    const size = fill.json.length;
    if (size > this.opts.budgetBytes) return false;
    let m = this.members.get(fill.userId);
    if (m) this.members.delete(fill.userId);
    else m = { sessions: new Set(), answers: new Map(), bytes: 0 };
    this.members.set(fill.userId, m);
    const old = m.answers.get(fill.call);
    if (old) {
      m.bytes -= old.json.length;
      this.bytes -= old.json.length;
    }
    m.answers.set(fill.call, { json: fill.json, until: Math.min(fill.until, now + MAX_ANSWER_AGE_MS) });
    m.bytes += size;
    this.bytes += size;
    const held = this.sessions.get(fill.idHash);
    if (held && held.userId !== fill.userId) this.members.get(held.userId)?.sessions.delete(fill.idHash);
    this.sessions.delete(fill.idHash);
    this.sessions.set(fill.idHash, { userId: fill.userId, until: fill.sessionUntil });
    m.sessions.add(fill.idHash);
    this.evict(fill.userId);
    return true;
  }

  /** A session ended in this process (a logout, a new sign-in): forgotten before the answer is sent. */
  dropSession(idHash: string): void {
    const s = this.sessions.get(idHash);
    if (!s) return;
    this.sessions.delete(idHash);
    this.members.get(s.userId)?.sessions.delete(idHash);
  }

  private dropMember(userId: number): void {
    const m = this.members.get(userId);
    if (!m) return;
    this.members.delete(userId);
    this.bytes -= m.bytes;
    for (const h of m.sessions) this.sessions.delete(h);
  }

  private evict(keep: number): void {
    for (const [userId] of this.members) {
      if (this.bytes <= this.opts.budgetBytes) break;
      if (userId !== keep) this.dropMember(userId);
    }
    for (const [idHash] of this.sessions) {
      if (this.sessions.size <= this.opts.maxSessions) break;
      this.dropSession(idHash);
    }
  }

  private miss(): null {
    this.misses++;
    return null;
  }

  private reset(): void {
    this.seq++;
    this.floor = this.seq;
    this.changedAt.clear();
    this.sessions.clear();
    this.members.clear();
    this.bytes = 0;
  }
}
