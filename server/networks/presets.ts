// The presets (docs/product-rules.md#partner-networks): each is nothing but a filled-in
// NetworkConfig (config.ts), written from the network's documentation, or from other integrators'
// code where the network publishes none. docs/partner-networks-sources.md holds the research behind
// each one (sources, gaps); the comment on each preset names its sources. An operator starts from a
// preset and may change any field.
import {
  mergeConfig,
  parseNetworkConfig,
  type ConfigOverrides,
  type ConfigResult,
  type NetworkConfig,
  type PresetName,
} from '../../shared/networks/config';

const TEXT = 'text/plain; charset=utf-8';
const JSON_TYPE = 'application/json';

/** What every preset starts from: a plain-text `ok`, the receiver's own refusals (403/404/400 JSON). */
const DEFAULTS: NetworkConfig = {
  name: '',
  slug: '',
  isActive: true,
  preset: 'native',
  params: {
    clickId: null,
    subId: null,
    transactionId: 'transaction_id',
    payout: null,
    currency: null,
    status: null,
    offerId: null,
    originalTransactionId: null,
  },
  reversalIdPrefix: null,
  extraParams: [],
  paramNamesCaseInsensitive: false,
  statuses: {
    approved: [],
    pending: [],
    reversed: [],
    ignored: [],
    whenAbsent: 'approved',
    otherValues: 'refuse',
    ignoreWhen: null,
  },
  negativePayoutReverses: false,
  defaultCurrency: null,
  signature: {
    algorithm: 'none',
    scope: 'template',
    template: null,
    encoding: 'uri-component',
    in: 'param',
    name: null,
    hexCase: 'lower',
  },
  tokenParam: null,
  secret: '',
  previousSecret: null,
  previousSecretValidUntil: null,
  ipAllowlist: [],
  answers: {
    success: { status: 200, body: 'ok', contentType: TEXT },
    duplicate: { status: 200, body: 'ok', contentType: TEXT },
    refusal: { status: null, body: null, contentType: JSON_TYPE },
  },
  macros: {},
};

const PRESETS: Record<PresetName, ConfigOverrides> = {
  // Ours (docs/product-rules.md#postbacks; server/postbacks/conversions-service.ts canonicalString):
  // HMAC-SHA256 over every parameter but `sig`, sorted, encodeURIComponent-encoded.
  // /api/postback.php stays the native receiver with its own answers; this preset is the same
  // scheme behind /api/postback/{slug}.
  native: {
    name: 'Native (our signed postback)',
    params: {
      clickId: 'click_id',
      transactionId: 'transaction_id',
      payout: 'payout',
      currency: 'currency',
      status: 'status',
    },
    statuses: { approved: ['approved'], pending: ['pending'], reversed: ['reversed'], whenAbsent: 'refuse' },
    signature: { algorithm: 'hmac-sha256', scope: 'sorted-params', in: 'param', name: 'sig' },
    answers: {
      success: { status: 200, body: '{"success":true}', contentType: JSON_TYPE },
      duplicate: { status: 200, body: '{"success":true,"duplicate":true}', contentType: JSON_TYPE },
    },
    macros: {
      click_id: '{click_id}',
      transaction_id: '{transaction_id}',
      payout: '{payout}',
      currency: '{currency}',
      status: '{status}',
    },
  },

  // CPX Research. Second-hand: no CPX postback page was found; jasonzli-DEV/enderbit
  // httpdocs/app/cpxresearch_callback.php and CPX_SETUP_INSTRUCTIONS.md, jmenichole/qualifyfirst
  // CPX-POSTBACK-READY.md, Twenti-Studio/Tasky CPX_SETUP.md. `secure_hash = md5({trans_id}-{secret})`;
  // status 1 completed, 2 canceled; type=out (screen-out) and type=bonus are not completions.
  // Survey walls send no offer id: the click is the member's latest on this network.
  cpx: {
    name: 'CPX Research',
    params: { subId: 'user_id', transactionId: 'trans_id', payout: 'amount_usd', status: 'status' },
    statuses: {
      approved: ['1'],
      reversed: ['2'],
      whenAbsent: 'refuse',
      ignoreWhen: { param: 'type', values: ['out', 'bonus'] },
    },
    defaultCurrency: 'USD',
    signature: { algorithm: 'md5', scope: 'template', template: '{trans_id}-{secret}', name: 'secure_hash' },
    // Second-hand, the same three addresses in three integrators' repositories.
    ipAllowlist: ['188.40.3.73', '157.90.97.92', '2a01:4f8:d0a:30ff::2'],
    macros: {
      status: '{status}',
      trans_id: '{trans_id}',
      user_id: '{user_id}',
      amount_local: '{amount_local}',
      amount_usd: '{amount_usd}',
      type: '{type}',
      secure_hash: '{secure_hash}',
    },
  },

  // Tapjoy (Unity "Tapjoy Offerwall"), official: dev.tapjoy.com/en/support/Self-Managed-Currency and
  // docs.unity.com .../virtual-currency/self-managed-currency. Tapjoy appends snuid, currency (the
  // AMOUNT of virtual currency, not a code), id and verifier to the callback URL itself. The colons of
  // `md5({id}:{snuid}:{currency}:{secret})` are second-hand (gist.github.com/doomspork/5062375).
  // 200 = credited, 403 = refused and not retried, anything else retried for 4 days. No reversal.
  tapjoy: {
    name: 'Tapjoy',
    params: { subId: 'snuid', transactionId: 'id' },
    extraParams: ['currency'],
    signature: {
      algorithm: 'md5',
      scope: 'template',
      template: '{id}:{snuid}:{currency}:{secret}',
      name: 'verifier',
    },
    answers: {
      success: { status: 200, body: 'OK', contentType: TEXT },
      duplicate: { status: 200, body: 'OK', contentType: TEXT },
      refusal: { status: 403, body: 'refused', contentType: TEXT },
    },
  },

  // Wannads, official legacy format: affiliates.wannads.com/documentation/postback_notifications
  // (`signature = md5(subId.transId.reward.secret)`, status 1 add / 2 subtract with a new transId).
  // The current "Reward App" format (wannads.com/documentation/postback/app) says credited/rejected
  // and a negative reward: both are accepted. Answer `ok`: Revtoo's docs, a copy of the same format.
  wannads: {
    name: 'Wannads',
    params: {
      subId: 'subId',
      transactionId: 'transId',
      payout: 'payout',
      status: 'status',
      offerId: 'campaign_id',
    },
    extraParams: ['reward'],
    statuses: { approved: ['1', 'credited'], reversed: ['2', 'rejected'], whenAbsent: 'refuse' },
    negativePayoutReverses: true,
    defaultCurrency: 'USD',
    signature: {
      algorithm: 'md5',
      scope: 'template',
      template: '{subId}{transId}{reward}{secret}',
      name: 'signature',
    },
    // Second-hand: several integrators, and a copy of Wannads' docs ("Our system IP is, 3.22.177.178").
    ipAllowlist: ['3.22.177.178'],
    macros: {
      subId: '{subId}',
      transId: '{transId}',
      reward: '{reward}',
      payout: '{payout}',
      status: '{status}',
      campaign_id: '{campaign_id}',
      signature: '{signature}',
    },
  },

  // ayeT-Studios, official: docs.ayetstudios.com .../callback-verification/hmac-security-hash-optional,
  // .../callbacks/offerwall-callbacks, .../callbacks/ip-whitelist. Header X-Ayetstudios-Security-Hash:
  // hmac-sha256 of every query parameter, ksort + http_build_query (PHP urlencode), keyed with the
  // publisher API key. Reversals (opt-in) come as is_chargeback=1, transaction_id "r-" + the original,
  // a negative currency_amount.
  ayetstudios: {
    name: 'ayeT-Studios',
    params: {
      subId: 'external_identifier',
      transactionId: 'transaction_id',
      payout: 'payout_usd',
      status: 'is_chargeback',
    },
    reversalIdPrefix: 'r-',
    statuses: { approved: ['0'], reversed: ['1'] },
    negativePayoutReverses: true,
    defaultCurrency: 'USD',
    signature: {
      algorithm: 'hmac-sha256',
      scope: 'sorted-params',
      encoding: 'php-urlencode',
      in: 'header',
      name: 'X-Ayetstudios-Security-Hash',
    },
    ipAllowlist: [
      '51.79.101.241',
      '158.69.185.134',
      '158.69.185.154',
      '35.165.166.40',
      '35.166.159.131',
      '52.40.3.140',
    ],
    macros: {
      transaction_id: '{transaction_id}',
      external_identifier: '{external_identifier}',
      payout_usd: '{payout_usd}',
      currency_amount: '{currency_amount}',
      is_chargeback: '{is_chargeback}',
    },
  },

  // BitLabs, official: developer.bitlabs.ai/docs/securing-callbacks-through-hashing (HMAC-SHA1, hex, of
  // the whole URL as called, without `&hash=`, which BitLabs appends last), .../callback-parameters,
  // .../survey-callbacks. The URL parameter names are the operator's: these are ours. [%TYPE%] is
  // COMPLETE, SCREENOUT, START_BONUS or RECONCILIATION; stateful offers send COMPLETED, PENDING,
  // RECONCILED (or REJECTED, REVIEWING for receipts).
  bitlabs: {
    name: 'BitLabs',
    params: {
      subId: 'uid',
      transactionId: 'tx',
      payout: 'usd',
      status: 'type',
      offerId: 'offer_id',
      originalTransactionId: 'ref',
    },
    extraParams: ['val'],
    statuses: {
      approved: ['COMPLETE', 'COMPLETED'],
      pending: ['PENDING'],
      reversed: ['RECONCILIATION', 'RECONCILED', 'REJECTED'],
      ignored: ['SCREENOUT', 'START_BONUS', 'NONE', 'REVIEWING'],
    },
    negativePayoutReverses: true,
    defaultCurrency: 'USD',
    signature: { algorithm: 'hmac-sha1', scope: 'full-url', in: 'param', name: 'hash' },
    macros: {
      uid: '[%USER:UID%]',
      tx: '[%TX%]',
      usd: '[%VALUE:USD%]',
      val: '[%VALUE:CURRENCY%]',
      type: '[%TYPE%]',
      offer_id: '[%OFFER:ID%]',
      ref: '[%REF%]',
    },
  },

  // AdGate Media (Prodege Ads), official: docs.adgatemedia.com/postbacks/postback-information. No
  // signature: "the postback URL ... unique to AdGate Media" (our token) plus IP 52.42.57.125.
  // state = approved | pending | rejected, sent only when {state} is in the URL. `{offer_id}` is named
  // in the presets table but was not seen in AdGate's macro list: add it to the URL if the
  // dashboard offers it.
  adgatemedia: {
    name: 'AdGate Media',
    params: {
      subId: 's1',
      transactionId: 'conversion_id',
      payout: 'payout',
      status: 'state',
      offerId: 'offer_id',
    },
    extraParams: ['points'],
    statuses: { approved: ['approved'], pending: ['pending'], reversed: ['rejected'] },
    defaultCurrency: 'USD',
    tokenParam: 'token',
    ipAllowlist: ['52.42.57.125'],
    macros: {
      conversion_id: '{conversion_id}',
      s1: '{s1}',
      points: '{points}',
      payout: '{payout}',
      state: '{state}',
    },
  },

  // Lootably. Hash official (Lootably's own npm module lootably-postback-hash, repository
  // Lootablycom/lootably-postback-hash, index.ts): sha256({userID}{ip}{revenue}{currencyReward}{secret}).
  // Parameters: documentation.lootably.com/docs/postbacks. status is second-hand: "0" is a chargeback
  // under the same transactionID, any other value credits.
  lootably: {
    name: 'Lootably',
    params: {
      subId: 'userID',
      transactionId: 'transactionID',
      payout: 'revenue',
      status: 'status',
      offerId: 'offerID',
    },
    extraParams: ['ip', 'currencyReward'],
    statuses: { approved: ['1'], reversed: ['0'], otherValues: 'approved' },
    defaultCurrency: 'USD',
    signature: {
      algorithm: 'sha256',
      scope: 'template',
      template: '{userID}{ip}{revenue}{currencyReward}{secret}',
      name: 'hash',
    },
    macros: {
      userID: '{userID}',
      transactionID: '{transactionID}',
      ip: '{ip}',
      offerID: '{offerID}',
      revenue: '{revenue}',
      currencyReward: '{currencyReward}',
      status: '{status}',
      hash: '{hash}',
    },
  },

  // Torox (formerly OfferToro), official for OfferToro: www.offertoro.com/docs/postback: sig =
  // md5({oid}-{user_id}-{App Placement KEY}). Its example sends `OID` and `Amount` where the list
  // says `oid` and `amount`: names match in any case. `payout` and `sig` as parameter names are
  // from the presets table, unconfirmed. No reversal documented; answer `1` (the presets table,
  // unconfirmed). The signature covers neither amount nor id: keep an IP allowlist when Torox
  // publishes its addresses.
  torox: {
    name: 'Torox',
    params: { subId: 'user_id', transactionId: 'id', payout: 'payout', offerId: 'oid' },
    extraParams: ['amount'],
    paramNamesCaseInsensitive: true,
    defaultCurrency: 'USD',
    signature: { algorithm: 'md5', scope: 'template', template: '{oid}-{user_id}-{secret}', name: 'sig' },
    answers: {
      success: { status: 200, body: '1', contentType: TEXT },
      duplicate: { status: 200, body: '1', contentType: TEXT },
    },
    macros: {
      id: '{id}',
      oid: '{oid}',
      amount: '{amount}',
      user_id: '{user_id}',
      payout: '{payout}',
      sig: '{sig}',
    },
  },

  // TUNE/HasOffers partner conversion link, official: support.tune.com articles 1500008248741 (Passing
  // Values to a Partner Conversion URL) and 1500005236722 (unique values in aff_click_id, non-unique in
  // aff_sub); the same pattern for Everflow ({transaction_id}, {sub1}...) and CAKE. No signature: a
  // secret token in the URL plus the network instance's IP allowlist. Status values are Everflow's
  // conversion statuses; TUNE itself reverses through a separate URL that can carry status=rejected.
  tune: {
    name: 'TUNE / HasOffers',
    params: {
      clickId: 'aff_click_id',
      subId: 'aff_sub',
      transactionId: 'transaction_id',
      payout: 'payout',
      status: 'status',
      offerId: 'offer_id',
    },
    statuses: { approved: ['approved'], pending: ['pending'], reversed: ['rejected', 'reversed', 'invalid'] },
    tokenParam: 'token',
    macros: {
      aff_click_id: '{aff_click_id}',
      aff_sub: '{aff_sub}',
      transaction_id: '{transaction_id}',
      payout: '{payout}',
      offer_id: '{offer_id}',
    },
  },
};

/**
 * A preset's configuration: complete but for the secret, with the preset's name as its slug. It does
 * not validate until a secret (or a URL token) is set.
 */
export function presetConfig(name: PresetName): NetworkConfig {
  const merged = mergeConfig(DEFAULTS, PRESETS[name]) as NetworkConfig;
  return { ...merged, preset: name, slug: name };
}

/** Where a `custom` network starts: the bare defaults, with no name or slug. */
export function customConfig(): NetworkConfig {
  return structuredClone({ ...DEFAULTS, preset: 'custom', name: '', slug: '' });
}

/** A network made from a preset ('custom': from the bare defaults) with an operator's overrides over it. */
export function configFromPreset(name: PresetName | 'custom', overrides: ConfigOverrides): ConfigResult {
  const base = name === 'custom' ? customConfig() : presetConfig(name);
  return parseNetworkConfig(mergeConfig(base, { ...overrides, preset: name }));
}
