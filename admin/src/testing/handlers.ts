// msw handlers, one per admin call, over an in-memory state that a
// test can fill (`db`) and a log of what the console sent (`requests`).
import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import type { AuditLogRow } from '../../../shared/contract/admin/audit-log';
import type { AdminClaimRow } from '../../../shared/contract/admin/claims';
import type { AdminClickRow } from '../../../shared/contract/admin/clicks';
import type { AdminConversionRow } from '../../../shared/contract/admin/conversions';
import type { AdminDashboardResponse } from '../../../shared/contract/admin/dashboard';
import type { AdminAttentionResponse } from '../../../shared/contract/admin/attention';
import type { AdminNetworkPreset, AdminNetworkRow } from '../../../shared/contract/admin/networks';
import type { AdminOfferRow } from '../../../shared/contract/admin/offers';
import type { AdminPostbackRow } from '../../../shared/contract/admin/postbacks';
import type { AdminReferralRow } from '../../../shared/contract/admin/referrals';
import type { AdminUserRow } from '../../../shared/contract/admin/users';
import type { AdminVoucherRow } from '../../../shared/contract/admin/vouchers';
import type {
  AdminReviewRow,
  AdminRiskResponse,
  DecideReviewsRequest,
  RiskPolicy,
} from '../../../shared/contract/admin/reviews';
import { attention, customPreset, dashboard, risk, riskPolicyFixture } from './fixtures';

export interface Db {
  signedIn: boolean;
  dashboard: AdminDashboardResponse;
  attention: AdminAttentionResponse;
  users: AdminUserRow[];
  offers: AdminOfferRow[];
  vouchers: AdminVoucherRow[];
  referrals: AdminReferralRow[];
  conversions: AdminConversionRow[];
  clicks: AdminClickRow[];
  audit: AuditLogRow[];
  networks: AdminNetworkRow[];
  presets: AdminNetworkPreset[];
  postbacks: AdminPostbackRow[];
  claims: AdminClaimRow[];
  /** Answer of PUT claims.php when a test sets one (else the claim is decided as asked). */
  claimAnswer: { status: number; body: JsonBodyType } | null;
  /** Answer of POST networks.php, PUT networks.php and network-test.php when a test sets one. */
  networkAnswer: { status: number; body: JsonBodyType } | null;
  /** Answer of POST postbacks.php (Replay). */
  replayAnswer: JsonBodyType;
  /** user ids whose PUT users.php fails. */
  failingUserIds: number[];
  voucherCreate: { status: number; body: JsonBodyType } | null;
  /** Delay of GET answers, so a test can see a page's loading state. */
  delayMs: number;
  /** Issue 33: held rewards, members' risk (a low one when not set), the hold policy. */
  reviews: AdminReviewRow[];
  risk: Record<number, AdminRiskResponse>;
  riskPolicy: { policy: RiskPolicy; updated_at: string | null; updated_by: string | null };
  /** Answer of PUT reviews.php / risk-policy.php when a test sets one. */
  reviewAnswer: { status: number; body: JsonBodyType } | null;
  riskPolicyAnswer: { status: number; body: JsonBodyType } | null;
}

export const db: Db = freshDb();
export const requests: {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  /** Request headers, names in lower case. */
  headers: Record<string, string>;
}[] = [];

export function freshDb(): Db {
  return {
    signedIn: true,
    dashboard: dashboard(),
    attention: attention(),
    users: [],
    offers: [],
    vouchers: [],
    referrals: [],
    conversions: [],
    clicks: [],
    audit: [],
    networks: [],
    presets: [customPreset()],
    postbacks: [],
    claims: [],
    claimAnswer: null,
    networkAnswer: null,
    replayAnswer: { success: true, outcome: 'accepted', http_status: 200, detail: 'Credited' },
    failingUserIds: [],
    voucherCreate: null,
    delayMs: 0,
    reviews: [],
    risk: {},
    riskPolicy: { policy: riskPolicyFixture(), updated_at: null, updated_by: null },
    reviewAnswer: null,
    riskPolicyAnswer: null,
  };
}

export function resetDb(over: Partial<Db> = {}) {
  Object.assign(db, freshDb(), over);
  requests.length = 0;
}

const API = '*/api/admin';

async function log(request: Request) {
  const url = new URL(request.url);
  let body: unknown = null;
  if (request.method !== 'GET') {
    const text = await request.clone().text();
    body = text ? JSON.parse(text) : null;
  }
  requests.push({
    method: request.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    body,
    headers: Object.fromEntries(request.headers),
  });
  return url;
}

const unauthorized = () => HttpResponse.json({ success: false, error: 'Unauthorized' }, { status: 401 });

function paginate<T>(rows: T[], url: URL) {
  const page = Number(url.searchParams.get('page') ?? 1);
  const limit = Number(url.searchParams.get('limit') ?? 20);
  const total = rows.length;
  return {
    rows: rows.slice((page - 1) * limit, page * limit),
    pagination: { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) },
  };
}

function searched<T extends object>(rows: T[], url: URL): T[] {
  const search = url.searchParams.get('search')?.toLowerCase();
  if (!search) return rows;
  return rows.filter((r) =>
    Object.values(r).some((v) => typeof v === 'string' && v.toLowerCase().includes(search)),
  );
}

function listHandler<T extends object>(
  file: string,
  key: string,
  rows: () => T[],
  extra: (all: T[]) => Record<string, unknown> = () => ({}),
) {
  return http.get(`${API}/${file}`, async ({ request }) => {
    const url = await log(request);
    if (db.delayMs) await delay(db.delayMs);
    if (!db.signedIn) return unauthorized();
    const all = searched(rows(), url);
    const { rows: pageRows, pagination } = paginate(all, url);
    return HttpResponse.json({ success: true, [key]: pageRows, pagination, ...extra(all) });
  });
}

export function handlers() {
  return [
    http.post(`${API}/login.php`, async ({ request }) => {
      await log(request);
      const { username, password } = (await request.json()) as { username: string; password: string };
      if (username === 'admin' && password === 'secret') {
        db.signedIn = true;
        return HttpResponse.json({ success: true, admin: { id: 1, username: 'admin', email: null } });
      }
      return HttpResponse.json({ success: false, error: 'Invalid username or password' }, { status: 401 });
    }),
    http.post(`${API}/logout.php`, async ({ request }) => {
      await log(request);
      db.signedIn = false;
      return HttpResponse.json({ success: true });
    }),
    http.get(`${API}/dashboard.php`, async ({ request }) => {
      await log(request);
      if (db.delayMs && requests.filter((r) => r.path.endsWith('/dashboard.php')).length > 1)
        await delay(db.delayMs);
      if (!db.signedIn) return unauthorized();
      return HttpResponse.json(db.dashboard as unknown as JsonBodyType);
    }),
    http.get(`${API}/attention.php`, async ({ request }) => {
      await log(request);
      if (!db.signedIn) return unauthorized();
      return HttpResponse.json(db.attention as unknown as JsonBodyType);
    }),
    // Web Push per kind (issue 38, admin/src/notifications/).
    http.get(`${API}/push-summary.php`, async ({ request }) => {
      await log(request);
      if (!db.signedIn) return unauthorized();
      return HttpResponse.json({
        success: true,
        enabled: true,
        days: 7,
        subscribed_members: 120,
        kinds: [
          { kind: 'spin_ready', opted_in: 118, sent: 342, failed: 3 },
          { kind: 'voucher_expiring', opted_in: 97, sent: 41, failed: 0 },
          { kind: 'claim_answered', opted_in: 120, sent: 12, failed: 0 },
          { kind: 'referral_reward', opted_in: 110, sent: 25, failed: 1 },
          { kind: 'account_messages', opted_in: 64, sent: 4, failed: 0 },
        ],
      });
    }),
    listHandler(
      'users.php',
      'users',
      () => db.users,
      (all) => ({
        summary: {
          total_users: all.length,
          active_users: all.filter((u) => !u.is_suspicious).length,
          firebase_users: all.filter((u) => u.registration_method === 'firebase').length,
          total_referrals: all.reduce((s, u) => s + u.total_referrals, 0),
          flagged_users: all.filter((u) => u.is_suspicious).length,
        },
      }),
    ),
    http.put(`${API}/users.php`, async ({ request }) => {
      await log(request);
      const { user_id, action } = (await request.json()) as { user_id: number; action: string };
      if (db.failingUserIds.includes(user_id)) {
        return HttpResponse.json({ success: false, error: 'Could not change user' }, { status: 500 });
      }
      const row = db.users.find((u) => u.user_id === user_id);
      if (!row) return HttpResponse.json({ success: false, error: 'User not found' }, { status: 404 });
      row.is_suspicious = action === 'flag';
      return HttpResponse.json({ success: true });
    }),
    listHandler('offers.php', 'offers', () => db.offers),
    http.post(`${API}/offers.php`, async ({ request }) => {
      await log(request);
      const body = (await request.json()) as AdminOfferRow;
      const offer_id = db.offers.length + 100;
      db.offers.unshift({
        ...body,
        offer_id,
        created_at: new Date().toISOString(),
        total_completions: 0,
      } as AdminOfferRow);
      return HttpResponse.json({ success: true, offer_id });
    }),
    http.put(`${API}/offers.php`, async ({ request }) => {
      await log(request);
      const body = (await request.json()) as Partial<AdminOfferRow> & { offer_id: number };
      const row = db.offers.find((o) => o.offer_id === body.offer_id);
      if (!row) return HttpResponse.json({ success: false, error: 'Offer not found' }, { status: 404 });
      Object.assign(row, body);
      return HttpResponse.json({ success: true });
    }),
    listHandler(
      'vouchers.php',
      'vouchers',
      () => db.vouchers,
      (all) => {
        const byKey = new Map<string, Record<string, number | string>>();
        for (const v of all) {
          const k = `${v.voucher_brand}|${v.voucher_amount}`;
          const row = byKey.get(k) ?? {
            voucher_brand: v.voucher_brand,
            voucher_amount: v.voucher_amount,
            total: 0,
            available: 0,
            assigned: 0,
            used: 0,
            expired: 0,
            total_value: 0,
          };
          (row.total as number)++;
          (row[v.status] as number)++;
          (row.total_value as number) += v.voucher_amount;
          byKey.set(k, row);
        }
        return { stats: [...byKey.values()] };
      },
    ),
    http.post(`${API}/vouchers.php`, async ({ request }) => {
      await log(request);
      if (db.voucherCreate)
        return HttpResponse.json(db.voucherCreate.body, { status: db.voucherCreate.status });
      const body = (await request.json()) as { voucher_codes: string[] };
      const existing = new Set(db.vouchers.map((v) => v.voucher_code));
      const duplicates = body.voucher_codes.filter((c) => existing.has(c));
      return HttpResponse.json({
        success: true,
        created: body.voucher_codes.length - duplicates.length,
        duplicates,
      });
    }),
    http.put(`${API}/vouchers.php`, async ({ request }) => {
      await log(request);
      const { voucher_id, status } = (await request.json()) as {
        voucher_id: number;
        status: AdminVoucherRow['status'];
      };
      const row = db.vouchers.find((v) => v.voucher_id === voucher_id);
      if (!row) return HttpResponse.json({ success: false, error: 'Voucher not found' }, { status: 404 });
      row.status = status;
      return HttpResponse.json({ success: true });
    }),
    // Grant Reward / Deny: a held referral changes once; anything else answers 409 as the API does.
    http.put(`${API}/referrals.php`, async ({ request }) => {
      await log(request);
      const { referral_id, action, reason } = (await request.json()) as {
        referral_id: number;
        action: 'grant' | 'deny';
        reason?: string;
      };
      const row = db.referrals.find((r) => r.referral_id === referral_id);
      if (!row) return HttpResponse.json({ success: false, error: 'Referral not found' }, { status: 404 });
      if (!row.needs_review) {
        return HttpResponse.json(
          { success: false, error: 'This referral was already granted: its free spin was given once.' },
          { status: 409 },
        );
      }
      const grant = action === 'grant';
      Object.assign(row, {
        status: grant ? 'successful' : 'denied',
        free_spins_granted: grant ? 1 : 0,
        needs_review: false,
        review_decision: grant ? 'granted' : 'denied',
        reviewed_at: '2025-02-01T12:00:00Z',
        reviewed_by: 'admin',
        review_reason: reason ?? null,
      });
      return HttpResponse.json({
        success: true,
        referral_id,
        status: row.status,
        free_spins_granted: row.free_spins_granted,
      });
    }),
    listHandler(
      'referrals.php',
      'referrals',
      () => db.referrals,
      (all) => ({
        summary: {
          total_referrals: all.length,
          successful_referrals: all.filter((r) => r.status === 'successful').length,
          completed_referrals: all.filter((r) => r.status !== 'pending').length,
          success_rate: all.length
            ? (100 * all.filter((r) => r.status === 'successful').length) / all.length
            : 0,
          total_referral_revenue: 42,
          needs_review: all.filter((r) => r.needs_review).length,
        },
      }),
    ),
    listHandler(
      'conversions.php',
      'conversions',
      () => db.conversions,
      (all) => ({
        summary: {
          totalConversions: all.length,
          totalRevenue: all.reduce((s, c) => s + c.payout_amount, 0),
          voucherValue: all.reduce((s, c) => s + (c.voucher_amount ?? 0), 0),
          voucherWins: all.filter((c) => c.voucher_won).length,
          voucherWinRate: all.length ? (100 * all.filter((c) => c.voucher_won).length) / all.length : 0,
          spinsUsed: all.filter((c) => c.spinner_used).length,
          uniqueUsers: new Set(all.map((c) => c.user_id)).size,
        },
        referralImpact: {
          referralDrivenConversions: all.filter((c) => c.user_source === 'referred').length,
          referralImpactRate: 0,
          firstCompletions: all.filter((c) => c.is_first_completion).length,
          firstCompletionsReferred: 0,
          referralDrivenRevenue: 0,
          firstCompletionRate: 0,
        },
        userTypeBreakdown: {
          firebaseUsers: all.filter((c) => c.registration_method === 'firebase').length,
          emailUsers: all.filter((c) => c.registration_method !== 'firebase').length,
        },
      }),
    ),
    listHandler(
      'offer-clicks.php',
      'clicks',
      () => db.clicks,
      (all) => ({
        stats: {
          totalConversions: all.filter((c) => c.completion_id).length,
          uniqueUsers: new Set(all.map((c) => c.email)).size,
          totalRevenue: all.reduce((s, c) => s + (c.payout_amount ?? 0), 0),
          voucherWinRate: 33.333,
        },
      }),
    ),
    listHandler('audit-log.php', 'entries', () => db.audit),
    http.get(`${API}/networks.php`, async ({ request }) => {
      const url = await log(request);
      if (!db.signedIn) return unauthorized();
      const id = url.searchParams.get('id');
      const all = searched(db.networks, url).filter((n) => !id || String(n.network_id) === id);
      const { rows, pagination } = paginate(all, url);
      return HttpResponse.json({ success: true, networks: rows, pagination } as unknown as JsonBodyType);
    }),
    http.get(`${API}/network-presets.php`, async ({ request }) => {
      await log(request);
      return HttpResponse.json({ success: true, presets: db.presets } as unknown as JsonBodyType);
    }),
    ...(['post', 'put'] as const).map((method) =>
      http[method](`${API}/networks.php`, async ({ request }) => {
        await log(request);
        if (db.networkAnswer)
          return HttpResponse.json(db.networkAnswer.body, { status: db.networkAnswer.status });
        return HttpResponse.json({ success: true, network_id: 42 });
      }),
    ),
    http.post(`${API}/network-test.php`, async ({ request }) => {
      await log(request);
      if (db.networkAnswer)
        return HttpResponse.json(db.networkAnswer.body, { status: db.networkAnswer.status });
      return HttpResponse.json({
        success: true,
        request: {
          method: 'GET',
          url: '/api/postback/network-1?trans_id=test-1&secure_hash=***',
          headers: {},
        },
        outcome: 'accepted',
        http_status: 200,
        body: 'ok',
        detail: 'Would credit the click of user1@example.com on Offer 1.',
      });
    }),
    http.get(`${API}/claims.php`, async ({ request }) => {
      const url = await log(request);
      if (!db.signedIn) return unauthorized();
      const status = url.searchParams.get('status');
      const offer = url.searchParams.get('offer');
      const all = db.claims.filter(
        (c) => (!status || c.status === status) && (!offer || c.offer_id === Number(offer)),
      );
      const { rows, pagination } = paginate(all, url);
      const pending = db.claims.filter((c) => c.status === 'pending').length;
      return HttpResponse.json({ success: true, claims: rows, pending, pagination });
    }),
    http.put(`${API}/claims.php`, async ({ request }) => {
      await log(request);
      if (db.claimAnswer) return HttpResponse.json(db.claimAnswer.body, { status: db.claimAnswer.status });
      const body = (await request.json()) as {
        claim_id: number;
        action: 'approve' | 'reject';
        reason?: string;
      };
      const claim = db.claims.find((c) => c.claim_id === Number(body.claim_id));
      if (!claim) return HttpResponse.json({ success: false, error: 'Claim not found' }, { status: 404 });
      claim.status = body.action === 'approve' ? 'approved' : 'rejected';
      claim.reject_reason = body.action === 'reject' ? (body.reason ?? null) : null;
      claim.decided_at = '2026-11-24T12:00:00.000Z';
      claim.decided_by = 'admin';
      return HttpResponse.json({
        success: true,
        claim_id: claim.claim_id,
        status: claim.status,
        completion_id: body.action === 'approve' ? 500 : null,
      });
    }),
    http.get(`${API}/reviews.php`, async ({ request }) => {
      const url = await log(request);
      if (db.delayMs) await delay(db.delayMs);
      if (!db.signedIn) return unauthorized();
      const q = (name: string) => url.searchParams.get(name);
      const status = q('status') ?? 'held';
      const sortBy = q('sortBy') ?? 'score';
      const dir = q('sortOrder') === 'asc' ? 1 : -1;
      const all = db.reviews
        .filter(
          (h) =>
            (status === 'all' || h.status === status) &&
            (!q('level') || h.level === q('level')) &&
            (!q('user_id') || h.user_id === Number(q('user_id'))) &&
            (!q('hold_id') || h.hold_id === Number(q('hold_id'))),
        )
        .sort((a, b) =>
          sortBy === 'score' ? dir * (a.score - b.score) : dir * a.created_at.localeCompare(b.created_at),
        );
      const { rows, pagination } = paginate(all, url);
      const held = db.reviews.filter((h) => h.status === 'held');
      const oldest = held.map((h) => h.created_at).sort()[0] ?? null;
      return HttpResponse.json({
        success: true,
        reviews: rows,
        waiting: held.length,
        oldest_waiting_at: oldest,
        pagination,
      } as unknown as JsonBodyType);
    }),
    // Each hold is decided once: one already decided is reported in `skipped`, as the API does.
    http.put(`${API}/reviews.php`, async ({ request }) => {
      await log(request);
      if (db.reviewAnswer) return HttpResponse.json(db.reviewAnswer.body, { status: db.reviewAnswer.status });
      const body = (await request.json()) as DecideReviewsRequest;
      const targets = body.hold_ids
        ? body.hold_ids.map((id) => Number(id))
        : db.reviews
            .filter((h) => h.user_id === Number(body.user_id) && h.status === 'held')
            .map((h) => h.hold_id);
      const decided: number[] = [];
      const skipped: number[] = [];
      for (const id of targets) {
        const hold = db.reviews.find((h) => h.hold_id === id);
        if (!hold || hold.status !== 'held') {
          skipped.push(id);
          continue;
        }
        Object.assign(hold, {
          status: body.action === 'approve' ? 'released' : 'denied',
          decided_at: '2026-12-01T12:00:00.000Z',
          decided_by: 'admin',
          deny_category: body.action === 'deny' ? (body.category ?? null) : null,
          note: body.note ?? null,
        });
        decided.push(id);
      }
      return HttpResponse.json({ success: true, decided, skipped });
    }),
    http.get(`${API}/risk.php`, async ({ request }) => {
      const url = await log(request);
      if (!db.signedIn) return unauthorized();
      const id = Number(url.searchParams.get('user_id'));
      return HttpResponse.json((db.risk[id] ?? risk(id)) as unknown as JsonBodyType);
    }),
    http.get(`${API}/risk-policy.php`, async ({ request }) => {
      await log(request);
      if (!db.signedIn) return unauthorized();
      return HttpResponse.json({ success: true, ...db.riskPolicy } as unknown as JsonBodyType);
    }),
    http.put(`${API}/risk-policy.php`, async ({ request }) => {
      await log(request);
      if (db.riskPolicyAnswer)
        return HttpResponse.json(db.riskPolicyAnswer.body, { status: db.riskPolicyAnswer.status });
      const policy = (await request.json()) as RiskPolicy;
      db.riskPolicy = { policy, updated_at: '2026-12-01T12:00:00.000Z', updated_by: 'admin' };
      return HttpResponse.json({ success: true, ...db.riskPolicy } as unknown as JsonBodyType);
    }),
    listHandler('postbacks.php', 'postbacks', () => db.postbacks),
    http.post(`${API}/postbacks.php`, async ({ request }) => {
      await log(request);
      return HttpResponse.json(db.replayAnswer);
    }),
  ];
}
