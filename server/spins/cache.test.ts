// The slot configs spinForSession keeps per process (server/spins/service.ts) are bounded: at most
// 10 000 offers' configs; the next one starts the list over, so the offers forgotten cost one more
// round trip each (refused with their config) and nothing else. Ten thousand offers through a database
// would take minutes: member_spin's config check is played here by a model of it (an offer id ->
// slot_config text; a spin whose text differs is refused with RWCFG and the current text as DETAIL,
// as server/db/functions/member_spin.sql does). The same rules against the database:
// spins-session.test.ts. Written for the mutants npm run test:mutation found alive (docs/testing.md).
import { describe, expect, it, vi } from 'vitest';
import type { Queryable } from '../db/client';
import { callMemberSpin, type MemberSpinRow } from './repository';
import { spinForSession } from './service';

vi.mock('./repository', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./repository')>()),
  callMemberSpin: vi.fn(),
}));

/** The offers' slot_config texts, as member_spin reads them. */
const configs = new Map<number, string>();
const statements = vi.mocked(callMemberSpin);
statements.mockImplementation(async (_db, _key, r) => {
  const current = configs.get(r.offerId!)!;
  if (r.slotConfig !== current)
    throw Object.assign(new Error('slot config changed'), { code: 'RWCFG', detail: current });
  const row: MemberSpinRow = {
    r_renewed_until: null,
    r_user_id: 1,
    r_spin_id: 1,
    r_is_win: false,
    r_stock_out: false,
    r_reward_type: 'none',
    r_slot_result: r.missSlot,
    r_free_spins_remaining: 0,
    r_voucher_code: null,
    r_voucher_amount: null,
    r_voucher_brand: null,
    r_voucher_type: null,
    r_voucher_expiry: null,
    r_voucher_description: null,
    r_owed: false,
    r_stock_check: false,
    r_stocked: [],
  };
  return row;
});

const db = {} as Queryable;
const key = { idHash: 'hash', ttlSeconds: 30 * 86_400, renewAfterSeconds: 86_400 };
const LIMIT = 10_000;

/** member_spin statements one offer spin takes. */
async function statementsFor(offerId: number): Promise<number> {
  statements.mockClear();
  const r = await spinForSession(db, key, { spinType: 'offer', offerId });
  expect(r.status).toBe('ok');
  return statements.mock.calls.length;
}

describe('the slot configs kept per process', () => {
  it('keeps 10 000 offers; the 10 001st starts over, and the first offer is read again', async () => {
    for (let id = 1; id <= LIMIT + 2; id++)
      configs.set(id, JSON.stringify({ reels: [{ amount: 10, probability: (id % 90) + 1 }] }));

    for (let id = 1; id <= LIMIT; id++) expect(await statementsFor(id)).toBe(2);
    // All 10 000 kept: the first and the last cost one statement.
    expect(await statementsFor(1)).toBe(1);
    expect(await statementsFor(LIMIT)).toBe(1);

    // One more offer: the list starts over with it alone.
    expect(await statementsFor(LIMIT + 1)).toBe(2);
    expect(await statementsFor(LIMIT + 1)).toBe(1);
    expect(await statementsFor(1)).toBe(2);
    expect(await statementsFor(2)).toBe(2);
    expect(await statementsFor(1)).toBe(1);
  }, 60_000);
});
