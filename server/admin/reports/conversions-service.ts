// GET /api/admin/conversions.php. A read: the page's query and its count and paging plan are in
// server/admin/reports/conversions-repository.ts.
import type { Db } from '../../db/client';
import * as conversions from './conversions-repository';

export function listConversions(db: Db, input: conversions.ConversionListInput) {
  return conversions.listConversions(db, input);
}
