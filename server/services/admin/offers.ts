// GET/POST/PUT /api/admin/offers.php (spec sections 2, 3, 5, 7, 9). Per-offer totals are the
// counters the postback and spin transactions keep on the offers row.
import { eq, sql, type SQL } from 'drizzle-orm';
import { query, type Db, type Tx } from '../../db/client';
import { offers } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { parseSlotConfig, type SlotConfig } from '../../../shared/slot';
import type { AdminOfferRow, AdminOffersResponse } from '../../../shared/api-types';
import { writeAudit, type Actor } from './audit';
import { invalidateSummaries } from './cache';
import {
  bool,
  countRows,
  dateRangeCondition,
  equalsFilter,
  iso,
  money,
  num,
  pagination,
  searchPattern,
  sortedPage,
  sortFields,
  str,
  strOrNull,
  whereOf,
  type SortedPageInput,
} from './common';

/**
 * Sorts of spec section 9: newest/oldest (created_at), title A-Z/Z-A (title), most completions and
 * the performance shortcuts (total_completions), highest revenue (total_revenue), highest reward
 * (reward_amount), category A-Z (category); plus the other per-offer totals.
 */
const SORTS: Record<string, SQL> = {
  created_at: sql`o.created_at`,
  title: sql`o.title`,
  category: sql`o.category`,
  reward_amount: sql`o.reward_amount`,
  total_completions: sql`o.total_completions`,
  total_revenue: sql`o.total_revenue`,
  unique_users: sql`o.unique_users`,
  spins_used: sql`o.spins_used`,
  rewards_won: sql`o.rewards_won`,
  model: sql`o.model`,
  is_active: sql`o.is_active`,
};
export const OFFER_SORT_FIELDS = sortFields(SORTS);

export interface OfferListInput extends SortedPageInput {
  search?: string;
  status?: 'all' | 'active' | 'inactive';
  category?: string;
  model?: string;
  dateRange?: string;
}

export async function listOffers(
  db: Db,
  input: OfferListInput,
): Promise<Omit<AdminOffersResponse, 'success'>> {
  const pattern = searchPattern(input.search);
  const where = whereOf([
    pattern
      ? sql`(o.title ilike ${pattern} or o.description ilike ${pattern} or o.external_offer_id ilike ${pattern})`
      : undefined,
    input.status === 'active'
      ? sql`o.is_active`
      : input.status === 'inactive'
        ? sql`not o.is_active`
        : undefined,
    equalsFilter(sql`o.category`, input.category),
    equalsFilter(sql`o.model`, input.model),
    dateRangeCondition(sql`o.created_at`, input.dateRange),
  ]);
  const [rows, count] = await Promise.all([
    query(
      db,
      sql`select o.* from offers o ${where} ${sortedPage(SORTS, input, sql`o.id`, ['category']).page}`,
    ),
    countRows(db, sql`from offers o ${where}`),
  ]);
  return { offers: rows.map(toOfferRow), pagination: pagination(input, count.total, count.estimated) };
}

export function toOfferRow(r: Record<string, unknown>): AdminOfferRow {
  const completions = num(r.total_completions);
  const revenue = num(r.total_revenue);
  return {
    offer_id: num(r.id),
    title: str(r.title),
    description: str(r.description),
    offer_url: str(r.offer_url),
    preview_url: strOrNull(r.preview_url),
    external_offer_id: str(r.external_offer_id),
    category: strOrNull(r.category),
    model: str(r.model),
    targeting: str(r.targeting),
    reward_amount: num(r.reward_amount),
    slot_config: parseSlotConfig(r.slot_config),
    is_active: bool(r.is_active),
    created_at: iso(r.created_at),
    total_completions: completions,
    unique_users: num(r.unique_users),
    total_revenue: money(revenue),
    avg_payout: completions > 0 ? Math.round((revenue / completions) * 100) / 100 : 0,
    spins_used: num(r.spins_used),
    rewards_won: num(r.rewards_won),
  };
}

export interface OfferFields {
  title: string;
  description: string;
  offer_url: string;
  preview_url: string | null;
  category: string | null;
  model: string;
  targeting: string;
  reward_amount: number;
  slot_config: SlotConfig;
}

const snapshot = (o: typeof offers.$inferSelect) => ({
  title: o.title,
  description: o.description,
  offer_url: o.offerUrl,
  preview_url: o.previewUrl,
  external_offer_id: o.externalOfferId,
  category: o.category,
  model: o.model,
  targeting: o.targeting,
  reward_amount: o.rewardAmount,
  slot_config: o.slotConfig,
  is_active: o.isActive,
});

const columnsOf = (f: OfferFields) => ({
  title: f.title,
  description: f.description,
  offerUrl: f.offer_url,
  previewUrl: f.preview_url,
  category: f.category,
  model: f.model,
  targeting: f.targeting,
  rewardAmount: f.reward_amount,
  slotConfig: f.slot_config,
});

export const DUPLICATE_EXTERNAL_ID = 'An offer with this external offer ID already exists';

export async function createOffer(
  db: Db,
  actor: Actor,
  input: OfferFields & { external_offer_id: string },
): Promise<{ offerId: number }> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(offers)
      .values({ ...columnsOf(input), externalOfferId: input.external_offer_id, isActive: true })
      .onConflictDoNothing({ target: offers.externalOfferId })
      .returning();
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
  const [offer] = await tx.select().from(offers).where(eq(offers.id, offerId)).for('update').limit(1);
  if (!offer) throw notFound('Offer not found');
  return offer;
}

/** The edit of spec section 7: every field but external_offer_id (section 5: edit does not send it). */
export async function editOffer(db: Db, actor: Actor, offerId: number, input: OfferFields): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockOffer(tx, offerId);
    const [after] = await tx
      .update(offers)
      .set({ ...columnsOf(input), updatedAt: sql`now()` })
      .where(eq(offers.id, offerId))
      .returning();
    await writeAudit(tx, actor, {
      action: 'offer.edit',
      targetType: 'offer',
      targetId: offerId,
      before: snapshot(before),
      after: snapshot(after!),
    });
  });
}

/** The per-row toggle (spec section 4): sets is_active; setting the current value changes nothing. */
export async function setOfferActive(
  db: Db,
  actor: Actor,
  offerId: number,
  isActive: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockOffer(tx, offerId);
    if (before.isActive === isActive) return;
    await tx
      .update(offers)
      .set({ isActive, updatedAt: sql`now()` })
      .where(eq(offers.id, offerId));
    invalidateSummaries(db);
    await writeAudit(tx, actor, {
      action: isActive ? 'offer.activate' : 'offer.deactivate',
      targetType: 'offer',
      targetId: offerId,
      before: { is_active: before.isActive, title: before.title },
      after: { is_active: isActive, title: before.title },
    });
  });
}
