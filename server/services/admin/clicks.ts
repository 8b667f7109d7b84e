// GET /api/admin/offer-clicks.php. A read: the page's query and its count and paging plan are in
// server/db/repositories/admin/clicks.ts.
import type { Db } from '../../db/client';
import * as clicks from '../../db/repositories/admin/clicks';

export function listClicks(db: Db, input: clicks.ClickListInput) {
  return clicks.listClicks(db, input);
}
