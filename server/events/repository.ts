// The post-commit announcements' one statement (server/events/announcer.ts).
import { execute, type Queryable } from '../db/client';
import { statement } from '../db/statements';

const notifyMany = statement(
  'notify_many',
  `select pg_notify(c, p) from unnest($1::text[], $2::text[]) as t(c, p)`,
);

/** Notifies each (channel, payload) pair, in order, in one statement (one transaction). */
export async function notifyAll(db: Queryable, channels: string[], payloads: string[]): Promise<void> {
  await execute(db, notifyMany, [channels, payloads]);
}
