// Offers as a member sees them, and the click that starts one (docs/product-rules.md#clicks).
import type { Queryable } from '../db/client';
import { toMemberOffer } from '../db/mappers/member';
import { insertClick } from '../db/repositories/clicks';
import { hasApprovedCompletion } from '../db/repositories/completions';
import {
  findClickableOffer,
  listMemberOfferRows,
  listMemberOfferRowsForSession,
} from '../db/repositories/offers';
import { foldedSession, type FoldedSession, type MemberSessionKey } from './sessions';
import { conflict, notFound } from '../lib/errors';
import { randomId } from '../lib/ids';
import type { MemberOffer } from '../../shared/contract/member';

/**
 * offers.php: one named statement, the member app's most frequent call. `claimMinAgeMinutes`: how old
 * a click must be before the card offers a missing-conversion claim (config.claimMinAgeMinutes).
 */
export async function listMemberOffers(
  db: Queryable,
  userId: number,
  claimMinAgeMinutes?: number,
): Promise<MemberOffer[]> {
  return (await listMemberOfferRows(db, userId, claimMinAgeMinutes)).map(toMemberOffer);
}

/**
 * offers.php in one round trip: the session check folded into the offers list's statement. The
 * session's verdict comes back with the offers (which are read only for a live, unblocked session).
 */
export async function memberOffersForSession(
  db: Queryable,
  key: MemberSessionKey,
  claimMinAgeMinutes?: number,
): Promise<{ session: FoldedSession; offers: MemberOffer[]; freeSpinsRemaining: number }> {
  const rows = await listMemberOfferRowsForSession(db, key, claimMinAgeMinutes);
  const session = foldedSession(rows[0]);
  if (session.status !== 'ok') return { session, offers: [], freeSpinsRemaining: 0 };
  const offers: MemberOffer[] = [];
  for (const row of rows) if (row.offer_id !== null) offers.push(toMemberOffer(row));
  return { session, offers, freeSpinsRemaining: rows[0]!.session_free_spins };
}

/**
 * Fills `{click_id}`, `{sub_id}` (the member's public sub-id, for networks that echo the member back)
 * and `{user_id}` in the offer's link; a link with neither `{click_id}` nor `{sub_id}` gets click_id
 * appended.
 */
export function buildRedirectUrl(
  offerUrl: string,
  ids: { clickId: string; userId: number; subId: string },
  publicUrl: string,
): string {
  let url = offerUrl;
  const hasPlaceholder = url.includes('{click_id}') || url.includes('{sub_id}');
  url = url
    .replaceAll('{click_id}', encodeURIComponent(ids.clickId))
    .replaceAll('{sub_id}', encodeURIComponent(ids.subId))
    .replaceAll('{user_id}', String(ids.userId));
  // Seeded demo offers point at our own partner page with a path relative to this server.
  const absolute = new URL(url, publicUrl + '/');
  if (!hasPlaceholder) absolute.searchParams.set('click_id', ids.clickId);
  return absolute.toString();
}

export interface ClickInput {
  userId: number;
  offerId: number;
  ip: string | null;
  userAgent: string | null;
  publicUrl: string;
}

export async function recordClick(db: Queryable, input: ClickInput) {
  const offer = await findClickableOffer(db, input.offerId, input.userId);
  if (!offer || !offer.isActive) throw notFound('This offer is not available.');
  if (await hasApprovedCompletion(db, input.userId, input.offerId))
    throw conflict('You have already completed this offer.');
  const clickId = randomId(16);
  await insertClick(db, {
    id: clickId,
    userId: input.userId,
    offerId: offer.id,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
  });
  return {
    clickId,
    offerTitle: offer.title,
    network: offer.network,
    redirectUrl: buildRedirectUrl(
      offer.offerUrl,
      { clickId, userId: input.userId, subId: offer.subId },
      input.publicUrl,
    ),
  };
}
