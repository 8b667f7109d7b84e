// The privacy centre's rules (issue 37, item 5; docs/operations.md, "Deleted accounts"): the member's
// data as one JSON document, their name corrected, and their account deleted completely and once.
import type { Db } from '../db/client';
import { insertAuditEntry } from '../admin/audit/write-repository';
import { HttpError, notFound } from '../lib/errors';
import type { PrivacyExportResponse } from '../../shared/contract/privacy';
import * as repo from './repository';

/**
 * Everything held about the member, read in one repeatable-read snapshot so the parts agree with each
 * other (a spin landing meanwhile is in all of them or in none). The member's own rows only: every
 * read names the member's id, and rows shared with another member (a referral) leave the other out.
 */
export async function exportMemberData(db: Db, userId: number): Promise<PrivacyExportResponse> {
  return db.transaction(
    async (tx) => {
      const member = await repo.exportMember(tx, userId);
      if (!member) throw notFound('Account not found.');
      return {
        success: true as const,
        exported_at: new Date().toISOString(),
        member,
        clicks: await repo.exportClicks(tx, userId),
        conversions: await repo.exportConversions(tx, userId),
        spins: await repo.exportSpins(tx, userId),
        vouchers: await repo.exportVouchers(tx, userId),
        owed_vouchers: await repo.exportOwedVouchers(tx, userId),
        claims: await repo.exportClaims(tx, userId),
        referrals_made: await repo.exportReferralsMade(tx, userId),
        referred_by: await repo.exportReferredBy(tx, userId),
        sessions: await repo.exportSessions(tx, userId),
        sightings: await repo.exportSightings(tx, userId),
        holds: await repo.exportHolds(tx, userId),
        clawbacks: await repo.exportClawbacks(tx, userId),
        terms_acceptances: await repo.exportTermsAcceptances(tx, userId),
        daily_spins: await repo.exportDailySpins(tx, userId),
        notifications: await repo.exportNotifications(tx, userId),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The file name the export is sent as. */
export const exportFileName = (userId: number, at = new Date()) =>
  `spinrewards-my-data-${userId}-${at.toISOString().slice(0, 10)}.json`;

export async function correctName(
  db: Db,
  userId: number,
  name: { firstName: string; lastName: string },
): Promise<{ first_name: string; last_name: string }> {
  if (!(await repo.updateMemberName(db, userId, name))) throw notFound('Account not found.');
  return { first_name: name.firstName, last_name: name.lastName };
}

/** The audit log's name for the member acting on their own account. */
export const MEMBER_ACTOR = 'member';
export const DELETION_ACTION = 'member.account_deleted';

export interface DeletionOutcome {
  /** false: the member was already deleted (a second request, another tab): nothing more to do. */
  deleted: boolean;
}

/**
 * Deletes the member's account, in one transaction that holds the member row's lock throughout:
 *   1. the row is locked (FOR UPDATE): a concurrent postback approval, spin or block of this member
 *      waits, then finds the member blocked and erased (it grants nothing, records no personal data);
 *   2. personal fields and rows are erased, the money and partners' rows kept under the id, the
 *      sessions deleted (their event streams end through the sessions trigger), the audit log scrubbed;
 *   3. the deletion is recorded in the audit log (who: 'member'; no personal data);
 *   4. the Firebase account is deleted through the Admin SDK, last, still inside the transaction: if
 *      Firebase refuses, nothing is committed and the member can try again; if the commit fails after
 *      it, the account is already gone and a retry finishes the database part (a missing account counts
 *      as deleted). Either way no half-deleted member stays signed in.
 */
export async function deleteAccount(
  db: Db,
  userId: number,
  deps: {
    deleteFirebaseAccount: (uid: string) => Promise<void>;
    /** Told why Firebase refused (the member is told only to try again). */
    onFirebaseError?: (error: unknown) => void;
  },
): Promise<DeletionOutcome> {
  return db.transaction(async (tx) => {
    const member = await repo.lockMemberForDeletion(tx, userId);
    if (!member) throw notFound('Account not found.');
    if (member.deletedAt !== null) return { deleted: false };
    const fullName = `${member.firstName} ${member.lastName}`.trim();
    await repo.eraseMember(tx, userId);
    await repo.scrubAuditLog(tx, userId, {
      everywhere: [
        member.email,
        fullName,
        member.referralCode,
        member.deviceFingerprint,
        member.registrationFingerprint,
      ].filter((s): s is string => typeof s === 'string' && s.length >= 4),
      ownOnly: [member.firstName, member.lastName].filter((s) => s.length >= 2),
    });
    await insertAuditEntry(tx, {
      adminId: null,
      adminUsername: MEMBER_ACTOR,
      action: DELETION_ACTION,
      targetType: 'user',
      targetId: String(userId),
      before: null,
      after: {
        deleted: true,
        kept: ['conversions', 'spins', 'vouchers', 'owed_vouchers', 'clawbacks', 'claims', 'referrals'],
      },
      ip: null,
    });
    if (member.firebaseUid) {
      try {
        await deps.deleteFirebaseAccount(member.firebaseUid);
      } catch (error) {
        const refusal = new HttpError(
          503,
          'Your account could not be deleted just now. Nothing was changed; please try again in a minute.',
        );
        deps.onFirebaseError?.(error);
        throw refusal;
      }
    }
    return { deleted: true };
  });
}
