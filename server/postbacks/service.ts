// The postback receiver (docs/networks.md), one for every partner: GET|POST /api/postback/{slug}, a
// network's postback in its own format, and GET|POST /api/postback.php, the native format, served by the
// same code with the built-in `native` network (nativeNetwork: the native preset keyed with
// POSTBACK_SECRET, crediting offers that no network owns). A postback is verified against the network's
// configuration (server/networks/verify.ts), its click resolved (our click id, or the member's sub-id
// plus the network's offer id, which must be the clicked offer's), and the conversion rules applied
// (applyConversion, postbacks/conversions-service.ts). Every attempt is logged with its reason by one writer, in
// the conversion's own transaction when it passed; a refused one of a network keeps the request, so
// that it can be replayed once the configuration is fixed. Answers are the network's own (the
// configured success, duplicate and refusal answers; the native JSON answers for the native format);
// a caller that did not pass the allowlist and the signature learns nothing but "refused".
import { randomBytes } from 'node:crypto';
import type { Db, Tx } from '../db/client';
import { findNetworkById, findNetworkBySlug, type StoredNetwork } from '../networks/repository';
import type { NetworkCache } from '../networks/cache';
import {
  findClickForTestPostback,
  findNetworkClick,
  findNetworkClickWithEvidence,
  type NetworkClick,
} from './network-clicks-repository';
import {
  foldOrInsertJunk,
  insertAttempt,
  lockAttemptForReplay,
  markReplayed,
  type AttemptEntry,
  type StoredRequest,
} from './attempts-repository';
import { findClickWithNetwork, type PostbackClick } from '../offers/clicks-repository';
import { deleteOldUnverified } from './log-repository';
import * as contract from '../../shared/contract/postback';
import { ANSWER_MEDIA_TYPES, mediaTypeOf, type NetworkConfig } from '../../shared/networks/config';
import { storableText } from '../lib/text';
import { presetConfig } from '../networks/presets';
import {
  MASK,
  NETWORK_POSTBACK_LIMITS,
  maskedRequest,
  signPostback,
  tokenDigest,
  verifyPostback,
  type EventReader,
  type PostbackEvent,
  type PostbackRequest,
} from '../networks/verify';
import {
  applyConversion,
  membersChangedIn,
  type ConversionEvent,
  type PostbackResult,
} from './conversions-service';
import { REVERSAL_HOLD_DEFAULTS, type ReversalHoldPolicy } from '../config';
import { loadPolicy } from '../trust/policy';
import { newConversionPassesGate } from '../trust/holds';
import { receiveApprovedConversion } from './completions-repository';
import { nativeClickWithEvidence, OfferTimings, type GateEvidence } from '../trust/evidence';
import type { RiskPolicy } from '../../shared/contract/admin/reviews';

/**
 * The receiver's bounds (docs/networks.md, "Abuse limits"), besides NETWORK_POSTBACK_LIMITS (checked by
 * the verifier). It is public and unauthenticated, so everything an unverified caller can make it do is
 * bounded, per process, and no budget that a network's real postbacks need can be used up by junk:
 */
export const RECEIVER_LIMITS = {
  /** A form or JSON body. */
  bodyBytes: 16_384,
  /** Parameters in one attempt (the verifier's bound, 400 beyond). */
  maxParams: NETWORK_POSTBACK_LIMITS.maxParams,
  /** A JSON body nested deeper is refused (400, logged) before it is parsed: postbacks are flat. */
  maxJsonDepth: 8,
  /** Per client address per minute, every receiver together (429 beyond); well below a network's. */
  perIpPerMinute: 1200,
  /**
   * Per network per minute, counting only attempts that passed the allowlist and the signature (429
   * beyond), unless configured (NETWORK_POSTBACK_RATE_LIMIT); none for the native receiver.
   */
  perNetworkPerMinute: 6000,
  /** Unverified attempts per (network or slug, address) per minute: 429 beyond, not stored. */
  unverifiedPerAddressPerMinute: 120,
  /** Unverified attempts stored per network per minute (unknown slugs share one budget). */
  junkRowsPerMinute: 120,
  /** The longest value a junk row keeps of each of the network's parameters. */
  junkSummaryValueLength: 128,
  /**
   * The most bytes of request an attempt's row keeps: a bigger one is stored without its request (and
   * cannot be replayed). A network's real postback is a few hundred bytes.
   */
  maxStoredRequestBytes: 4_096,
  /** How long unverified attempts are kept (verified ones are the audit trail). */
  junkRetentionDays: 7,
  /** The longest slug looked up (a longer one is unknown without a query). */
  maxSlugLength: 64,
} as const;

/** What the receiver answers one attempt, and what the log keeps of it. */
export interface NetworkAnswer {
  httpStatus: number;
  contentType: string;
  body: string;
  /** The log's outcome (POSTBACK_OUTCOMES in shared/networks/vocabulary.ts). */
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

type Ids = Pick<NetworkAnswer, 'clickId' | 'transactionId' | 'rawStatus'>;
const NO_IDS: Ids = { clickId: null, transactionId: null, rawStatus: null };

const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

/**
 * The receiver's view of a network: a row of `networks`, or the built-in native one (id null), which
 * credits offers that no network owns and answers in the native JSON format.
 */
export interface ReceiverNetwork {
  id: number | null;
  config: NetworkConfig;
  /** The built-in native receiver (/api/postback.php). */
  native?: true;
}

/**
 * The native format's event reader: the native parameters' schema (shared/contract/postback.ts), so
 * that the native receiver's answers stay what its partners have always seen.
 */
const readNativeEvent: EventReader = (params) => {
  const parsed = contract.postbackParams.safeParse(params);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return {
      reason: 'malformed',
      detail: `Malformed postback: ${issue.path.join('.') || 'parameters'}: ${issue.message}`,
    };
  }
  const p = parsed.data;
  const event: PostbackEvent = {
    clickRef: { kind: 'click', value: p.click_id },
    transactionId: p.transaction_id,
    status: p.status,
    rawStatus: p.status,
    payout: p.payout,
  };
  if (p.currency) event.currency = p.currency;
  return event;
};

/** /api/postback.php's network: the native preset keyed with POSTBACK_SECRET (empty: refuses all). */
export function nativeNetwork(secret: string | null | undefined): ReceiverNetwork {
  return {
    id: null,
    native: true,
    config: { ...presetConfig('native'), name: 'Native', slug: 'native', secret: secret ?? '' },
  };
}

// ---------------------------------------------------------------------------------------------------
// Answers: one mapper from what happened to what the network is told

/** Default refusal statuses, where the network's configuration leaves its refusal status unset. */
const DEFAULT_REFUSAL_STATUS: Record<string, number> = {
  unknown_click: 404,
  transaction_conflict: 409,
  offer_mismatch: 409,
  malformed: 400,
  missing_parameter: 400,
  unknown_status: 400,
};

/** What every refusal of an unverified caller says, whatever the reason (issue 32, item 9). */
const GENERIC_REFUSAL = { status: 403, body: JSON.stringify({ success: false, error: 'refused' }) };

/** What the native format answers a success or a duplicate (the native partners' answers). */
type NativeBody = {
  success: boolean;
  duplicate?: true;
  status?: string;
  message?: string;
  error?: string;
};

/** One outcome, before it is written in the network's terms. */
interface Mapped {
  which: 'success' | 'duplicate' | 'refusal';
  outcome: string;
  reason: string;
  verified: boolean;
  completionId: number | null;
  /** The native format's body (a refusal: its error). */
  native?: NativeBody;
}

/** An answer status and content type a network's configuration may use (issue 32, item 7). */
const answerType = (contentType: string) =>
  (ANSWER_MEDIA_TYPES as readonly string[]).includes(mediaTypeOf(contentType)) ? contentType : TEXT_TYPE;

/** Writes an outcome in the network's terms: its configured answers, or the native JSON answers. */
function render(network: ReceiverNetwork | null, m: Mapped, ids: Ids): NetworkAnswer {
  const base = {
    outcome: m.outcome,
    reason: m.reason,
    verified: m.verified,
    completionId: m.completionId,
    ...ids,
  };
  if (m.which === 'refusal') {
    if (!m.verified)
      return {
        ...base,
        httpStatus: GENERIC_REFUSAL.status,
        contentType: JSON_TYPE,
        body: GENERIC_REFUSAL.body,
      };
    const configured = network && !network.native ? network.config.answers.refusal : null;
    const status = configured?.status;
    return {
      ...base,
      httpStatus:
        status && status >= 400 && status < 500 ? status : (DEFAULT_REFUSAL_STATUS[m.outcome] ?? 400),
      contentType: configured?.body != null ? answerType(configured.contentType) : JSON_TYPE,
      body:
        configured?.body ??
        JSON.stringify({ success: false, error: (network?.native && m.native?.error) || m.reason }),
    };
  }
  if (network?.native)
    return { ...base, httpStatus: 200, contentType: JSON_TYPE, body: JSON.stringify(m.native) };
  const a = network!.config.answers[m.which];
  return {
    ...base,
    httpStatus: a.status >= 200 && a.status < 300 ? a.status : 200,
    contentType: answerType(a.contentType),
    body: a.body,
  };
}

const refused = (outcome: string, reason: string, verified: boolean, error?: string): Mapped => ({
  which: 'refusal',
  outcome,
  reason,
  verified,
  completionId: null,
  ...(error ? { native: { success: false, error } } : {}),
});

/** The conversion rules' result, as the one mapper every receiver answers with. */
function mapResult(result: PostbackResult, unknownClick: () => string): Mapped {
  const completionId = 'completionId' in result ? result.completionId : null;
  const ok = (which: 'success' | 'duplicate', reason: string, native: NativeBody): Mapped => ({
    which,
    outcome: result.kind,
    reason,
    verified: true,
    completionId,
    native,
  });
  switch (result.kind) {
    case 'accepted': {
      const native = { success: true, status: result.status };
      if (result.status === 'approved') return ok('success', 'Approved: spin unlocked', native);
      if (result.status === 'pending') return ok('success', 'Credited: pending', native);
      return ok(
        'success',
        [
          result.clawback
            ? 'Reversed: the spin was already used, so a clawback is recorded against the member'
            : 'Reversed: the conversion and its unused spin are taken back',
          result.memberHeld ? 'the member reached the reversal threshold and is held for review' : null,
        ]
          .filter(Boolean)
          .join('; '),
        native,
      );
    }
    case 'held':
      return ok(
        'success',
        'Approved for a blocked member: recorded, nothing granted unless they are unblocked',
        {
          success: true,
          status: 'held',
          message: 'Recorded; the member is blocked, so nothing is granted unless they are unblocked',
        },
      );
    case 'completed_pending':
      return ok('success', 'Approved: the pending conversion is completed, spin unlocked', {
        success: true,
        status: 'approved',
        message: 'The pending conversion of this offer is now approved',
      });
    case 'replay':
      return ok('duplicate', `Already recorded as ${result.status}`, {
        success: true,
        duplicate: true,
        status: result.status,
      });
    case 'duplicate_conversion':
      return ok(
        'duplicate',
        'The member already completed this offer under another transaction id: ignored',
        { success: true, duplicate: true, message: 'Offer already completed by this user; ignored' },
      );
    case 'extra_event':
      return ok('duplicate', 'Recorded: the member already completed this offer, nothing more granted', {
        success: true,
        status: result.status,
        message: `Recorded as a further event of a conversion that is ${result.status}; nothing more is granted`,
      });
    case 'ignored_transition':
      return ok('duplicate', `The conversion is ${result.status}; this ${result.ignored} was ignored`, {
        success: true,
        status: result.status,
        message: `Conversion is ${result.status}; ${result.ignored} ignored`,
      });
    case 'transaction_conflict':
      return {
        ...refused(
          'transaction_conflict',
          'This transaction id is already recorded for another click: refused',
          true,
          'transaction_id is already recorded for another click_id; this postback was refused',
        ),
        completionId,
      };
    case 'unknown_click':
      return refused('unknown_click', unknownClick(), true, 'Unknown click_id');
  }
}

/** A 429 with its reason as the error: the network (or caller) retries later. */
function tooMany(reason: string): NetworkAnswer {
  return {
    httpStatus: 429,
    contentType: JSON_TYPE,
    body: JSON.stringify({ success: false, error: reason }),
    outcome: 'rate_limited',
    reason,
    verified: false,
    completionId: null,
    ...NO_IDS,
  };
}

/** Too many verified postbacks for one network this minute. */
const rateLimited = (network: ReceiverNetwork, perMinute: number) =>
  tooMany(`More than ${perMinute} postbacks for network "${network.config.slug}" this minute: retry later`);

/** Too many unverified attempts from one address for one slug: the same answer for every slug. */
const junkRateLimited = () => tooMany('Too many postbacks from this address. Please retry in 1 minute.');

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
function idsFromRequest(config: NetworkConfig, req: Pick<PostbackRequest, 'query' | 'body'>): Ids {
  const params = paramsOf(req);
  const p = config.params;
  return {
    clickId: rawParam(config, params, p.clickId) || rawParam(config, params, p.subId) || null,
    transactionId: rawParam(config, params, p.transactionId) || null,
    rawStatus: rawParam(config, params, p.status) || null,
  };
}

function idsFromEvent(event: PostbackEvent): Ids {
  return { clickId: event.clickRef.value, transactionId: event.transactionId, rawStatus: event.rawStatus };
}

// ---------------------------------------------------------------------------------------------------
// Verification, resolution and the conversion rules

type Verified = { event: PostbackEvent } | { answer: NetworkAnswer };

function verify(network: ReceiverNetwork, req: PostbackRequest, now: Date): Verified {
  const config = network.config;
  if (config.signature.algorithm !== 'none' && !config.secret)
    return {
      answer: render(
        network,
        refused('no_secret', 'Postbacks are not accepted: no secret is configured', false),
        NO_IDS,
      ),
    };
  const result = verifyPostback(config, req, now, network.native ? readNativeEvent : undefined);
  if (result.ok) return { event: result.event };
  const ids = idsFromRequest(config, req);
  // A survey screen-out or a bonus: not a completion, answered as a success so that it is not retried.
  if (result.reason === 'ignored_status')
    return {
      answer: render(
        network,
        {
          which: 'success',
          outcome: 'ignored_status',
          reason: result.detail,
          verified: true,
          completionId: null,
        },
        ids,
      ),
    };
  return {
    answer: render(network, refused(result.reason, result.detail, result.verified, result.detail), ids),
  };
}

/** Why a click does not count, or null when it does. */
type Resolved = { click: PostbackClick; evidence?: GateEvidence | undefined } | { refusal: Mapped };

/**
 * The click the event names, on this network's offers only (the native network: on offers of no
 * network). A click named by its id (ours, or echoed in the sub-id parameter) must be on the offer the
 * network names, when it names one (issue 32, item 2): a member cannot paste a premium offer's click id
 * into a cheap campaign's link and have the cheap campaign's postback credit the premium offer.
 */
export async function resolveClick(
  tx: Tx | Db,
  network: ReceiverNetwork,
  event: Pick<PostbackEvent, 'clickRef' | 'networkOfferId'>,
  /** Read the member's evidence in the same statement (the one-statement approval's first read). */
  withEvidence = false,
): Promise<Resolved> {
  const unknown = (): Resolved => ({
    refusal: refused('unknown_click', unknownClickReason(event), true, 'Unknown click_id'),
  });
  if (network.id === null) {
    if (withEvidence) {
      const found = await nativeClickWithEvidence(tx, event.clickRef.value);
      return found ?? unknown();
    }
    const click = await findClickWithNetwork(tx, event.clickRef.value);
    return click ? { click } : unknown();
  }
  const key = { id: network.id, slug: network.config.slug };
  const opts = { clickIdInSubId: network.config.clickIdInSubId === true };
  let click: NetworkClick | undefined;
  let evidence: GateEvidence | undefined;
  if (withEvidence) {
    const found = await findNetworkClickWithEvidence(tx, key, event.clickRef, event.networkOfferId, opts);
    click = found?.click;
    evidence = found?.evidence;
  } else click = await findNetworkClick(tx, key, event.clickRef, event.networkOfferId, opts);
  if (!click) return unknown();
  if (click.byClickId && event.networkOfferId !== undefined && click.externalOfferId !== event.networkOfferId)
    return {
      refusal: refused(
        'offer_mismatch',
        `Click "${click.id.slice(0, 64)}" is on the offer with external id "${(click.externalOfferId ?? '').slice(0, 64)}", not on this network's offer "${event.networkOfferId.slice(0, 64)}" that the postback names: refused`,
        true,
      ),
    };
  return {
    click: {
      id: click.id,
      userId: click.userId,
      offerId: click.offerId,
      network: click.network,
      secondsSinceClick: click.secondsSinceClick,
    },
    evidence,
  };
}

function unknownClickReason(event: Pick<PostbackEvent, 'clickRef' | 'networkOfferId'>): string {
  const v = event.clickRef.value.slice(0, 64);
  if (event.clickRef.kind === 'click') return `No click "${v}" on this network's offers`;
  return event.networkOfferId === undefined
    ? `No click on this network's offers by member (or click) "${v}"`
    : `No click on this network's offer "${event.networkOfferId.slice(0, 64)}" by member (or click) "${v}"`;
}

/** A verified event applied inside `tx`: the click resolved, the conversion rules run, the answer. */
async function resolveAndApply(
  tx: Tx,
  network: ReceiverNetwork,
  event: PostbackEvent,
  policy: ReversalHoldPolicy,
  risk: { policy: RiskPolicy; timings?: OfferTimings } | null = null,
): Promise<NetworkAnswer> {
  const ids = idsFromEvent(event);
  const resolved = await resolveClick(tx, network, event);
  if ('refusal' in resolved) return render(network, resolved.refusal, ids);
  const click = resolved.click;
  ids.clickId = click.id;

  const conversion: ConversionEvent = {
    transactionId: event.transactionId,
    status: event.status,
    payout: event.payout ?? 0,
  };
  if (event.currency) conversion.currency = event.currency;
  if (event.originalTransactionId) conversion.originalTransactionId = event.originalTransactionId;
  const result = await applyConversion(
    tx,
    click,
    conversion,
    policy,
    risk ? { policy: risk.policy, network: click.network, timings: risk.timings } : null,
  );
  return render(
    network,
    mapResult(result, () => unknownClickReason(event)),
    ids,
  );
}

// ---------------------------------------------------------------------------------------------------
// The log: one writer for every receiver

const KEPT_HEADERS = ['content-type', 'user-agent'];

/**
 * Unverified outcomes a configuration fix can turn around: only these keep the request (Replay), and
 * only for a network of the `networks` table. Anything else unverified keeps a bounded summary.
 */
const FIXABLE_UNVERIFIED = new Set(['bad_signature', 'ip_not_allowed', 'inactive']);

/** Text the database can store, in every string of a parsed query or body (depth-bounded). */
function storable(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return storableText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= RECEIVER_LIMITS.maxJsonDepth) return '[nested]';
  if (Array.isArray(value)) return value.map((v) => storable(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [storableText(k), storable(v, depth + 1)]));
}

/**
 * The request as the log stores it: method, URL, query, body, and only the headers that matter. The
 * URL token is masked here, at storage (issue 32, item 6: a row must not show it after the token's
 * parameter is renamed), with its SHA-256 kept for Replay; a signature is kept (it is no secret, and a
 * full-URL one can only be checked again on the URL as received) and masked wherever it is shown.
 */
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
  let shown: Pick<PostbackRequest, 'url' | 'query' | 'body'> = req;
  let tokenSha256: string | undefined;
  if (config?.tokenParam && config.signature.algorithm === 'none') {
    const token = rawParam(config, paramsOf(req), config.tokenParam);
    if (token !== null && token !== MASK) tokenSha256 = tokenDigest(token).toString('hex');
    const tokenOnly: NetworkConfig = { ...config, signature: { ...config.signature, algorithm: 'none' } };
    shown = maskedRequest(tokenOnly, { ...req, headers: {} });
  }
  const stored: StoredRequest = {
    method: req.method,
    url: storableText(shown.url),
    query: storable(shown.query ?? {}) as Record<string, unknown>,
    headers,
  };
  if (shown.body !== undefined) stored.body = storable(shown.body);
  if (tokenSha256) stored.tokenSha256 = tokenSha256;
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
  const entries = Object.entries(paramsOf(masked));
  const text = (v: unknown) =>
    storableText(typeof v === 'string' ? v : typeof v === 'number' ? String(v) : `[${typeof v}]`);
  if (verified && config)
    return Object.fromEntries(
      entries
        .slice(0, NETWORK_POSTBACK_LIMITS.maxParams)
        .map(([k, v]) => [text(k).slice(0, 64), text(v).slice(0, 256)]),
    );
  const fold = (n: string) => (config?.paramNamesCaseInsensitive ? n.toLowerCase() : n);
  const known = new Set(
    config
      ? Object.values(config.params)
          .filter((n): n is string => !!n)
          .map(fold)
      : [],
  );
  const summary: Record<string, string> = {};
  let others = 0;
  for (const [k, v] of entries) {
    if (known.has(fold(k)) && Object.keys(summary).length < 16)
      summary[text(k).slice(0, 64)] = text(v).slice(0, RECEIVER_LIMITS.junkSummaryValueLength);
    else others++;
  }
  if (others > 0) summary._other_params = String(others);
  return summary;
}

/**
 * What an attempt's row keeps of its request (issue 32, item 5): the whole request of a verified
 * attempt on a network of the table, and of an unverified one whose refusal a fix can turn around
 * (a wrong secret, a missing allowlist entry, an inactive network), up to maxStoredRequestBytes; else
 * nothing (the parameters' summary stays). The native receiver's rows keep the parameters only.
 */
function keptRequest(
  network: ReceiverNetwork | null,
  req: PostbackRequest,
  answer: NetworkAnswer,
): StoredRequest | null {
  // An unknown slug: which URL was called (its path, bounded), so that the console shows it.
  if (!network)
    return {
      method: req.method,
      url: storableText(req.url.split('?')[0]!).slice(0, 200),
      query: {},
      headers: {},
    };
  if (network.id === null) return null;
  if (!answer.verified && !FIXABLE_UNVERIFIED.has(answer.outcome)) return null;
  const stored = storedRequest(network.config, req);
  if (!answer.verified && Buffer.byteLength(JSON.stringify(stored)) > RECEIVER_LIMITS.maxStoredRequestBytes)
    return null;
  return stored;
}

function attemptEntry(
  network: ReceiverNetwork | null,
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
    request: keptRequest(network, req, answer),
    replayOf,
  };
}

/** Deletes unverified attempts older than the retention period, a bounded batch at a time; the count. */
export async function purgeJunkPostbacks(
  db: Db,
  retentionDays: number = RECEIVER_LIMITS.junkRetentionDays,
  batch = 5_000,
): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await deleteOldUnverified(db, retentionDays, batch);
    total += n;
    if (n < batch) return total;
  }
}

// ---------------------------------------------------------------------------------------------------
// The receiver

/** Fixed one-minute windows per key, per process (all keys start over together: bounded memory). */
function windowCounter(perMinute: number) {
  let start = 0;
  const counts = new Map<string | number, number>();
  return {
    /** Counts one more for `key`; whether it is within the allowance. */
    admit(key: string | number, now = Date.now()): boolean {
      if (now - start >= 60_000) {
        start = now;
        counts.clear();
      }
      const n = (counts.get(key) ?? 0) + 1;
      counts.set(key, n);
      return n <= perMinute;
    },
  };
}

/**
 * Per-network budgets of junk log rows per minute: `admit(key)` says whether this attempt may be
 * stored; what each window dropped is reported once the next one starts.
 */
function junkBudgets(perMinute: number, onDropped?: (dropped: number, key: string) => void) {
  const counter = windowCounter(perMinute);
  const dropped = new Map<string, number>();
  let windowOf = 0;
  return {
    admit(key: string, now = Date.now()): boolean {
      if (now - windowOf >= 60_000) {
        windowOf = now;
        for (const [k, n] of dropped) onDropped?.(n, k);
        dropped.clear();
      }
      if (counter.admit(key, now)) return true;
      dropped.set(key, (dropped.get(key) ?? 0) + 1);
      return false;
    },
  };
}

export interface ReceiverOptions {
  /** Scheme and host as networks call us (full-URL signatures are computed over it). */
  publicUrl: string;
  /** POSTBACK_SECRET: the native receiver's key (none: /api/postback.php refuses everything). */
  postbackSecret?: string | null | undefined;
  perNetworkPerMinute?: number;
  /** The reversal hold (app.config.reversalHold), read at each postback; the defaults when omitted. */
  reversalHold?: ReversalHoldPolicy | (() => ReversalHoldPolicy);
  /** Unverified attempts stored per network per minute, per process. */
  junkRowsPerMinute?: number;
  /** The process's cache of networks (server/networks/cache.ts); without it, each request reads its row. */
  networks?: Pick<NetworkCache, 'find'>;
  /** Unverified attempts answered per (network, address) per minute, per process. */
  unverifiedPerAddressPerMinute?: number;
  /** Told how many junk attempts of one network (its id, or "unknown") the last minute dropped. */
  onJunkDropped?: (dropped: number, network: string) => void;
  /**
   * The hold policy the conversions are judged by (issue 33); the operator's (risk_policy, read every
   * few seconds) when omitted. The living demo's replay passes its own: its clock is compressed.
   */
  riskPolicy?: () => Promise<RiskPolicy | null>;
}

export interface IncomingPostback {
  /** A network's slug; null: the native receiver (/api/postback.php). */
  slug: string | null;
  method: string;
  url: string;
  query: Record<string, unknown>;
  body?: unknown;
  headers: PostbackRequest['headers'];
  ip: string;
}

export type ReceivedAnswer = NetworkAnswer & {
  postbackId: number | null;
  /** Members whose answers the attempt changed (the route drops this process's cache of them). */
  changedMembers: number[];
  /**
   * What the attempt's transaction left to the server to announce after its commit (the one-statement
   * approval: server/events/announcer.ts): members whose answers changed, member events' payloads.
   */
  announce?: { members: number[]; events: string[] };
};

/**
 * One receiver per app instance: its limits and junk budgets are per process. `receive` answers and
 * logs one attempt; `recordUnreadable` logs one whose body could not be read.
 */
export function createNetworkReceiver(db: Db, opts: ReceiverOptions) {
  const perMinute = opts.perNetworkPerMinute ?? RECEIVER_LIMITS.perNetworkPerMinute;
  const verifiedPerNetwork = windowCounter(perMinute);
  const unverifiedPerAddress = windowCounter(
    opts.unverifiedPerAddressPerMinute ?? RECEIVER_LIMITS.unverifiedPerAddressPerMinute,
  );
  const junk = junkBudgets(opts.junkRowsPerMinute ?? RECEIVER_LIMITS.junkRowsPerMinute, opts.onJunkDropped);
  const native = nativeNetwork(opts.postbackSecret);
  // The offers' typical click-to-conversion times the risk gate compares with (kept a minute each).
  const offerTimings = new OfferTimings();
  // Read at each postback: the app's configuration is the one source (docs/product-rules.md#postbacks).
  const policy = (): ReversalHoldPolicy =>
    (typeof opts.reversalHold === 'function' ? opts.reversalHold() : opts.reversalHold) ??
    REVERSAL_HOLD_DEFAULTS;

  /** The junk log budget's key: the network, or every unknown slug together. */
  const budgetKey = (network: ReceiverNetwork | null) =>
    network ? (network.native ? 'native' : String(network.id)) : 'unknown';

  async function record(
    network: ReceiverNetwork | null,
    req: PostbackRequest,
    answer: NetworkAnswer,
  ): Promise<number | null> {
    const entry = attemptEntry(network, req, answer);
    if (answer.verified) return insertAttempt(db, entry);
    if (!junk.admit(budgetKey(network))) return null;
    return (await foldOrInsertJunk(db, entry)).id;
  }

  async function findNetwork(slug: string | null): Promise<ReceiverNetwork | undefined> {
    if (slug === null) return native;
    if (slug.length > RECEIVER_LIMITS.maxSlugLength || !/^[a-z0-9-]+$/.test(slug)) return undefined;
    return opts.networks
      ? opts.networks.find(slug, (s) => findNetworkBySlug(db, s))
      : findNetworkBySlug(db, slug);
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

  /** An unknown slug: refused as an inactive network is (both unverified: "refused"). */
  const unknownNetwork = (slug: string) =>
    render(null, refused('unknown_network', `No network "${slug.slice(0, 64)}"`, false), NO_IDS);

  async function finish(
    network: ReceiverNetwork | null,
    req: PostbackRequest,
    answer: NetworkAnswer,
  ): Promise<ReceivedAnswer> {
    const postbackId = await record(network, req, answer);
    return { ...answer, postbackId, changedMembers: [] };
  }

  /**
   * The common case in one statement (docs/decisions/approved-postback-one-statement.md): a verified
   * approval of a new transaction id whose member passes the risk gate. The click and the member's
   * evidence are read first (outside a transaction: a click never changes, and the statement re-checks
   * what could have changed meanwhile), then one statement inserts, credits, approves and logs; it
   * notifies nothing, and what it changed is announced by the server after it (`announce`). Null
   * when it is not that case: nothing was written, and the general path runs.
   */
  async function receiveApproved(
    network: ReceiverNetwork,
    req: PostbackRequest,
    event: PostbackEvent,
    risk: RiskPolicy | null,
  ): Promise<ReceivedAnswer | null> {
    // The click and, with the checks on, its member's evidence: one statement.
    const resolved = await resolveClick(db, network, event, risk !== null);
    if ('refusal' in resolved) return null;
    const { click, evidence } = resolved;
    if (click.secondsSinceClick === undefined) return null;
    const check = { policy: risk!, network: click.network, timings: offerTimings };
    const reward = { userId: click.userId, offerId: click.offerId, clickSeconds: click.secondsSinceClick };
    if (risk && !(await newConversionPassesGate(db, reward, check, evidence))) return null;
    const ids = { ...idsFromEvent(event), clickId: click.id };
    // The answer and its log row as the general path writes them; the statement fills the completion's id.
    const result: PostbackResult = { kind: 'accepted', completionId: 0, status: 'approved' };
    const answer = render(
      network,
      mapResult(result, () => ''),
      ids,
    );
    const done = await receiveApprovedConversion(
      db,
      {
        userId: click.userId,
        offerId: click.offerId,
        clickId: click.id,
        network: click.network,
        transactionId: event.transactionId,
        payoutAmount: event.payout ?? 0,
        payoutCurrency: event.currency ?? 'USD',
      },
      attemptEntry(network, req, answer),
    );
    if (!done) return null;
    return {
      ...answer,
      completionId: done.completionId,
      postbackId: done.postbackId,
      changedMembers: [],
      announce: {
        members: done.referrerId === null ? [click.userId] : [click.userId, done.referrerId],
        events: [done.event],
      },
    };
  }

  return {
    async receive(incoming: IncomingPostback, now = new Date()): Promise<ReceivedAnswer> {
      const req = requestOf(incoming);
      const network = (await findNetwork(incoming.slug)) ?? null;
      const checked = network ? verify(network, req, now) : null;
      if (!network || !checked || ('answer' in checked && !checked.answer.verified)) {
        // Unverified: a small allowance per (network or slug, address), so that junk from one address
        // cannot use up what the network's own servers need (issue 32, item 3), the same for a slug
        // that names no network.
        const key = `${network ? budgetKey(network) : `?${incoming.slug ?? ''}`}|${req.ip}`;
        if (!unverifiedPerAddress.admit(key, now.getTime()))
          return { ...junkRateLimited(), postbackId: null, changedMembers: [] };
        const answer = checked && 'answer' in checked ? checked.answer : unknownNetwork(incoming.slug ?? '');
        return finish(network, req, answer);
      }
      // Passed the allowlist and the signature: counted against the network's allowance.
      if (network.id !== null && !verifiedPerNetwork.admit(network.id, now.getTime()))
        return finish(network, req, rateLimited(network, perMinute));
      if ('answer' in checked) return finish(network, req, checked.answer);
      const event = checked.event;
      // Applied and logged in one transaction: one commit, and the log row exists if and only if the
      // conversion's changes do.
      // The hold policy in force (issue 33), read before the transaction (cached for a few seconds).
      const risk = opts.riskPolicy ? await opts.riskPolicy() : (await loadPolicy(db)).policy;
      if (event.status === 'approved' && !event.originalTransactionId) {
        const fast = await receiveApproved(network, req, event, risk);
        if (fast) return fast;
      }
      return db.transaction(async (tx) => {
        const applied = await resolveAndApply(
          tx,
          network,
          event,
          policy(),
          risk ? { policy: risk, timings: offerTimings } : null,
        );
        const postbackId = await insertAttempt(tx, attemptEntry(network, req, applied));
        return { ...applied, postbackId, changedMembers: membersChangedIn(tx) };
      });
    },

    /** A request whose body could not be read (too large, too deep, malformed JSON, another type). */
    async recordUnreadable(incoming: IncomingPostback, httpStatus: number, message: string): Promise<void> {
      const network = (await findNetwork(incoming.slug)) ?? null;
      const outcome =
        httpStatus === 413 ? 'too_large' : httpStatus === 415 ? 'unsupported_media_type' : 'malformed';
      const req = requestOf({ ...incoming, body: undefined });
      const ids = network ? idsFromRequest(network.config, req) : NO_IDS;
      const answer: NetworkAnswer = {
        ...render(network, refused(outcome, message.slice(0, 256), false), ids),
        httpStatus,
      };
      await record(network, req, answer);
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
  const risk = (await loadPolicy(db)).policy;
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
    if (stored.tokenSha256) req.tokenSha256 = stored.tokenSha256;

    const verified = verify(network, req, deps.now ?? new Date());
    const answer =
      'answer' in verified
        ? verified.answer
        : await resolveAndApply(tx, network, verified.event, deps.reversalHold ?? REVERSAL_HOLD_DEFAULTS, {
            policy: risk,
          });
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
