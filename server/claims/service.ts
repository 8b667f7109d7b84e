// Missing-conversion claims, the member's side (docs/product-rules.md#claims): a member who completed
// an offer the partner never credited reports it on their own click, between 1 hour (config
// claimMinAgeMinutes) and 30 days after starting it, once per click. The administrator's decision is admin/claims/service.ts.
import type { Db } from '../db/client';
import { findMemberClick, findMemberOfferClick, insertClaim, type ClaimableClick } from './repository';
import { conflict, notFound } from '../lib/errors';

/** "1 hour" (`hour`'s words for 60), "2 hours", or "15 minutes". */
function ageText(minutes: number, hour: string): string {
  if (minutes === 60) return hour;
  if (minutes % 60 === 0) return `${minutes / 60} hours`;
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The member's answers: each says what happened and what they can do. */
export const CLAIM_MESSAGES = {
  clickNotFound: 'We could not find that offer start on your account. Refresh your offers and try again.',
  notStarted: 'You have not started this offer yet: start it first, then report it if it is not credited.',
  tooEarly: (minutes: number) =>
    `Partners can take up to ${ageText(minutes, 'an hour')} to confirm a completion. You can report a missing credit ${ageText(minutes, '1 hour')} after starting the offer.`,
  tooLate:
    'Missing credits can be reported within 30 days of starting an offer; this one was started earlier.',
  pending:
    'The partner has already reported this offer: it is being verified, and your spin unlocks when it is confirmed.',
  approved: 'This offer is already credited to you.',
  reversed: 'The partner reversed this conversion, so it cannot be claimed.',
  duplicate: 'You have already reported this offer start. You can follow its status on the offer card.',
  offerClaimPending:
    'A claim for this offer is already under review. You can follow its status on the offer card.',
} as const;

/** Why the click cannot be claimed, or null when it can (checked in this order). */
export function claimRefusal(click: ClaimableClick, minAgeMinutes: number): string | null {
  if (click.claimStatus !== null) return CLAIM_MESSAGES.duplicate;
  if (click.conversionStatus === 'approved') return CLAIM_MESSAGES.approved;
  if (click.conversionStatus === 'pending') return CLAIM_MESSAGES.pending;
  if (click.conversionStatus === 'reversed') return CLAIM_MESSAGES.reversed;
  if (click.offerClaimPending) return CLAIM_MESSAGES.offerClaimPending;
  if (click.tooEarly) return CLAIM_MESSAGES.tooEarly(minAgeMinutes);
  if (click.tooLate) return CLAIM_MESSAGES.tooLate;
  return null;
}

export interface FileClaimInput {
  userId: number;
  clickId?: string | undefined;
  offerId?: number | undefined;
  note: string;
  /** A click younger than this cannot be claimed yet (config.claimMinAgeMinutes). */
  minAgeMinutes: number;
}

/** Files a claim: 404 for a click that is not the member's, 409 when the rules refuse it. */
export async function fileClaim(
  db: Db,
  input: FileClaimInput,
): Promise<{ claim_id: number; offer_id: number; status: 'pending' }> {
  return db.transaction(async (tx) => {
    const click =
      input.clickId !== undefined
        ? await findMemberClick(tx, input.userId, input.clickId, input.minAgeMinutes)
        : await findMemberOfferClick(tx, input.userId, input.offerId!, input.minAgeMinutes);
    if (!click) {
      throw notFound(input.clickId !== undefined ? CLAIM_MESSAGES.clickNotFound : CLAIM_MESSAGES.notStarted);
    }
    if (input.offerId !== undefined && click.offerId !== input.offerId)
      throw notFound(CLAIM_MESSAGES.clickNotFound);
    const refusal = claimRefusal(click, input.minAgeMinutes);
    if (refusal) throw conflict(refusal);
    const claimId = await insertClaim(tx, {
      userId: input.userId,
      clickId: click.id,
      offerId: click.offerId,
      note: input.note.trim(),
    });
    // A concurrent request filed it first: on this click (claims_click_key), or another click of the
    // same offer (claims_one_pending_key).
    if (claimId === null)
      throw conflict(
        input.clickId !== undefined ? CLAIM_MESSAGES.duplicate : CLAIM_MESSAGES.offerClaimPending,
      );
    return { claim_id: claimId, offer_id: click.offerId, status: 'pending' as const };
  });
}
