import {
  HttpError,
  type DataProvider,
  type GetListResult,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../../shared/constants';
import {
  ADMIN_API_BASE,
  ADMIN_AUDIT_LOG_PATH,
  ADMIN_BRANDS_PATH,
  ADMIN_CLAIMS_PATH,
  ADMIN_CLICK_PATH,
  ADMIN_CLICKS_PATH,
  ADMIN_CONVERSIONS_PATH,
  ADMIN_ATTENTION_PATH,
  ADMIN_PUSH_SUMMARY_PATH,
  ADMIN_DASHBOARD_PATH,
  ADMIN_NETWORK_PRESETS_PATH,
  ADMIN_NETWORK_TEST_PATH,
  ADMIN_NETWORKS_PATH,
  ADMIN_OFFERS_PATH,
  ADMIN_POSTBACKS_PATH,
  ADMIN_REFERRALS_PATH,
  ADMIN_REVIEWS_PATH,
  ADMIN_RISK_PATH,
  ADMIN_RISK_POLICY_PATH,
  ADMIN_TIMELINE_PATH,
  ADMIN_USERS_PATH,
  ADMIN_VOUCHERS_PATH,
} from '../../shared/contract/paths';
import type { AdminBrand, SaveBrandRequest } from '../../shared/contract/brands';
import type { AdminDashboardResponse, DashboardRange } from '../../shared/contract/admin/dashboard';
import type { AdminAttentionResponse } from '../../shared/contract/admin/attention';
import type { PushSummaryResponse } from '../../shared/contract/admin/push';
import type { AdminNetworkPreset } from '../../shared/contract/admin/networks';
import type {
  AdminRiskPolicyResponse,
  AdminRiskResponse,
  DecideReviewsRequest,
  DecideReviewsResponse,
  RiskPolicy,
} from '../../shared/contract/admin/reviews';
import type { Pagination } from '../../shared/contract/common';
import type {
  AdminClickRecord,
  AdminTimelineResponse,
  TimelineKind,
  TimelineSubject,
} from '../../shared/contract/admin/records';
import type { HttpClient } from './http-client';

/**
 * Data provider for the admin API (shared/contract), modelled on ra-data-simple-rest.
 *
 * | method      | call                                                                              |
 * |-------------|-----------------------------------------------------------------------------------|
 * | getList     | GET    {apiUrl}/{path}?page={page}&limit={perPage}&sortBy={field}&sortOrder={asc|desc}&{filters} |
 * |             |        → { data: json[listKey] (id from idField), total: json.pagination.total, meta: the other keys } |
 * |             |        perPage above the API's 100 (the CSV export) is read in pages of 100 |
 * | getOne      | GET    the list call with its id filter where it has one (networks: ?id=), otherwise |
 * |             |        page by page (no single-record call exists) until the id is found |
 * | update      | PUT    {apiUrl}/{path} with the resource's body (users: {user_id, action: flag|unflag}; |
 * |             |        offers: {offer_id, is_active} toggle or the edit body; vouchers: {voucher_id, status}; |
 * |             |        referrals: {referral_id, action: grant|deny, reason?}) |
 * | updateMany  | one update per id, in parallel (bulk block/unblock) → { data: ids that succeeded, |
 * |             |        meta: { failed: ids that failed } }; rejects 'All bulk actions failed' when none did |
 * | create      | POST   {apiUrl}/{path} with the form's body (offers: OfferCreateRequest; vouchers: |
 * |             |        VoucherCreateRequest → { created, duplicates } in the returned record) |
 * | getDashboard | GET {apiUrl}/dashboard.php → AdminDashboardResponse (the dashboard page; not a resource); |
 * |             |        { background: true } adds X-Background-Refresh: 1 (not user activity) |
 * | getAttention | GET {apiUrl}/attention.php → AdminAttentionResponse (the dashboard's needs-attention panel, the menu's count) |
 * | getPushSummary | GET {apiUrl}/push-summary.php → PushSummaryResponse (the dashboard's Notifications panel, issue 38) |
 * | getNetworkPresets | GET {apiUrl}/network-presets.php → the presets a network form starts from |
 * | testNetworkPostback | POST {apiUrl}/network-test.php (dry run) → the receiver's would-be answer |
 * | replayPostback | POST {apiUrl}/postbacks.php {postback_id, action: 'replay'} → {outcome, http_status, detail} |
 * | decideClaim | PUT {apiUrl}/claims.php {claim_id, action: 'approve'|'reject', reason?} → {claim_id, status, completion_id} |
 * | getTimeline | GET {apiUrl}/timeline.php?subject=&id=&page=&limit=[&kinds=][&offer=] → one record's history, newest first (a member's about one offer) |
 * | getClick | GET {apiUrl}/click.php?click_id= → the click, its member, offer, network and conversion |
 * | decideReviews | PUT {apiUrl}/reviews.php {hold_ids | user_id, action, category?, note?} → {decided, skipped} (issue 33) |
 * | getRisk | GET {apiUrl}/risk.php?user_id= → one member's score, reasons, linked accounts, referral tree |
 * | getRiskPolicy / putRiskPolicy | GET / PUT {apiUrl}/risk-policy.php → the hold policy |
 * | getMany, getManyReference, delete, deleteMany | not offered by the admin API: reject |
 *
 * Filters are passed under the API's exact query names and only those; an empty value or
 * 'all' is left out (the server's default is "all").
 */

interface ResourceConfig {
  /** Path under the admin base path (shared/contract/paths.ts). */
  path: string;
  /** Key of the row array in the list response. */
  listKey: string;
  /** Row field that becomes react-admin's id. */
  idField: string;
  /** Query names accepted as filters, in the order they are sent. */
  filters: readonly string[];
  /** Whether the list call takes sortOrder (users, offers, vouchers, conversions). */
  sortOrder: boolean;
  /** Body of PUT {path} for an update of record `id` with the changed `data`. */
  updateBody?: (id: Identifier, data: Record<string, unknown>) => Record<string, unknown>;
  /** Record returned by create from the server's answer. */
  createResult?: (json: Record<string, unknown>, data: Record<string, unknown>) => RaRecord;
  /**
   * Filter values the console names differently from the API, by filter: an 'all' the API must be
   * sent (the console's 'all' means "no filter", the server's default).
   */
  filterAliases?: Record<string, Record<string, string>>;
  /** A list filter that selects one row by id (getOne reads one page instead of walking them all). */
  idFilter?: string;
  /** Filters getOne adds to its id filter (reviews: any status, not only the list's default 'held'). */
  idFilterExtra?: Record<string, string>;
}

/** The administrator's reason for a confirmed action (issue 36), left out when blank. */
function reasonOf(data: Record<string, unknown>): { reason?: string } {
  return typeof data.reason === 'string' && data.reason.trim() ? { reason: data.reason.trim() } : {};
}

const OFFER_EDIT_FIELDS = [
  'title',
  'description',
  'offer_url',
  'preview_url',
  'category',
  'model',
  'targeting',
  'reward_amount',
  'slot_config',
  'network_id',
] as const;

/** Per-resource quirks of the admin API. */
export const RESOURCES: Record<string, ResourceConfig> = {
  users: {
    path: ADMIN_USERS_PATH,
    listKey: 'users',
    idField: 'user_id',
    filters: ['search', 'dateRange', 'performanceFilter', 'referralFilter', 'voucherFilter'],
    sortOrder: true,
    idFilter: 'user_id',
    // Block is action 'flag', unblock 'unflag', with the administrator's reason when given.
    updateBody: (id, data) => ({
      user_id: id,
      action: data.is_suspicious ? 'flag' : 'unflag',
      ...reasonOf(data),
    }),
  },
  offers: {
    path: ADMIN_OFFERS_PATH,
    listKey: 'offers',
    idField: 'offer_id',
    filters: ['search', 'status', 'category', 'model', 'dateRange'],
    sortOrder: true,
    idFilter: 'offer_id',
    // The toggle sends only {offer_id, is_active} (and the reason the console asked for); the edit sends
    // the form without external_offer_id.
    updateBody: (id, data) =>
      Object.keys(data).every((k) => k === 'is_active' || k === 'reason') && 'is_active' in data
        ? { offer_id: id, is_active: data.is_active, ...reasonOf(data) }
        : { offer_id: id, ...Object.fromEntries(OFFER_EDIT_FIELDS.map((k) => [k, data[k] ?? null])) },
    createResult: (json, data) => ({ ...data, id: (json.offer_id as Identifier) ?? `new-${Date.now()}` }),
  },
  vouchers: {
    path: ADMIN_VOUCHERS_PATH,
    listKey: 'vouchers',
    idField: 'voucher_id',
    filters: [
      'search',
      'status',
      'brand',
      'voucher_type',
      'amount_range',
      'expiry_filter',
      'assignment_filter',
    ],
    sortOrder: true,
    updateBody: (id, data) => ({ voucher_id: id, status: data.status }),
    createResult: (json) => ({
      id: `batch-${Date.now()}`,
      created: Number(json.created ?? 0),
      duplicates: Array.isArray(json.duplicates) ? json.duplicates : [],
    }),
  },
  referrals: {
    path: ADMIN_REFERRALS_PATH,
    listKey: 'referrals',
    idField: 'referral_id',
    filters: ['search', 'status', 'dateRange'],
    sortOrder: false,
    // Grant Reward or Deny a held (same-device) referral, with the admin's optional reason.
    updateBody: (id, data) => ({
      referral_id: id,
      action: data.decision,
      ...(typeof data.reason === 'string' && data.reason ? { reason: data.reason } : {}),
    }),
  },
  conversions: {
    path: ADMIN_CONVERSIONS_PATH,
    listKey: 'conversions',
    idField: 'completion_id',
    filters: ['search', 'offer', 'dateRange', 'voucherFilter', 'userTypeFilter', 'referralFilter', 'status'],
    sortOrder: true,
    // No status: approved conversions only (the API's default); 'both' asks for approved and reversed.
    filterAliases: { status: { both: 'all' } },
  },
  clicks: {
    path: ADMIN_CLICKS_PATH,
    listKey: 'clicks',
    idField: 'click_id',
    filters: ['search', 'dateRange', 'offer', 'conversionStatus', 'userType'],
    sortOrder: false,
  },
  networks: {
    path: ADMIN_NETWORKS_PATH,
    listKey: 'networks',
    idField: 'network_id',
    filters: ['search', 'status'],
    sortOrder: true,
    idFilter: 'id',
    // The active toggle sends {network_id, is_active}; the edit form sends its changed fields.
    updateBody: (id, data) => {
      const { id: _id, network_id: _networkId, ...fields } = data;
      return { network_id: id, ...fields };
    },
    createResult: (json, data) => ({ ...data, id: json.network_id as Identifier }),
  },
  postbacks: {
    path: ADMIN_POSTBACKS_PATH,
    listKey: 'postbacks',
    idField: 'postback_id',
    filters: ['search', 'network_id', 'outcome', 'result', 'status', 'date_from', 'date_to'],
    sortOrder: true,
    idFilter: 'postback_id',
  },
  claims: {
    path: ADMIN_CLAIMS_PATH,
    listKey: 'claims',
    idField: 'claim_id',
    filters: ['status', 'offer', 'date_from', 'date_to'],
    sortOrder: true,
    idFilter: 'claim_id',
  },
  // Issue 33: rewards held by risk. The console's 'every' status is the API's 'all' (the API's default
  // is 'held', so an empty status would not mean "all").
  reviews: {
    path: ADMIN_REVIEWS_PATH,
    listKey: 'reviews',
    idField: 'hold_id',
    filters: ['status', 'level', 'user_id'],
    sortOrder: true,
    idFilter: 'hold_id',
    idFilterExtra: { status: 'every' },
    filterAliases: { status: { every: 'all' } },
  },
  'audit-log': {
    path: ADMIN_AUDIT_LOG_PATH,
    listKey: 'entries',
    idField: 'id',
    filters: ['admin', 'action', 'target_type', 'target_id', 'date_from', 'date_to'],
    sortOrder: false,
  },
};

function config(resource: string): ResourceConfig {
  const found = RESOURCES[resource];
  if (!found) throw new HttpError(`Unknown resource ${resource}`, 404, null);
  return found;
}

function isEmptyFilter(value: unknown): boolean {
  return value === undefined || value === null || value === '' || value === 'all';
}

/** The query string of a list call, in a stable order: page, limit, sortBy, sortOrder, filters. */
export function listQuery(
  cfg: ResourceConfig,
  page: number,
  perPage: number,
  sort: { field: string; order: string } | undefined,
  filter: Record<string, unknown>,
): string {
  const query = new URLSearchParams();
  query.set('page', String(page));
  query.set('limit', String(perPage));
  if (sort?.field && sort.field !== 'id') {
    query.set('sortBy', sort.field);
    if (cfg.sortOrder) query.set('sortOrder', sort.order.toLowerCase() === 'asc' ? 'asc' : 'desc');
  }
  for (const name of cfg.idFilter ? [...cfg.filters, cfg.idFilter] : cfg.filters) {
    const raw = filter?.[name];
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (!isEmptyFilter(value)) query.set(name, cfg.filterAliases?.[name]?.[String(value)] ?? String(value));
  }
  return query.toString();
}

type ListJson = Record<string, unknown> & { pagination?: Pagination };

/** The dry run of "Send test postback" (network-test.php); blank fields are left to the server. */
export interface NetworkTestRequest {
  network_id: Identifier;
  click_id?: string;
  status: 'approved' | 'pending' | 'reversed';
  payout?: number;
  transaction_id?: string;
}

export interface NetworkTestResult {
  request: { method: string; url: string; headers: Record<string, string> };
  outcome: string;
  http_status: number;
  body: string;
  detail: string;
}

export interface ReplayResult {
  outcome: string;
  http_status: number;
  detail: string;
}

export interface ClaimDecisionResult {
  claim_id: number;
  status: 'approved' | 'rejected';
  completion_id: number | null;
}

export interface AdminDataProvider extends DataProvider {
  /** `background`: the console's own timed refetch, sent as not user activity (X-Background-Refresh). */
  /** `days`: the chart's range (the server's default, 30, when left out). */
  getDashboard(options?: { background?: boolean; days?: DashboardRange }): Promise<AdminDashboardResponse>;
  getAttention(): Promise<AdminAttentionResponse>;
  /** Web Push per kind: members opted in, sent and failed in 7 days (issue 38, admin/src/notifications/). */
  getPushSummary(): Promise<PushSummaryResponse>;
  getNetworkPresets(): Promise<AdminNetworkPreset[]>;
  testNetworkPostback(request: NetworkTestRequest): Promise<NetworkTestResult>;
  replayPostback(postbackId: Identifier): Promise<ReplayResult>;
  /** Approve or Reject (with the reason the member sees) a pending missing-conversion claim. */
  decideClaim(
    claimId: Identifier,
    action: 'approve' | 'reject',
    reason?: string,
  ): Promise<ClaimDecisionResult>;
  /** One member's, offer's, network's or click's history, newest first (issue 36). */
  getTimeline(query: TimelineQuery): Promise<Omit<AdminTimelineResponse, 'success'>>;
  getClick(clickId: Identifier): Promise<AdminClickRecord>;
  /** Approve or deny held rewards: by ids (one or a bulk selection) or all of one member's (issue 33). */
  decideReviews(body: DecideReviewsRequest): Promise<DecideReviewsResponse>;
  getRisk(userId: Identifier): Promise<AdminRiskResponse>;
  getRiskPolicy(): Promise<AdminRiskPolicyResponse>;
  putRiskPolicy(policy: RiskPolicy): Promise<AdminRiskPolicyResponse>;
  /** The voucher brands' redeem link and steps (issue 35): GET / PUT {apiUrl}/brand-settings.php. */
  getBrands(): Promise<AdminBrand[]>;
  saveBrand(body: SaveBrandRequest): Promise<AdminBrand>;
}

export interface TimelineQuery {
  subject: TimelineSubject;
  id: Identifier;
  page: number;
  limit: number;
  kinds?: readonly TimelineKind[];
  /** A member's history about this offer only. */
  offer?: Identifier;
}

export function createDataProvider(httpClient: HttpClient, apiUrl = ADMIN_API_BASE): AdminDataProvider {
  const toRecord = (cfg: ResourceConfig, row: Record<string, unknown>) => ({
    ...row,
    id: row[cfg.idField] as Identifier,
  });

  async function fetchPage(
    cfg: ResourceConfig,
    page: number,
    perPage: number,
    sort: { field: string; order: string } | undefined,
    filter: Record<string, unknown>,
  ) {
    const { json } = await httpClient<ListJson>(
      `${apiUrl}${cfg.path}?${listQuery(cfg, page, perPage, sort, filter)}`,
    );
    const rows = (json[cfg.listKey] as Record<string, unknown>[] | undefined) ?? [];
    const { [cfg.listKey]: _rows, pagination, success: _success, ...meta } = json;
    return { rows, pagination, meta };
  }

  async function update(resource: string, id: Identifier, data: Record<string, unknown>) {
    const cfg = config(resource);
    if (!cfg.updateBody) throw new HttpError(`${resource} cannot be changed`, 405, null);
    await httpClient(`${apiUrl}${cfg.path}`, { method: 'PUT', body: cfg.updateBody(id, data) });
  }

  const unsupported = (name: string) => () =>
    Promise.reject(new HttpError(`${name} is not offered by the admin API`, 405, null));

  return {
    async getList(resource, params) {
      const cfg = config(resource);
      const page = params.pagination?.page ?? 1;
      const perPage = params.pagination?.perPage ?? PAGE_SIZE;
      const filter = params.filter ?? {};
      if (perPage <= MAX_PAGE_SIZE) {
        const { rows, pagination, meta } = await fetchPage(cfg, page, perPage, params.sort, filter);
        return {
          data: rows.map((r) => toRecord(cfg, r)),
          total: pagination?.total ?? rows.length,
          meta,
        } as GetListResult;
      }
      // A large read (the CSV export asks for 1000 at once): pages of 100, sequentially.
      const wanted = perPage;
      const data: RaRecord[] = [];
      let total = 0;
      let meta: Record<string, unknown> = {};
      for (let p = 1; data.length < wanted; p++) {
        const result = await fetchPage(cfg, p, MAX_PAGE_SIZE, params.sort, filter);
        total = result.pagination?.total ?? total;
        meta = result.meta;
        data.push(...result.rows.map((r) => toRecord(cfg, r)));
        if (result.rows.length < MAX_PAGE_SIZE || data.length >= total) break;
      }
      return { data: data.slice(0, wanted), total, meta } as GetListResult;
    },

    async getOne(resource, params) {
      const cfg = config(resource);
      if (cfg.idFilter) {
        const { rows } = await fetchPage(cfg, 1, 1, undefined, {
          ...cfg.idFilterExtra,
          [cfg.idFilter]: params.id,
        });
        const row = rows.find((r) => String(r[cfg.idField]) === String(params.id));
        if (row) return { data: toRecord(cfg, row) } as never;
        throw new HttpError('Record not found', 404, null);
      }
      for (let page = 1; ; page++) {
        const { rows, pagination } = await fetchPage(cfg, page, MAX_PAGE_SIZE, undefined, {});
        const row = rows.find((r) => String(r[cfg.idField]) === String(params.id));
        if (row) return { data: toRecord(cfg, row) } as never;
        if (!pagination || page >= pagination.totalPages || rows.length === 0) break;
      }
      throw new HttpError('Record not found', 404, null);
    },

    async update(resource, params) {
      await update(resource, params.id, params.data as Record<string, unknown>);
      return { data: { ...params.previousData, ...params.data, id: params.id } } as never;
    },

    async updateMany(resource, params) {
      const results = await Promise.allSettled(
        params.ids.map((id) => update(resource, id, params.data as Record<string, unknown>)),
      );
      const succeeded = params.ids.filter((_, i) => results[i].status === 'fulfilled');
      const failed = params.ids.filter((_, i) => results[i].status === 'rejected');
      if (succeeded.length === 0 && failed.length > 0) {
        throw new HttpError('All bulk actions failed', 0, { failed });
      }
      return { data: succeeded, meta: { failed } };
    },

    async create(resource, params) {
      const cfg = config(resource);
      const { json } = await httpClient<Record<string, unknown>>(`${apiUrl}${cfg.path}`, {
        method: 'POST',
        body: params.data,
      });
      const data = params.data as Record<string, unknown>;
      const record = cfg.createResult
        ? cfg.createResult(json ?? {}, data)
        : { ...data, id: json?.id as Identifier };
      return { data: record } as never;
    },

    async getDashboard(options: { background?: boolean; days?: DashboardRange } = {}) {
      const { json } = await httpClient<AdminDashboardResponse>(
        `${apiUrl}${ADMIN_DASHBOARD_PATH}${options.days ? `?days=${options.days}` : ''}`,
        options.background ? { background: true } : undefined,
      );
      return json;
    },

    async getAttention() {
      const { json } = await httpClient<AdminAttentionResponse>(`${apiUrl}${ADMIN_ATTENTION_PATH}`);
      return json;
    },

    async getPushSummary() {
      const { json } = await httpClient<PushSummaryResponse>(`${apiUrl}${ADMIN_PUSH_SUMMARY_PATH}`);
      return json;
    },

    async getNetworkPresets() {
      const { json } = await httpClient<{ presets: AdminNetworkPreset[] }>(
        `${apiUrl}${ADMIN_NETWORK_PRESETS_PATH}`,
      );
      return json.presets ?? [];
    },

    async testNetworkPostback(request: NetworkTestRequest) {
      const body: Record<string, unknown> = { network_id: request.network_id, status: request.status };
      if (request.click_id?.trim()) body.click_id = request.click_id.trim();
      if (request.transaction_id?.trim()) body.transaction_id = request.transaction_id.trim();
      if (request.payout !== undefined && Number.isFinite(request.payout)) body.payout = request.payout;
      const { json } = await httpClient<NetworkTestResult>(`${apiUrl}${ADMIN_NETWORK_TEST_PATH}`, {
        method: 'POST',
        body,
      });
      return json;
    },

    async replayPostback(postbackId: Identifier) {
      const { json } = await httpClient<ReplayResult>(`${apiUrl}${ADMIN_POSTBACKS_PATH}`, {
        method: 'POST',
        body: { postback_id: postbackId, action: 'replay' },
      });
      return json;
    },

    async decideClaim(claimId: Identifier, action: 'approve' | 'reject', reason?: string) {
      const { json } = await httpClient<ClaimDecisionResult>(`${apiUrl}${ADMIN_CLAIMS_PATH}`, {
        method: 'PUT',
        body: { claim_id: claimId, action, ...(reason !== undefined ? { reason } : {}) },
      });
      return json;
    },

    async getTimeline(q: TimelineQuery) {
      const query = new URLSearchParams({
        subject: q.subject,
        id: String(q.id),
        page: String(q.page),
        limit: String(q.limit),
      });
      if (q.kinds?.length) query.set('kinds', q.kinds.join(','));
      if (q.offer !== undefined) query.set('offer', String(q.offer));
      const { json } = await httpClient<AdminTimelineResponse>(`${apiUrl}${ADMIN_TIMELINE_PATH}?${query}`);
      return { items: json.items ?? [], pagination: json.pagination };
    },

    async getBrands() {
      const { json } = await httpClient<{ brands: AdminBrand[] }>(`${apiUrl}${ADMIN_BRANDS_PATH}`);
      return json.brands ?? [];
    },

    async saveBrand(body: SaveBrandRequest) {
      const { json } = await httpClient<{ brand: AdminBrand }>(`${apiUrl}${ADMIN_BRANDS_PATH}`, {
        method: 'PUT',
        body,
      });
      return json.brand;
    },

    async getClick(clickId: Identifier) {
      const query = new URLSearchParams({ click_id: String(clickId) });
      const { json } = await httpClient<{ click: AdminClickRecord }>(`${apiUrl}${ADMIN_CLICK_PATH}?${query}`);
      return json.click;
    },

    async decideReviews(body: DecideReviewsRequest) {
      const { json } = await httpClient<DecideReviewsResponse>(`${apiUrl}${ADMIN_REVIEWS_PATH}`, {
        method: 'PUT',
        body,
      });
      return { success: true, decided: json.decided ?? [], skipped: json.skipped ?? [] };
    },

    async getRisk(userId: Identifier) {
      const query = new URLSearchParams({ user_id: String(userId) });
      const { json } = await httpClient<AdminRiskResponse>(`${apiUrl}${ADMIN_RISK_PATH}?${query}`);
      return json;
    },

    async getRiskPolicy() {
      const { json } = await httpClient<AdminRiskPolicyResponse>(`${apiUrl}${ADMIN_RISK_POLICY_PATH}`);
      return json;
    },

    async putRiskPolicy(policy: RiskPolicy) {
      const { json } = await httpClient<AdminRiskPolicyResponse>(`${apiUrl}${ADMIN_RISK_POLICY_PATH}`, {
        method: 'PUT',
        body: policy,
      });
      return json;
    },

    getMany: unsupported('getMany'),
    getManyReference: unsupported('getManyReference'),
    delete: unsupported('delete'),
    deleteMany: unsupported('deleteMany'),
  };
}
