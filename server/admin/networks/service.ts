// GET|POST|PUT /api/admin/networks.php (docs/networks.md): list, create from a preset, edit, toggle and
// rotate the secret of a partner network, each change audited. Secrets are write-only: nothing here
// returns, logs or audits one (the audit records `secret: 'rotated'` and the hint).
import type { Db } from '../../db/client';
import * as list from './repository';
import * as networks from '../../networks/repository';
import { hintOf, toNetworkRow, toNetworkSnapshot } from './mapper';
import { pagination } from '../mapper';
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
import {
  DEFAULT_ROTATION_HOURS,
  configProblemsMessage,
  settingsOverrides,
  type CreateNetworkBody,
  type UpdateNetworkBody,
} from '../../../shared/contract/admin/network-form';
import { dryRunPostback, type DryRunInput, type DryRunResult } from '../../postbacks/service';
import { writeAudit, type Actor } from '../audit/service';

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

function refuseConfig(result: Extract<ConfigResult, { ok: false }>): never {
  throw badRequest(configProblemsMessage(result.errors));
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
  body: CreateNetworkBody,
): Promise<{ networkId: number }> {
  const result = configFromPreset(body.preset, {
    ...settingsOverrides(body),
    slug: body.slug,
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
  body: UpdateNetworkBody,
  now = new Date(),
): Promise<void> {
  const reason = body.rotation_reason ?? 'routine';
  const hours = body.rotation_hours ?? (reason === 'leak' ? 0 : DEFAULT_ROTATION_HOURS);
  const overrides = settingsOverrides(body);
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
