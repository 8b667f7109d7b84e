// The partner networks' receiver (GET|POST /api/postback/{slug}, docs/networks.md): a postback in the
// network's own format is verified against the network's configuration (server/networks/verify.ts),
// its click resolved (our click id, or the member's sub-id plus the network's offer id), and the
// conversion rules applied (applyConversion, services/postbacks.ts). Every attempt is logged with its
// reason and the request as received, so that a refused one can be replayed once the configuration is
// fixed. Answers are the network's own (its configured success, duplicate and refusal answers).
import { randomBytes } from 'node:crypto';
import type { Db, Tx } from '../db/client';
import { findNetworkById, findNetworkBySlug, type StoredNetwork } from '../db/repositories/networks';
import {
  findClickForTestPostback,
  findNetworkClickById,
  findNetworkClickBySub,
} from '../db/repositories/network-clicks';
import {
  foldOrInsertJunk,
  insertAttempt,
  lockAttemptForReplay,
  markReplayed,
  type AttemptEntry,
  type StoredRequest,
} from '../db/repositories/postback-attempts';
import type { PostbackClick } from '../db/repositories/clicks';
import type { NetworkConfig } from '../../shared/networks/config';
import { storableText } from '../lib/text';
import {
  maskedRequest,
  signPostback,
  verifyPostback,
  type PostbackEvent,
  type PostbackRequest,
} from '../networks/verify';
import {
  POSTBACK_LIMITS,
  applyConversion,
  junkBudget,
  logParams,
  type ConversionEvent,
  type PostbackResult,
} from './postbacks';
import { REVERSAL_HOLD_DEFAULTS, type ReversalHoldPolicy } from '../config';

/** The receiver's own bounds, besides NETWORK_POSTBACK_LIMITS (checked by the verifier). */
export const NETWORK_RECEIVER_LIMITS = {
  /** A form or JSON body, as the native receiver. */
  bodyBytes: POSTBACK_LIMITS.bodyBytes,
  /** Per client address per minute, per process, as the native receiver (429 beyond). */
  perIpPerMinute: POSTBACK_LIMITS.perIpPerMinute,
  /** Per network per minute, per process, unless configured (NETWORK_POSTBACK_RATE_LIMIT). */
  perNetworkPerMinute: 6000,
  /** The longest slug looked up (a longer one is unknown without a query). */
  maxSlugLength: 64,
} as const;

/** What the receiver answers one attempt, and what the log keeps of it. */
export interface NetworkAnswer {
  httpStatus: number;
  contentType: string;
  body: string;
  /** The log's outcome (POSTBACK_OUTCOMES in shared/contract/admin/postbacks.ts). */
  outcome: string;
  /** A sentence for the log and the console: what was wrong or what was done; never a secret. */
  reason: string;
  /** Passed the address and signature checks. */
  verified: boolean;
  completionId: number | null;
  clickId: string | null;
  transactionId: string | null;
  rawStatus: string | null;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Default refusal statuses, where the network's configuration leaves its refusal status unset. */
const DEFAULT_REFUSAL_STATUS: Record<string, number> = {
  inactive: 403,
  bad_signature: 403,
  ip_not_allowed: 403,
  unknown_network: 404,
  unknown_click: 404,
  transaction_conflict: 409,
  malformed: 400,
  missing_parameter: 400,
  unknown_status: 400,
};

/** A refusal in the network's configured form (status and body each default when left unset). */
function refusal(
  config: NetworkConfig | null,
  outcome: string,
  reason: string,
  verified: boolean,
  ids: Pick<NetworkAnswer, 'clickId' | 'transactionId' | 'rawStatus'>,
  completionId: number | null = null,
): NetworkAnswer {
  const configured = config?.answers.refusal;
  const body = configured?.body ?? null;
  return {
    httpStatus: configured?.status ?? DEFAULT_REFUSAL_STATUS[outcome] ?? 400,
    contentType: body === null ? JSON_TYPE : configured!.contentType,
    body: body ?? JSON.stringify({ success: false, error: reason }),
    outcome,
    reason,
    verified,
    completionId,
    ...ids,
  };
}

/** The network's success or duplicate answer. */
function answered(
  config: NetworkConfig,
  which: 'success' | 'duplicate',
  outcome: string,
  reason: string,
  ids: Pick<NetworkAnswer, 'clickId' | 'transactionId' | 'rawStatus'>,
  completionId: number | null,
): NetworkAnswer {
  const a = config.answers[which];
  return {
    httpStatus: a.status,
    contentType: a.contentType,
    body: a.body,
    outcome,
    reason,
    verified: true,
    completionId,
    ...ids,
  };
}

/** Too many postbacks for one network this minute: always 429, so that the network retries later. */
function rateLimited(network: StoredNetwork, perMinute: number): NetworkAnswer {
  const reason = `More than ${perMinute} postbacks for network "${network.config.slug}" this minute: retry later`;
  return {
    httpStatus: 429,
    contentType: JSON_TYPE,
    body: JSON.stringify({ success: false, error: reason }),
    outcome: 'rate_limited',
    reason,
    verified: false,
    completionId: null,
    clickId: null,
    transactionId: null,
    rawStatus: null,
  };
}

// ---------------------------------------------------------------------------------------------------
// Reading the request

/** A parameter by the network's name for it (in any case for a network whose case varies). */
function rawParam(
  config: NetworkConfig,
  params: Record<string, unknown>,
  name: string | null,
): string | null {
  if (!name) return null;
  const wanted = config.paramNamesCaseInsensitive ? name.toLowerCase() : name;
  for (const [k, v] of Object.entries(params)) {
    const key = config.paramNamesCaseInsensitive ? k.toLowerCase() : k;
    if (key === wanted && typeof v === 'string') return v;
  }
  return null;
}

function paramsOf(req: Pick<PostbackRequest, 'query' | 'body'>): Record<string, unknown> {
  const body =
    req.body && typeof req.body === 'object' && !Array.isArray(req.body)
      ? (req.body as Record<string, unknown>)
      : {};
  return { ...(req.query ?? {}), ...body };
}

/** The click, transaction and status an attempt names, read as sent (for the log, refused ones too). */
function idsFromRequest(
  config: NetworkConfig,
  req: Pick<PostbackRequest, 'query' | 'body'>,
): Pick<NetworkAnswer, 'clickId' | 'transactionId' | 'rawStatus'> {
  const params = paramsOf(req);
  const p = config.params;
  return {
    clickId: rawParam(config, params, p.clickId) || rawParam(config, params, p.subId) || null,
    transactionId: rawParam(config, params, p.transactionId) || null,
    rawStatus: rawParam(config, params, p.status) || null,
  };
}

function idsFromEvent(event: PostbackEvent): Pick<NetworkAnswer, 'clickId' | 'transactionId' | 'rawStatus'> {
  return { clickId: event.clickRef.value, transactionId: event.transactionId, rawStatus: event.rawStatus };
}

// ---------------------------------------------------------------------------------------------------
// Verification, resolution and the conversion rules

type Verified = { event: PostbackEvent } | { answer: NetworkAnswer };

function verify(network: StoredNetwork, req: PostbackRequest, now: Date): Verified {
  const config = network.config;
  const result = verifyPostback(config, req, now);
  if (result.ok) return { event: result.event };
  const ids = idsFromRequest(config, req);
  // A survey screen-out or a bonus: not a completion, answered as a success so that it is not retried.
  if (result.reason === 'ignored_status')
    return { answer: answered(config, 'success', 'ignored_status', result.detail, ids, null) };
  return { answer: refusal(config, result.reason, result.detail, result.verified, ids) };
}

/** The click the event names, on this network's offers only. */
export async function resolveClick(
  tx: Tx | Db,
  network: StoredNetwork,
  event: Pick<PostbackEvent, 'clickRef' | 'networkOfferId'>,
): Promise<PostbackClick | undefined> {
  const key = { id: network.id, slug: network.config.slug };
  return event.clickRef.kind === 'click'
    ? findNetworkClickById(tx, key, event.clickRef.value)
    : findNetworkClickBySub(tx, key, event.clickRef.value, event.networkOfferId);
}

function unknownClickReason(event: PostbackEvent): string {
  const v = event.clickRef.value.slice(0, 64);
  if (event.clickRef.kind === 'click') return `No click "${v}" on this network's offers`;
  return event.networkOfferId === undefined
    ? `No click on this network's offers by member (or click) "${v}"`
    : `No click on this network's offer "${event.networkOfferId.slice(0, 64)}" by member (or click) "${v}"`;
}

/** The kinds applyConversion may return, including those a newer version of it adds. */
type ResultKind = PostbackResult['kind'] | 'completed_pending' | 'extra_event';

/** A verified event applied inside `tx`: the click resolved, the conversion rules run, the answer. */
async function resolveAndApply(
  tx: Tx,
  network: StoredNetwork,
  event: PostbackEvent,
  policy: ReversalHoldPolicy,
): Promise<NetworkAnswer> {
  const config = network.config;
  const ids = idsFromEvent(event);
  const click = await resolveClick(tx, network, event);
  if (!click) return refusal(config, 'unknown_click', unknownClickReason(event), true, ids);
  ids.clickId = click.id;

  const conversion: ConversionEvent = {
    transactionId: event.transactionId,
    status: event.status,
    payout: event.payout ?? 0,
  };
  if (event.currency) conversion.currency = event.currency;
  if (event.originalTransactionId) conversion.originalTransactionId = event.originalTransactionId;
  const result = await applyConversion(tx, click, conversion, policy);

  const completionId = 'completionId' in result ? (result.completionId as number) : null;
  const kind = result.kind as ResultKind;
  const success = (reason: string) => answered(config, 'success', kind, reason, ids, completionId);
  const duplicate = (reason: string) => answered(config, 'duplicate', kind, reason, ids, completionId);
  const r = result as Record<string, unknown>;
  switch (kind) {
    case 'accepted':
      if (r.status === 'approved') return success('Approved: spin unlocked');
      if (r.status === 'pending') return success('Credited: pending');
      return success(
        [
          r.clawback
            ? 'Reversed: the spin was already used, so a clawback is recorded against the member'
            : 'Reversed: the conversion and its unused spin are taken back',
          r.memberHeld ? 'the member reached the reversal threshold and is held for review' : null,
        ]
          .filter(Boolean)
          .join('; '),
      );
    case 'held':
      return success('Approved for a blocked member: recorded, nothing granted unless they are unblocked');
    case 'completed_pending':
      return success('Approved: the pending conversion is completed, spin unlocked');
    case 'replay':
      return duplicate(`Already recorded as ${String(r.status)}`);
    case 'duplicate_conversion':
      return duplicate('The member already completed this offer under another transaction id: ignored');
    case 'extra_event':
      return duplicate('Recorded: the member already completed this offer, nothing more granted');
    case 'ignored_transition':
      return duplicate(`The conversion is ${String(r.status)}; this ${String(r.ignored)} was ignored`);
    case 'transaction_conflict':
      return refusal(
        config,
        'transaction_conflict',
        'This transaction id is already recorded for another click: refused',
        true,
        ids,
        completionId,
      );
    case 'unknown_click':
      return refusal(config, 'unknown_click', unknownClickReason(event), true, ids);
    default:
      // A kind this receiver does not know yet: recorded by the rules, so a success for the network.
      return success(`Recorded (${String(kind)})`);
  }
}

// ---------------------------------------------------------------------------------------------------
// The log

const KEPT_HEADERS = ['content-type', 'user-agent'];

/** Text the database can store, in every string of a parsed query or body (depth-bounded). */
function storable(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return storableText(value);
  if (depth > 16 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => storable(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [storableText(k), storable(v, depth + 1)]));
}

/** The request as the log stores it: method, URL, query, body, and only the headers that matter. */
export function storedRequest(config: NetworkConfig | null, req: PostbackRequest): StoredRequest {
  const keep = [...KEPT_HEADERS];
  const sig = config?.signature;
  if (sig && sig.algorithm !== 'none' && sig.in === 'header' && sig.name) keep.push(sig.name.toLowerCase());
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    const name = k.toLowerCase();
    if (keep.includes(name) && v !== undefined)
      headers[name] = storableText(Array.isArray(v) ? v.join(', ') : v).slice(0, 1024);
  }
  const stored: StoredRequest = {
    method: req.method,
    url: storableText(req.url),
    query: storable(req.query ?? {}) as Record<string, unknown>,
    headers,
  };
  if (req.body !== undefined) stored.body = storable(req.body);
  return stored;
}

/**
 * The parameters column: a verified attempt's parameters, bounded, with the URL token and signature
 * masked; a junk attempt only the network's mapped parameters and how many others there were.
 */
function loggedParams(
  config: NetworkConfig | null,
  req: PostbackRequest,
  verified: boolean,
): Record<string, string> {
  const masked = config ? maskedRequest(config, req) : req;
  const params = paramsOf(masked);
  if (verified && config) return logParams(params, true);
  const known = new Set(
    config ? Object.values(config.params).filter((n): n is string => !!n) : ([] as string[]),
  );
  const fold = (n: string) => (config?.paramNamesCaseInsensitive ? n.toLowerCase() : n);
  const knownFolded = new Set([...known].map(fold));
  const summary: Record<string, string> = {};
  let others = 0;
  for (const [k, v] of Object.entries(params)) {
    if (knownFolded.has(fold(k)) && Object.keys(summary).length < 16)
      summary[storableText(k).slice(0, 64)] = storableText(typeof v === 'string' ? v : `[${typeof v}]`).slice(
        0,
        POSTBACK_LIMITS.junkSummaryValueLength,
      );
    else others++;
  }
  if (others > 0) summary._other_params = String(others);
  return summary;
}

function attemptEntry(
  network: StoredNetwork | null,
  req: PostbackRequest,
  answer: NetworkAnswer,
  replayOf: number | null = null,
): AttemptEntry {
  const config = network?.config ?? null;
  return {
    networkId: network?.id ?? null,
    method: req.method,
    ip: req.ip || null,
    params: loggedParams(config, req, answer.verified),
    clickId: answer.clickId ? storableText(answer.clickId).slice(0, 64) : null,
    transactionId: answer.transactionId ? storableText(answer.transactionId).slice(0, 128) : null,
    status: answer.rawStatus ? storableText(answer.rawStatus).slice(0, 32) : null,
    outcome: answer.outcome,
    httpStatus: answer.httpStatus,
    completionId: answer.completionId,
    verified: answer.verified,
    reason: storableText(answer.reason).slice(0, 512),
    request: storedRequest(config, req),
    replayOf,
  };
}

// ---------------------------------------------------------------------------------------------------
// The receiver

/** A fixed one-minute window per network, per process. */
function perNetworkLimiter(perMinute: number) {
  const windows = new Map<number, { start: number; count: number }>();
  return {
    admit(networkId: number, now = Date.now()): boolean {
      let w = windows.get(networkId);
      if (!w || now - w.start >= 60_000) {
        w = { start: now, count: 0 };
        windows.set(networkId, w);
      }
      w.count++;
      return w.count <= perMinute;
    },
  };
}

export interface ReceiverOptions {
  /** Scheme and host as networks call us (full-URL signatures are computed over it). */
  publicUrl: string;
  perNetworkPerMinute?: number;
  /** The reversal hold (app.config.reversalHold); the defaults when omitted. */
  reversalHold?: ReversalHoldPolicy;
  /** Unverified attempts stored per minute, per process (the rest are dropped, see junkBudget). */
  junkRowsPerMinute?: number;
  /** Told how many junk attempts the last minute dropped. */
  onJunkDropped?: (dropped: number) => void;
}

export interface IncomingPostback {
  slug: string;
  method: string;
  url: string;
  query: Record<string, unknown>;
  body?: unknown;
  headers: PostbackRequest['headers'];
  ip: string;
}

/**
 * One receiver per app instance: its per-network limit and junk budget are per process. `receive`
 * answers and logs one attempt; `recordUnreadable` logs one whose body could not be read.
 */
export function createNetworkReceiver(db: Db, opts: ReceiverOptions) {
  const limiter = perNetworkLimiter(opts.perNetworkPerMinute ?? NETWORK_RECEIVER_LIMITS.perNetworkPerMinute);
  const perMinute = opts.perNetworkPerMinute ?? NETWORK_RECEIVER_LIMITS.perNetworkPerMinute;
  const junk = junkBudget(opts.junkRowsPerMinute);

  async function record(network: StoredNetwork | null, req: PostbackRequest, answer: NetworkAnswer) {
    const entry = attemptEntry(network, req, answer);
    if (answer.verified) return insertAttempt(db, entry);
    const { admitted, droppedInLastWindow } = junk.admit();
    if (droppedInLastWindow) opts.onJunkDropped?.(droppedInLastWindow);
    if (!admitted) return null;
    return (await foldOrInsertJunk(db, entry)).id;
  }

  async function findNetwork(slug: string) {
    return slug.length <= NETWORK_RECEIVER_LIMITS.maxSlugLength && /^[a-z0-9-]+$/.test(slug)
      ? findNetworkBySlug(db, slug)
      : undefined;
  }

  function requestOf(incoming: IncomingPostback): PostbackRequest {
    const req: PostbackRequest = {
      method: incoming.method,
      url: incoming.url,
      origin: opts.publicUrl,
      query: incoming.query ?? {},
      headers: incoming.headers,
      ip: incoming.ip,
    };
    if (incoming.body !== undefined && incoming.body !== null) req.body = incoming.body;
    return req;
  }

  return {
    async receive(
      incoming: IncomingPostback,
      now = new Date(),
    ): Promise<NetworkAnswer & { postbackId: number | null }> {
      const req = requestOf(incoming);
      const network = await findNetwork(incoming.slug);
      let answer: NetworkAnswer;
      if (network && limiter.admit(network.id, now.getTime())) {
        const verified = verify(network, req, now);
        if ('event' in verified) {
          // Applied and logged in one transaction: one commit, and the log row exists if and only if
          // the conversion's changes do.
          return db.transaction(async (tx) => {
            const applied = await resolveAndApply(
              tx,
              network,
              verified.event,
              opts.reversalHold ?? REVERSAL_HOLD_DEFAULTS,
            );
            const postbackId = await insertAttempt(tx, attemptEntry(network, req, applied));
            return { ...applied, postbackId };
          });
        }
        answer = verified.answer;
      } else if (!network) {
        answer = refusal(null, 'unknown_network', `No network "${incoming.slug.slice(0, 64)}"`, false, {
          clickId: null,
          transactionId: null,
          rawStatus: null,
        });
      } else {
        answer = rateLimited(network, perMinute);
      }
      const postbackId = await record(network ?? null, req, answer);
      return { ...answer, postbackId };
    },

    /** A request whose body could not be read (too large, malformed JSON, another content type). */
    async recordUnreadable(incoming: IncomingPostback, httpStatus: number, message: string): Promise<void> {
      const network = (await findNetwork(incoming.slug)) ?? null;
      const outcome =
        httpStatus === 413 ? 'too_large' : httpStatus === 415 ? 'unsupported_media_type' : 'malformed';
      const answer: NetworkAnswer = {
        ...refusal(null, outcome, message.slice(0, 256), false, {
          clickId: null,
          transactionId: null,
          rawStatus: null,
        }),
        httpStatus,
      };
      await record(network, requestOf({ ...incoming, body: undefined }), answer);
    },
  };
}

export type NetworkReceiver = ReturnType<typeof createNetworkReceiver>;

// ---------------------------------------------------------------------------------------------------
// Replay and the test postback (the admin calls)

export type ReplayResult =
  | { kind: 'not_found' }
  | { kind: 'not_replayable'; why: string }
  | { kind: 'done'; outcome: string; httpStatus: number; detail: string; newPostbackId: number };

/**
 * Re-runs a refused attempt's stored request through its network's current configuration (after an
 * operator fixed a wrong secret, say), from the address it came from (the allowlist is checked
 * against it), and applies it. The re-run is logged as a new row (replay_of = the original), and the
 * original is marked replayed, in one transaction that holds the original's row lock: a second replay,
 * concurrent or later, is refused.
 */
export async function replayAttempt(
  db: Db,
  deps: { publicUrl: string; now?: Date; reversalHold?: ReversalHoldPolicy },
  postbackId: number,
): Promise<ReplayResult> {
  return db.transaction(async (tx): Promise<ReplayResult> => {
    const original = await lockAttemptForReplay(tx, postbackId);
    if (!original) return { kind: 'not_found' };
    if (original.networkId === null)
      return { kind: 'not_replayable', why: "it was not sent to a partner network's receiver" };
    if (original.replayedAt) return { kind: 'not_replayable', why: 'already replayed' };
    if (original.httpStatus < 400) return { kind: 'not_replayable', why: 'it was not refused' };
    if (original.outcome === 'rate_limited')
      return { kind: 'not_replayable', why: 'it was only rate limited: the network sends it again' };
    if (!original.request) return { kind: 'not_replayable', why: 'its request was not stored' };
    const network = await findNetworkById(tx, original.networkId);
    if (!network) return { kind: 'not_replayable', why: 'its network no longer exists' };

    const stored = original.request;
    const req: PostbackRequest = {
      method: stored.method,
      url: stored.url,
      origin: deps.publicUrl,
      query: stored.query ?? {},
      headers: stored.headers ?? {},
      ip: original.ip ?? '',
    };
    if (stored.body !== undefined) req.body = stored.body;

    const verified = verify(network, req, deps.now ?? new Date());
    const answer =
      'answer' in verified
        ? verified.answer
        : await resolveAndApply(tx, network, verified.event, deps.reversalHold ?? REVERSAL_HOLD_DEFAULTS);
    const newPostbackId = await insertAttempt(tx, attemptEntry(network, req, answer, original.id));
    await markReplayed(tx, original.id);
    return {
      kind: 'done',
      outcome: answer.outcome,
      httpStatus: answer.httpStatus,
      detail: answer.reason,
      newPostbackId,
    };
  });
}

export interface DryRunInput {
  clickId?: string;
  status: 'approved' | 'pending' | 'reversed';
  payout?: number;
  transactionId?: string;
}

export interface DryRunResult {
  request: { method: string; url: string; headers: Record<string, string> };
  outcome: string;
  httpStatus: number;
  body: string;
  detail: string;
}

/** The parameters of a test postback in the network's format, or why it cannot say `status`. */
export function testPostbackParams(
  config: NetworkConfig,
  click: { clickId: string; subId: string; externalOfferId: string | null },
  input: DryRunInput & { transactionId: string },
): Record<string, string> | { problem: string } {
  const p = config.params;
  const s = config.statuses;
  const out: Record<string, string> = {};
  if (p.clickId) out[p.clickId] = click.clickId;
  else if (p.subId) out[p.subId] = click.subId;
  if (p.offerId && click.externalOfferId) out[p.offerId] = click.externalOfferId;

  let transactionId = input.transactionId;
  let negative = false;
  let statusValue: string | null = null;
  const listed = { approved: s.approved, pending: s.pending, reversed: s.reversed }[input.status];
  if (p.status && listed.length) statusValue = listed[0]!;
  else if (input.status !== 'reversed' && s.whenAbsent === input.status) statusValue = null;
  else if (input.status === 'reversed' && config.negativePayoutReverses && p.payout) {
    negative = true;
    if (p.status) statusValue = s.approved[0] ?? null;
  } else return { problem: `This network's configuration has no way to send a ${input.status} postback` };
  if (p.status && statusValue !== null) out[p.status] = statusValue;

  if (input.status === 'reversed') {
    if (config.reversalIdPrefix) transactionId = `${config.reversalIdPrefix}${input.transactionId}`;
    else if (p.originalTransactionId) {
      out[p.originalTransactionId] = input.transactionId;
      transactionId = `${input.transactionId}-reversal`;
    }
  }
  out[p.transactionId] = transactionId;
  const amount = (input.payout ?? 1).toFixed(2);
  if (p.payout) out[p.payout] = negative ? `-${amount}` : amount;
  if (p.currency) out[p.currency] = config.defaultCurrency ?? 'USD';
  return out;
}

/** Thrown inside the test postback's transaction so that it always rolls back. */
class RollBack extends Error {
  constructor(readonly answer: NetworkAnswer) {
    super('dry run');
  }
}

/**
 * What the receiver would answer a postback the network signs for one click, without changing
 * anything: verified, resolved and applied inside a transaction that is always rolled back; no log
 * row. The address allowlist is not checked (the test is not sent from the network's servers). The
 * request comes back masked.
 */
export async function dryRunPostback(
  db: Db,
  deps: { publicUrl: string; now?: Date; reversalHold?: ReversalHoldPolicy },
  network: StoredNetwork,
  input: DryRunInput,
): Promise<DryRunResult> {
  const config = network.config;
  const notes: string[] = [];
  const click = await findClickForTestPostback(db, network.id, input.clickId);
  const noRequest = { method: 'GET', url: '', headers: {} };
  if (!click) {
    return {
      request: noRequest,
      outcome: 'unknown_click',
      httpStatus: 404,
      body: '',
      detail: input.clickId
        ? `No click "${input.clickId.slice(0, 64)}"`
        : "This network has no clicks yet: start one of the network's offers from the member app first",
    };
  }
  if (!input.clickId) notes.push(`Used the network's latest click, ${click.clickId}.`);
  if (!click.onNetwork) notes.push("That click's offer is not one of this network's offers.");

  const transactionId = input.transactionId ?? `test-${randomBytes(6).toString('hex')}`;
  const params = testPostbackParams(config, click, { ...input, transactionId });
  if ('problem' in params)
    return {
      request: noRequest,
      outcome: 'unknown_status',
      httpStatus: 400,
      body: '',
      detail: params.problem,
    };

  const signed = signPostback(config, params, { origin: deps.publicUrl });
  const req: PostbackRequest = {
    method: 'GET',
    url: signed.url,
    origin: deps.publicUrl,
    query: signed.query,
    headers: signed.headers,
    ip: '127.0.0.1',
  };
  if (config.ipAllowlist.length)
    notes.push("The IP allowlist was not checked: the network's own servers must be on it.");
  const unlisted: StoredNetwork = { ...network, config: { ...config, ipAllowlist: [] } };
  let answer: NetworkAnswer;
  try {
    await db.transaction(async (tx) => {
      const verified = verify(unlisted, req, deps.now ?? new Date());
      const a =
        'answer' in verified
          ? verified.answer
          : await resolveAndApply(tx, unlisted, verified.event, deps.reversalHold ?? REVERSAL_HOLD_DEFAULTS);
      throw new RollBack(a);
    });
    throw new Error('the test postback was not rolled back');
  } catch (err) {
    if (!(err instanceof RollBack)) throw err;
    answer = err.answer;
  }
  const masked = maskedRequest(config, { url: req.url, query: req.query, headers: req.headers });
  return {
    request: {
      method: 'GET',
      url: `${deps.publicUrl}${masked.url}`,
      headers: masked.headers as Record<string, string>,
    },
    outcome: answer.outcome,
    httpStatus: answer.httpStatus,
    body: answer.body,
    detail: [answer.reason, ...notes].join(' '),
  };
}
