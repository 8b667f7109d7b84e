// A partner network's configuration (docs/product-rules.md#partner-networks): everything the one
// verification mechanism (verify.ts) needs to read that network's postbacks. A preset (presets.ts) is
// nothing but a filled-in value of this schema. Field names are camelCase inside the server; the
// admin call's wire names (ip_allowlist, is_active...) are mapped where the call is defined. The
// enumerations are vocabulary.ts's (zod-free, so the console imports them too).
import { z } from 'zod';
import { parseIpRange } from './ip';
import {
  ANSWER_KINDS,
  HEX_CASES,
  KEYLESS_ALGORITHMS,
  MAPPED_FIELDS,
  OTHER_VALUES,
  PRESET_CHOICES,
  SIGNATURE_ALGORITHMS,
  SIGNATURE_ENCODINGS,
  SIGNATURE_PLACES,
  SIGNATURE_SCOPES,
  STATUS_LISTS,
  WHEN_ABSENT,
} from './vocabulary';

export {
  KEYLESS_ALGORITHMS,
  MAPPED_FIELDS,
  PRESET_NAMES,
  SIGNATURE_ALGORITHMS,
  type MappedField,
  type PresetName,
  type SignatureAlgorithm,
} from './vocabulary';

const PARAM_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
const paramName = z
  .string()
  .regex(PARAM_NAME, 'A parameter name is 1 to 64 letters, digits, "_", "." or "-"');
const optionalParamName = paramName.nullable();

const statusValue = z.string().min(1).max(64);

/** The shortest secret a hashed scheme accepts (a URL token too). */
export const MIN_SECRET_LENGTH = 16;

/** The widest allowlist range accepted as the only credential of an unsigned network. */
export const WIDEST_SOLE_RANGE = { v4: 16, v6: 32 } as const;

/**
 * The media types a receiver answer may declare (issue 32, item 7): the receiver answers on the app's own
 * origin, so an answer that a browser would render (text/html, image/svg+xml...) would be stored XSS.
 * No preset needs XML.
 */
export const ANSWER_MEDIA_TYPES = ['text/plain', 'application/json'] as const;

/** The media type of a Content-Type value (`text/plain; charset=utf-8` -> `text/plain`). */
export const mediaTypeOf = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();

const answerContentType = z
  .string()
  .regex(
    /^[a-z]+\/[a-z0-9.+-]+(; ?charset=[a-z0-9-]+)?$/,
    'A content type such as text/plain; charset=utf-8 or application/json',
  )
  .refine((t) => (ANSWER_MEDIA_TYPES as readonly string[]).includes(mediaTypeOf(t)), {
    message: `An answer is ${ANSWER_MEDIA_TYPES.join(' or ')} (with an optional charset): the receiver never serves content a browser would render`,
  });

const answerSchema = z.object({
  status: z
    .number()
    .int()
    .min(200, 'A success answer is a 2xx status')
    .max(299, 'A success answer is a 2xx status'),
  body: z.string().max(1024),
  contentType: answerContentType,
});

/** A refusal's status and body may be left to the receiver (null): 403, 404 or 400 JSON by reason. */
const refusalSchema = z.object({
  status: z
    .number()
    .int()
    .min(400, 'A refusal is a 4xx status')
    .max(499, 'A refusal is a 4xx status')
    .nullable(),
  body: z.string().max(1024).nullable(),
  contentType: answerSchema.shape.contentType,
});

export const networkConfigSchema = z
  .object({
    name: z.string().trim().min(1, 'Give the network a name').max(100),
    slug: z
      .string()
      .regex(
        /^[a-z0-9]+(-[a-z0-9]+)*$/,
        'The slug is lowercase letters, digits and single hyphens between them (e.g. cpx or my-network)',
      )
      .max(64, 'The slug is at most 64 characters'),
    isActive: z.boolean(),
    preset: z.enum(PRESET_CHOICES),
    /** The name of the parameter that carries each field; null where the network sends none. */
    params: z.object({
      /** Our click id, echoed back (`{click_id}` in the offer link). */
      clickId: optionalParamName,
      /** The member's public sub-id (`{sub_id}`); a click id there is accepted too. */
      subId: optionalParamName,
      transactionId: paramName,
      payout: optionalParamName,
      currency: optionalParamName,
      status: optionalParamName,
      /** The network's own offer id (matched against the offer's external_offer_id). */
      offerId: optionalParamName,
      /** On a reversal, the transaction it reverses, where the network sends it (BitLabs' [%REF%]). */
      originalTransactionId: optionalParamName,
    }),
    /**
     * A reversal whose transaction id is the original's with this prefix (ayeT: "r-" + the original):
     * the event names the original so that the receiver can find the conversion it reverses.
     */
    reversalIdPrefix: z.string().min(1).max(16).nullable(),
    /** Other parameters the network sends that a signature template may name (`ip`, `reward`...). */
    extraParams: z.array(paramName).max(16),
    /**
     * The network echoes our click id in its sub-id parameter (issue 13): a sub-id value that is one of
     * this network's click ids names that click. Off (absent) by default: a sub-id is then only ever a
     * member's sub-id, so a click id pasted into a sub-id cannot pick the click (issue 32, item 2).
     */
    clickIdInSubId: z.boolean().optional(),
    /** Torox documents `oid` but its example sends `OID`: match names regardless of case. */
    paramNamesCaseInsensitive: z.boolean(),
    /** Which values of the status parameter mean what; compared exactly, case included. */
    statuses: z.object({
      approved: z.array(statusValue).max(16),
      pending: z.array(statusValue).max(16),
      reversed: z.array(statusValue).max(16),
      /** Values that are neither a completion nor a reversal (a survey screen-out): refused as ignored_status. */
      ignored: z.array(statusValue).max(16),
      /** No status parameter configured, or none sent: what the postback means ('refuse': missing_parameter). */
      whenAbsent: z.enum(WHEN_ABSENT),
      /** A value in no list: 'refuse' (unknown_status) or treat it as an approval. */
      otherValues: z.enum(OTHER_VALUES),
      /**
       * A second parameter whose listed values make a postback neither a completion nor a reversal
       * (CPX sends survey screen-outs and rating bonuses with status 1 and `type=out` / `type=bonus`).
       */
      ignoreWhen: z.object({ param: paramName, values: z.array(statusValue).min(1).max(16) }).nullable(),
    }),
    /** A negative payout means a reversal (ayeT, the current Wannads, BitLabs reconciliations). */
    negativePayoutReverses: z.boolean(),
    /** The currency when the network sends none (its payout is documented in USD, say). */
    defaultCurrency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'A currency is a 3-letter code in capitals, e.g. USD')
      .nullable(),
    signature: z.object({
      algorithm: z.enum(SIGNATURE_ALGORITHMS),
      /**
       * What is hashed: a template of `{parameter}` placeholders and `{secret}`; every parameter but the
       * signature sorted by name (`name=value&...`, each encoded as `encoding` says); or the full URL as
       * the network called it, without the signature parameter.
       */
      scope: z.enum(SIGNATURE_SCOPES),
      template: z.string().max(512).nullable(),
      /** For sorted-params: encodeURIComponent (ours) or PHP's urlencode (http_build_query, ayeT). */
      encoding: z.enum(SIGNATURE_ENCODINGS),
      /** Where the signature travels: a parameter or a request header. */
      in: z.enum(SIGNATURE_PLACES),
      name: z
        .string()
        .regex(PARAM_NAME, 'A parameter or header name is 1 to 64 letters, digits, "_", "." or "-"')
        .nullable(),
      /** How the received hex digest is written: exactly lowercase, exactly uppercase, or either. */
      hexCase: z.enum(HEX_CASES),
    }),
    /** For an unsigned network: the parameter that carries the secret itself (a token in the URL). */
    tokenParam: optionalParamName,
    /** The signing key, or the URL token. Write-only outside the server (secretHint). */
    secret: z.string().max(256),
    /** Still accepted until previousSecretValidUntil (a rotation window), then refused. */
    previousSecret: z.string().max(256).nullable(),
    previousSecretValidUntil: z.iso.datetime({ offset: true }).nullable(),
    /** Addresses and CIDR ranges; empty = any address. */
    ipAllowlist: z.array(z.string().max(64)).max(64),
    answers: z.object({
      success: answerSchema,
      /** A replay or duplicate: a success too, or the network retries it. */
      duplicate: answerSchema,
      refusal: refusalSchema,
    }),
    /**
     * The postback URL to paste into the network's dashboard: each parameter and the network's own
     * macro for it, in order. Empty where the network appends its parameters itself (Tapjoy).
     */
    macros: z.record(paramName, z.string().min(1).max(128)),
  })
  .superRefine((c, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: 'custom', path, message });

    if (!c.params.clickId && !c.params.subId)
      issue(
        ['params', 'clickId'],
        'Name the parameter that carries our click id or the member sub-id (or both)',
      );

    const seen = new Map<string, string>();
    const key = (n: string) => (c.paramNamesCaseInsensitive ? n.toLowerCase() : n);
    for (const field of MAPPED_FIELDS) {
      const n = c.params[field];
      if (!n) continue;
      const other = seen.get(key(n));
      if (other) issue(['params', field], `Parameter "${n}" is already used for ${other}`);
      else seen.set(key(n), field);
    }

    const owner = new Map<string, string>();
    for (const list of STATUS_LISTS)
      c.statuses[list].forEach((v, i) => {
        const prev = owner.get(v);
        if (prev) issue(['statuses', list, i], `Status value "${v}" is already listed as ${prev}`);
        else owner.set(v, list);
      });
    if (!c.params.status && c.statuses.whenAbsent === 'refuse')
      issue(
        ['statuses', 'whenAbsent'],
        'With no status parameter, say what a postback means (approved or pending)',
      );

    const sig = c.signature;
    const hashed = sig.algorithm !== 'none';
    if (hashed) {
      if (!c.secret.trim()) issue(['secret'], "Enter the secret from the network's dashboard");

      if (KEYLESS_ALGORITHMS.includes(sig.algorithm) && sig.scope !== 'template')
        issue(
          ['signature', 'scope'],
          `A ${sig.algorithm} hash of the ${sig.scope === 'full-url' ? 'URL' : 'sorted parameters'} contains no secret, so anyone could compute it: use hmac-${sig.algorithm === 'md5' ? 'sha256' : sig.algorithm}, or a template with {secret}`,
        );
      if (!sig.name)
        issue(
          ['signature', 'name'],
          `Name the ${sig.in === 'header' ? 'header' : 'parameter'} that carries the signature`,
        );
      if (sig.scope === 'template') {
        if (!sig.template)
          issue(['signature', 'template'], 'Write the signature template, e.g. {transId}-{secret}');
        else checkTemplate(c, sig.template, issue);
      }
      if (sig.scope === 'full-url' && sig.in !== 'param')
        issue(['signature', 'in'], 'A signature over the full URL travels as its last parameter');
      if (c.tokenParam)
        issue(['tokenParam'], 'A URL token is for unsigned networks: choose one or the other');
    } else {
      if (c.tokenParam && c.secret.length < 16)
        issue(
          ['secret'],
          'A URL token is at least 16 characters (it is the only credential besides the IP allowlist)',
        );
      if (!c.tokenParam && c.ipAllowlist.length === 0)
        issue(
          ['signature', 'algorithm'],
          'With no signature, set a URL token or an IP allowlist: otherwise anyone can credit conversions',
        );
    }

    if ((c.previousSecret === null) !== (c.previousSecretValidUntil === null))
      issue(
        ['previousSecretValidUntil'],
        'A previous secret needs the date until which it is still accepted',
      );

    c.ipAllowlist.forEach((entry, i) => {
      const r = parseIpRange(entry);
      if ('error' in r) issue(['ipAllowlist', i], r.error);
    });

    for (const which of ANSWER_KINDS) {
      const a = c.answers[which];
      if (a.contentType.startsWith('application/json') && a.body !== null && !isJson(a.body))
        issue(['answers', which, 'body'], 'This body is declared application/json but is not valid JSON');
    }
  });

/** A network's configuration, as the verifier reads it. */
export type NetworkConfig = z.infer<typeof networkConfigSchema>;

/**
 * What an operator may not save (issue 32, item 8), beyond the schema: checked by the admin calls on
 * every create and edit (`secretChanged`: the secret is new, so its length is checked), so that a
 * stored network or a test vector with a short secret still loads. Paths as parseNetworkConfig's.
 *   - a hashed scheme's secret shorter than MIN_SECRET_LENGTH (a URL token already needs 16);
 *   - an unsigned network without a URL token whose allowlist has a range wider than /16 (IPv4) or /32
 *     (IPv6): the allowlist is then the only credential;
 *   - a full-URL signature must not come with body parameters: the receiver refuses them (verify.ts),
 *     nothing to configure.
 */
export function weakConfigurationProblems(
  c: NetworkConfig,
  opts: { secretChanged: boolean },
): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  if (opts.secretChanged && c.signature.algorithm !== 'none' && c.secret.length < MIN_SECRET_LENGTH)
    out.push({
      path: 'secret',
      message: `A signing secret is at least ${MIN_SECRET_LENGTH} characters: a shorter one can be guessed from signed postbacks`,
    });
  if (c.signature.algorithm === 'none' && !c.tokenParam)
    c.ipAllowlist.forEach((entry, i) => {
      const r = parseIpRange(entry);
      if ('error' in r) return;
      const widest = r.bytes.length === 4 ? WIDEST_SOLE_RANGE.v4 : WIDEST_SOLE_RANGE.v6;
      if (r.prefix < widest)
        out.push({
          path: `ipAllowlist.${i}`,
          message: `"${entry}" is wider than /${widest}: as the only credential of an unsigned network, list the network's own servers or set a URL token`,
        });
    });
  return out;
}

function isJson(text: string) {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** `{name}` placeholders of a signature template, in order. */
export function templatePlaceholders(template: string): string[] {
  return [...template.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]!);
}

/** The parameter names a template may name: the mapped ones, the extra ones, and the secret. */
export function knownPlaceholders(c: Pick<NetworkConfig, 'params' | 'extraParams'>): string[] {
  const mapped = MAPPED_FIELDS.map((f) => c.params[f]).filter((n): n is string => !!n);
  return ['secret', ...new Set([...mapped, ...c.extraParams])];
}

function checkTemplate(
  c: NetworkConfig,
  template: string,
  issue: (path: (string | number)[], message: string) => void,
) {
  const path = ['signature', 'template'];
  const names = templatePlaceholders(template);
  const known = knownPlaceholders(c);
  for (const n of names)
    if (!known.includes(n))
      issue(
        path,
        `Unknown placeholder {${n}}: use {secret} or a parameter name (${known
          .filter((k) => k !== 'secret')
          .map((k) => `{${k}}`)
          .join(', ')}), adding others to the extra parameters`,
      );
  if (/[{}]/.test(template.replace(/\{[^{}]*\}/g, '')))
    issue(path, 'The template has an unmatched "{" or "}"');
  if (KEYLESS_ALGORITHMS.includes(c.signature.algorithm) && !names.includes('secret'))
    issue(
      path,
      `A ${c.signature.algorithm} hash must include {secret} in its template, or anyone could compute it`,
    );
}

/**
 * What a list shows of a secret: its last 4 characters, and none of a secret shorter than
 * MIN_SECRET_LENGTH (4 of 8 characters would halve what is left to guess).
 */
export function secretHint(secret: string): string {
  return secret.length < MIN_SECRET_LENGTH ? '••••' : `••••${secret.slice(-4)}`;
}

/** What an operator may change over a preset: any field, nested objects field by field. */
export type ConfigOverrides = DeepPartial<NetworkConfig>;
type DeepPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Overrides merged over a base: objects field by field, arrays and scalars replaced whole. */
export function mergeConfig(base: unknown, overrides: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(overrides)) return overrides === undefined ? base : overrides;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(overrides)) {
    if (v === undefined) continue;
    // macros is a map the operator rewrites whole (its order is the URL's order).
    out[k] = k === 'macros' ? v : mergeConfig(base[k], v);
  }
  return out;
}

export type ConfigResult =
  { ok: true; config: NetworkConfig } | { ok: false; errors: { path: string; message: string }[] };

/** Validates a configuration; errors name the field (`signature.template`) and say what to do. */
export function parseNetworkConfig(input: unknown): ConfigResult {
  const r = networkConfigSchema.safeParse(input);
  if (r.success) return { ok: true, config: r.data };
  return {
    ok: false,
    errors: r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  };
}
