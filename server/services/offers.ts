// Offers as a member sees them, and the click that starts one (DESIGN.md section 4).
import { and, eq } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client';
import { run, statement } from '../db/statements';
import { clicks, completions, offers } from '../db/schema';
import { conflict, notFound } from '../lib/errors';
import { randomId } from '../lib/ids';
import { parseSlotConfig } from '../../shared/slot';
import type { MemberOffer } from '../../shared/api-types';

interface MemberOfferRow extends Record<string, unknown> {
  offer_id: number;
  title: string;
  description: string;
  preview_url: string | null;
  offer_url: string;
  category: string | null;
  slot_config: unknown;
  completion_status: 'pending' | 'approved' | null;
  spinner_used: boolean | null;
  reward_type: string | null;
  voucher_code: string | null;
}

// Active offers, plus inactive ones the member has a live completion on (so a won voucher or a
// pending spin never disappears when an admin deactivates the offer). A named statement: offers.php
// is the member app's most frequent call.
const memberOffers = statement(
  'member_offers',
  `select o.id as offer_id, o.title, o.description, o.preview_url, o.offer_url, o.category, o.slot_config,
          c.status as completion_status, c.spinner_used, c.reward_type, v.voucher_code
     from offers o
     left join completions c on c.offer_id = o.id and c.user_id = $1 and c.status <> 'reversed'
     left join vouchers v on v.id = c.voucher_id
    where o.is_active or c.id is not null
    order by o.created_at desc, o.id desc
    limit 500`,
);

export async function listMemberOffers(db: Db, userId: number): Promise<MemberOffer[]> {
  const rows = await run<MemberOfferRow>(db, memberOffers, [userId]);
  return rows.map((r) => {
    const completed = r.completion_status === 'approved';
    return {
      offer_id: r.offer_id,
      title: r.title,
      description: r.description,
      preview_url: r.preview_url,
      offer_url: r.offer_url,
      category: r.category,
      completed,
      spinner_used: completed && !!r.spinner_used,
      status: completed ? 'completed' : r.completion_status === 'pending' ? 'pending' : 'available',
      reward_type: r.reward_type ?? 'none',
      voucher_code: r.voucher_code,
      slot_config: parseSlotConfig(r.slot_config),
    };
  });
}

/** Fills `{click_id}` and `{user_id}` in the offer's link, or appends click_id when it has none. */
export function buildRedirectUrl(
  offerUrl: string,
  clickId: string,
  userId: number,
  publicUrl: string,
): string {
  let url = offerUrl;
  const hasPlaceholder = url.includes('{click_id}');
  url = url.replaceAll('{click_id}', encodeURIComponent(clickId)).replaceAll('{user_id}', String(userId));
  // Seeded demo offers point at our own partner page with a path relative to this server.
  const absolute = new URL(url, publicUrl + '/');
  if (!hasPlaceholder) absolute.searchParams.set('click_id', clickId);
  return absolute.toString();
}

export interface ClickInput {
  userId: number;
  offerId: number;
  ip: string | null;
  userAgent: string | null;
  publicUrl: string;
}

export async function recordClick(db: Queryable, input: ClickInput) {
  const [offer] = await db
    .select({
      id: offers.id,
      title: offers.title,
      offerUrl: offers.offerUrl,
      network: offers.network,
      isActive: offers.isActive,
    })
    .from(offers)
    .where(eq(offers.id, input.offerId))
    .limit(1);
  if (!offer || !offer.isActive) throw notFound('This offer is not available.');
  const [done] = await db
    .select({ id: completions.id })
    .from(completions)
    .where(
      and(
        eq(completions.userId, input.userId),
        eq(completions.offerId, input.offerId),
        eq(completions.status, 'approved'),
      ),
    )
    .limit(1);
  if (done) throw conflict('You have already completed this offer.');
  const clickId = randomId(16);
  await db.insert(clicks).values({
    id: clickId,
    userId: input.userId,
    offerId: offer.id,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
  });
  return {
    clickId,
    offerTitle: offer.title,
    network: offer.network,
    redirectUrl: buildRedirectUrl(offer.offerUrl, clickId, input.userId, input.publicUrl),
  };
}
