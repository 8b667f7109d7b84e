// GET|POST|PUT /api/admin/networks.php (docs/networks.md): list, create from a preset, edit, toggle and
// rotate the secret of a partner network, each change audited. Secrets are write-only: nothing here
// returns, logs or audits one (the audit records `secret: 'rotated'` and the hint).
import type { Db } from '../../db/client';
import * as list from '../../db/repositories/admin/networks';
import * as networks from '../../db/repositories/networks';
import { hintOf, toNetworkRow, toNetworkSnapshot } from './network-rows';
import { pagination } from '../../db/mappers/admin';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { configFromPreset } from '../../networks/presets';
import {
  mergeConfig,
  parseNetworkConfig,
  weakConfigurationProblems,
  type ConfigResult,
  type NetworkConfig,
} from '../../../shared/networks/config';
import type { AdminNetworksResponse } from '../../../shared/contract/admin/networks';
import { PRESET_CHOICES, type PresetChoice } from '../../../shared/networks/vocabulary';
import { dryRunPostback, type DryRunInput, type DryRunResult } from '../network-postbacks';
import { writeAudit, type Actor } from './audit';

export function listNetworks(
  db: Db,
  publicUrl: string,
  input: list.NetworkListInput,
): Promise<Omit<AdminNetworksResponse, 'success'>> {
  return list.listNetworks(db, input).then((r) => ({
    networks: r.rows.map((row) => toNetworkRow(row, publicUrl)),
    pagination: pagination(input, r.total, r.estimated),
  }));
}

/** Wire names of the fields an operator may send, and the configuration's name for each. */
const FIELDS = {
  name: 'name',
  preset: 'preset',
  secret: 'secret',
  ip_allowlist: 'ipAllowlist',
  is_active: 'isActive',
  params: 'params',
  statuses: 'statuses',
  signature: 'signature',
  answers: 'answers',
  macros: 'macros',
  extra_params: 'extraParams',
  param_names_case_insensitive: 'paramNamesCaseInsensitive',
  reversal_id_prefix: 'reversalIdPrefix',
  negative_payout_reverses: 'negativePayoutReverses',
  default_currency: 'defaultCurrency',
  token_param: 'tokenParam',
  click_id_in_sub_id: 'clickIdInSubId',
} as const satisfies Record<string, keyof NetworkConfig>;
type WireField = keyof typeof FIELDS;

const WIRE_NAME: Record<string, string> = Object.fromEntries(
  Object.entries(FIELDS).map(([wire, camel]) => [camel, wire]),
);

/** A configuration error's path under the wire names (`ip_allowlist.1`, `signature.template`). */
function wirePath(path: string): string {
  const [head, ...rest] = path.split('.');
  return [WIRE_NAME[head!] ?? head, ...rest].join('.');
}

function refuseConfig(result: Extract<ConfigResult, { ok: false }>): never {
  const messages = result.errors.map((e) => (e.path ? `${wirePath(e.path)}: ${e.message}` : e.message));
  throw badRequest([...new Set(messages)].join('; '));
}

/** The body's fields as configuration overrides; an unknown field is refused by name. */
function overridesOf(body: Record<string, unknown>, allowed: readonly string[]): Record<string, unknown> {
  const overrides: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (allowed.includes(key)) continue;
    if (!(key in FIELDS))
      throw badRequest(
        `Unknown field "${key}": the fields are ${[...allowed, ...Object.keys(FIELDS)].join(', ')}`,
      );
    if (value === undefined) continue;
    const field = key as WireField;
    if (field === 'secret') {
      if (typeof value !== 'string') throw badRequest('secret must be text');
      overrides.secret = value.trim();
    } else if (field === 'ip_allowlist') {
      if (!Array.isArray(value)) throw badRequest('ip_allowlist must be a list of addresses or CIDR ranges');
      overrides.ipAllowlist = value.map((v) => (typeof v === 'string' ? v.trim() : v));
    } else if (
      field === 'is_active' ||
      field === 'param_names_case_insensitive' ||
      field === 'negative_payout_reverses' ||
      field === 'click_id_in_sub_id'
    ) {
      if (typeof value !== 'boolean') throw badRequest(`${field} must be true or false`);
      overrides[FIELDS[field]] = value;
    } else {
      overrides[FIELDS[field]] = value;
    }
  }
  return overrides;
}

/** A configuration the schema accepts but that is too weak to save (issue 32, item 8). */
function refuseWeak(config: NetworkConfig, secretChanged: boolean) {
  const problems = weakConfigurationProblems(config, { secretChanged });
  if (problems.length) refuseConfig({ ok: false, errors: problems });
}

const slugTaken = (slug: string) =>
  conflict(`The slug "${slug}" is taken: choose another (it names the postback URL /api/postback/${slug})`);

function isUniqueViolation(e: unknown): boolean {
  const code =
    (e as { code?: unknown; cause?: { code?: unknown } })?.code ??
    (e as { cause?: { code?: unknown } })?.cause?.code;
  return code === '23505';
}

export async function createNetwork(
  db: Db,
  actor: Actor,
  body: Record<string, unknown>,
): Promise<{ networkId: number }> {
  const preset = body.preset;
  if (typeof preset !== 'string' || !(PRESET_CHOICES as readonly string[]).includes(preset))
    throw badRequest(`preset must be one of: ${PRESET_CHOICES.join(', ')}`);
  if (typeof body.slug !== 'string' || body.slug.trim() === '')
    throw badRequest('slug: Give the network a slug, e.g. cpx or my-network (it names its postback URL)');
  const overrides = overridesOf(body, ['slug']);
  const result = configFromPreset(preset as PresetChoice, {
    ...overrides,
    slug: body.slug.trim(),
    previousSecret: null,
    previousSecretValidUntil: null,
  });
  if (!result.ok) refuseConfig(result);
  const config = result.config;
  refuseWeak(config, true);
  if (await networks.findNetworkBySlug(db, config.slug)) throw slugTaken(config.slug);
  try {
    return await db.transaction(async (tx) => {
      const id = await networks.insertNetwork(tx, config);
      await writeAudit(tx, actor, {
        action: 'network.create',
        targetType: 'network',
        targetId: id,
        before: null,
        after: toNetworkSnapshot(config),
      });
      return { networkId: id };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw slugTaken(config.slug);
    throw e;
  }
}

/**
 * The list row's figures and derived fields: an edit that sends the row back (react-admin sends the
 * record) may carry them; they are not settings and are left as they are.
 */
const READ_ONLY_FIELDS = [
  'id',
  'secret_hint',
  'previous_secret_valid_until',
  'postback_url',
  'offers_count',
  'last_postback_at',
  'postbacks_24h',
  'created_at',
  'updated_at',
] as const;

/** Hours a rotated-out secret stays accepted when the edit does not say. */
export const DEFAULT_ROTATION_HOURS = 72;
const MAX_ROTATION_HOURS = 24 * 90;

/** Why a secret is rotated: `leak` ends the previous secret at once unless the edit says otherwise. */
export const ROTATION_REASONS = ['routine', 'leak'] as const;

function rotationReason(v: unknown): (typeof ROTATION_REASONS)[number] {
  if (v === undefined || v === null || v === '') return 'routine';
  if (typeof v !== 'string' || !(ROTATION_REASONS as readonly string[]).includes(v))
    throw badRequest(`rotation_reason must be one of: ${ROTATION_REASONS.join(', ')}`);
  return v as (typeof ROTATION_REASONS)[number];
}

/**
 * The rotation window in hours: as sent, else 72, or 0 when the secret leaked (issue 32, item 10: the
 * leaked secret must not keep crediting for three days).
 */
function rotationHours(v: unknown, reason: (typeof ROTATION_REASONS)[number] = 'routine'): number {
  if (v === undefined || v === null || v === '') return reason === 'leak' ? 0 : DEFAULT_ROTATION_HOURS;
  const n = typeof v === 'string' && /^[0-9]+$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > MAX_ROTATION_HOURS)
    throw badRequest(
      `rotation_hours must be a whole number of hours from 0 (the old secret stops at once) to ${MAX_ROTATION_HOURS}`,
    );
  return n;
}

/** JSON with object keys sorted (a stored configuration comes back in jsonb's key order). */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

/** Same settings; the macros' order counts (it is the postback URL's). */
const sameSettings = (a: { macros: Record<string, string> }, b: { macros: Record<string, string> }) =>
  canonical(a) === canonical(b) &&
  JSON.stringify(Object.entries(a.macros)) === JSON.stringify(Object.entries(b.macros));

/**
 * The edit: any field but the slug (it is in the URL the network calls). A new secret rotates it: the
 * previous one stays accepted for `rotation_hours` (default 72; 0: refused at once; default 0 when
 * `rotation_reason` is `leak`).
 */
export async function editNetwork(
  db: Db,
  actor: Actor,
  networkId: number,
  body: Record<string, unknown>,
  now = new Date(),
): Promise<void> {
  const reason = rotationReason(body.rotation_reason);
  const hours = rotationHours(body.rotation_hours, reason);
  const overrides = overridesOf(body, [
    'network_id',
    'slug',
    'rotation_hours',
    'rotation_reason',
    ...READ_ONLY_FIELDS,
  ]);
  await db.transaction(async (tx) => {
    const current = await networks.lockNetworkById(tx, networkId);
    if (!current) throw notFound('Network not found');
    const before = current.config;
    if (body.slug !== undefined && body.slug !== before.slug)
      throw badRequest(
        `The slug cannot change (it is in the URL the network calls): it stays "${before.slug}"; create a new network for another slug`,
      );
    const { secret, ...rest } = overrides;
    const merged = mergeConfig(before, rest) as NetworkConfig;
    const rotated = typeof secret === 'string' && secret !== before.secret;
    if (rotated) {
      const keepOld = hours > 0 && before.secret !== '';
      merged.secret = secret;
      merged.previousSecret = keepOld ? before.secret : null;
      merged.previousSecretValidUntil = keepOld
        ? new Date(now.getTime() + hours * 3_600_000).toISOString()
        : null;
    }
    const result = parseNetworkConfig(merged);
    if (!result.ok) refuseConfig(result);
    const after = result.config;
    refuseWeak(after, rotated);

    const beforeSnap = toNetworkSnapshot(before);
    const afterSnap = toNetworkSnapshot(after);
    const { is_active: wasActive, secret_hint: _b, ...beforeRest } = beforeSnap;
    const { is_active: isActive, secret_hint: _a, ...afterRest } = afterSnap;
    const edited = !sameSettings(beforeRest, afterRest);
    const toggled = wasActive !== isActive;
    if (!edited && !toggled && !rotated) return;
    await networks.updateNetwork(tx, networkId, after);

    if (edited) {
      await writeAudit(tx, actor, {
        action: 'network.edit',
        targetType: 'network',
        targetId: networkId,
        before: beforeSnap,
        after: rotated ? { ...afterSnap, secret: 'rotated' } : afterSnap,
      });
    } else if (toggled) {
      await writeAudit(tx, actor, {
        action: isActive ? 'network.activate' : 'network.deactivate',
        targetType: 'network',
        targetId: networkId,
        before: { is_active: wasActive, name: before.name, slug: before.slug },
        after: { is_active: isActive, name: after.name, slug: after.slug },
      });
    }
    if (rotated)
      await writeAudit(tx, actor, {
        action: 'network.secret_rotate',
        targetType: 'network',
        targetId: networkId,
        before: { secret_hint: hintOf(before.secret) },
        after: {
          secret: 'rotated',
          secret_hint: hintOf(after.secret),
          reason,
          previous_secret_valid_until: after.previousSecretValidUntil,
        },
      });
  });
}

/**
 * Send test postback: a dry run of a postback signed as the network would send it (dryRunPostback:
 * nothing is changed or logged). Audited as sent, with what was asked and the outcome, never a secret.
 */
export async function testNetwork(
  db: Db,
  actor: Actor,
  deps: { publicUrl: string },
  networkId: number,
  input: DryRunInput,
): Promise<DryRunResult> {
  const network = await networks.findNetworkById(db, networkId);
  if (!network) throw notFound('Network not found');
  const result = await dryRunPostback(db, deps, network, input);
  await writeAudit(db, actor, {
    action: 'network.test',
    targetType: 'network',
    targetId: networkId,
    before: null,
    after: {
      click_id: input.clickId ?? null,
      status: input.status,
      payout: input.payout ?? null,
      transaction_id: input.transactionId ?? null,
      outcome: result.outcome,
      http_status: result.httpStatus,
    },
  });
  return result;
}
