// Fair play (issue 37): the official rules generated from live data and kept by version, the member's
// eligibility (18 or older, state of residence) and terms acceptance, and the daily free spin.
// Product rules: docs/product-rules.md and docs/operations.md, "Fair play".
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/client';
import {
  ELIGIBILITY_REQUIRED_MESSAGE,
  EXCLUDED_STATE_MESSAGE,
  conflict,
  forbidden,
  notFound,
} from '../lib/errors';
import type { Config } from '../config';
import { MINIMUM_AGE, UNDER_AGE_MESSAGE, INDIAN_STATES, stateName } from '../../shared/fair-play';
import {
  DEFAULT_SLOT_CONFIG,
  offerTable,
  parseSlotConfig,
  tableOdds,
  type SlotConfig,
} from '../../shared/slot';
import type {
  EligibilityState,
  OperatorInfo,
  OperatorResponse,
  RulesContent,
  RulesResponse,
} from '../../shared/contract/fair-play';
import {
  activeOfferTables,
  blockAndSignOut,
  claimDailySpin,
  deleteNewMember,
  findEligibility,
  findRulesVersion,
  listRulesVersions,
  memberActivity,
  publishRulesVersion,
  recordEligibility,
  recordTermsAcceptance,
  replaceExcludedStates,
  voucherStockByBrand,
  type RulesVersionRow,
} from './repository';

export type FairPlay = Config['fairPlay'];

const odds = (table: SlotConfig) => {
  const o = tableOdds(table);
  return { prizes: o.prizes, try_again: o.tryAgain };
};

const iso = (d: string | Date) => new Date(d).toISOString();

export function operatorInfo(fp: FairPlay): OperatorInfo {
  const o = fp.operator;
  return {
    name: o.name,
    address: o.address,
    grievance_officer_name: o.grievanceOfficerName,
    grievance_officer_email: o.grievanceOfficerEmail,
    support_email: o.supportEmail,
    support_phone: o.supportPhone,
  };
}

export function operatorAnswer(fp: FairPlay): Omit<OperatorResponse, 'success'> {
  return {
    operator: operatorInfo(fp),
    terms_version: fp.termsVersion,
    states: INDIAN_STATES.map(([code, name]) => ({ code, name })),
    excluded_states: fp.excludedStates.map((code) => ({ code, name: stateName(code) })),
    daily_spin_enabled: fp.dailySpin.enabled,
  };
}

/** The rules as they stand: live offers' tables, the free-spin and daily tables, the stock, eligibility. */
export async function currentRules(db: Queryable, fp: FairPlay): Promise<RulesContent> {
  const [offers, stock] = await Promise.all([activeOfferTables(db), voucherStockByBrand(db)]);
  return {
    operator: operatorInfo(fp),
    terms_version: fp.termsVersion,
    offers: offers.map((o) => {
      const own = parseSlotConfig(o.slot_config);
      const table = offerTable(o.slot_config);
      return {
        offer_id: o.id,
        title: o.title,
        table,
        odds: odds(table),
        uses_default_table: !own || own.reels.length === 0,
      };
    }),
    free_spin: { table: DEFAULT_SLOT_CONFIG, odds: odds(DEFAULT_SLOT_CONFIG) },
    daily_spin: {
      enabled: fp.dailySpin.enabled,
      per_day: fp.dailySpin.perDay,
      table: fp.dailySpin.table,
      odds: odds(fp.dailySpin.table),
    },
    stock: stock.map((s) => ({ brand: s.brand, amount: Number(s.amount), count: Number(s.count) })),
    eligibility: {
      minimum_age: MINIMUM_AGE,
      excluded_states: fp.excludedStates.map((code) => ({ code, name: stateName(code) })),
    },
  };
}

/** SHA-256 of the content's JSON (its keys in the order the code builds them): the version's key. */
export function rulesHash(content: RulesContent): string {
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

const toVersion = (r: RulesVersionRow) => ({ hash: r.hash, published_at: iso(r.published_at) });

/**
 * GET /api/rules.php: the current rules (recorded as a new version when their content changed since
 * the last one), or a past version by its hash.
 */
export async function rulesAnswer(
  db: Queryable,
  fp: FairPlay,
  version?: string,
): Promise<Omit<RulesResponse, 'success'>> {
  const content = await currentRules(db, fp);
  const hash = rulesHash(content);
  await publishRulesVersion(db, hash, JSON.stringify(content));
  const versions = (await listRulesVersions(db)).map(toVersion);
  if (version && version !== hash) {
    const past = await findRulesVersion(db, version);
    if (!past) throw notFound('No such version of the rules.');
    return {
      rules: past.content as RulesContent,
      version: toVersion(past),
      versions,
      current: false,
    };
  }
  const current = versions.find((v) => v.hash === hash) ?? { hash, published_at: new Date().toISOString() };
  return { rules: content, version: current, versions, current: true };
}

/** Today in India (Asia/Kolkata, UTC+5:30, no daylight saving): the daily free spin's day. */
export function indiaDay(now = Date.now()): string {
  return new Date(now + 330 * 60_000).toISOString().slice(0, 10);
}

export async function eligibilityOf(db: Queryable, fp: FairPlay, userId: number): Promise<EligibilityState> {
  const row = await findEligibility(db, userId, fp.termsVersion, indiaDay());
  if (!row) throw notFound('Member not found.');
  const adult = row.adult_confirmed_at !== null;
  const excluded = row.residence_state !== null && fp.excludedStates.includes(row.residence_state);
  const accepted = row.accepted_terms_version;
  const needs =
    !adult || !row.residence_state ? 'eligibility' : accepted !== fp.termsVersion ? 'terms' : null;
  const claimed = row.claimed_today ?? 0;
  const { enabled, perDay } = fp.dailySpin;
  return {
    adult_confirmed: adult,
    state: row.residence_state,
    state_excluded: excluded,
    terms_version: fp.termsVersion,
    accepted_terms_version: accepted,
    accepted_terms_at: row.accepted_terms_at === null ? null : iso(row.accepted_terms_at),
    needs,
    daily_spin: {
      enabled,
      per_day: perDay,
      claimed_today: claimed,
      available: enabled && needs === null && !excluded ? Math.max(0, perDay - claimed) : 0,
    },
  };
}

export type EligibilityOutcome =
  | { kept: true; eligibility: EligibilityState }
  /** `firebaseUid`: the Google account's Firebase record to delete too, when no row of it is kept. */
  | { kept: false; message: string; firebaseUid: string | null };

/**
 * The first sign-in's questions. 18 or older: the state and the terms' version are recorded. Under 18:
 * a member with nothing but the sign-in is deleted with every row the sign-in wrote (nothing of them
 * is kept); one with history (an account older than these questions) is blocked instead, so that the
 * money rows stay whole, and told to contact support to have it erased.
 */
export async function answerEligibility(
  db: Queryable,
  fp: FairPlay,
  userId: number,
  body: { adult: boolean; state?: string; acceptTerms?: boolean; termsVersion?: string },
): Promise<EligibilityOutcome> {
  if (!body.adult) {
    const firebaseUid = await db.transaction(async (tx) => {
      const activity = await memberActivity(tx, userId);
      if (!activity) return null;
      if (activity.adult_confirmed) throw conflict('You have already confirmed that you are 18 or older.');
      if (activity.has_activity) {
        await blockAndSignOut(tx, userId);
        return null;
      }
      await deleteNewMember(tx, userId);
      return activity.firebase_uid;
    });
    return { kept: false, message: UNDER_AGE_MESSAGE, firebaseUid };
  }
  if (body.termsVersion !== fp.termsVersion)
    throw conflict('The terms have changed since this page was opened. Please read them again.');
  await db.transaction(async (tx) => {
    await recordEligibility(tx, userId, body.state!);
    await recordTermsAcceptance(tx, userId, fp.termsVersion);
  });
  return { kept: true, eligibility: await eligibilityOf(db, fp, userId) };
}

export async function acceptTerms(
  db: Queryable,
  fp: FairPlay,
  userId: number,
  version: string,
): Promise<EligibilityState> {
  if (version !== fp.termsVersion)
    throw conflict('The terms have changed since this page was opened. Please read them again.');
  await recordTermsAcceptance(db, userId, version);
  return eligibilityOf(db, fp, userId);
}

/**
 * The daily free spin's gate: on, the member eligible (answered, terms accepted, not in an excluded
 * state), and a spin left today; then it is counted and given as a free spin in one transaction. The
 * caller spends it at once, drawn from the daily table.
 */
export async function grantDailySpin(db: Queryable, fp: FairPlay, userId: number): Promise<void> {
  if (!fp.dailySpin.enabled) throw notFound('The daily free spin is not offered.');
  const e = await eligibilityOf(db, fp, userId);
  if (e.needs === 'eligibility') throw forbidden(ELIGIBILITY_REQUIRED_MESSAGE);
  if (e.needs === 'terms') throw forbidden('Please accept the updated terms first.');
  if (e.state_excluded) throw forbidden(EXCLUDED_STATE_MESSAGE);
  if (!(await claimDailySpin(db, userId, indiaDay(), fp.dailySpin.perDay)))
    throw conflict(
      fp.dailySpin.perDay === 1
        ? "You have used today's free spin. Come back tomorrow."
        : `You have used today's ${fp.dailySpin.perDay} free spins. Come back tomorrow.`,
    );
}

/** member_spin reads the excluded states from the database: each process writes the configured ones at start. */
export async function applyExcludedStates(db: Queryable, fp: FairPlay): Promise<void> {
  await replaceExcludedStates(db, fp.excludedStates);
}
