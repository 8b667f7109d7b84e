// The member services take the database or a transaction: a sign-in, its session check and a spin can
// run inside one caller's transaction, see each other's uncommitted work, and roll back together.
import { sql } from 'drizzle-orm';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute, query } from './client';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../test/helpers';
import { createSession, findMemberSession } from '../members/sessions-service';
import { spin } from '../spins/service';
import { signInMember } from '../members/service';

const SECRET = 'transactions-test-secret';

/** A token as firebase-admin hands it over after verifying it. */
const token = (uid: string) =>
  ({
    uid,
    email: `${uid}@example.com`,
    email_verified: true,
    name: 'Tx Member',
    firebase: { sign_in_provider: 'google.com' },
  }) as unknown as DecodedIdToken;

class Rollback extends Error {}

describe.each(DATABASE_KINDS)('member services inside one transaction on %s', (kind) => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await createTestDatabase(kind, 2);
  });
  afterAll(async () => tdb?.drop());

  it('sign-in, session check and spin share the transaction, and roll back with it', async () => {
    const db = tdb.database.db;
    const uid = `tx-${kind}-${Date.now()}`;
    let seen: { free: number; after: number; spun: number } | null = null;
    await expect(
      db.transaction(async (tx) => {
        const { user, isNewUser } = await signInMember(tx, {
          token: token(uid),
          deviceFingerprint: null,
          referralCode: null,
        });
        expect(isNewUser).toBe(true);
        const session = await createSession(tx, SECRET, { kind: 'member', userId: user.id }, 86_400_000);
        await execute(tx, sql`update users set free_spins_remaining = 2 where id = ${user.id}`);
        const before = await findMemberSession(tx, SECRET, session.sid);
        const result = await spin(tx, { userId: user.id, spinType: 'free' });
        const after = await findMemberSession(tx, SECRET, session.sid);
        seen = {
          free: before!.freeSpinsRemaining,
          after: after!.freeSpinsRemaining,
          spun: result.freeSpinsRemaining,
        };
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);

    // Inside: the session check saw the new member and the spin's spend, on the same connection.
    expect(seen).toEqual({ free: 2, after: 1, spun: 1 });
    // Outside: nothing of it was kept.
    const rows = await query<{ id: number }>(db, sql`select id from users where firebase_uid = ${uid}`);
    expect(rows).toEqual([]);
  });
});
