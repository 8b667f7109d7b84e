// Configuration, parsed once at start with a schema: every environment variable the server reads is
// read here (scripts, benches and tests keep their own). A missing or contradictory value stops the
// start with a message that names it. `Config` is the schema's output type.
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { firebaseWebConfig as firebaseWebConfigSchema } from '../shared/contract/system';
import { STATE_CODES } from '../shared/fair-play';
import {
  DEFAULT_SLOT_CONFIG,
  isValidProbabilityTotal,
  parseSlotConfig,
  type SlotConfig,
} from '../shared/slot';

export class ConfigError extends Error {}

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).optional(),
  HOST: z.string().optional(),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().optional(),
  POSTBACK_SECRET: z.string().min(16, 'POSTBACK_SECRET must be at least 16 characters').optional(),
  FIREBASE_PROJECT_ID: z.string().optional(),
  FIREBASE_WEB_CONFIG: z.string().optional(),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  SESSION_SECRET: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  TRUST_PROXY: z.string().optional(),
  /** Trust signals' datasets (docs/trust-and-safety.md): another @ip-location-db/asn folder, a hosting-ASN override file. */
  TRUST_ASN_DATASET_DIR: z.string().optional(),
  TRUST_HOSTING_ASNS_FILE: z.string().optional(),
  /** 'off' skips the trust checks (no evidence at sign-in, no hold at approval): an incident switch and the bench's baseline. */
  TRUST_CHECKS: z.enum(['on', 'off'], 'TRUST_CHECKS must be on or off').optional(),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  MEMBER_LOGIN_RATE_LIMIT: z.coerce.number().int().positive().optional(),
  HOLD_RELEASE_INTERVAL_SECONDS: z.coerce.number().int().positive().max(3600).optional(),
  NETWORK_POSTBACK_RATE_LIMIT: z.coerce.number().int().positive().optional(),
  DB_POOL_MAX: z.coerce.number().int().positive().optional(),
  SKIP_BUILD: z.string().optional(),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  REVERSAL_HOLD_THRESHOLD: z.coerce
    .number()
    .int('REVERSAL_HOLD_THRESHOLD must be a whole number of reversals (0 turns the hold off)')
    .min(0, 'REVERSAL_HOLD_THRESHOLD must be 0 (off) or more')
    .optional(),
  REVERSAL_HOLD_DAYS: z.coerce
    .number()
    .int('REVERSAL_HOLD_DAYS must be a whole number of days (0 turns the hold off)')
    .min(0, 'REVERSAL_HOLD_DAYS must be 0 (off) or more')
    .max(3650, 'REVERSAL_HOLD_DAYS must be at most 3650')
    .optional(),
  CLAIM_MIN_AGE_MINUTES: z.coerce
    .number()
    .int('CLAIM_MIN_AGE_MINUTES must be a whole number of minutes')
    .min(0, 'CLAIM_MIN_AGE_MINUTES must be 0 or more')
    .max(1440, 'CLAIM_MIN_AGE_MINUTES must be at most 1440 (a day)')
    .optional(),
  MEMBER_ANSWERS_CACHE_MB: z.coerce
    .number()
    .int('MEMBER_ANSWERS_CACHE_MB must be a whole number of megabytes (0 turns the cache off)')
    .min(0, 'MEMBER_ANSWERS_CACHE_MB must be 0 (off) or more')
    .max(4096, 'MEMBER_ANSWERS_CACHE_MB must be at most 4096')
    .optional(),
  MEMBER_EVENT_STREAMS_PER_ADDRESS: z.coerce
    .number()
    .int('MEMBER_EVENT_STREAMS_PER_ADDRESS must be a whole number of streams')
    .min(1, 'MEMBER_EVENT_STREAMS_PER_ADDRESS must be at least 1')
    .optional(),
  MEMBER_EVENT_STREAMS_MAX: z.coerce
    .number()
    .int('MEMBER_EVENT_STREAMS_MAX must be a whole number of streams')
    .min(1, 'MEMBER_EVENT_STREAMS_MAX must be at least 1')
    .optional(),
  MEMBER_EVENT_STREAM_MAX_MINUTES: z.coerce
    .number()
    .int('MEMBER_EVENT_STREAM_MAX_MINUTES must be a whole number of minutes')
    .min(1, 'MEMBER_EVENT_STREAM_MAX_MINUTES must be at least 1')
    .max(1440, 'MEMBER_EVENT_STREAM_MAX_MINUTES must be at most 1440 (a day)')
    .optional(),
  /** Web Push (issue 38, docs/operations.md#web-push): the VAPID key pair (base64url) and its subject. */
  PUSH_VAPID_PUBLIC_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{87}$/,
      'PUSH_VAPID_PUBLIC_KEY must be an uncompressed P-256 public key in base64url (87 characters)',
    )
    .optional(),
  PUSH_VAPID_PRIVATE_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{43}$/,
      'PUSH_VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters)',
    )
    .optional(),
  PUSH_VAPID_SUBJECT: z
    .string()
    .regex(
      /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/,
      'PUSH_VAPID_SUBJECT must be a mailto: address or an https: URL',
    )
    .optional(),
  PUSH_RATE_LIMIT_PER_HOUR: z.coerce
    .number()
    .int('PUSH_RATE_LIMIT_PER_HOUR must be a whole number of notifications')
    .min(1, 'PUSH_RATE_LIMIT_PER_HOUR must be at least 1')
    .max(1000, 'PUSH_RATE_LIMIT_PER_HOUR must be at most 1000')
    .optional(),
  /** Fair play (issue 37, docs/operations.md "Fair play: what the operator configures and publishes"). */
  OPERATOR_NAME: z.string().max(200).optional(),
  OPERATOR_ADDRESS: z.string().max(500).optional(),
  GRIEVANCE_OFFICER_NAME: z.string().max(200).optional(),
  GRIEVANCE_OFFICER_EMAIL: z.email('GRIEVANCE_OFFICER_EMAIL must be an email address').optional(),
  SUPPORT_EMAIL: z.email('SUPPORT_EMAIL must be an email address').optional(),
  SUPPORT_PHONE: z.string().max(40).optional(),
  EXCLUDED_STATES: z.string().optional(),
  FREE_DAILY_SPIN: z.enum(['on', 'off'], 'FREE_DAILY_SPIN must be on or off').optional(),
  FREE_DAILY_SPINS_PER_DAY: z.coerce
    .number()
    .int('FREE_DAILY_SPINS_PER_DAY must be a whole number of spins')
    .min(1, 'FREE_DAILY_SPINS_PER_DAY must be at least 1')
    .max(10, 'FREE_DAILY_SPINS_PER_DAY must be at most 10')
    .optional(),
  FREE_DAILY_SPIN_TABLE: z.string().optional(),
  TERMS_VERSION: z
    .string()
    .regex(
      /^[A-Za-z0-9._-]{1,40}$/,
      'TERMS_VERSION must be 1-40 letters, digits, dots, dashes or underscores',
    )
    .optional(),
  FX_USD_INR: z.coerce
    .number('FX_USD_INR must be a number of rupees per US dollar')
    .positive('FX_USD_INR must be a number of rupees per US dollar above 0')
    .max(10_000, 'FX_USD_INR must be at most 10000 rupees per US dollar')
    .optional(),
});

/**
 * Missing-conversion claims (docs/product-rules.md#claims): how long after starting an offer a member
 * may report it as not credited (partners take a while to confirm). CLAIM_MIN_AGE_MINUTES sets it (the
 * end-to-end suite sets 0, since it cannot age a click in the server's embedded database).
 */
export const CLAIM_MIN_AGE_MINUTES_DEFAULT = 60;

/** FX_USD_INR unset: rupees per US dollar used to show USD payouts beside rupee voucher costs. */
export const FX_USD_INR_DEFAULT = 83;

/**
 * The reversal hold (docs/product-rules.md): a member with `threshold` reversed completions within the
 * last `days` days is blocked pending review; 0 in either turns it off.
 */
export interface ReversalHoldPolicy {
  threshold: number;
  days: number;
}
export const REVERSAL_HOLD_DEFAULTS: ReversalHoldPolicy = { threshold: 3, days: 30 };

/**
 * Fastify's trustProxy: false (X-Forwarded-For ignored), a hop count (that many proxies in front of
 * the server are trusted, the address before them is the client's), or the proxies' addresses/CIDRs.
 */
type TrustProxy = false | number | string[];

const FIREBASE_WEB_CONFIG_MESSAGE =
  'Invalid configuration: FIREBASE_WEB_CONFIG must be JSON with apiKey, authDomain and projectId';

/** NODE_ENV values that run demo mode; demo is chosen explicitly (a typo must not turn it on). */
const DEMO_NODE_ENVS = new Set([undefined, 'development', 'test']);

const PROXY_KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset, `0` or `false`: no proxy. `1` or `true`: one proxy (a hop count of 1: only the
 * address that proxy appended is believed, never what the client wrote before it). `N`: N proxies.
 * Otherwise a comma-separated list of the proxies' addresses or CIDRs (or proxy-addr's `loopback`,
 * `linklocal`, `uniquelocal`).
 */
function parseTrustProxy(raw: string | undefined): TrustProxy {
  if (raw === undefined) return false;
  const value = raw.trim().toLowerCase();
  if (value === '0' || value === 'false') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 0 && hops <= 32) return hops;
  } else {
    const entries = value.split(',').map((e) => e.trim());
    const valid = (entry: string) => {
      if (PROXY_KEYWORDS.has(entry)) return true;
      const [address, prefix, ...rest] = entry.split('/');
      const family = isIP(address ?? '');
      if (!family || rest.length) return false;
      if (prefix === undefined) return true;
      if (!/^\d+$/.test(prefix)) return false;
      return Number(prefix) <= (family === 4 ? 32 : 128);
    };
    if (entries.length && entries.every(valid)) return entries;
  }
  throw new ConfigError(
    `Invalid configuration: TRUST_PROXY: "${raw}" is neither a hop count (1-32), true/false, nor a comma-separated list of proxy addresses or CIDRs`,
  );
}

/**
 * Fastify's trustProxy option for `setting`. A hop count becomes a trust function (the first `hops`
 * addresses counted from the socket are proxies): Fastify 5.12 reads a bare number as "trust nothing",
 * since a hop count cannot tell a proxy from a direct client (docs/operations.md: use a hop count only
 * when the server is reachable through the proxy alone, or list the proxies).
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

export const DEMO_PROJECT_ID = 'demo-spinrewards';
export const DEMO_EMULATOR_HOST = '127.0.0.1:9099';

function blankToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(env)) out[k] = v === '' ? undefined : v;
  return out;
}

function parseFirebaseWebConfig(raw: string): z.infer<typeof firebaseWebConfigSchema> {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ConfigError(FIREBASE_WEB_CONFIG_MESSAGE);
  }
  const web = firebaseWebConfigSchema.safeParse(json);
  if (!web.success) throw new ConfigError(FIREBASE_WEB_CONFIG_MESSAGE);
  return web.data;
}

/** The demo operator's identity: placeholders a real operator replaces (docs/operations.md). */
export const DEMO_OPERATOR = {
  name: 'SpinRewards Demo Private Limited',
  address: '4th Floor, 12 MG Road, Bengaluru, Karnataka 560001, India',
  grievanceOfficerName: 'A. Grievance Officer',
  grievanceOfficerEmail: 'grievance@spinrewards.example',
  supportEmail: 'support@spinrewards.example',
  supportPhone: null as string | null,
};
/** TERMS_VERSION unset: the version of the terms' template this build ships. */
export const DEFAULT_TERMS_VERSION = '2026.1';
/** Demo mode's excluded states when EXCLUDED_STATES is unset (production: none unless listed). */
export const DEMO_EXCLUDED_STATES = ['AS', 'TG'];

/** EXCLUDED_STATES: comma-separated ISO 3166-2:IN codes (without "IN-"), or "none". */
function parseExcludedStates(raw: string | undefined, production: boolean): string[] {
  if (raw === undefined) return production ? [] : DEMO_EXCLUDED_STATES;
  if (raw.trim().toLowerCase() === 'none') return [];
  const codes = raw
    .split(',')
    .map((c) => c.trim().toUpperCase().replace(/^IN-/, ''))
    .filter(Boolean);
  const known = new Set<string>(STATE_CODES);
  const unknown = codes.find((c) => !known.has(c));
  if (unknown)
    throw new ConfigError(
      `Invalid configuration: EXCLUDED_STATES: "${unknown}" is not a state code (ISO 3166-2:IN, e.g. TN,AS), or use "none"`,
    );
  return [...new Set(codes)].sort();
}

/** FREE_DAILY_SPIN_TABLE: a slot table as JSON ({"reels":[{"amount":10,"probability":5},...]}); unset: the free-spin table. */
function parseDailyTable(raw: string | undefined): SlotConfig {
  if (raw === undefined) return DEFAULT_SLOT_CONFIG;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    json = null;
  }
  const table = parseSlotConfig(json);
  if (!table || table.reels.length === 0 || !isValidProbabilityTotal(table.reels))
    throw new ConfigError(
      'Invalid configuration: FREE_DAILY_SPIN_TABLE must be JSON like {"reels":[{"amount":10,"probability":5}]} with probabilities above 0 and below 100 in all',
    );
  return table;
}

/** The server's settings from the parsed variables; a contradiction throws a ConfigError naming it. */
function toConfig(env: z.infer<typeof envSchema>) {
  const production = env.NODE_ENV === 'production';
  if (!production && !DEMO_NODE_ENVS.has(env.NODE_ENV)) {
    // `Production`, `prod`, `staging`…: running demo mode (unsigned emulator tokens, the demo partner's
    // self-approval route) by a typo would be a hole, so only the exact names are accepted.
    throw new ConfigError(
      `Invalid configuration: NODE_ENV: "${env.NODE_ENV}" is not a known mode; use "production", or "development" (or leave it unset) for demo mode`,
    );
  }
  const port = env.PORT ?? 3000;

  if (production) {
    const required = [
      'DATABASE_URL',
      'FIREBASE_PROJECT_ID',
      'FIREBASE_WEB_CONFIG',
      'POSTBACK_SECRET',
      'PUBLIC_URL',
      'SESSION_SECRET',
    ] as const;
    for (const name of required) {
      if (!env[name]) throw new ConfigError(`Missing required configuration in production: ${name}`);
    }
    // Unsigned emulator tokens must never be accepted in production.
    if (env.FIREBASE_AUTH_EMULATOR_HOST) {
      throw new ConfigError(
        'FIREBASE_AUTH_EMULATOR_HOST must not be set in production (it makes the server accept unsigned tokens)',
      );
    }
  }

  const vapidSet = [env.PUSH_VAPID_PUBLIC_KEY, env.PUSH_VAPID_PRIVATE_KEY].filter(Boolean).length;
  if (vapidSet === 1) {
    throw new ConfigError(
      'Invalid configuration: PUSH_VAPID_PUBLIC_KEY and PUSH_VAPID_PRIVATE_KEY are set together (one key pair), or neither',
    );
  }
  if (production && vapidSet === 2 && !env.PUSH_VAPID_SUBJECT) {
    throw new ConfigError(
      'Missing required configuration in production: PUSH_VAPID_SUBJECT (a mailto: address or an https: URL push services can reach you at)',
    );
  }

  const projectId = env.FIREBASE_PROJECT_ID ?? DEMO_PROJECT_ID;
  const firebaseWebConfig: z.infer<typeof firebaseWebConfigSchema> = env.FIREBASE_WEB_CONFIG
    ? parseFirebaseWebConfig(env.FIREBASE_WEB_CONFIG)
    : { apiKey: 'demo-api-key', authDomain: `${projectId}.firebaseapp.com`, projectId };

  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    mode: production ? ('production' as const) : ('demo' as const),
    port,
    host: env.HOST ?? (production ? '0.0.0.0' : 'localhost'),
    publicUrl,
    databaseUrl: env.DATABASE_URL ?? null,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    /** The trust checks (issue 33): on unless TRUST_CHECKS=off. */
    trustChecks: env.TRUST_CHECKS !== 'off',
    /** How often each process releases medium-risk holds whose wait is over (default every minute). */
    holdReleaseIntervalMs: (env.HOLD_RELEASE_INTERVAL_SECONDS ?? 60) * 1000,
    /** Where the address signals' datasets are read from (null: the installed packages). */
    trustSignals: {
      asnDatasetDir: env.TRUST_ASN_DATASET_DIR ? path.resolve(env.TRUST_ASN_DATASET_DIR) : null,
      hostingAsnsFile: env.TRUST_HOSTING_ASNS_FILE ? path.resolve(env.TRUST_HOSTING_ASNS_FILE) : null,
    },
    /** PostgreSQL connections per process. */
    dbPoolMax: env.DB_POOL_MAX ?? 10,
    postbackSecret: env.POSTBACK_SECRET ?? null,
    /** Signs session cookies: required in production, a fixed local value in demo mode. */
    sessionSecret: env.SESSION_SECRET ?? 'demo-session-secret-not-for-production',
    firebaseProjectId: projectId,
    firebaseWebConfig,
    authEmulatorHost: production ? null : (env.FIREBASE_AUTH_EMULATOR_HOST ?? null),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    /** Bearer token that /api/metrics requires; null: metrics are served to loopback callers only. */
    metricsToken: env.METRICS_TOKEN ?? null,
    secureCookies: publicUrl.startsWith('https://'),
    memberSessionDays: 30,
    adminSessionHours: 12,
    /** Member sign-ins per IP per minute (a cheap first line; tokens are verified anyway). */
    memberLoginRateLimit: env.MEMBER_LOGIN_RATE_LIMIT ?? 30,
    /** Postbacks per partner network per minute, per process, on /api/postback/{slug} (429 beyond). */
    networkPostbacksPerMinute: env.NETWORK_POSTBACK_RATE_LIMIT ?? 6000,
    distDir: path.resolve('dist'),
    /** Demo mode (`npm start`): set to any value, the start serves dist/ as it is, without rebuilding. */
    skipBuild: env.SKIP_BUILD !== undefined,
    /** Demo mode: the administrator the demo data creates (a generated password when unset). */
    demoAdmin: { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD },
    /** REVERSAL_HOLD_THRESHOLD / REVERSAL_HOLD_DAYS: passed to every postback receiver's rules. */
    reversalHold: {
      threshold: env.REVERSAL_HOLD_THRESHOLD ?? REVERSAL_HOLD_DEFAULTS.threshold,
      days: env.REVERSAL_HOLD_DAYS ?? REVERSAL_HOLD_DEFAULTS.days,
    } satisfies ReversalHoldPolicy,
    /**
     * FX_USD_INR: rupees per US dollar. Payouts arrive in USD, vouchers are rupees; the dashboard and the
     * offers list convert revenue with it to show revenue, voucher cost and margin side by side.
     */
    fxUsdInr: env.FX_USD_INR ?? FX_USD_INR_DEFAULT,
    /**
     * Fair play (issue 37): the operator's identity and contact (the terms, the privacy policy, the
     * rules and every "contact support"), the states where the promotion is not offered, the free way
     * to play (off by default in production, on in demo mode) and the current terms' version.
     */
    fairPlay: {
      operator: {
        name: env.OPERATOR_NAME ?? DEMO_OPERATOR.name,
        address: env.OPERATOR_ADDRESS ?? DEMO_OPERATOR.address,
        grievanceOfficerName: env.GRIEVANCE_OFFICER_NAME ?? DEMO_OPERATOR.grievanceOfficerName,
        grievanceOfficerEmail: env.GRIEVANCE_OFFICER_EMAIL ?? DEMO_OPERATOR.grievanceOfficerEmail,
        supportEmail: env.SUPPORT_EMAIL ?? DEMO_OPERATOR.supportEmail,
        supportPhone: env.SUPPORT_PHONE ?? DEMO_OPERATOR.supportPhone,
      },
      excludedStates: parseExcludedStates(env.EXCLUDED_STATES, production),
      dailySpin: {
        enabled: (env.FREE_DAILY_SPIN ?? (production ? 'off' : 'on')) === 'on',
        perDay: env.FREE_DAILY_SPINS_PER_DAY ?? 1,
        table: parseDailyTable(env.FREE_DAILY_SPIN_TABLE),
      },
      termsVersion: env.TERMS_VERSION ?? DEFAULT_TERMS_VERSION,
    },
    /** CLAIM_MIN_AGE_MINUTES: a click this young cannot be claimed yet (docs/product-rules.md#claims). */
    claimMinAgeMinutes: env.CLAIM_MIN_AGE_MINUTES ?? CLAIM_MIN_AGE_MINUTES_DEFAULT,
    /**
     * Live member updates (GET /api/events.php): a comment line every `heartbeatMs` keeps idle streams
     * and proxies open; the last `bufferSize` events (all members) can be replayed to a stream that
     * resumes; a member may hold `streamsPerMember` streams per process (one per open tab).
     * MEMBER_EVENT_STREAMS_PER_ADDRESS: streams one address may hold on a process, whoever is signed in
     * (many members behind one NAT stay well under it; one client opening streams for many accounts
     * does not); MEMBER_EVENT_STREAMS_MAX: streams a process holds in all (beyond either: 429).
     * MEMBER_EVENT_STREAM_MAX_MINUTES: a stream is ended by the server after this long (less up to a
     * tenth, so that streams opened together do not end together); the app reconnects and resumes.
     */
    memberEvents: {
      heartbeatMs: 20_000,
      bufferSize: 10_000,
      streamsPerMember: 10,
      streamsPerAddress: env.MEMBER_EVENT_STREAMS_PER_ADDRESS ?? 100,
      maxStreams: env.MEMBER_EVENT_STREAMS_MAX ?? 10_000,
      maxAgeMs: (env.MEMBER_EVENT_STREAM_MAX_MINUTES ?? 60) * 60_000,
    },
    /**
     * MEMBER_ANSWERS_CACHE_MB: the member answers each process keeps
     * (docs/decisions/member-answers-cache.md), in megabytes of JSON; 0 keeps none (every member read makes
     * its round trip).
     */
    memberAnswersCacheBytes: (env.MEMBER_ANSWERS_CACHE_MB ?? 32) * 1024 * 1024,
    /**
     * Web Push (issue 38, server/push/): the VAPID keys from the environment (null: generated once and
     * kept in the data folder in demo mode; off in production), the subject push services may contact,
     * notifications per member per hour, and whether a subscription may name a plain-http endpoint
     * (demo mode and tests only: the local push receiver).
     */
    push: {
      vapidKeys:
        env.PUSH_VAPID_PUBLIC_KEY && env.PUSH_VAPID_PRIVATE_KEY
          ? { publicKey: env.PUSH_VAPID_PUBLIC_KEY, privateKey: env.PUSH_VAPID_PRIVATE_KEY }
          : null,
      subject: env.PUSH_VAPID_SUBJECT ?? 'mailto:push@spinrewards.example',
      ratePerHour: env.PUSH_RATE_LIMIT_PER_HOUR ?? 6,
      allowInsecureEndpoints: !production,
      /** The expiry job's interval: vouchers expiring within 3 days are looked for this often. */
      expiryJobMs: 15 * 60_000,
    },
  };
}

/** The environment, read once: its variables checked one by one, then turned into the server's settings. */
const configSchema = envSchema.transform(toConfig);
export type Config = z.infer<typeof configSchema>;

export function loadConfig(rawEnv: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(blankToUndefined(rawEnv));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])}: ${issue.message}`);
  }
  return parsed.data;
}
