// Announcements sent after a commit instead of in it (docs/decisions/announced-after-commit.md).
//
// A notification sent in a transaction makes PostgreSQL take its notification lock at the commit and
// hold it through the commit's WAL flush: every notifying transaction commits alone, one flush each,
// where others share a flush. The busiest writes (a spin, the receiver's one-statement approval)
// therefore send none: their triggers stay silent (rewards.cache_announced_by_server,
// rewards.events_announced_by_server) and the server announces the change here once the commit has
// returned: the member's id on member_cache (every process drops their cached answers) and the member
// event on member_events (their open streams, Web Push), the announcements of the same moment together
// in one statement that writes nothing, so holds the lock for no flush.
//
// What it costs: the other processes hear the change a moment later than the commit (this process has
// already dropped its own answers, MemberAnswers.changed), and a process that dies between the commit
// and the announcement leaves the others' cached answers of those members to MAX_ANSWER_AGE_MS and the
// member's open app to its next refetch.
import type { Queryable } from '../db/client';
import { MEMBER_CACHE_CHANNEL } from '../members/answers';
import { notifyAll } from './repository';
import { MEMBER_EVENTS_CHANNEL } from './service';

/** Members named in one member_cache notification (a payload holds at most 8,000 bytes). */
const MEMBERS_PER_NOTIFICATION = 500;
/** Notifications in one statement. */
const NOTIFICATIONS_PER_STATEMENT = 1000;
/** The retry while the database refuses the statement. */
const RETRY_MS = 1000;

export class Announcer {
  private readonly members = new Set<number>();
  private events: string[] = [];
  private flushing = false;

  constructor(private readonly db: Queryable) {}

  /** The member's answers changed (their id on member_cache). */
  member(userId: number): void {
    this.members.add(userId);
    this.schedule();
  }

  /** A member event's payload, as its trigger would have notified it on member_events. */
  event(payload: string): void {
    this.events.push(payload);
    this.schedule();
  }

  private schedule(): void {
    if (this.flushing) return;
    this.flushing = true;
    // The announcements of one turn of the event loop go together.
    setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    const ids = [...this.members];
    const events = this.events;
    this.members.clear();
    this.events = [];
    const channels: string[] = [];
    const payloads: string[] = [];
    for (let i = 0; i < ids.length; i += MEMBERS_PER_NOTIFICATION) {
      channels.push(MEMBER_CACHE_CHANNEL);
      payloads.push(ids.slice(i, i + MEMBERS_PER_NOTIFICATION).join(','));
    }
    for (const e of events) {
      channels.push(MEMBER_EVENTS_CHANNEL);
      payloads.push(e);
    }
    try {
      for (let i = 0; i < channels.length; i += NOTIFICATIONS_PER_STATEMENT)
        await notifyAll(
          this.db,
          channels.slice(i, i + NOTIFICATIONS_PER_STATEMENT),
          payloads.slice(i, i + NOTIFICATIONS_PER_STATEMENT),
        );
    } catch {
      // Sent again with the next ones (a member's id more than needed only costs a cache miss; an event
      // sent twice has one id, which a stream shows once).
      for (const id of ids) this.members.add(id);
      this.events = [...events, ...this.events];
      setTimeout(() => void this.flush(), RETRY_MS).unref();
      return;
    }
    if (this.members.size > 0 || this.events.length > 0) setImmediate(() => void this.flush());
    else this.flushing = false;
  }
}
