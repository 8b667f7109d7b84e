// The demo partner's postbacks (demo mode): what a network's server would send for a demo click, by
// the network's own parameter names. Pure, like the rest of the networks core.
import type { NetworkConfig } from '../../shared/networks/config';

/**
 * The parameters a network's server would send for a completion (or a pending conversion) of a demo
 * click, by the network's own names: our click id or the member's sub-id (what the offer link gave the
 * network), a transaction id, the payout, the status value that means it, the network's offer id, and
 * a sample value for the other parameters its signature may cover.
 */
export function demoNetworkParams(
  config: NetworkConfig,
  c: { clickId: string; member: string; externalOfferId: string; status: DemoStatus },
): Record<string, string> {
  const p = config.params;
  const out: Record<string, string> = {};
  if (p.clickId) out[p.clickId] = c.clickId;
  const subId = p.clickId ? c.member : c.member || c.clickId;
  if (p.subId && subId) out[p.subId] = subId;
  out[p.transactionId] = `demo-${c.clickId}`;
  if (p.payout) out[p.payout] = '1.50';
  if (p.currency) out[p.currency] = 'USD';
  if (p.offerId) out[p.offerId] = c.externalOfferId;
  const value = config.statuses[c.status][0];
  if (p.status && value !== undefined) out[p.status] = value;
  for (const name of config.extraParams) out[name] ??= '1';
  // CPX sends type=complete for a completed survey (out and bonus are not completions).
  if (config.statuses.ignoreWhen) out[config.statuses.ignoreWhen.param] ??= 'complete';
  return out;
}

export type DemoStatus = 'approved' | 'pending' | 'reversed';
