// The evidence statement (server/trust/evidence.ts) on a fixed dataset written row by row, on both
// databases: each signal counted from the rows the server keeps, and each member's score computed by
// hand from the default weights (docs/trust-and-safety.md#reasons-and-their-default-weights).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute, query, type Db, type Queryable } from '../db/client';
import { DATABASE_KINDS, createTestDatabase, insertOffer, type TestDatabase } from '../test/helpers';
import {
  conversionTiming,
  memberEvidence,
  nativeClickWithEvidence,
  SIGNAL_WINDOWS,
  type ConversionEvidence,
} from './evidence';
import { insertNetwork } from '../networks/repository';
import { configFromPreset } from '../networks/presets';
import { findNetworkClick, findNetworkClickWithEvidence } from '../postbacks/network-clicks-repository';
import { DEFAULT_POLICY } from './policy';
import { judge } from './score';
import { eraseMember } from '../privacy/repository';

describe.each(DATABASE_KINDS)('risk evidence on %s', (kind) => {
  let tdb: TestDatabase;
  let db: Db;
  let n = 0;
  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
    db = tdb.database.db;
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  /** A member row as sign-in writes it, registered `hoursAgo` hours ago. */
  async function member(
    m: {
      fp?: string | null;
      prefix?: string | null;
      asn?: number | null;
      hosting?: boolean;
      email?: string;
      hoursAgo?: number;
      referredBy?: number | null;
      completions?: number;
    } = {},
    on: Queryable = db,
  ): Promise<number> {
    const i = n++;
    const email = m.email ?? `member${i}@example.com`;
    const [row] = await query<{ id: number }>(
      on,
      sql`insert into users (firebase_uid, email, email_normalised, referral_code, registration_fingerprint,
                             registration_prefix, registration_asn, registration_hosting, registration_date,
                             referred_by_user_id, total_completions)
          values (${`uid-${kind}-${i}`}, ${email}, ${email.toLowerCase()}, ${`CODE${kind}${i}`.slice(0, 20)},
                  ${m.fp ?? null}, ${m.prefix ?? null}, ${m.asn ?? null}, ${m.hosting ?? false},
                  now() - ${m.hoursAgo ?? 48}::int * interval '1 hour', ${m.referredBy ?? null}, ${m.completions ?? 0})
          returning id`,
    );
    return row!.id;
  }

  const scoreOf = async (userId: number, reward: 'member' | 'referral' = 'member') => {
    const e = await memberEvidence(db, userId);
    const j = judge(e!, { kind: reward }, DEFAULT_POLICY);
    return { score: j.score, reasons: j.reasons.map((r) => `${r.code}:${r.weight}`) };
  };

  /**
   * Two registrations at once: the first stays uncommitted while the second registers (on PostgreSQL
   * the second waits for it; PGlite runs them one after the other). Their ids, in that order.
   */
  async function registeredTogether(a: Parameters<typeof member>[0], b: Parameters<typeof member>[0]) {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inserted!: () => void;
    const firstIn = new Promise<void>((r) => (inserted = r));
    const first = db.transaction(async (tx) => {
      const id = await member(a, tx);
      inserted();
      await held; // still uncommitted while the second registers
      return id;
    });
    await firstIn;
    const second = db.transaction((tx) => member(b, tx));
    await new Promise((r) => setTimeout(r, 200));
    release();
    return [await first, await second];
  }

  /** The rows of member_link_groups for `kind:value` (0 or 1). */
  const groupRows = async (key: string) =>
    (
      await query<{ n: number }>(
        db,
        sql`select count(*)::int as n from member_link_groups where key = hashtextextended(${key}, 0)`,
      )
    )[0]!.n;

  it('a member with nothing in common with anyone scores 0', async () => {
    const id = await member({ fp: 'lonely', prefix: '49.36.1.0/24', asn: 55836 });
    expect(await scoreOf(id)).toEqual({ score: 0, reasons: [] });
    expect(await memberEvidence(db, 999_999)).toBeUndefined();
  });

  it('shared device and a sign-up burst on it: 2 others × 20 + burst 30 = 70', async () => {
    await member({ fp: 'farm-phone', hoursAgo: 1 });
    await member({ fp: 'farm-phone', hoursAgo: 1 });
    const id = await member({ fp: 'farm-phone', hoursAgo: 1 });
    expect(await scoreOf(id)).toEqual({
      score: 70,
      reasons: ['shared_device:40', 'signup_burst_device:30'],
    });
  });

  it('shared address beyond a family, within 30 days only: 5 others → (5 − 3) × 10 = 20', async () => {
    for (let i = 0; i < 5; i++) await member({ prefix: '203.0.113.0/24', hoursAgo: 24 * (i + 2) });
    await member({ prefix: '203.0.113.0/24', hoursAgo: 24 * 60 }); // two months earlier: not counted
    const id = await member({ prefix: '203.0.113.0/24', hoursAgo: 0 });
    const e = await memberEvidence(db, id);
    expect(e!.address.n).toBe(5);
    expect(await scoreOf(id)).toEqual({ score: 20, reasons: ['shared_address:20'] });
  });

  it('an address burst: 5 sign-ups from one prefix within the hour = 30, and 4 others in the window = 10', async () => {
    for (let i = 0; i < 4; i++) await member({ prefix: '198.51.100.0/24', hoursAgo: 0 });
    const id = await member({ prefix: '198.51.100.0/24', hoursAgo: 0 });
    expect(await scoreOf(id)).toEqual({
      score: 40,
      reasons: ['signup_burst_address:30', 'shared_address:10'],
    });
  });

  it('the same mailbox: Gmail dots and +tags normalised at sign-in = 40; a disposable domain = 30', async () => {
    const first = await member({ email: 'jdoe@gmail.com' });
    await execute(db, sql`update users set email_normalised = 'jdoe@gmail.com' where id = ${first}`);
    const second = await member({ email: 'j.doe+promo@gmail.com' });
    await execute(db, sql`update users set email_normalised = 'jdoe@gmail.com' where id = ${second}`);
    expect(await scoreOf(second)).toEqual({ score: 40, reasons: ['same_email:40'] });
    const throwaway = await member({ email: 'someone@mailinator.com' });
    expect(await scoreOf(throwaway)).toEqual({ score: 30, reasons: ['disposable_email:30'] });
  });

  it('a hosting network at registration = 35; hopping across 3 networks in a week, one hosting = 35 + 30', async () => {
    const dc = await member({ asn: 16509, hosting: true });
    expect(await scoreOf(dc)).toEqual({ score: 35, reasons: ['hosting_network:35'] });
    const hopper = await member({ asn: 55836 });
    for (const [asn, hosting] of [
      [55836, false],
      [9009, true],
      [60068, true],
    ] as const)
      await execute(
        db,
        sql`insert into member_sightings (user_id, kind, asn, hosting) values (${hopper}, 'sign_in', ${asn}, ${hosting})`,
      );
    expect(await scoreOf(hopper)).toEqual({
      score: 65,
      reasons: ['hosting_network:35', 'network_hopping:30'],
    });
  });

  it('activity and reversals from the member’s own rows: 15 conversions a day = 25; 2 reversals in 90 days = 2 × 35 = 70', async () => {
    const busy = await member();
    for (let i = 0; i < 15; i++) {
      const offerId = await insertOffer(db);
      await execute(
        db,
        sql`insert into completions (user_id, offer_id, network, transaction_id, status)
            values (${busy}, ${offerId}, 'testnet', ${`busy-${kind}-${i}`}, 'pending')`,
      );
    }
    expect(await scoreOf(busy)).toEqual({ score: 25, reasons: ['activity_burst:25'] });

    const clicker = await member();
    const offer = await insertOffer(db);
    await execute(
      db,
      sql`insert into clicks (id, user_id, offer_id)
          select ${`clicker-${kind}-`} || g, ${clicker}, ${offer} from generate_series(1, 60) g`,
    );
    expect(await scoreOf(clicker)).toEqual({ score: 25, reasons: ['activity_burst:25'] });

    const offerId = await insertOffer(db);
    const reversed = await member();
    for (let i = 0; i < 2; i++)
      await execute(
        db,
        sql`insert into completions (user_id, offer_id, network, transaction_id, status, created_at, completed_at, reversed_at)
            values (${reversed}, ${offerId}, 'testnet', ${`rev-${kind}-${i}`}, 'reversed', now() - interval '4 days',
                    now() - interval '3 days', now() - interval '2 days')`,
      );
    expect(await scoreOf(reversed)).toEqual({ score: 70, reasons: ['reversals:70'] });
  });

  it('the referral graph judges the referral reward: linked, a farm, a ring, a chain, referred accounts that quit', async () => {
    // A home address with a referrer and three throwaway accounts on it, each with its own fingerprint.
    const ref = await member({ fp: 'ref-phone', prefix: '192.0.2.0/24' });
    const ring = [];
    for (let i = 0; i < 3; i++)
      ring.push(
        await member({ fp: `random-${i}`, prefix: '192.0.2.0/24', referredBy: ref, hoursAgo: 24 * (i + 1) }),
      );
    // Linked to the referrer by the address (45) and a farm of 3 referred accounts on it (40).
    expect(await scoreOf(ring[2]!, 'referral')).toEqual({
      score: 85,
      reasons: ['referral_linked:45', 'referral_farm:40'],
    });
    // The member's own conversion is not judged on the referral's reasons.
    expect((await scoreOf(ring[2]!, 'member')).reasons).toEqual(['referral_linked:45', 'referral_farm:40']);
    // Their own conversion: only that theirs is a new account's first reward (15), which alone passes.
    const conversion = judge((await memberEvidence(db, ring[2]!))!, { kind: 'conversion' }, DEFAULT_POLICY);
    expect(conversion.reasons.map((r) => `${r.code}:${r.weight}`)).toEqual(['new_account:15']);
    expect(conversion.level).toBe('low');

    // A ring: A referred B, and B is recorded as A's referrer too.
    const a = await member();
    const b = await member({ referredBy: a });
    await execute(db, sql`update users set referred_by_user_id = ${b} where id = ${a}`);
    expect(await scoreOf(b, 'referral')).toEqual({ score: 20, reasons: ['referral_chain:20'] });

    // A chain three deep: c1 → c2 → c3 → c4.
    const c1 = await member();
    const c2 = await member({ referredBy: c1 });
    const c3 = await member({ referredBy: c2 });
    const c4 = await member({ referredBy: c3 });
    expect(await scoreOf(c4, 'referral')).toEqual({ score: 20, reasons: ['referral_chain:20'] });

    // Referred accounts that stopped after their first completion (registered 3+ days ago).
    const quitter = await member();
    for (let i = 0; i < 3; i++) await member({ referredBy: quitter, completions: 1, hoursAgo: 24 * 5 });
    const next = await member({ referredBy: quitter });
    expect(await scoreOf(next, 'referral')).toEqual({ score: 20, reasons: ['referred_quit:20'] });
  });

  it("a conversion's time from its click against the offer's median of its recent approved conversions", async () => {
    const offerId = await insertOffer(db);
    const base = new Date(Date.now() - 2 * 3_600_000).toISOString();
    /** One member's conversion of the offer, `seconds` after their click two hours ago. */
    const conversion = async (i: number, seconds: number, status: 'approved' | 'pending') => {
      const who = await member();
      const clickId = `clk-${kind}-${i}`;
      await execute(
        db,
        sql`insert into clicks (id, user_id, offer_id, created_at) values (${clickId}, ${who}, ${offerId}, ${base}::timestamptz)`,
      );
      const [c] = await query<{ id: number }>(
        db,
        sql`insert into completions (user_id, offer_id, click_id, network, transaction_id, status, created_at)
            values (${who}, ${offerId}, ${clickId}, 'testnet', ${`t-${kind}-${i}`}, ${status},
                    ${base}::timestamptz + ${seconds}::int * interval '1 second')
            returning id`,
      );
      return { who, id: c!.id };
    };
    for (let i = 0; i < 19; i++) await conversion(i, 600, 'approved');
    const early = await conversion(19, 3, 'pending');
    // 19 approved before it: too little history to judge.
    expect(await conversionTiming(db, early.id)).toEqual({ seconds: 3, medianSeconds: 600, sample: 19 });
    await conversion(20, 600, 'approved');
    const t = await conversionTiming(db, early.id);
    expect(t).toEqual({ seconds: 3, medianSeconds: 600, sample: 20 });
    const e = await memberEvidence(db, early.who);
    expect(judge(e!, { kind: 'conversion', timing: t }, DEFAULT_POLICY).reasons.map((r) => r.code)).toEqual([
      'fast_conversion',
      'new_account',
    ]);
  });

  it("a native click read with its member's evidence: the member's own statement's, but for the referral graph", async () => {
    const referrer = await member({ fp: 'shared-fp', prefix: '49.36.9.0/24', asn: 55836 });
    const who = await member({ fp: 'shared-fp', prefix: '49.36.9.0/24', asn: 55836, referredBy: referrer });
    const offerId = await insertOffer(db);
    const clickId = `clk-native-${kind}`;
    await execute(
      db,
      sql`insert into clicks (id, user_id, offer_id, created_at) values (${clickId}, ${who}, ${offerId}, now() - interval '90 seconds')`,
    );
    const found = await nativeClickWithEvidence(db, clickId);
    expect(found?.click).toMatchObject({ id: clickId, userId: who, offerId });
    expect(found!.click.secondsSinceClick).toBeGreaterThanOrEqual(90);
    const { referrer: graph, ...own } = (await memberEvidence(db, who))!;
    // The referrer's links judge the referral reward, never the conversion: the click's read skips them.
    expect(graph).toMatchObject({ id: referrer, sameDevice: true, sameAddress: true });
    expect(found!.evidence).not.toHaveProperty('referrer');
    expect(countsOf(found!.evidence)).toEqual(countsOf(own));
    expect(found!.evidence.device).toEqual({ n: 1, ids: [] }); // counted, not named
    expect(own.device).toEqual({ n: 1, ids: [referrer] });
    expect(await nativeClickWithEvidence(db, 'no-such-click')).toBeUndefined();
  });

  it("a network's click read with its member's evidence: the same click and evidence, each way a postback names it", async () => {
    const parsed = configFromPreset('cpx', {
      name: `CPX ${kind}`,
      slug: `cpx-ev-${kind}`,
      secret: 's'.repeat(24),
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const networkId = await insertNetwork(db, parsed.config);
    const network = { id: networkId, slug: parsed.config.slug };
    const who = await member({ fp: 'net-fp', prefix: '49.36.10.0/24', asn: 55836 });
    await member({ fp: 'net-fp' });
    const [{ sub_id: subId }] = (await query<{ sub_id: string }>(
      db,
      sql`select sub_id from users where id = ${who}`,
    )) as [{ sub_id: string }];
    const onNetwork = async (external: string) => {
      const [o] = await query<{ id: number }>(
        db,
        sql`update offers set network_id = ${networkId}, external_offer_id = ${`${external}-${kind}`}
             where id = ${await insertOffer(db)} returning id`,
      );
      return o!.id;
    };
    const older = await onNetwork('ext-older');
    const newer = await onNetwork('ext-newer');
    await execute(
      db,
      sql`insert into clicks (id, user_id, offer_id, created_at) values
            (${`net-old-${kind}`}, ${who}, ${older}, now() - interval '2 hours'),
            (${`net-new-${kind}`}, ${who}, ${newer}, now() - interval '1 hour')`,
    );
    const ways: [Parameters<typeof findNetworkClick>[2], string | undefined, boolean, string | undefined][] =
      [
        [{ kind: 'click', value: `net-old-${kind}` }, undefined, false, `net-old-${kind}`],
        [{ kind: 'sub', value: subId }, undefined, false, `net-new-${kind}`],
        [{ kind: 'sub', value: subId }, `ext-older-${kind}`, false, `net-old-${kind}`],
        [{ kind: 'sub', value: `net-old-${kind}` }, undefined, true, `net-old-${kind}`],
        [{ kind: 'sub', value: subId }, `ext-older-${kind}`, true, `net-old-${kind}`],
        [{ kind: 'sub', value: 'nobody' }, undefined, true, undefined],
      ];
    const own = (await memberEvidence(db, who))!;
    for (const [ref, offerId, clickIdInSubId, expected] of ways) {
      const opts = { clickIdInSubId };
      const alone = await findNetworkClick(db, network, ref, offerId, opts);
      const both = await findNetworkClickWithEvidence(db, network, ref, offerId, opts);
      expect(alone?.id, JSON.stringify(ref)).toBe(expected);
      if (expected === undefined) {
        expect(both).toBeUndefined();
        continue;
      }
      const { secondsSinceClick: s1, ...click } = alone!;
      const { secondsSinceClick: s2, ...same } = both!.click;
      expect(same).toEqual(click);
      expect(Math.abs(s1 - s2)).toBeLessThan(5);
      expect(countsOf(both!.evidence)).toEqual(countsOf(own));
      expect(both!.evidence.device.n).toBe(1);
    }
  });

  it('two registrations on one device at once: the second waits for the first and both are marked as sharing it', async () => {
    const ids = await registeredTogether(
      { fp: 'race-fp', email: 'race-a@example.com' },
      { fp: 'race-fp', email: 'race-b@example.com' },
    );
    const shared = async (id: number) =>
      (await query<{ s: boolean }>(db, sql`select links_shared as s from users where id = ${id}`))[0]!.s;
    expect([await shared(ids[0]!), await shared(ids[1]!)]).toEqual([true, true]);
    const alone = await member({ fp: 'race-fp-alone', email: 'race-alone@example.com' });
    expect(await shared(alone)).toBe(false);
    expect(await groupRows('d:race-fp')).toBe(1);
    // Erased, the lone member's device and email leave no trace in the groups' table.
    expect([await groupRows('d:race-fp-alone'), await groupRows('e:race-alone@example.com')]).toEqual([1, 1]);
    await eraseMember(db, alone);
    expect([await groupRows('d:race-fp-alone'), await groupRows('e:race-alone@example.com')]).toEqual([0, 0]);
  });

  it('a member row deleted (an under-18 sign-up) takes its links with it', async () => {
    const stays = await member({ fp: 'minor-fp', prefix: '49.36.90.0/24' });
    const minor = await member({ fp: 'minor-fp', prefix: '49.36.90.0/24' });
    await execute(db, sql`delete from member_sightings where user_id = ${minor}`);
    await execute(db, sql`delete from users where id = ${minor}`);
    const [{ n }] = (await query<{ n: number }>(
      db,
      sql`select count(*)::int as n from member_links where user_id = ${minor}`,
    )) as [{ n: number }];
    expect(n).toBe(0);
    expect((await memberEvidence(db, stays))!.device.n).toBe(0);
  });

  it("the windows the member_links trigger is written for are the signals' (member_links_sync.sql)", () => {
    // The trigger marks a prefix crowded at 5 registrations within 60 days either side of one, for the
    // members within 30 days either side: the address window, the allowance of 3 others plus the member
    // and one more, and the burst of 5. Changing one of these means changing the trigger with it.
    expect([
      SIGNAL_WINDOWS.addressDays,
      SIGNAL_WINDOWS.addressAllowance,
      SIGNAL_WINDOWS.burstAddress,
    ]).toEqual([30, 3, 5]);
  });

  it('a prefix is marked crowded from its fifth registration within 60 days, and only members whose window it reaches', async () => {
    const crowded = async (ids: number[]) =>
      (
        await query<{ c: boolean }>(
          db,
          sql`select address_crowded as c from users where id = any(${sql.param(ids)}::int[]) order by id`,
        )
      ).map((r) => r.c);
    const early = await member({ prefix: '49.36.88.0/24', hoursAgo: 24 * 100 }); // outside every window below
    const four = [];
    for (const days of [50, 20, 10, 0])
      four.push(await member({ prefix: '49.36.88.0/24', hoursAgo: 24 * days }));
    expect(await crowded([early, ...four])).toEqual([false, false, false, false, false]);
    // Three registrations from another prefix, then two at once: the second waits for the first and
    // counts it, so the five are marked.
    const three = [];
    for (let i = 0; i < 3; i++) three.push(await member({ prefix: '49.36.89.0/24', hoursAgo: 2 }));
    const pair = await registeredTogether({ prefix: '49.36.89.0/24' }, { prefix: '49.36.89.0/24' });
    const fifth = await member({ prefix: '49.36.88.0/24', hoursAgo: 0 });
    // The fifth within 60 days of the fourth (registered now) marks those within 30 days of it.
    expect(await crowded([early, ...four, fifth])).toEqual([false, false, true, true, true, true]);
    expect(await crowded([...three, ...pair])).toEqual([true, true, true, true, true]);
    expect(await groupRows('p:49.36.89.0/24')).toBe(1);
  });

  it('the activity buckets bound the clicks and completions of the last 24 hours from above, day by day', async () => {
    const who = await member();
    const offerId = await insertOffer(db);
    let clicks = 0;
    const click = () =>
      execute(
        db,
        sql`insert into clicks (id, user_id, offer_id) values (${`b-${kind}-${clicks++}`}, ${who}, ${offerId})`,
      );
    const buckets = async () =>
      (
        await query<{ since_hours: number; recent: number; prior: number; bound: number }>(
          db,
          sql`select round(extract(epoch from now() - activity_since) / 3600)::int as since_hours,
                     activity_recent as recent, activity_prior as prior,
                     activity_recent + case when activity_since > now() - interval '25 hours'
                                            then activity_prior else 0 end as bound
                from users where id = ${who}`,
        )
      )[0];
    const openedHoursAgo = (h: number) =>
      execute(
        db,
        sql`update users set activity_since = now() - ${h}::int * interval '1 hour' where id = ${who}`,
      );

    for (let i = 0; i < 10; i++) await click();
    await execute(
      db,
      sql`insert into completions (user_id, offer_id, network, transaction_id, status)
          values (${who}, ${offerId}, 'testnet', ${`b-${kind}`}, 'pending')`,
    );
    expect(await buckets()).toEqual({ since_hours: 0, recent: 11, prior: 0, bound: 11 });
    // Less than a day open: the same bucket.
    await openedHoursAgo(23);
    await click();
    expect(await buckets()).toEqual({ since_hours: 23, recent: 12, prior: 0, bound: 12 });
    // A day open: the next insert opens a new one, and the old one still counts while any of its
    // inserts can be within the last 24 hours.
    await openedHoursAgo(24);
    await click();
    expect(await buckets()).toEqual({ since_hours: 0, recent: 1, prior: 12, bound: 13 });
    await openedHoursAgo(26);
    expect(await buckets()).toMatchObject({ recent: 1, prior: 12, bound: 1 });
  });

  it("the gate's read counts what the full evidence counts, for every member above, and judges each conversion alike", async () => {
    // Seen on a hosting network 10 days ago only, and on two home networks since: no hosting reason.
    const old = await member({ asn: 55836 });
    await execute(
      db,
      sql`insert into member_sightings (user_id, kind, asn, hosting, created_at) values
            (${old}, 'sign_in', 16509, true, now() - interval '10 days'),
            (${old}, 'sign_in', 55836, false, now() - interval '1 day'),
            (${old}, 'sign_in', 45609, false, now())`,
    );
    // A device and an address shared by three; then one of them deletes their account, and another's
    // registration time moves (the demo's history does): the links follow the member rows.
    const trio = [];
    for (let i = 0; i < 3; i++)
      trio.push(await member({ fp: 'trio-fp', prefix: '49.36.77.0/24', hoursAgo: 2 }));
    await eraseMember(db, trio[0]!);
    await execute(
      db,
      sql`update users set registration_date = now() - interval '60 days' where id = ${trio[1]}`,
    );

    const offerId = await insertOffer(db);
    const all = await query<{ id: number }>(db, sql`select id from users order by id`);
    expect(all.length).toBeGreaterThan(40);
    for (const { id } of all) {
      const clickId = `gate-${kind}-${id}`;
      await execute(
        db,
        sql`insert into clicks (id, user_id, offer_id) values (${clickId}, ${id}, ${offerId})`,
      );
      const gate = (await nativeClickWithEvidence(db, clickId))!.evidence;
      const full = (await memberEvidence(db, id))!;
      // Both read the prefix's registrations from member_links: the member rows themselves agree.
      const [fromUsers] = await query<{ n: number }>(
        db,
        sql`select count(*)::int as n from users m join users u
              on u.registration_prefix = m.registration_prefix and u.id <> m.id
             and u.registration_date between m.registration_date - ${SIGNAL_WINDOWS.addressDays}::int * interval '1 day'
                                         and m.registration_date + ${SIGNAL_WINDOWS.addressDays}::int * interval '1 day'
           where m.id = ${id}`,
      );
      expect(full.address.n, `member ${id}`).toBe(fromUsers!.n);
      expect(countsOf(gate), `member ${id}`).toEqual(countsOf(full));
      const judged = (e: typeof gate) => {
        const j = judge(e, { kind: 'conversion', timing: undefined }, DEFAULT_POLICY);
        return { level: j.level, score: j.score, reasons: j.reasons.map((r) => `${r.code}:${r.weight}`) };
      };
      expect(judged(gate), `member ${id}`).toEqual(judged(full));
    }
    const gateOf = async (id: number) => {
      const clickId = `gate-${kind}-${id}`;
      return (await nativeClickWithEvidence(db, clickId))!.evidence;
    };
    // One erased; one registered 60 days earlier: still on the device, out of the address window.
    const last = await gateOf(trio[2]!);
    expect([last.device.n, last.burstDevice]).toEqual([1, 1]);
    expect((await gateOf(old)).hostingAsns).toEqual([]);
  });
});

/**
 * What a judgement counts, without the named accounts (the gate's read names none), with the networks
 * counted only beside a hosting one, the address's counts only once they can count (beyond the
 * allowance, or a burst) and the day's clicks and conversions only once they can give a reason: the
 * gate's read counts them only then.
 */
function countsOf(e: ConversionEvidence) {
  const addressCounts =
    e.address.n > SIGNAL_WINDOWS.addressAllowance || e.burstAddress >= SIGNAL_WINDOWS.burstAddress;
  return {
    userId: e.userId,
    pausedAt: e.pausedAt,
    registrationHosting: e.registrationHosting,
    registrationAsn: e.registrationAsn,
    registrationAddress: e.registrationAddress,
    email: e.email,
    completions: e.completions,
    device: e.device.n,
    address: addressCounts ? [e.address.n, e.burstAddress] : 'none that counts',
    prefix: e.address.prefix,
    email_: e.email_.n,
    burstDevice: e.burstDevice,
    // The conversion judged counts too, hence a day's 14 conversions.
    activity:
      e.clicks24h >= SIGNAL_WINDOWS.clicksPerDay || e.conversions24h >= SIGNAL_WINDOWS.conversionsPerDay - 1
        ? [e.clicks24h, e.conversions24h]
        : 'none that counts',
    reversals: e.reversals,
    hostingAsns: [...e.hostingAsns].sort(),
    distinctAsns: e.hostingAsns.length ? e.distinctAsns : 0,
  };
}
