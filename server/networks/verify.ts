// One verification mechanism for every partner network (docs/product-rules.md#partner-networks): a
// postback as received plus the network's configuration in, a verified event or a reason out. Pure: no
// database, no clock but the `now` it is given, nothing logged. The receiver (next session) resolves
// the click, records the attempt and answers with the configuration's answers.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { NetworkConfig } from '../../shared/networks/config';
import { ipAllowlist } from '../../shared/networks/ip';

/**
 * The bounds of one attempt, checked before any signature work (malformed beyond them). The same
 * parameter bounds as the native receiver (POSTBACK_LIMITS in server/postbacks/conversions-service.ts); the URL
 * bound is Node's default limit on a request's head (16 KiB), which a request line cannot exceed anyway.
 */
export const NETWORK_POSTBACK_LIMITS = {
  maxParams: 32,
  maxKeyLength: 64,
  maxValueLength: 1024,
  maxUrlLength: 16_384,
  maxSignatureLength: 256,
  /** Click ids, sub-ids, transaction and offer ids: what the database columns hold. */
  maxIdLength: 128,
} as const;

/** What a masked secret or signature reads. */
export const MASK = '***';

export interface PostbackRequest {
  method: string;
  /** Path and raw query string exactly as received (`/api/postback/cpx?trans_id=...`), never re-encoded. */
  url: string;
  /**
   * Scheme and host as the network called them (from PUBLIC_URL, not the Host header: behind a proxy
   * the server sees its internal address). Needed by full-URL signatures only.
   */
  origin?: string;
  /** The parsed query string. */
  query: Record<string, unknown>;
  /** The parsed form or JSON body, if any. */
  body?: unknown;
  headers: Record<string, string | string[] | undefined>;
  /** The client address as the proxy configuration defines it (TRUST_PROXY), never a header. */
  ip: string;
  /**
   * A stored attempt's URL token, which the log keeps masked (issue 32, item 6): the SHA-256 (hex) of
   * the token as received, compared in its place when the token parameter reads `***` (Replay).
   */
  tokenSha256?: string;
}

export type PostbackStatus = 'approved' | 'pending' | 'reversed';

export interface PostbackEvent {
  /**
   * How to find the click: our click id, or the member's sub-id (which may also hold a click id: issue
   * 13, "The calls"), resolved with networkOfferId when the network sends one.
   */
  clickRef: { kind: 'click' | 'sub'; value: string };
  networkOfferId?: string;
  transactionId: string;
  /**
   * On a reversal, the transaction it reverses when the network says so (a reference parameter, or a
   * prefix on the transaction id): the receiver reverses that conversion.
   */
  originalTransactionId?: string;
  /** The amount as a non-negative number; a negative amount that means a reversal sets `status`. */
  payout?: number;
  currency?: string;
  status: PostbackStatus;
  /** The status parameter as sent, or null when none was. */
  rawStatus: string | null;
}

export type RefusalReason =
  | 'inactive'
  | 'malformed'
  | 'ip_not_allowed'
  | 'bad_signature'
  | 'missing_parameter'
  | 'unknown_status'
  | 'ignored_status';

export type VerifyResult =
  | { ok: true; event: PostbackEvent; usedPreviousSecret: boolean }
  | {
      ok: false;
      reason: RefusalReason;
      /** For the log and the console: names parameters, never a secret or an expected signature. */
      detail: string;
      /**
       * Whether the attempt passed the IP and signature checks (the log keeps verified attempts whole;
       * an ignored_status is answered as a success so that the network does not retry it).
       */
      verified: boolean;
    };

type Params = Map<string, string>;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Text PostgreSQL cannot store (NUL, a lone UTF-16 surrogate), which the log must keep. */
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** Query plus body as single string values; a string saying what is wrong otherwise. */
function collectParams(req: PostbackRequest): Record<string, string> | string {
  const out: Record<string, string> = {};
  const sources: [string, unknown][] = [
    ['query string', req.query],
    ['body', req.body],
  ];
  for (const [where, source] of sources) {
    if (source === undefined || source === null) continue;
    if (typeof source !== 'object' || Array.isArray(source)) return `the ${where} is not a set of parameters`;
    for (const [k, v] of Object.entries(source as Record<string, unknown>)) {
      let text: string;
      if (typeof v === 'string') text = v;
      else if (typeof v === 'number' && Number.isFinite(v)) text = String(v);
      else if (Array.isArray(v)) return `parameter "${k.slice(0, 64)}" was sent more than once`;
      else return `parameter "${k.slice(0, 64)}" is not a single text value`;
      if (unstorable(k) || unstorable(text)) return 'a parameter holds text that cannot be stored';
      if (Object.hasOwn(out, k) && out[k] !== text)
        return `parameter "${k.slice(0, 64)}" differs between the query string and the body`;
      out[k] = text;
    }
  }
  return out;
}

function hasParams(body: unknown): boolean {
  return !!body && typeof body === 'object' && Object.keys(body).length > 0;
}

function sizeProblem(req: PostbackRequest, params: Record<string, string>): string | null {
  const L = NETWORK_POSTBACK_LIMITS;
  const keys = Object.keys(params);
  if (req.url.length > L.maxUrlLength) return `the URL is longer than ${L.maxUrlLength} characters`;
  if (keys.length > L.maxParams) return `at most ${L.maxParams} parameters are accepted`;
  if (keys.some((k) => k.length > L.maxKeyLength))
    return `parameter names are at most ${L.maxKeyLength} characters`;
  if (keys.some((k) => params[k]!.length > L.maxValueLength))
    return `parameter values are at most ${L.maxValueLength} characters`;
  return null;
}

/** Parameters by name, or by lower-cased name for a network whose names' case varies (Torox). */
function indexParams(config: NetworkConfig, params: Record<string, string>): Params | string {
  const map: Params = new Map();
  for (const [k, v] of Object.entries(params)) {
    const key = config.paramNamesCaseInsensitive ? k.toLowerCase() : k;
    if (map.has(key)) return `parameter "${k}" was sent twice in different cases`;
    map.set(key, v);
  }
  return map;
}

function sameName(config: NetworkConfig, a: string, b: string) {
  return config.paramNamesCaseInsensitive ? a.toLowerCase() === b.toLowerCase() : a === b;
}

function param(config: NetworkConfig, params: Params, name: string | null): string | undefined {
  if (!name) return undefined;
  return params.get(config.paramNamesCaseInsensitive ? name.toLowerCase() : name);
}

function header(headers: PostbackRequest['headers'], name: string): string | string[] | undefined {
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === wanted) return v;
  return undefined;
}

/** PHP's urlencode (RFC 1738): what http_build_query writes. Space is "+", only A-Za-z0-9-_. are kept. */
export function phpUrlencode(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** The raw URL without the signature parameter, as BitLabs hashes it ("take the URL as it is"). */
function urlWithoutParam(url: string, name: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const kept = url
    .slice(q + 1)
    .split('&')
    .filter((seg) => seg.split('=')[0] !== name);
  return kept.length ? `${url.slice(0, q)}?${kept.join('&')}` : url.slice(0, q);
}

/** The text a network hashes, for one secret. */
function signedMessage(
  config: NetworkConfig,
  params: Params,
  raw: Record<string, string>,
  req: Pick<PostbackRequest, 'url' | 'origin'>,
  secret: string,
): string {
  const sig = config.signature;
  switch (sig.scope) {
    // An absent parameter counts as empty, as the networks' own PHP examples read it ($_GET[x] ?? '').
    case 'template':
      return (sig.template ?? '').replace(/\{([^{}]*)\}/g, (_, name: string) =>
        name === 'secret' ? secret : (param(config, params, name) ?? ''),
      );
    case 'sorted-params': {
      const encode = sig.encoding === 'php-urlencode' ? phpUrlencode : encodeURIComponent;
      return Object.keys(raw)
        .filter((k) => !(sig.in === 'param' && sig.name && sameName(config, k, sig.name)))
        .sort()
        .map((k) => `${encode(k)}=${encode(raw[k]!)}`)
        .join('&');
    }
    case 'full-url':
      return `${req.origin ?? ''}${urlWithoutParam(req.url, sig.name ?? '')}`;
  }
}

/** The hex digest a network computes over `message` with `secret` (lowercase). */
export function digest(
  algorithm: NetworkConfig['signature']['algorithm'],
  message: string,
  secret: string,
): string {
  switch (algorithm) {
    case 'md5':
    case 'sha1':
    case 'sha256':
      return createHash(algorithm).update(message, 'utf8').digest('hex');
    case 'hmac-sha1':
      return createHmac('sha1', secret).update(message, 'utf8').digest('hex');
    case 'hmac-sha256':
      return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
    case 'none':
      return '';
  }
}

const HEX_CASE: Record<NetworkConfig['signature']['hexCase'], RegExp> = {
  lower: /^[0-9a-f]+$/,
  upper: /^[0-9A-F]+$/,
  any: /^[0-9a-fA-F]+$/,
};

/** Constant-time comparison of a received hex signature with the expected one. */
function signatureMatches(received: string, expectedHex: string, hexCase: keyof typeof HEX_CASE): boolean {
  if (received.length !== expectedHex.length || !HEX_CASE[hexCase].test(received)) return false;
  return timingSafeEqual(Buffer.from(received, 'hex'), Buffer.from(expectedHex, 'hex'));
}

/** A token's SHA-256 (what the log keeps of a URL token, and what tokens are compared by). */
export const tokenDigest = (token: string) => createHash('sha256').update(token, 'utf8').digest();

/** Constant-time comparison of two tokens of any length (their SHA-256 digests are compared). */
function tokenMatches(received: Buffer, secret: string): boolean {
  const b = tokenDigest(secret);
  return received.length === b.length && timingSafeEqual(received, b);
}

/** The secrets accepted at `now`: the current one, then the previous one inside its rotation window. */
function acceptedSecrets(config: NetworkConfig, now: Date): { secret: string; previous: boolean }[] {
  const out = [{ secret: config.secret, previous: false }];
  if (
    config.previousSecret &&
    config.previousSecretValidUntil &&
    now.getTime() < new Date(config.previousSecretValidUntil).getTime()
  )
    out.push({ secret: config.previousSecret, previous: true });
  return out;
}

type Refusal = Extract<VerifyResult, { ok: false }>;
const refuse = (reason: RefusalReason, detail: string, verified: boolean): Refusal => ({
  ok: false,
  reason,
  detail,
  verified,
});

/** Checks the credential (signature or URL token); the secret used, or the refusal. */
function checkCredential(
  config: NetworkConfig,
  req: PostbackRequest,
  raw: Record<string, string>,
  params: Params,
  now: Date,
): { previous: boolean } | Refusal {
  const secrets = acceptedSecrets(config, now);
  const sig = config.signature;
  if (sig.algorithm === 'none') {
    if (!config.tokenParam) return { previous: false };
    const token = param(config, params, config.tokenParam);
    if (!token)
      return refuse('bad_signature', `The URL token (parameter "${config.tokenParam}") is missing`, false);
    const received =
      token === MASK && req.tokenSha256 && /^[0-9a-f]{64}$/.test(req.tokenSha256)
        ? Buffer.from(req.tokenSha256, 'hex')
        : tokenDigest(token);
    const match = secrets.find((s) => tokenMatches(received, s.secret));
    return match
      ? { previous: match.previous }
      : refuse('bad_signature', `The URL token (parameter "${config.tokenParam}") does not match`, false);
  }
  const where = sig.in === 'header' ? `header "${sig.name}"` : `parameter "${sig.name}"`;
  const sent = sig.in === 'header' ? header(req.headers, sig.name ?? '') : param(config, params, sig.name);
  if (sent === undefined || sent === '')
    return refuse('bad_signature', `The signature (${where}) is missing`, false);
  if (typeof sent !== 'string')
    return refuse('malformed', `The signature (${where}) was sent more than once`, false);
  if (sent.length > NETWORK_POSTBACK_LIMITS.maxSignatureLength)
    return refuse('malformed', `The signature (${where}) is too long`, false);
  for (const s of secrets) {
    const expected = digest(sig.algorithm, signedMessage(config, params, raw, req, s.secret), s.secret);
    if (signatureMatches(sent, expected, sig.hexCase)) return { previous: s.previous };
  }
  return refuse('bad_signature', `The signature (${where}) does not match`, false);
}

const AMOUNT = /^-?\d{1,12}(\.\d{1,8})?$/;

/**
 * Verifies one postback against a network's configuration, in this order: active, well-formed and
 * within bounds, from an allowed address, correctly signed (or carrying the URL token), then read into
 * an event. The previous secret is accepted only strictly before its deadline.
 */
/**
 * Reads a verified postback's event from its parameters, when a receiver reads its own format with its
 * own schema (the native receiver: shared/contract/postback.ts) instead of the configuration's mapping.
 */
export type EventReader = (
  params: Record<string, string>,
) => PostbackEvent | { reason: 'malformed' | 'missing_parameter'; detail: string };

export function verifyPostback(
  config: NetworkConfig,
  req: PostbackRequest,
  now: Date,
  reader?: EventReader,
): VerifyResult {
  if (!config.isActive) return refuse('inactive', `Network "${config.slug}" is not active`, false);

  const raw = collectParams(req);
  if (typeof raw === 'string') return refuse('malformed', `Malformed postback: ${raw}`, false);
  // A full-URL signature covers the URL only: a body parameter would be read unsigned and could choose
  // what a signed URL credits (issue 32, item 8).
  if (config.signature.algorithm !== 'none' && config.signature.scope === 'full-url' && hasParams(req.body))
    return refuse(
      'malformed',
      'Malformed postback: this network signs the URL only, so parameters in the body are refused',
      false,
    );
  const tooLarge = sizeProblem(req, raw);
  if (tooLarge) return refuse('malformed', `Postback too large: ${tooLarge}`, false);
  const params = indexParams(config, raw);
  if (typeof params === 'string') return refuse('malformed', `Malformed postback: ${params}`, false);

  if (!ipAllowlist(config.ipAllowlist)(req.ip))
    return refuse(
      'ip_not_allowed',
      `Address ${req.ip.slice(0, 64)} is not in the network's IP allowlist`,
      false,
    );

  const credential = checkCredential(config, req, raw, params, now);
  if ('ok' in credential) return credential;

  if (reader) {
    const own = reader(raw);
    if ('reason' in own) return refuse(own.reason, own.detail, true);
    return { ok: true, event: own, usedPreviousSecret: credential.previous };
  }
  const read = readEvent(config, params);
  if ('ok' in read) return read;
  return { ok: true, event: read, usedPreviousSecret: credential.previous };
}

/** The event a verified postback describes, or why it describes none. */
function readEvent(config: NetworkConfig, params: Params): PostbackEvent | Refusal {
  const p = config.params;
  const get = (name: string | null) => {
    const v = param(config, params, name);
    return v === undefined || v === '' ? undefined : v;
  };
  const tooLong = (v: string | undefined) =>
    v !== undefined && v.length > NETWORK_POSTBACK_LIMITS.maxIdLength;

  const clickId = get(p.clickId);
  const subId = get(p.subId);
  const clickRef = clickId
    ? { kind: 'click' as const, value: clickId }
    : subId
      ? { kind: 'sub' as const, value: subId }
      : null;
  if (!clickRef)
    return refuse(
      'missing_parameter',
      `Missing ${[p.clickId, p.subId]
        .filter(Boolean)
        .map((n) => `"${n}"`)
        .join(' or ')}: no click or member to credit`,
      true,
    );
  const transactionId = get(p.transactionId);
  if (!transactionId)
    return refuse('missing_parameter', `Missing "${p.transactionId}" (the transaction id)`, true);
  const networkOfferId = get(p.offerId);
  for (const [name, v] of [
    [clickId ? p.clickId : p.subId, clickRef.value],
    [p.transactionId, transactionId],
    [p.offerId, networkOfferId],
  ] as const)
    if (tooLong(v))
      return refuse(
        'malformed',
        `"${name}" is longer than ${NETWORK_POSTBACK_LIMITS.maxIdLength} characters`,
        true,
      );

  const s = config.statuses;
  if (s.ignoreWhen) {
    const v = get(s.ignoreWhen.param);
    if (v !== undefined && s.ignoreWhen.values.includes(v))
      return refuse('ignored_status', `"${s.ignoreWhen.param}" is "${v}": not a completion`, true);
  }
  const rawStatus = get(p.status) ?? null;
  let status: PostbackStatus;
  if (rawStatus === null) {
    if (s.whenAbsent === 'refuse')
      return refuse('missing_parameter', `Missing "${p.status}" (the status)`, true);
    status = s.whenAbsent;
  } else if (s.approved.includes(rawStatus)) status = 'approved';
  else if (s.pending.includes(rawStatus)) status = 'pending';
  else if (s.reversed.includes(rawStatus)) status = 'reversed';
  else if (s.ignored.includes(rawStatus))
    return refuse('ignored_status', `"${p.status}" is "${rawStatus}": not a completion`, true);
  else if (s.otherValues === 'approved') status = 'approved';
  else
    return refuse(
      'unknown_status',
      `"${p.status}" is "${rawStatus.slice(0, 64)}", which is not a configured status value`,
      true,
    );

  const event: PostbackEvent = { clickRef, transactionId, status, rawStatus };
  if (networkOfferId !== undefined) event.networkOfferId = networkOfferId;

  const amount = get(p.payout);
  if (amount !== undefined) {
    if (!AMOUNT.test(amount))
      return refuse('malformed', `"${p.payout}" must be a number with at most 8 decimals`, true);
    const value = Number(amount);
    if (value < 0) {
      if (!config.negativePayoutReverses)
        return refuse(
          'malformed',
          `"${p.payout}" is negative, which this network does not use for reversals`,
          true,
        );
      event.status = 'reversed';
    }
    event.payout = Math.abs(value);
  }

  if (event.status === 'reversed') {
    const original =
      config.reversalIdPrefix && transactionId.startsWith(config.reversalIdPrefix)
        ? transactionId.slice(config.reversalIdPrefix.length)
        : get(p.originalTransactionId);
    if (original) {
      if (tooLong(original))
        return refuse(
          'malformed',
          `The original transaction id is longer than ${NETWORK_POSTBACK_LIMITS.maxIdLength} characters`,
          true,
        );
      event.originalTransactionId = original;
    }
  }

  const currency = get(p.currency);
  if (currency !== undefined) {
    if (!/^[A-Za-z]{3}$/.test(currency))
      return refuse('malformed', `"${p.currency}" must be a 3-letter code`, true);
    event.currency = currency.toUpperCase();
  } else if (config.defaultCurrency) event.currency = config.defaultCurrency;

  return event;
}

export interface SignedPostback {
  /** Path and query string, as the network would call it. */
  url: string;
  query: Record<string, string>;
  headers: Record<string, string>;
}

/**
 * Builds a postback as the network would send it (the inverse of verifyPostback): the given parameters
 * in order, plus the URL token or the signature where the configuration puts it. For the console's
 * "Send test postback" and for tests.
 */
export function signPostback(
  config: NetworkConfig,
  params: Record<string, string>,
  opts: { secret?: string; path?: string; origin?: string } = {},
): SignedPostback {
  const secret = opts.secret ?? config.secret;
  const path = opts.path ?? `/api/postback/${config.slug}`;
  const query: Record<string, string> = { ...params };
  const headers: Record<string, string> = {};
  const sig = config.signature;
  if (config.tokenParam && sig.algorithm === 'none') query[config.tokenParam] = secret;
  const qs = (q: Record<string, string>) =>
    Object.entries(q)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&');
  const urlOf = (q: Record<string, string>) => (Object.keys(q).length ? `${path}?${qs(q)}` : path);
  if (sig.algorithm === 'none' || !sig.name) return { url: urlOf(query), query, headers };

  const indexed = indexParams(config, query);
  if (typeof indexed === 'string') throw new Error(indexed);
  const unsigned = { url: urlOf(query), origin: opts.origin };
  let value = digest(sig.algorithm, signedMessage(config, indexed, query, unsigned, secret), secret);
  if (sig.hexCase === 'upper') value = value.toUpperCase();
  if (sig.in === 'header') {
    headers[sig.name.toLowerCase()] = value;
    return { url: urlOf(query), query, headers };
  }
  // Appended last: BitLabs' own check splits the URL on "&hash=".
  query[sig.name] = value;
  return { url: urlOf(query), query, headers };
}

/**
 * The postback URL to paste into the network's dashboard, with the network's own macros. A URL token
 * is shown as YOUR_TOKEN unless `revealToken` (the secret is write-only: lists never show it).
 */
export function postbackUrlTemplate(
  config: NetworkConfig,
  baseUrl: string,
  opts: { revealToken?: boolean } = {},
): string {
  const parts = Object.entries(config.macros).map(([name, macro]) => `${encodeURIComponent(name)}=${macro}`);
  if (config.tokenParam && config.signature.algorithm === 'none')
    parts.push(
      `${encodeURIComponent(config.tokenParam)}=${opts.revealToken ? encodeURIComponent(config.secret) : 'YOUR_TOKEN'}`,
    );
  const base = `${baseUrl.replace(/\/+$/, '')}/api/postback/${config.slug}`;
  return parts.length ? `${base}?${parts.join('&')}` : base;
}

/**
 * A stored attempt as a person may see it (the postback log): the URL token and the
 * signature replaced by ***, in the raw URL, the parameters and the headers. The log keeps the request
 * unmasked, since a full-URL signature can only be checked again (Replay) on the URL as received.
 */
export function maskedRequest(
  config: NetworkConfig,
  req: Pick<PostbackRequest, 'url' | 'query' | 'body' | 'headers'>,
): Pick<PostbackRequest, 'url' | 'query' | 'body' | 'headers'> {
  const sig = config.signature;
  const fold = (n: string) => (config.paramNamesCaseInsensitive ? n.toLowerCase() : n);
  const params = new Set(
    [config.tokenParam, sig.algorithm !== 'none' && sig.in === 'param' ? sig.name : null]
      .filter((n): n is string => !!n)
      .map(fold),
  );
  const maskParams = (source: unknown) =>
    source && typeof source === 'object' && !Array.isArray(source)
      ? Object.fromEntries(
          Object.entries(source as Record<string, unknown>).map(([k, v]) => [
            k,
            params.has(fold(k)) ? MASK : v,
          ]),
        )
      : source;
  const q = req.url.indexOf('?');
  const url =
    q < 0
      ? req.url
      : `${req.url.slice(0, q)}?${req.url
          .slice(q + 1)
          .split('&')
          .map((seg) => {
            const name = seg.split('=')[0]!;
            let decoded = name;
            try {
              decoded = decodeURIComponent(name);
            } catch {
              // A name that is not valid percent-encoding is shown as sent.
            }
            return params.has(fold(decoded)) ? `${name}=${MASK}` : seg;
          })
          .join('&')}`;
  const headerName = sig.algorithm !== 'none' && sig.in === 'header' ? sig.name?.toLowerCase() : undefined;
  const headers = Object.fromEntries(
    Object.entries(req.headers).map(([k, v]) => [k, k.toLowerCase() === headerName ? MASK : v]),
  );
  return {
    url,
    query: maskParams(req.query) as Record<string, unknown>,
    body: maskParams(req.body),
    headers,
  };
}
