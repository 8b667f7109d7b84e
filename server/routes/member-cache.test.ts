// offers.php keeps the offers catalogue per process (docs/decisions.md, "Cached offers catalogue"): its
// answer is byte for byte the uncached statement's answer, whatever the member has on the offers, and
// never stale: an admin's edit shows on the very next call, from this process and from another one on
// the same PostgreSQL database; a blocked member is refused at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  DATABASE_KINDS,
  POSTGRES_URL,
  clickOffer,
  completeOffer,
  createTestApp,
  insertOffer,
  newAccount,
  signIn,
  testAppPerSuite,
  type SignedInMember,
} from '../test/helpers';
import { adminCookie, createAdmin } from '../test/admin';
import { openDatabase, query, type Database, type Db } from '../db/client';
import { claims, clicks, offers, users } from '../db/schema';
import { compileContractSerializer, listMemberOffers } from '../services/offers';
import { BLOCKED_MESSAGE } from '../lib/errors';
import * as member from '../../shared/contract/member';

const serializeAnswer = compileContractSerializer(member.offers.schema.response[200]);

const slotConfig = { reels: [{ amount: 10, probability: 50 }] };
const editPayload = (offerId: number, title: string) => ({
  offer_id: offerId,
  title,
  description: 'Edited description',
  external_offer_id: `edit_${offerId}`,
  model: 'CPI',
  offer_url: 'https://partner.example/edited?c={click_id}',
  preview_url: 'https://partner.example/edited.png',
  category: 'Gaming',
  reward_amount: 10,
  slot_config: slotConfig,
});

describe.each(DATABASE_KINDS)('offers.php with the cached catalogue on %s', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  let database: Database;
  let admin: string;
  testAppPerSuite(kind, async (s) => {
    app = s.app;
    db = s.db;
    database = s.database;
    await createAdmin(db);
    admin = await adminCookie(app);
  });

  const offersCall = (m: SignedInMember, on = app) =>
    on.inject({ method: 'GET', url: '/api/offers.php', headers: { cookie: m.cookie } });
  /** What the uncached statement answers (the list as it was read before the cache), serialised as the route does. */
  const reference = async (m: SignedInMember) => {
    const [u] = await db.select({ free: users.freeSpinsRemaining }).from(users).where(eq(users.id, m.userId));
    return serializeAnswer({
      success: true,
      offers: await listMemberOffers(db, m.userId, app.config.claimMinAgeMinutes),
      freeSpinsRemaining: u!.free,
    });
  };
  const titles = async (m: SignedInMember, on = app) =>
    ((await offersCall(m, on)).json().offers as { offer_id: number; title: string }[]).map(
      (o) => `${o.offer_id}:${o.title}`,
    );
  const adminPut = (payload: object) =>
    app.inject({ method: 'PUT', url: '/api/admin/offers.php', headers: { cookie: admin }, payload });

  it('answers the same bytes as the uncached statement, whatever the member has on the offers', async () => {
    const m = await signIn(app, newAccount('cache-same'));
    const other = await signIn(app, newAccount('cache-other'));
    const t0 = Date.now() - 10 * 86_400_000;
    const ids: number[] = [];
    // Several creation times, two of them equal (the list orders those by id).
    for (let i = 0; i < 6; i++)
      ids.push(
        await insertOffer(db, {
          title: `Offer ${i} "quoted" \u00e9\u2028`,
          description: i % 2 ? '' : `Line one\nline two ${i}`,
          previewUrl: i === 1 ? null : `https://cdn.example/${i}.png`,
          category: i === 2 ? null : 'Gaming',
          slotConfig: i === 3 ? null : slotConfig,
          createdAt: new Date(t0 + (i === 4 ? 3 : i) * 3_600_000),
        }),
      );
    const [approved, pending, claimed, rejected, claimable, retired] = ids as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    await completeOffer(app, m, approved!);
    await completeOffer(app, m, pending!, 'pending');
    await completeOffer(app, m, retired!);
    // A click old enough to be claimed, one with a pending claim, one with a rejected claim.
    const old = new Date(Date.now() - 3 * 3_600_000);
    for (const id of [claimed, rejected, claimable]) {
      const clickId = await clickOffer(app, m, id);
      await db.update(clicks).set({ createdAt: old }).where(eq(clicks.id, clickId));
    }
    const fileClaim = (offerId: number) =>
      app.inject({
        method: 'POST',
        url: '/api/claim.php',
        headers: { cookie: m.cookie },
        payload: { offerId, note: '' },
      });
    expect((await fileClaim(claimed)).statusCode).toBe(200);
    expect((await fileClaim(rejected)).statusCode).toBe(200);
    await db
      .update(claims)
      .set({ status: 'rejected', rejectReason: 'No conversion found' })
      .where(eq(claims.offerId, rejected));
    // An inactive offer with the member's live completion stays listed; one without disappears.
    await db.update(offers).set({ isActive: false }).where(eq(offers.id, retired));
    await insertOffer(db, { title: 'Retired, never done', isActive: false });

    for (const who of [m, other]) {
      const first = await offersCall(who);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      const second = await offersCall(who); // from the catalogue this process now holds
      expect(second.body).toBe(first.body);
      expect(second.body).toBe(await reference(who));
    }
    const mine = (await offersCall(m)).json().offers as { offer_id: number; status: string }[];
    expect(mine.find((o) => o.offer_id === retired)?.status).toBe('completed');
    expect(mine.map((o) => o.offer_id)).toContain(claimable);
  });

  it("shows an admin's edit, a deactivation and a new offer on the very next call", async () => {
    const m = await signIn(app, newAccount('cache-edit'));
    const id = await insertOffer(db, { title: 'Before the edit' });
    expect(await titles(m)).toContain(`${id}:Before the edit`);
    expect((await adminPut(editPayload(id, 'After the edit'))).statusCode).toBe(200);
    expect(await titles(m)).toContain(`${id}:After the edit`);
    expect((await offersCall(m)).body).toBe(await reference(m));

    expect((await adminPut({ offer_id: id, is_active: false })).statusCode).toBe(200);
    expect((await titles(m)).some((t) => t.startsWith(`${id}:`))).toBe(false);
    expect((await adminPut({ offer_id: id, is_active: true })).statusCode).toBe(200);
    expect(await titles(m)).toContain(`${id}:After the edit`);

    const added = await insertOffer(db, { title: 'Just added' });
    expect(await titles(m)).toContain(`${added}:Just added`);
    await db.delete(offers).where(eq(offers.id, added));
    expect((await titles(m)).some((t) => t.startsWith(`${added}:`))).toBe(false);
    expect((await offersCall(m)).body).toBe(await reference(m));
  });

  it('a completion changes only the member state: the generation stays, the answer follows', async () => {
    const m = await signIn(app, newAccount('cache-gen'));
    const id = await insertOffer(db, { title: 'Counted offer' });
    await offersCall(m);
    const gen = async () =>
      (await query<{ gen: string }>(db, sql`select gen::text as gen from catalogue_generation`))[0]?.gen;
    const before = await gen();
    await completeOffer(app, m, id); // counts the completion on the offer row too
    expect(await gen()).toBe(before);
    const card = ((await offersCall(m)).json().offers as { offer_id: number; status: string }[]).find(
      (o) => o.offer_id === id,
    );
    expect(card?.status).toBe('completed');
    expect((await offersCall(m)).body).toBe(await reference(m));
  });

  it('refuses a blocked member and a signed-out session on the next call, the catalogue cached', async () => {
    const m = await signIn(app, newAccount('cache-block'));
    const gone = await signIn(app, newAccount('cache-logout'));
    expect((await offersCall(m)).statusCode).toBe(200);
    expect((await offersCall(gone)).statusCode).toBe(200);
    await db.update(users).set({ isSuspicious: true }).where(eq(users.id, m.userId));
    const res = await offersCall(m);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(BLOCKED_MESSAGE);
    await app.inject({ method: 'POST', url: '/api/logout.php', headers: { cookie: gone.cookie } });
    expect((await offersCall(gone)).statusCode).toBe(401);
  });

  if (kind === 'postgres') {
    describe('two server processes on one database', () => {
      let second: Database;
      let app2: FastifyInstance;
      beforeAll(async () => {
        const [{ name }] = await query<{ name: string }>(db, sql`select current_database() as name`);
        const url = new URL(POSTGRES_URL);
        url.pathname = `/${name}`;
        // Its own pool and its own cache, as another process has.
        second = await openDatabase({ databaseUrl: url.toString(), poolMax: 4 });
        app2 = await createTestApp(second);
      });
      afterAll(async () => {
        await app2?.close();
        await second?.close();
      });

      it("an edit made through one process shows on the other's next call", async () => {
        expect(database.db).not.toBe(second.db);
        const m = await signIn(app, newAccount('cache-two'));
        const id = await insertOffer(db, { title: 'Shared offer' });
        expect(await titles(m, app2)).toContain(`${id}:Shared offer`);
        expect(await titles(m, app)).toContain(`${id}:Shared offer`);
        expect((await adminPut(editPayload(id, 'Edited on the first'))).statusCode).toBe(200);
        expect(await titles(m, app2)).toContain(`${id}:Edited on the first`);
        const admin2 = await adminCookie(app2);
        const put2 = await app2.inject({
          method: 'PUT',
          url: '/api/admin/offers.php',
          headers: { cookie: admin2 },
          payload: editPayload(id, 'Edited on the second'),
        });
        expect(put2.statusCode).toBe(200);
        expect(await titles(m, app)).toContain(`${id}:Edited on the second`);
        expect((await offersCall(m, app)).body).toBe((await offersCall(m, app2)).body);
      });
    });
  }
});
