// What the console's create form shows of each preset, and of `custom` (the bare defaults): its
// settings (server/networks/presets.ts), where it was written from and what an operator must do
// besides pasting the URL. The sources are the ones each preset's comment names;
// docs/partner-networks-sources.md holds the research in full.
import type { AdminNetworkPreset } from '../../../shared/contract/admin/networks';
import { PRESET_NAMES, type PresetName } from '../../../shared/networks/config';
import { customConfig, presetConfig } from '../../networks/presets';
import { toNetworkSettings } from './mapper';

const INFO: Record<PresetName, { source: string; notes: string }> = {
  native: {
    source:
      "This product's own signed postback (docs/product-rules.md#postbacks): HMAC-SHA256 over the sorted parameters.",
    notes: 'Give the partner the secret and the URL; it signs every postback with the sig parameter.',
  },
  cpx: {
    source:
      'Second-hand: no CPX postback page was found; written from other integrators (jasonzli-DEV/enderbit cpxresearch_callback.php, jmenichole/qualifyfirst CPX-POSTBACK-READY.md, Twenti-Studio/Tasky CPX_SETUP.md).',
    notes:
      "Paste the URL as the Main Postback URL and the app's secure hash as the secret. The IP addresses are second-hand: check them with CPX.",
  },
  tapjoy: {
    source:
      'Official: dev.tapjoy.com Self-Managed-Currency and docs.unity.com (self-managed currency); the colons of the verifier string are second-hand (gist.github.com/doomspork/5062375).',
    notes:
      'Tapjoy appends its parameters itself: paste the URL as the callback URL. Tapjoy publishes no IP addresses and sends no reversals.',
  },
  wannads: {
    source:
      'Official: affiliates.wannads.com/documentation/postback_notifications (legacy format) and wannads.com/documentation/postback/app (current format).',
    notes: 'Both the legacy (1/2) and the current (credited/rejected, negative reward) formats are accepted.',
  },
  ayetstudios: {
    source:
      'Official: docs.ayetstudios.com (callback verification: HMAC security hash; offerwall callbacks; IP whitelist).',
    notes:
      'Use the publisher API key as the secret. Chargebacks are opt-in in the ayeT dashboard; they come with an "r-" transaction id.',
  },
  bitlabs: {
    source:
      'Official: developer.bitlabs.ai (securing callbacks through hashing; callback parameters; survey callbacks).',
    notes:
      'The parameter names are yours: keep the URL as shown, with the hash appended last by BitLabs. BitLabs publishes no IP addresses.',
  },
  adgatemedia: {
    source: 'Official: docs.adgatemedia.com/postbacks/postback-information.',
    notes:
      'AdGate signs nothing: the token in the URL is the credential. Add {state} to the URL so that reversals are sent.',
  },
  lootably: {
    source:
      "Hash official (Lootably's npm module lootably-postback-hash); parameters from documentation.lootably.com/docs/postbacks; status values second-hand.",
    notes: 'Lootably publishes no IP addresses for postbacks: ask for them and add them to the allowlist.',
  },
  torox: {
    source:
      'Official for OfferToro: www.offertoro.com/docs/postback; the payout and sig names and the "1" answer are unconfirmed.',
    notes:
      "The signature covers neither amount nor transaction id: add Torox's addresses to the allowlist when it publishes them.",
  },
  tune: {
    source:
      'Official: support.tune.com articles 1500008248741 and 1500005236722 (partner conversion URL); the same pattern as Everflow and CAKE.',
    notes:
      "No signature: the token in the URL plus your network instance's IP addresses (ask the network for them).",
  },
};

/** `custom`: the bare defaults (the receiver's own answers), every setting the operator's to fill in. */
const CUSTOM = {
  label: 'Custom',
  source: '',
  notes:
    "Fill in every setting from the network's postback documentation: its parameter names, status values, signature and the answers it expects.",
};

/** Every preset, then `custom` (the order the create form lists them). */
export function listNetworkPresets(): AdminNetworkPreset[] {
  const presets = PRESET_NAMES.map((name) => {
    const c = presetConfig(name);
    return {
      preset: name,
      label: c.name,
      ...INFO[name],
      ...toNetworkSettings(c),
      ip_allowlist: c.ipAllowlist,
    };
  });
  const custom = customConfig();
  return [
    ...presets,
    { preset: 'custom', ...CUSTOM, ...toNetworkSettings(custom), ip_allowlist: custom.ipAllowlist },
  ];
}
