// The console's claim rows (GET /api/admin/claims.php), from server/admin/claims/repository.ts.
import type { AdminClaimRow } from '../../shared/contract/admin/claims';
import { iso, isoOrNull, num, numOrNull, str, strOrNull } from '../db/row-mappers';

/** A claim with its click's time, its offer's title, its member and the deciding administrator. */
export interface ClaimListRow {
  id: number;
  status: string;
  created_at: Date | string;
  note: string;
  click_id: string;
  clicked_at: Date | string;
  offer_id: number;
  offer_title: string;
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  reject_reason: string | null;
  decided_at: Date | string | null;
  decided_by: string | null;
  completion_id: number | null;
}

export function toClaimRow(r: ClaimListRow): AdminClaimRow {
  return {
    claim_id: num(r.id),
    status: str(r.status) as AdminClaimRow['status'],
    created_at: iso(r.created_at),
    note: str(r.note),
    click_id: str(r.click_id),
    clicked_at: iso(r.clicked_at),
    offer_id: num(r.offer_id),
    offer_title: str(r.offer_title),
    user_id: num(r.user_id),
    user_name: `${str(r.first_name)} ${str(r.last_name)}`.trim(),
    user_email: str(r.email),
    reject_reason: strOrNull(r.reject_reason),
    decided_at: isoOrNull(r.decided_at),
    decided_by: strOrNull(r.decided_by),
    completion_id: numOrNull(r.completion_id),
  };
}
