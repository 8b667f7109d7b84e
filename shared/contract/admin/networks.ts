// GET|POST|PUT /api/admin/networks.php: partner networks (docs/networks.md), plus the presets an
// operator starts from and the dry-run "Send test postback". Secrets are write-only: no answer carries
// one (secret_hint is its last 4 characters), and the audit log records that it changed, not its value.
//
// Wire names: top-level fields are snake_case like every admin call; the nested configuration objects
// (params, statuses, signature, answers, macros) keep the field names of shared/networks/config.ts.
import { z } from 'zod';
import { networkConfigSchema } from '../../networks/config';
import { PRESET_CHOICES, type PresetChoice } from '../../networks/vocabulary';
import { createNetworkBody, updateNetworkBody } from './network-form';
import {
  ADMIN_API_BASE,
  ADMIN_NETWORK_PRESETS_PATH,
  ADMIN_NETWORK_TEST_PATH,
  ADMIN_NETWORKS_PATH,
} from '../paths';
import { endpoint, idParam, listQuery, okResponses, oneOf, pagination, type ResponseOf } from '../common';

export const NETWORK_SORT_FIELDS = ['created_at', 'name', 'slug'] as const;
export type NetworkSortField = (typeof NETWORK_SORT_FIELDS)[number];

const config = networkConfigSchema;

/** The parts of a configuration an operator edits besides name, slug, preset, secret, allowlist, active. */
export const networkSettings = z.object({
  params: config.shape.params,
  statuses: config.shape.statuses,
  signature: config.shape.signature,
  answers: config.shape.answers,
  macros: config.shape.macros,
  extra_params: config.shape.extraParams,
  param_names_case_insensitive: config.shape.paramNamesCaseInsensitive,
  reversal_id_prefix: config.shape.reversalIdPrefix,
  negative_payout_reverses: config.shape.negativePayoutReverses,
  default_currency: config.shape.defaultCurrency,
  token_param: config.shape.tokenParam,
  /** The network echoes our click id in its sub-id parameter (off when absent). */
  click_id_in_sub_id: config.shape.clickIdInSubId,
});
export type NetworkSettings = z.infer<typeof networkSettings>;

const networkRow = networkSettings.extend({
  network_id: z.number(),
  name: z.string(),
  slug: z.string(),
  preset: z.enum(PRESET_CHOICES),
  is_active: z.boolean(),
  ip_allowlist: z.array(z.string()),
  /** "••••" and the secret's last 4 characters; "" when none is set. */
  secret_hint: z.string(),
  /** During a rotation: until when the previous secret is still accepted. */
  previous_secret_valid_until: z.string().nullable(),
  /** The URL to paste into the network's dashboard, with its macros (a URL token shown as YOUR_TOKEN). */
  postback_url: z.string(),
  offers_count: z.number(),
  last_postback_at: z.string().nullable(),
  /** Attempts in the last 24 hours: credited or answered as success, and refused. */
  postbacks_24h: z.object({ accepted: z.number(), refused: z.number() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminNetworkRow = z.infer<typeof networkRow>;

export const listNetworks = endpoint('GET', `${ADMIN_API_BASE}${ADMIN_NETWORKS_PATH}`, {
  querystring: listQuery(
    { status: oneOf(['all', 'active', 'inactive']).optional(), id: idParam('id').optional() },
    NETWORK_SORT_FIELDS,
    'created_at',
  ),
  response: okResponses({ networks: z.array(networkRow), pagination }),
});
export type AdminNetworksResponse = ResponseOf<typeof listNetworks>;

/**
 * Create: `{name, slug, preset, secret, ip_allowlist, is_active?}` plus any of networkSettings'
 * fields over the preset's values (nested objects field by field). Checked on the server with
 * messages naming the field (`signature.template: ...`), as `{success: false, error}`.
 */
export type NetworkCreateRequest = {
  name: string;
  slug: string;
  preset: PresetChoice;
  secret: string;
  ip_allowlist: string[];
  is_active?: boolean;
} & Partial<NetworkSettings>;

export const createNetwork = endpoint('POST', `${ADMIN_API_BASE}${ADMIN_NETWORKS_PATH}`, {
  body: createNetworkBody,
  response: okResponses({ network_id: z.number() }),
});

/**
 * Edit: `{network_id, ...fields}`; the slug never changes (it is in the URL the network calls). A new
 * `secret` rotates it: the previous one stays accepted for `rotation_hours` (default 72, 0 = at once);
 * with `rotation_reason: 'leak'` the default is 0: a leaked secret stops crediting at once.
 */
export type NetworkUpdateRequest = {
  network_id: number | string;
  rotation_hours?: number;
  rotation_reason?: 'routine' | 'leak';
} & Partial<Omit<NetworkCreateRequest, 'slug'>>;

export const updateNetwork = endpoint('PUT', `${ADMIN_API_BASE}${ADMIN_NETWORKS_PATH}`, {
  body: updateNetworkBody,
  response: okResponses({}),
});

const presetRow = networkSettings.extend({
  preset: z.enum(PRESET_CHOICES),
  /** The network's name as an operator knows it ("CPX Research"). */
  label: z.string(),
  /** Where the preset was written from (the network's documentation, or another integrator's code); "" for custom. */
  source: z.string(),
  /** What an operator must do besides pasting the URL (e.g. ask the network for its IP addresses). */
  notes: z.string(),
  /** The network's documented server addresses, when it publishes them. */
  ip_allowlist: z.array(z.string()),
});
export type AdminNetworkPreset = z.infer<typeof presetRow>;

export const listNetworkPresets = endpoint('GET', `${ADMIN_API_BASE}${ADMIN_NETWORK_PRESETS_PATH}`, {
  response: okResponses({ presets: z.array(presetRow) }),
});

/**
 * Send test postback (dry run): signs a postback as the network would for the chosen click, runs it
 * through the receiver's checks and rules in a transaction that is rolled back, and says what the
 * receiver would have done. Nothing is changed or logged (an audit entry records that it was sent).
 */
export const testNetworkPostback = endpoint('POST', `${ADMIN_API_BASE}${ADMIN_NETWORK_TEST_PATH}`, {
  body: z.strictObject({
    network_id: idParam('network_id'),
    /** A click on one of the network's offers; omitted: the network's latest click. */
    click_id: z.string().trim().min(1).max(128).optional(),
    status: oneOf(['approved', 'pending', 'reversed']).default('approved'),
    payout: z.number().min(0).max(1_000_000).optional(),
    transaction_id: z.string().trim().min(1).max(128).optional(),
  }),
  response: okResponses({
    /** The request as the network would send it, masked as the log shows requests. */
    request: z.object({ method: z.string(), url: z.string(), headers: z.record(z.string(), z.string()) }),
    /** What the receiver would record (an outcome of the postback log). */
    outcome: z.string(),
    http_status: z.number(),
    body: z.string(),
    /** A sentence for the operator: what would happen, or why it would be refused. */
    detail: z.string(),
  }),
});
