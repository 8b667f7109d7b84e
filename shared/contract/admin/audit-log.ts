// GET /api/admin/audit-log.php: every administrator's change, newest first, paginated (an addition
// to the product's pages).
import { z } from 'zod';
import { ADMIN_API_BASE, ADMIN_AUDIT_LOG_PATH } from '../paths';
import { endpoint, listBase, okResponses, oneOf, pagination, type ResponseOf } from '../common';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '../../constants';

// The actions and target types are values the console reads too: shared/constants.ts (no zod there).
export { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditAction } from '../../constants';

const auditLogRow = z.object({
  id: z.number(),
  admin_id: z.number().nullable(),
  admin_username: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  /**
   * The target's name today (a member's name and email, an offer's title, a voucher's code, a
   * network's name), null when it has none or no longer exists.
   */
  target_label: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditLogRow = z.infer<typeof auditLogRow>;

export const listAuditLog = endpoint('GET', `${ADMIN_API_BASE}${ADMIN_AUDIT_LOG_PATH}`, {
  querystring: z.strictObject({
    ...listBase,
    sortBy: oneOf(['created_at']).default('created_at'),
    action: oneOf(AUDIT_ACTIONS).optional(),
    target_type: oneOf(AUDIT_TARGET_TYPES).optional(),
    target_id: z.string().max(100).optional(),
    /** The administrator's username, from its start, case-insensitive. */
    admin: z.string().trim().min(1).max(100).optional(),
    /** Entries from this day (UTC), inclusive. */
    date_from: z.iso.date().optional(),
    /** Entries up to this day (UTC), inclusive. */
    date_to: z.iso.date().optional(),
  }),
  response: okResponses({ entries: z.array(auditLogRow), pagination }),
});
export type AdminAuditLogResponse = ResponseOf<typeof listAuditLog>;
