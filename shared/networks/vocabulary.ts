// The words of partner-network configurations and of the postback log, as plain constant arrays: the
// one list of each. Zod-free on purpose, so that the admin console imports them at run time without
// zod reaching its bundle; the schemas (config.ts, shared/contract/admin/postbacks.ts) build their
// enums from them.

/** The networks a preset exists for (server/networks/presets.ts), in the order they are listed. */
export const PRESET_NAMES = [
  'native',
  'cpx',
  'tapjoy',
  'wannads',
  'ayetstudios',
  'bitlabs',
  'adgatemedia',
  'lootably',
  'torox',
  'tune',
] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

/** What a network is made from: a preset, or `custom` (the bare defaults). */
export const PRESET_CHOICES = [...PRESET_NAMES, 'custom'] as const;
export type PresetChoice = (typeof PRESET_CHOICES)[number];

export const SIGNATURE_ALGORITHMS = ['none', 'md5', 'sha1', 'sha256', 'hmac-sha1', 'hmac-sha256'] as const;
export type SignatureAlgorithm = (typeof SIGNATURE_ALGORITHMS)[number];

/** The plain digests: their message must contain the secret, or anyone could compute them. */
export const KEYLESS_ALGORITHMS: readonly SignatureAlgorithm[] = ['md5', 'sha1', 'sha256'];

/** What is hashed: a template, every parameter sorted by name, or the full URL. */
export const SIGNATURE_SCOPES = ['template', 'sorted-params', 'full-url'] as const;
/** How sorted parameters are encoded: encodeURIComponent, or PHP's urlencode. */
export const SIGNATURE_ENCODINGS = ['uri-component', 'php-urlencode'] as const;
/** Where the signature travels: a parameter or a request header. */
export const SIGNATURE_PLACES = ['param', 'header'] as const;
/** How the received hex digest is written. */
export const HEX_CASES = ['lower', 'upper', 'any'] as const;

/** What a postback without a status means. */
export const WHEN_ABSENT = ['approved', 'pending', 'refuse'] as const;
/** What a status value in no list means. */
export const OTHER_VALUES = ['refuse', 'approved'] as const;
/** The lists of status values, each a meaning. */
export const STATUS_LISTS = ['approved', 'pending', 'reversed', 'ignored'] as const;
/** The receiver's answers a network is given. */
export const ANSWER_KINDS = ['success', 'duplicate', 'refusal'] as const;

/** The fields a network's parameters map to, in the order they are listed to an operator. */
export const MAPPED_FIELDS = [
  'clickId',
  'subId',
  'transactionId',
  'payout',
  'currency',
  'status',
  'offerId',
  'originalTransactionId',
] as const;
export type MappedField = (typeof MAPPED_FIELDS)[number];

/** Outcomes answered as success to the network: credited, or recorded without a grant. */
export const POSTBACK_SUCCESS_OUTCOMES = [
  'accepted',
  'held',
  'completed_pending',
  'extra_event',
  'replay',
  'ignored_transition',
  'ignored_status',
  'duplicate_conversion',
] as const;

/** Outcomes a postback attempt is logged with (the receivers' answers): the successes, then the refusals. */
export const POSTBACK_OUTCOMES = [
  ...POSTBACK_SUCCESS_OUTCOMES,
  'bad_signature',
  'ip_not_allowed',
  'inactive',
  'unknown_network',
  'unknown_click',
  'malformed',
  'missing_parameter',
  'unknown_status',
  'too_large',
  'transaction_conflict',
  'offer_mismatch',
  'rate_limited',
  'no_secret',
  'unsupported_media_type',
] as const;
export type PostbackOutcome = (typeof POSTBACK_OUTCOMES)[number];
