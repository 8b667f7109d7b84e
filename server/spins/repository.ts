// The spin: one call of the database function rewards_spin (server/db/functions/rewards_spin.sql),
// a named statement; slot-spin.php calls member_spin, the same with the member session check first. It spends the spin, claims a voucher and records it; refusals are raised as
// SQLSTATEs RWNOS (no offer spin), RWNFS (no free spin) and RWBLK (blocked or missing member).
import { hasStatementRunner, run, type Queryable } from '../db/client';
import { isConnectionError, statement } from '../db/statements';

export interface SpinRow {
  r_spin_id: number;
  r_is_win: boolean;
  r_stock_out: boolean;
  r_reward_type: string;
  r_slot_result: [number, number, number];
  r_free_spins_remaining: number;
  r_voucher_code: string | null;
  r_voucher_amount: number | null;
  r_voucher_brand: string | null;
  r_voucher_type: string | null;
  r_voucher_expiry: string | null;
  r_voucher_description: string | null;
  /** The win lost the race for the last code of its amount: owed (owed_vouchers), settled at restock. */
  r_owed: boolean;
  /** The drawn amount's stock is gone: voucher_stock is to be refreshed after the commit. */
  r_stock_check: boolean;
  /** The amounts voucher_stock says are in stock (the result panel's odds). */
  r_stocked: number[];
}

export interface SpinRequest {
  userId: number;
  spinType: 'free' | 'offer';
  offerId: number | null;
  /** The amount the server drew (0: a miss). */
  drawn: number;
  /** The reward type recorded if the drawn amount is won. */
  winRewardType: string;
  winSlot: [number, number, number];
  missSlot: [number, number, number];
}

const spinStatement = statement(
  'rewards_spin',
  'select * from rewards_spin($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb)',
);

export async function callRewardsSpin(db: Queryable, r: SpinRequest): Promise<SpinRow> {
  const [row] = await run<SpinRow>(db, spinStatement, [
    r.userId,
    r.spinType,
    r.offerId,
    r.drawn,
    r.winRewardType,
    JSON.stringify(r.winSlot),
    JSON.stringify(r.missSlot),
  ]);
  if (!row) throw new Error('rewards_spin returned no row');
  return row;
}

const memberSpinStatement = statement(
  'member_spin',
  'select * from member_spin($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb)',
);

export interface MemberSpinRow extends SpinRow {
  /** The session's new end when this spin renewed it. */
  r_renewed_until: Date | string | null;
  /** The member whose session the spin checked. */
  r_user_id: number;
}

type MemberSpinCall = Omit<SpinRequest, 'userId'> & { slotConfig: string | null };
interface MemberSession {
  idHash: string;
  ttlSeconds: number;
  renewAfterSeconds: number;
}

function memberSpinValues(session: MemberSession, r: MemberSpinCall): unknown[] {
  return [
    session.idHash,
    session.ttlSeconds,
    session.renewAfterSeconds,
    r.spinType,
    r.offerId,
    r.slotConfig,
    r.drawn,
    r.winRewardType,
    JSON.stringify(r.winSlot),
    JSON.stringify(r.missSlot),
  ];
}

async function callMemberSpinAlone(
  db: Queryable,
  session: MemberSession,
  r: MemberSpinCall,
): Promise<MemberSpinRow> {
  const [row] = await run<MemberSpinRow>(db, memberSpinStatement, memberSpinValues(session, r));
  if (!row) throw new Error('member_spin returned no row');
  return row;
}

/**
 * slot-spin.php's one statement (server/db/functions/member_spin.sql): the member session check of
 * `session.idHash`, then rewards_spin. `slotConfig`: the text of the offer's slot_config the draw came
 * from (an offer spin), null when the server has not read it yet. On the database's own connections
 * the call goes through its MemberSpinQueue (several spins of one moment in one statement and one
 * commit); inside a transaction it runs alone. Either way a refusal rejects with the function's
 * SQLSTATE as `code` (and RWCFG's DETAIL as `detail`).
 */
export function callMemberSpin(
  db: Queryable,
  session: MemberSession,
  r: MemberSpinCall,
): Promise<MemberSpinRow> {
  if (!hasStatementRunner(db)) return callMemberSpinAlone(db, session, r);
  return memberSpinQueue(db).submit(session, r);
}

/** The queue of the database `db` (made on first use). */
export function memberSpinQueue(db: Queryable): MemberSpinQueue {
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = new MemberSpinQueue(db)));
  return queue;
}

const memberSpinsStatement = statement(
  'member_spins',
  'select * from member_spins($1::text[], $2::float8[], $3::float8[], $4::text[], $5::integer[], $6::text[], $7::numeric[], $8::text[], $9::jsonb[], $10::jsonb[])',
);

interface MemberSpinsRow extends MemberSpinRow {
  r_index: number;
  r_error_code: string | null;
  r_error_detail: string | null;
}

export interface SpinStatementObserver {
  /** A statement sent, with the number of spins it carries. */
  statement?: (spins: number) => void;
  /** A shared statement failed as a whole on a sound connection (a deadlock, say): its spins are sent again alone. */
  resent?: (spins: number) => void;
}

interface QueuedSpin {
  session: MemberSession;
  call: MemberSpinCall;
  resolve: (row: MemberSpinRow) => void;
  reject: (error: unknown) => void;
}

/** How many spin statements one process keeps running at once; the spins arriving meanwhile wait and go together. */
export const SPIN_STATEMENTS_IN_FLIGHT = 4;
/** At most this many spins in one statement (one transaction: each is a subtransaction, and PostgreSQL caches 64 per backend). */
export const SPINS_PER_STATEMENT = 32;

const queues = new WeakMap<Queryable, MemberSpinQueue>();

/**
 * Spins under load share a statement and a commit (docs/decisions/spins-share-a-commit.md). A spin waits
 * for the end of the event loop's turn (so that the spins that arrived together
 * go together), then goes out at once if fewer than SPIN_STATEMENTS_IN_FLIGHT statements are running;
 * otherwise it waits for one to end, and all the spins that waited go out as one member_spins
 * statement. A lone spin is member_spin's statement as it always was. If a shared statement fails as a
 * whole on a sound connection (a deadlock, an error no rule raises), each of its spins is sent again
 * alone, so one spin's fault is never another member's answer; a lost connection fails them all, as it
 * fails a lone spin, since the statement may have committed.
 */
export class MemberSpinQueue {
  private waiting: QueuedSpin[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly db: Queryable,
    private readonly maxInFlight = SPIN_STATEMENTS_IN_FLIGHT,
    private readonly maxBatch = SPINS_PER_STATEMENT,
    /** Told each statement's size (the spins it carried) and each shared one sent again spin by spin, for the metrics. */
    public observer: SpinStatementObserver = {},
  ) {}

  submit(session: MemberSession, call: MemberSpinCall): Promise<MemberSpinRow> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ session, call, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.drain();
        });
      }
    });
  }

  private drain(): void {
    while (this.waiting.length > 0 && this.inFlight < this.maxInFlight) {
      const batch = this.waiting.splice(0, this.maxBatch);
      this.inFlight++;
      this.observer.statement?.(batch.length);
      void this.send(batch).finally(() => {
        this.inFlight--;
        this.drain();
      });
    }
  }

  private async send(batch: QueuedSpin[]): Promise<void> {
    if (batch.length === 1) {
      const [one] = batch as [QueuedSpin];
      await callMemberSpinAlone(this.db, one.session, one.call).then(one.resolve, one.reject);
      return;
    }
    let rows: MemberSpinsRow[];
    try {
      rows = await run<MemberSpinsRow>(this.db, memberSpinsStatement, batchValues(batch));
    } catch (error) {
      // A lost connection may have lost the answer of a statement that committed: sending its spins
      // again could spend them twice, so they fail as a lone spin's statement would (a 500).
      if (isConnectionError(error)) {
        for (const q of batch) q.reject(error);
        return;
      }
      this.observer.resent?.(batch.length);
      await Promise.all(
        batch.map((q) => callMemberSpinAlone(this.db, q.session, q.call).then(q.resolve, q.reject)),
      );
      return;
    }
    const answered = new Set<number>();
    for (const { r_index, r_error_code, r_error_detail, ...row } of rows) {
      const q = batch[r_index - 1];
      if (!q || answered.has(r_index)) continue;
      answered.add(r_index);
      if (r_error_code === null) q.resolve(row);
      else
        q.reject(
          Object.assign(new Error(`member_spin refused: ${r_error_code}`), {
            code: r_error_code,
            detail: r_error_detail ?? undefined,
          }),
        );
    }
    batch.forEach((q, i) => {
      if (!answered.has(i + 1)) q.reject(new Error('member_spins returned no row for a spin'));
    });
  }
}

/**
 * The batch in the order the statement runs it: free spins first, then offer spins by offer, each by
 * session, so that two statements running at once lock member and offer rows in the same order (each
 * holds them to its commit) and do not deadlock. The sort is stable: one member's spins keep the order
 * they came in. The queue entries are reordered in place, so element i of the arrays is batch[i].
 */
function batchValues(batch: QueuedSpin[]): unknown[] {
  batch.sort(
    (a, b) =>
      (a.call.offerId ?? 0) - (b.call.offerId ?? 0) ||
      (a.session.idHash < b.session.idHash ? -1 : a.session.idHash > b.session.idHash ? 1 : 0),
  );
  return [
    batch.map((q) => q.session.idHash),
    batch.map((q) => q.session.ttlSeconds),
    batch.map((q) => q.session.renewAfterSeconds),
    batch.map((q) => q.call.spinType),
    batch.map((q) => q.call.offerId),
    batch.map((q) => q.call.slotConfig),
    batch.map((q) => q.call.drawn),
    batch.map((q) => q.call.winRewardType),
    batch.map((q) => JSON.stringify(q.call.winSlot)),
    batch.map((q) => JSON.stringify(q.call.missSlot)),
  ];
}
