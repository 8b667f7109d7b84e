// GET /api/admin/offer-clicks.php. A read: the page's query and its count and paging plan are in
// server/admin/reports/clicks-repository.ts.
import type { Db } from '../../db/client';
import * as clicks from './clicks-repository';

export function listClicks(db: Db, input: clicks.ClickListInput) {
  return clicks.listClicks(db, input);
}
