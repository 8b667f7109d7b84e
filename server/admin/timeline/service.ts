// GET /api/admin/timeline.php and /api/admin/click.php (issue 36): one record's history and one click,
// for the console's member page and detail views. Reads only.
import type { Queryable } from '../../db/client';
import { readClick, readTimeline, type TimelineRow } from './repository';
import { iso, numOrNull } from '../../db/row-mappers';
import { notFound } from '../../lib/errors';
import type {
  AdminClickRecord,
  AdminTimelineResponse,
  TimelineItem,
  TimelineKind,
  TimelineSubject,
} from '../../../shared/contract/admin/records';

function toItem(r: TimelineRow): TimelineItem {
  return {
    kind: r.kind,
    at: iso(r.at),
    ref: String(r.ref),
    status: r.status,
    amount: numOrNull(r.amount),
    detail: r.detail,
    user_id: r.user_id,
    user_name: r.user_name,
    offer_id: r.offer_id,
    offer_title: r.offer_title,
    click_id: r.click_id,
    network_id: r.network_id,
    network_name: r.network_name,
    completion_id: r.completion_id,
    claim_id: r.claim_id,
    voucher_id: r.voucher_id,
    postback_id: numOrNull(r.postback_id),
    referral_id: r.referral_id,
  };
}

export async function getTimeline(
  db: Queryable,
  input: {
    subject: TimelineSubject;
    id: string;
    kinds?: TimelineKind[];
    offer?: number;
    page: number;
    limit: number;
  },
): Promise<Omit<AdminTimelineResponse, 'success'>> {
  const id = input.subject === 'click' ? input.id : Number(input.id);
  const { rows, total, estimated } = await readTimeline(db, { ...input, id });
  return {
    items: rows.map(toItem),
    pagination: {
      page: input.page,
      limit: input.limit,
      total,
      totalPages: Math.ceil(total / input.limit),
      ...(estimated ? { estimated } : {}),
    },
  };
}

export async function getClick(db: Queryable, clickId: string): Promise<AdminClickRecord> {
  const r = await readClick(db, clickId);
  if (!r) throw notFound('Click not found');
  return {
    click_id: r.click_id,
    created_at: iso(r.created_at),
    ip: r.ip,
    user_agent: r.user_agent,
    user_id: r.user_id,
    user_name: `${r.first_name} ${r.last_name}`.trim() || r.email,
    user_email: r.email,
    offer_id: r.offer_id,
    offer_title: r.offer_title,
    network_id: r.network_id,
    network_name: r.network_name,
    completion_id: r.completion_id,
    completion_status: r.completion_status,
    postback_count: Number(r.postback_count),
  };
}
