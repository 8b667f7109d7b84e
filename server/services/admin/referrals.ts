// GET /api/admin/referrals.php. A read: the page's query and its count and paging plan are in
// server/db/repositories/admin/referrals.ts.
import type { Db } from '../../db/client';
import * as referrals from '../../db/repositories/admin/referrals';

export function listReferrals(db: Db, input: referrals.ReferralListInput) {
  return referrals.listReferrals(db, input);
}
