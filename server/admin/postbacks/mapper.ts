// The postback log's rows as the console sees them: the request as received with the URL token and
// the signature replaced by *** (maskedRequest), the network's slug ("native" for /api/postback.php),
// and whether Replay applies.
import type { AdminPostbackRow } from '../../../shared/contract/admin/postbacks';
import type { NetworkConfig } from '../../../shared/networks/config';
import { presetConfig } from '../../networks/presets';
import { maskedRequest } from '../../networks/verify';
import type { PostbackLogRow } from './repository';
import { bool, iso, isoOrNull, num, numOrNull, str, strOrNull } from '../../db/row-mappers';

/** What the native receiver's log keeps that is a credential: its signature. */
/** /api/postback.php's format (its signature travels as `sig`), for masking its rows. */
const NATIVE_FORMAT = presetConfig('native');

function parsedJson(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return null;
  }
}

function asRecord(v: unknown): Record<string, unknown> {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

function text(v: unknown): string {
  if (Array.isArray(v)) return v.map(text).join(', ');
  if (v === null || v === undefined) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

const textRecord = (r: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(r).map(([k, v]) => [k, text(v)]));

interface StoredRequest {
  method?: unknown;
  url?: unknown;
  query?: unknown;
  body?: unknown;
  headers?: unknown;
}

function rawOf(r: PostbackLogRow): AdminPostbackRow['raw'] {
  const request = parsedJson(r.request) as StoredRequest | null;
  const config = parsedJson(r.network_config) as NetworkConfig | null;
  if (request && typeof request === 'object') {
    const unmasked = {
      url: typeof request.url === 'string' ? request.url : '',
      query: asRecord(request.query),
      body: request.body,
      headers: asRecord(request.headers) as Record<string, string>,
    };
    const shown = config ? maskedRequest(config, unmasked) : maskedRequest(NATIVE_FORMAT, unmasked);
    return {
      method: str(request.method) || str(r.method),
      url: shown.url || null,
      params: textRecord({ ...asRecord(shown.body), ...asRecord(shown.query) }),
      headers: textRecord(asRecord(shown.headers)),
    };
  }
  // A row with only the parsed parameters (the native receiver, or folded junk).
  const params = asRecord(parsedJson(r.params));
  const shown = config
    ? asRecord(maskedRequest(config, { url: '', query: params, headers: {} }).query)
    : maskedRequest(NATIVE_FORMAT, { url: '', query: params, headers: {} }).query;
  return { method: str(r.method), url: null, params: textRecord(shown), headers: {} };
}

/**
 * Whether Replay applies (the rule replayAttempt in server/postbacks/service.ts applies): a
 * refused attempt on a network's receiver, its request stored, not replayed yet, and not one that was
 * only rate limited (the network sends it again by itself).
 */
export function isReplayable(r: PostbackLogRow): boolean {
  return (
    r.network_id !== null &&
    r.network_id !== undefined &&
    r.request !== null &&
    r.request !== undefined &&
    num(r.http_status) >= 400 &&
    str(r.outcome) !== 'rate_limited' &&
    (r.replayed_at === null || r.replayed_at === undefined)
  );
}

/**
 * The slug an attempt on an unknown network was sent to (its row names no network): as sent, cut to
 * a slug's length; undefined for the native receiver's rows.
 */
function slugInUrl(request: unknown): string | undefined {
  const url = (parsedJson(request) as StoredRequest | null)?.url;
  const m = typeof url === 'string' ? /^\/api\/postback\/([^/?#]+)/.exec(url) : null;
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]!).slice(0, 64);
  } catch {
    return m[1]!.slice(0, 64);
  }
}

export function toPostbackRow(r: PostbackLogRow): AdminPostbackRow {
  return {
    postback_id: num(r.id),
    network_id: numOrNull(r.network_id),
    network: strOrNull(r.network_slug) ?? slugInUrl(r.request) ?? 'native',
    outcome: str(r.outcome),
    reason: strOrNull(r.reason),
    http_status: num(r.http_status),
    click_id: strOrNull(r.click_id),
    transaction_id: strOrNull(r.transaction_id),
    status: strOrNull(r.status),
    ip: strOrNull(r.ip),
    verified: r.verified === null || r.verified === undefined ? null : bool(r.verified),
    completion_id: numOrNull(r.completion_id),
    repeat_count: num(r.repeat_count) || 1,
    created_at: iso(r.received_at),
    raw: rawOf(r),
    replayable: isReplayable(r),
    replayed_at: isoOrNull(r.replayed_at),
    replay_of: numOrNull(r.replay_of),
  };
}
