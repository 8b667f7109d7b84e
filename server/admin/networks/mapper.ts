// Partner networks as the admin calls answer them: the configuration's settings under their wire
// names, and a list row. No secret leaves here: only its hint (last 4 characters).
import type { AdminNetworkRow, NetworkSettings } from '../../../shared/contract/admin/networks';
import { secretHint, type NetworkConfig } from '../../../shared/networks/config';
import { postbackUrlTemplate } from '../../networks/verify';
import type { NetworkListRow } from './repository';

/** The settings an operator edits, as the admin calls name them. */
export function toNetworkSettings(c: NetworkConfig): NetworkSettings {
  return {
    params: c.params,
    statuses: c.statuses,
    signature: c.signature,
    answers: c.answers,
    macros: c.macros,
    extra_params: c.extraParams,
    param_names_case_insensitive: c.paramNamesCaseInsensitive,
    reversal_id_prefix: c.reversalIdPrefix,
    negative_payout_reverses: c.negativePayoutReverses,
    default_currency: c.defaultCurrency,
    token_param: c.tokenParam,
    click_id_in_sub_id: c.clickIdInSubId ?? false,
  };
}

/** "" when no secret is set, else the hint. */
export function hintOf(secret: string): string {
  return secret ? secretHint(secret) : '';
}

/** A network as an operator set it, under the wire names: no secret, only its hint (the audit log's view). */
export function toNetworkSnapshot(c: NetworkConfig) {
  return {
    name: c.name,
    slug: c.slug,
    preset: c.preset,
    is_active: c.isActive,
    ip_allowlist: c.ipAllowlist,
    secret_hint: hintOf(c.secret),
    ...toNetworkSettings(c),
  };
}

/** Until when a rotated-out secret is still accepted; null once that has passed, or with none. */
function rotationWindow(c: NetworkConfig, now: Date): string | null {
  const until = c.previousSecret ? c.previousSecretValidUntil : null;
  return until && Date.parse(until) > now.getTime() ? until : null;
}

export function toNetworkRow(
  { network, stats }: NetworkListRow,
  publicUrl: string,
  now = new Date(),
): AdminNetworkRow {
  const c = network.config;
  return {
    network_id: network.id,
    ...toNetworkSnapshot(c),
    previous_secret_valid_until: rotationWindow(c, now),
    postback_url: postbackUrlTemplate(c, publicUrl),
    offers_count: stats.offersCount,
    last_postback_at: stats.lastPostbackAt ? stats.lastPostbackAt.toISOString() : null,
    postbacks_24h: { accepted: stats.accepted24h, refused: stats.refused24h },
    created_at: network.createdAt.toISOString(),
    updated_at: network.updatedAt.toISOString(),
  };
}
