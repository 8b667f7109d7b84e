// POST/PUT /api/admin/offers.php: create, edit and toggle an offer, each audited. The list (GET) is a
// read whose query is in server/admin/offers/repository.ts.
import * as list from './repository';
import type { Db, Tx } from '../../db/client';
import * as offers from '../../offers/repository';
import { findNetworkById } from '../../networks/repository';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { OfferFields } from '../../../shared/contract/admin/offer-form';
import { writeAudit, type Actor } from '../audit/service';
import { invalidateSummaries } from '../../db/admin/cache';

/** The list; `fxUsdInr` (FX_USD_INR) gives each row its revenue in rupees beside the voucher cost. */
export function listOffers(db: Db, input: list.OfferListInput, fxUsdInr: number) {
  return list.listOffers(db, input, fxUsdInr);
}

/** What the audit keeps of an offer before and after a change: its record but the id (the target). */
const snapshot = ({ id: _id, ...fields }: offers.OfferRecord) => fields;

/** An offer may name a partner network that exists and is active (null: the native receiver). */
async function checkNetwork(db: Db | Tx, networkId: number | null): Promise<void> {
  if (networkId === null) return;
  const network = await findNetworkById(db, networkId);
  if (!network)
    throw badRequest(
      `There is no network #${networkId}: choose one of the networks under Networks, or none for the native receiver`,
    );
  if (!network.config.isActive)
    throw badRequest(
      `The network "${network.config.name}" is inactive: activate it under Networks first, or choose another`,
    );
}

export const DUPLICATE_EXTERNAL_ID = 'An offer with this external offer ID already exists';

export async function createOffer(
  db: Db,
  actor: Actor,
  input: OfferFields & { external_offer_id: string; network_id?: number | null },
): Promise<{ offerId: number }> {
  const networkId = input.network_id ?? null;
  await checkNetwork(db, networkId);
  return db.transaction(async (tx) => {
    const created = await offers.insertOffer(tx, { ...input, network_id: networkId });
    if (!created) throw conflict(DUPLICATE_EXTERNAL_ID);
    await writeAudit(tx, actor, {
      action: 'offer.create',
      targetType: 'offer',
      targetId: created.id,
      before: null,
      after: snapshot(created),
    });
    invalidateSummaries(db);
    return { offerId: created.id };
  });
}

async function lockOffer(tx: Tx, offerId: number) {
  const offer = await offers.lockOfferRecord(tx, offerId);
  if (!offer) throw notFound('Offer not found');
  return offer;
}

/**
 * The offer edit: every field but external_offer_id (the edit form does not send it); a network_id
 * left out keeps the offer's network, and only a changed one must be active.
 */
export async function editOffer(
  db: Db,
  actor: Actor,
  offerId: number,
  input: OfferFields,
  networkIdInput?: number | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockOffer(tx, offerId);
    const networkId = networkIdInput === undefined ? before.network_id : networkIdInput;
    if (networkId !== before.network_id) await checkNetwork(tx, networkId);
    const after = await offers.updateOffer(tx, offerId, { ...input, network_id: networkId });
    await writeAudit(tx, actor, {
      action: 'offer.edit',
      targetType: 'offer',
      targetId: offerId,
      before: snapshot(before),
      after: snapshot(after),
    });
  });
}

/** The per-row toggle: sets is_active; setting the current value changes nothing. */
export async function setOfferActive(
  db: Db,
  actor: Actor,
  offerId: number,
  isActive: boolean,
  reason?: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockOffer(tx, offerId);
    if (before.is_active === isActive) return;
    await offers.setOfferActive(tx, offerId, isActive);
    invalidateSummaries(db);
    await writeAudit(tx, actor, {
      action: isActive ? 'offer.activate' : 'offer.deactivate',
      targetType: 'offer',
      targetId: offerId,
      before: { is_active: before.is_active, title: before.title },
      after: { is_active: isActive, title: before.title, ...(reason ? { reason } : {}) },
    });
  });
}
