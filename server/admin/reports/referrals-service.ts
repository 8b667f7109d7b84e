// GET /api/admin/referrals.php: a read (the page's query and its count and paging plan are in
// server/admin/reports/referrals-repository.ts). PUT: an administrator's decision on a referral held
// because both accounts look like the same device (Grant Reward or Deny), audited.
import type { Db } from '../../db/client';
import * as referrals from './referrals-repository';
import {
  decideHeldReferral,
  firstCompletionStatus,
  lockReferralForDecision,
} from '../../referrals/repository';
import { markReferralRewardTriggered } from '../../postbacks/completions-repository';
import { grantReferralSpin } from '../../members/repository';
import { invalidateSummaries } from '../../db/admin/cache';
import { conflict, notFound } from '../../lib/errors';
import type { DecideReferralResponse, ReferralDecision } from '../../../shared/contract/admin/referrals';
import { writeAudit, type Actor } from '../audit/service';

export function listReferrals(db: Db, input: referrals.ReferralListInput) {
  return referrals.listReferrals(db, input);
}

export const NOT_HELD_MESSAGE =
  'This referral is not waiting for a decision: only a same-device referral whose friend completed a first offer can be granted or denied.';
export const ALREADY_DECIDED_MESSAGE = {
  successful: 'This referral was already granted: its free spin was given once.',
  denied: 'This referral was already denied.',
} as const;
export const REVERSED_MESSAGE =
  "The referred member's first completion was reversed by the partner: there is no reward to grant. Deny it instead.";

/**
 * Grant Reward or Deny a held referral (same device, first offer completed, nothing granted). Grant
 * makes it successful and gives the referrer one free spin, as an automatic approval would have; Deny
 * closes it as 'denied'. The referral row is locked first, so of concurrent decisions exactly one
 * applies and the others get a 409 naming the decision that was taken. The referrer hears the free
 * spin live through the member row's trigger (member_events_user: total_free_spins_earned went up).
 */
export async function decideReferral(
  db: Db,
  actor: Actor,
  input: { referralId: number; decision: ReferralDecision; reason?: string | undefined },
): Promise<Omit<DecideReferralResponse, 'success'>> {
  const reason = input.reason?.trim() ? input.reason.trim() : null;
  return db.transaction(async (tx) => {
    const r = await lockReferralForDecision(tx, input.referralId);
    if (!r) throw notFound('Referral not found');
    if (r.status === 'successful' || r.status === 'denied') {
      throw conflict(ALREADY_DECIDED_MESSAGE[r.status]);
    }
    if (!r.sameDevice || r.status !== 'completed_waiting') throw conflict(NOT_HELD_MESSAGE);
    const grant = input.decision === 'grant';
    if (grant) {
      const completion = r.firstCompletionId
        ? await firstCompletionStatus(tx, r.firstCompletionId)
        : undefined;
      if (completion !== 'approved') throw conflict(REVERSED_MESSAGE);
    }
    if (!(await decideHeldReferral(tx, r.id, { decision: input.decision, adminId: actor.adminId, reason }))) {
      // Unreachable while the row is locked; kept so a change of the lock cannot grant twice.
      throw conflict(NOT_HELD_MESSAGE);
    }
    if (grant) {
      await grantReferralSpin(tx, r.referrerUserId);
      await markReferralRewardTriggered(tx, r.firstCompletionId!);
    }
    invalidateSummaries(db);
    const status = grant ? ('successful' as const) : ('denied' as const);
    await writeAudit(tx, actor, {
      action: grant ? 'referral.grant' : 'referral.deny',
      targetType: 'referral',
      targetId: r.id,
      before: {
        status: r.status,
        free_spins_granted: r.freeSpinsGranted,
        referrer_email: r.referrerEmail,
        referred_email: r.referredEmail,
      },
      after: {
        status,
        free_spins_granted: grant ? 1 : 0,
        referrer_email: r.referrerEmail,
        referred_email: r.referredEmail,
        ...(reason ? { reason } : {}),
      },
    });
    return { referral_id: r.id, status, free_spins_granted: grant ? 1 : 0 };
  });
}
