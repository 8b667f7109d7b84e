// Started offers (issue 35, item 4): what the dashboard's "In progress" card needs for each offer the
// member started with no conversion yet. The claim window is the claims' rule (server/claims/service.ts,
// docs/product-rules.md#claims): from claimMinAgeMinutes after the start to 30 days after it.
import type { Queryable } from '../db/client';
import { buildRedirectUrl } from '../offers/service';
import type { StartedOffer } from '../../shared/contract/started-offers';
import { listStartedClicks, listTypicalConfirmTimes } from './repository';

/** Conversions an offer needs before its median is shown (fewer say little about the next one). */
export const TYPICAL_MIN_SAMPLES = 3;
/** How long a process keeps the offers' medians before reading them again. */
export const TYPICAL_CACHE_MS = 10 * 60 * 1000;
const CLAIM_WINDOW_DAYS = 30;

interface TypicalCache {
  at: number;
  minutes: Map<number, number>;
  pending?: Promise<Map<number, number>>;
}

/** Per database handle, as the offers catalogue (one aggregate over 90 days, read at most every 10 min). */
const typicalCaches = new WeakMap<object, TypicalCache>();

/** Each offer's median click-to-conversion time in whole minutes (at least 1), cached per process. */
export async function typicalConfirmMinutes(db: Queryable, now = Date.now()): Promise<Map<number, number>> {
  const held = typicalCaches.get(db);
  if (held && now - held.at < TYPICAL_CACHE_MS) return held.minutes;
  if (held?.pending) return held.pending;
  const pending = listTypicalConfirmTimes(db, TYPICAL_MIN_SAMPLES).then((rows) => {
    const minutes = new Map(
      rows.map((r) => [Number(r.offer_id), Math.max(1, Math.round(Number(r.median_seconds) / 60))]),
    );
    typicalCaches.set(db, { at: now, minutes });
    return minutes;
  });
  typicalCaches.set(db, { at: held?.at ?? 0, minutes: held?.minutes ?? new Map(), pending });
  try {
    return await pending;
  } catch (error) {
    typicalCaches.delete(db);
    throw error;
  }
}

/** Forgets the cached medians (tests, and a process that must read them again at once). */
export function forgetTypicalConfirmTimes(db: Queryable): void {
  typicalCaches.delete(db);
}

const iso = (value: Date | string) => new Date(value).toISOString();

export async function listStartedOffers(
  db: Queryable,
  input: { userId: number; claimMinAgeMinutes: number; publicUrl: string },
): Promise<StartedOffer[]> {
  const [clicks, typical] = await Promise.all([
    listStartedClicks(db, input.userId),
    typicalConfirmMinutes(db),
  ]);
  return clicks.map((k) => {
    const started = new Date(k.started_at).getTime();
    return {
      offer_id: Number(k.offer_id),
      started_at: iso(k.started_at),
      continue_url: buildRedirectUrl(
        k.offer_url,
        { clickId: k.click_id, userId: input.userId, subId: k.sub_id },
        input.publicUrl,
      ),
      typical_minutes: typical.get(Number(k.offer_id)) ?? null,
      claim_from: new Date(started + input.claimMinAgeMinutes * 60_000).toISOString(),
      claim_until: new Date(started + CLAIM_WINDOW_DAYS * 86_400_000).toISOString(),
    };
  });
}
