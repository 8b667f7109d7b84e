// GET /api/admin/conversions.php. A read: the page's query and its count and paging plan are in
// server/db/repositories/admin/conversions.ts.
import type { Db } from '../../db/client';
import * as conversions from '../../db/repositories/admin/conversions';

export function listConversions(db: Db, input: conversions.ConversionListInput) {
  return conversions.listConversions(db, input);
}
