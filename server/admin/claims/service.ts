// GET|POST /api/admin/claims.php: the members' missing-conversion claims (a read, its query in
// server/admin/claims/repository.ts) and the decision on one: approve records a manual approved
// conversion through the postbacks' own rules (applyConversion: the spin, the counters, a first
// completion's referral reward, the hold of a blocked member), reject records the reason the member
// sees. Both are audited in their transaction; the member hears the answer live (migration 0010's
// trigger).
import type { Db } from '../../db/client';
import { decideClaim, findClaimClick, lockClaim } from '../../claims/repository';
import * as list from './repository';
import { pagination } from '../mapper';
import { toClaimRow } from '../../claims/mapper';
import { conflict, notFound } from '../../lib/errors';
import { applyConversion } from '../../postbacks/conversions-service';
import type { AdminClaimsResponse } from '../../../shared/contract/admin/claims';
import { writeAudit, type Actor } from '../audit/service';

/** The transaction id of a claim's manual conversion: unique per claim, so it is recorded once. */
export const claimTransactionId = (claimId: number) => `claim-${claimId}`;

export async function listClaims(
  db: Db,
  input: list.ClaimListInput,
): Promise<Omit<AdminClaimsResponse, 'success'>> {
  const r = await list.listClaims(db, input);
  return {
    claims: r.rows.map(toClaimRow),
    pending: r.pending,
    pagination: pagination(input, r.total, r.estimated),
  };
}

export const CLAIM_DECISION_MESSAGES = {
  notFound: 'Claim not found',
  decided: (status: string) => `This claim was already ${status}.`,
  alreadyConverted:
    'The member already has a conversion of this offer, so approving would grant nothing. Reject the claim instead.',
} as const;

/**
 * Approves a pending claim: a manual approved conversion of its click, through applyConversion exactly
 * as a postback would record one (payout 0: no partner paid for it). The claim row is locked first,
 * so concurrent approvals run one after the other and only the first finds it pending; the
 * conversion's transaction id (claim-<id>) is unique besides. A member who already has a conversion
 * of the offer (a postback came after all) is refused: nothing would be granted.
 */
export async function approveClaim(
  db: Db,
  actor: Actor,
  claimId: number,
): Promise<{ claim_id: number; status: 'approved'; completion_id: number; held: boolean }> {
  return db.transaction(async (tx) => {
    const claim = await lockClaim(tx, claimId);
    if (!claim) throw notFound(CLAIM_DECISION_MESSAGES.notFound);
    if (claim.status !== 'pending') throw conflict(CLAIM_DECISION_MESSAGES.decided(claim.status));
    const click = await findClaimClick(tx, claim.clickId);
    if (!click) throw notFound(CLAIM_DECISION_MESSAGES.notFound);
    const result = await applyConversion(tx, click, {
      transactionId: claimTransactionId(claim.id),
      status: 'approved',
      payout: 0,
    });
    let completionId: number;
    let held = false;
    if (result.kind === 'accepted' || result.kind === 'completed_pending') completionId = result.completionId;
    else if (result.kind === 'held') {
      completionId = result.completionId;
      held = true;
    } else throw conflict(CLAIM_DECISION_MESSAGES.alreadyConverted);
    await decideClaim(tx, claim.id, {
      status: 'approved',
      adminId: actor.adminId,
      rejectReason: null,
      completionId,
    });
    await writeAudit(tx, actor, {
      action: 'claim.approve',
      targetType: 'claim',
      targetId: claim.id,
      before: { status: 'pending' },
      after: {
        status: 'approved',
        completion_id: completionId,
        outcome: result.kind,
        ...(held ? { held: true } : {}),
      },
    });
    return { claim_id: claim.id, status: 'approved' as const, completion_id: completionId, held };
  });
}

/** Rejects a pending claim with the reason the member is shown; nothing else changes. */
export async function rejectClaim(
  db: Db,
  actor: Actor,
  claimId: number,
  reason: string,
): Promise<{ claim_id: number; status: 'rejected' }> {
  return db.transaction(async (tx) => {
    const claim = await lockClaim(tx, claimId);
    if (!claim) throw notFound(CLAIM_DECISION_MESSAGES.notFound);
    if (claim.status !== 'pending') throw conflict(CLAIM_DECISION_MESSAGES.decided(claim.status));
    const text = reason.trim();
    await decideClaim(tx, claim.id, {
      status: 'rejected',
      adminId: actor.adminId,
      rejectReason: text,
      completionId: null,
    });
    await writeAudit(tx, actor, {
      action: 'claim.reject',
      targetType: 'claim',
      targetId: claim.id,
      before: { status: 'pending' },
      after: { status: 'rejected', reason: text },
    });
    return { claim_id: claim.id, status: 'rejected' as const };
  });
}
