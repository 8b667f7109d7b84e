// A partner network's activation toggle with the administrator's reason (issue 36): PUT
// /api/admin/networks.php with only {network_id, is_active, reason?}. The full edit (any other field)
// stays in admin/networks/service.ts; this is the one change the console asks a confirmation for.
import type { Db } from '../db/client';
import { lockNetworkActive, setNetworkActive as storeActive } from './networks/repository';
import { notFound } from '../lib/errors';
import { writeAudit, type Actor } from './audit/service';

/** Sets is_active; setting the current value changes nothing and writes no audit entry. */
export async function setNetworkActive(
  db: Db,
  actor: Actor,
  networkId: number,
  isActive: boolean,
  reason?: string,
): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    const before = await lockNetworkActive(tx, networkId);
    if (!before) throw notFound('Network not found');
    if (before.isActive === isActive) return { changed: false };
    await storeActive(tx, networkId, isActive);
    await writeAudit(tx, actor, {
      action: isActive ? 'network.activate' : 'network.deactivate',
      targetType: 'network',
      targetId: networkId,
      before: { is_active: before.isActive, name: before.name, slug: before.slug },
      after: { is_active: isActive, name: before.name, slug: before.slug, ...(reason ? { reason } : {}) },
    });
    return { changed: true };
  });
}
