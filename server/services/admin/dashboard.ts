// GET /api/admin/dashboard.php. A read: its queries (program-wide figures from the counters, kept for a
// few seconds) are in server/db/repositories/admin/dashboard.ts.
import type { Db } from '../../db/client';
import * as figures from '../../db/repositories/admin/dashboard';

export function dashboard(db: Db) {
  return figures.dashboard(db);
}
