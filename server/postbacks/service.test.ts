// Replay and the test postback (dry run) of the partner networks' receiver, and the parameters a test
// postback is built from.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { query, type Db } from '../db/client';
import { DATABASE_KINDS, testAppPerSuite } from '../test/helpers';
import {
  TEST_PUBLIC_URL,
  completionsOfClick,
  createNetwork,
  networkScenario,
  presetPostback,
  wrongSecretScenario,
  rowCounts,
} from '../test/network-fixtures';
import { presetConfig } from '../networks/presets';
import { dryRunPostback, replayAttempt, testPostbackParams } from './service';

const deps = { publicUrl: TEST_PUBLIC_URL };

async function lastLogId(db: Db, networkId: number): Promise<number> {
  const [row] = await query<{ id: number }>(
    db,
    sql`select max(id)::int as id from postback_log where network_id = ${networkId}`,
  );
  return row!.id;
}

async function logRow(db: Db, id: number) {
  const [row] = await query<{ outcome: string; replayOf: number | null; replayedAt: Date | null }>(
    db,
    sql`select outcome, replay_of::int as "replayOf", replayed_at as "replayedAt" from postback_log where id = ${id}`,
  );
  return row;
}

describe.each(DATABASE_KINDS)('replay and dry run (%s)', (kind) => {
  let app: FastifyInstance;
  let db: Db;
  testAppPerSuite(kind, (s) => {
    app = s.app;
    db = s.db;
  });

  describe('replayAttempt', () => {
    it('credits a postback refused for a wrong secret once the secret is fixed, and only once', async () => {
      const s = await wrongSecretScenario(db, 'cpx', 'cpx-replay-1');
      expect((await app.inject(s.request)).statusCode).toBe(403);
      const refusedId = await lastLogId(db, s.network.id);

      // Still wrong: the replay is refused again, and logged as such.
      const early = await replayAttempt(db, deps, refusedId);
      expect(early).toMatchObject({ kind: 'done', outcome: 'bad_signature', httpStatus: 403 });
      expect(await completionsOfClick(db, s.clickId)).toEqual([]);

      // A fresh refused attempt, then the operator fixes the secret.
      expect((await app.inject(s.request)).statusCode).toBe(403);
      const secondRefusal = await query<{ id: number }>(
        db,
        sql`select id::int from postback_log where network_id = ${s.network.id} and replay_of is null
             and replayed_at is null order by id desc limit 1`,
      );
      await s.fixSecret();
      const done = await replayAttempt(db, deps, secondRefusal[0]!.id);
      expect(done).toMatchObject({
        kind: 'done',
        outcome: 'accepted',
        httpStatus: 200,
        detail: 'Approved: spin unlocked',
      });
      expect(await completionsOfClick(db, s.clickId)).toMatchObject([{ status: 'approved' }]);
      if (done.kind !== 'done') throw new Error('not replayed');
      expect(await logRow(db, done.newPostbackId)).toMatchObject({
        outcome: 'accepted',
        replayOf: secondRefusal[0]!.id,
      });
      expect((await logRow(db, secondRefusal[0]!.id))!.replayedAt).not.toBeNull();

      expect(await replayAttempt(db, deps, secondRefusal[0]!.id)).toEqual({
        kind: 'not_replayable',
        why: 'already replayed',
      });
      // A successful attempt is not replayable, nor is a missing one.
      expect(await replayAttempt(db, deps, done.newPostbackId)).toEqual({
        kind: 'not_replayable',
        why: 'it was not refused',
      });
      expect(await replayAttempt(db, deps, 987_654_321)).toEqual({ kind: 'not_found' });
      expect(await completionsOfClick(db, s.clickId)).toHaveLength(1);
    });

    it('checks the allowlist against the address the attempt came from', async () => {
      const s = await networkScenario(db, 'native', { ipAllowlist: ['198.51.100.0/24'] });
      const request = presetPostback(
        s.network.config,
        { clickId: s.clickId, subId: '', externalOfferId: '', transactionId: 'ip-replay' },
        'approved',
        { remoteAddress: '192.0.2.1' },
      )!;
      expect((await app.inject(request)).statusCode).toBe(403);
      const id = await lastLogId(db, s.network.id);
      expect(await replayAttempt(db, deps, id)).toMatchObject({ outcome: 'ip_not_allowed' });
      expect(await completionsOfClick(db, s.clickId)).toEqual([]);
    });

    it("refuses to replay the native receiver's attempts", async () => {
      await app.inject({ url: '/api/postback.php?click_id=x' });
      const [row] = await query<{ id: number }>(
        db,
        sql`select max(id)::int as id from postback_log where network_id is null`,
      );
      expect(await replayAttempt(db, deps, row!.id)).toEqual({
        kind: 'not_replayable',
        why: "it was not sent to a partner network's receiver",
      });
    });

    it.each([
      ['a full-URL signature (BitLabs), from the URL as stored', 'bitlabs'],
      ['a signature sent in a header (ayeT), kept with the stored request', 'ayetstudios'],
    ] as const)('replays %s', async (_, preset) => {
      const s = await wrongSecretScenario(db, preset, `${preset}-replay`);
      expect((await app.inject(s.request)).statusCode).toBe(403);
      await s.fixSecret();
      expect(await replayAttempt(db, deps, await lastLogId(db, s.network.id))).toMatchObject({
        outcome: 'accepted',
      });
      expect(await completionsOfClick(db, s.clickId)).toMatchObject([{ status: 'approved' }]);
    });
  });

  describe('dryRunPostback', () => {
    it('answers as the receiver would and changes nothing', async () => {
      const s = await networkScenario(db, 'ayetstudios');
      const before = await rowCounts(db);
      const r = await dryRunPostback(db, deps, s.network, {
        clickId: s.clickId,
        status: 'approved',
        payout: 2,
      });
      expect(r).toMatchObject({ outcome: 'accepted', httpStatus: 200, body: 'ok' });
      expect(r.detail).toMatch(/^Approved: spin unlocked/);
      expect(r.detail).toMatch(/The IP allowlist was not checked/);
      // The request as the network would send it, its signature masked.
      expect(r.request.url).toMatch(
        new RegExp(`^${TEST_PUBLIC_URL}/api/postback/${s.network.config.slug}\\?external_identifier=`),
      );
      expect(r.request.headers).toEqual({ 'x-ayetstudios-security-hash': '***' });
      expect(await rowCounts(db)).toEqual(before);
      expect(await completionsOfClick(db, s.clickId)).toEqual([]);
    });

    it("uses the network's latest click when none is given, and says so", async () => {
      const s = await networkScenario(db, 'adgatemedia');
      const r = await dryRunPostback(db, deps, s.network, { status: 'pending' });
      expect(r.outcome).toBe('accepted');
      expect(r.detail).toBe(
        `Credited: pending Used the network's latest click, ${s.clickId}. The IP allowlist was not checked: the network's own servers must be on it.`,
      );
      expect(r.request.url).toContain('token=***');
      expect(r.request.url).not.toContain(s.network.config.secret);
    });

    it("tells the operator to start one of the network's offers when it has no click", async () => {
      const network = await createNetwork(db, 'tune');
      const r = await dryRunPostback(db, deps, network, { status: 'approved' });
      expect(r).toMatchObject({ outcome: 'unknown_click', httpStatus: 404 });
      expect(r.detail).toBe(
        "This network has no clicks yet: start one of the network's offers from the member app first",
      );
    });

    it('shows a refusal for a click of another network', async () => {
      const s = await networkScenario(db, 'native');
      const other = await networkScenario(db, 'native');
      const r = await dryRunPostback(db, deps, s.network, { clickId: other.clickId, status: 'approved' });
      expect(r).toMatchObject({ outcome: 'unknown_click', httpStatus: 404 });
      expect(r.detail).toMatch(/That click's offer is not one of this network's offers/);
    });
  });
});

describe('testPostbackParams', () => {
  const click = { clickId: 'CLICK', subId: 'SUB', externalOfferId: 'OFFER' };
  const config = (preset: Parameters<typeof presetConfig>[0]) => ({ ...presetConfig(preset), secret: 's' });

  it("names the click the way the network does, with the network's status values", () => {
    expect(
      testPostbackParams(config('wannads'), click, { status: 'approved', transactionId: 'T', payout: 0.5 }),
    ).toEqual({ subId: 'SUB', campaign_id: 'OFFER', status: '1', transId: 'T', payout: '0.50' });
    expect(testPostbackParams(config('tune'), click, { status: 'reversed', transactionId: 'T' })).toEqual({
      aff_click_id: 'CLICK',
      offer_id: 'OFFER',
      status: 'rejected',
      transaction_id: 'T',
      payout: '1.00',
    });
  });

  it('reverses with a prefix, a reference, or says the network cannot', () => {
    expect(
      testPostbackParams(config('ayetstudios'), click, { status: 'reversed', transactionId: 'T' }),
    ).toMatchObject({ transaction_id: 'r-T', is_chargeback: '1' });
    expect(
      testPostbackParams(config('bitlabs'), click, { status: 'reversed', transactionId: 'T' }),
    ).toMatchObject({
      ref: 'T',
      tx: 'T-reversal',
      type: 'RECONCILIATION',
    });
    expect(testPostbackParams(config('tapjoy'), click, { status: 'reversed', transactionId: 'T' })).toEqual({
      problem: "This network's configuration has no way to send a reversed postback",
    });
  });
});
