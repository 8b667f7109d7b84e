// Rules of the Add / Edit Offer form (docs/product-rules.md#admin-rules and #slot-tables). Pure, so
// they are tested without a browser.
import type { AdminOfferRow, OfferCreateRequest } from '../../../shared/contract/admin/offers';
import { createOfferBody, isValidOfferUrl, offerFields } from '../../../shared/contract/admin/offer-form';
import { OFFER_FORM_MESSAGES as M } from '../../../shared/contract/form-messages';
import { MAX_REELS, isValidProbabilityTotal, parseSlotConfig, type SlotReel } from '../../../shared/slot';

export { MAX_REELS };

/** Default reels when the form opens: 5 at 15% and 10 at 8%. */
export const DEFAULT_FORM_REELS: SlotReel[] = [
  { amount: 5, probability: 15 },
  { amount: 10, probability: 8 },
];

export interface OfferFormValues {
  title: string;
  description: string;
  external_offer_id: string;
  offer_url: string;
  preview_url: string;
  category: string;
  model: string;
  targeting: string;
  reward_amount: string;
  /** The partner network's id as text; '' = no network (the native postback). */
  network_id: string;
  reels: SlotReel[];
}

export const emptyOfferForm = (): OfferFormValues => ({
  title: '',
  description: '',
  external_offer_id: '',
  offer_url: '',
  preview_url: '',
  category: '',
  model: 'CPR',
  targeting: 'ALL',
  reward_amount: '',
  network_id: '',
  reels: DEFAULT_FORM_REELS.map((r) => ({ ...r })),
});

/** The form filled from an offer row (Edit Offer); reels from its slot_config or the defaults. */
export function offerToForm(offer: AdminOfferRow): OfferFormValues {
  const reels = parseSlotConfig(offer.slot_config)?.reels;
  return {
    title: offer.title,
    description: offer.description,
    external_offer_id: offer.external_offer_id,
    offer_url: offer.offer_url,
    preview_url: offer.preview_url ?? '',
    category: offer.category ?? '',
    model: offer.model || 'CPR',
    targeting: offer.targeting || 'ALL',
    reward_amount:
      offer.reward_amount === null || offer.reward_amount === undefined ? '' : String(offer.reward_amount),
    network_id: offer.network_id ? String(offer.network_id) : '',
    reels:
      reels && reels.length > 0
        ? reels.slice(0, MAX_REELS).map((r) => ({ ...r }))
        : DEFAULT_FORM_REELS.map((r) => ({ ...r })),
  };
}

/**
 * External id generated from the title: lowercased, non-alphanumerics removed, spaces turned to
 * underscores, first 20 characters, then '_' and the last 4 digits of the time in milliseconds.
 */
export function generateExternalId(title: string, now: number = Date.now()): string {
  const base = title
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, '')
    .trim()
    .replace(/\s+/g, '_')
    .slice(0, 20);
  return `${base}_${String(now).slice(-4)}`;
}

/** Reel inputs: negative values are clamped to 0; an empty input reads as 0. */
export function clampReelValue(raw: string | number): number {
  const n = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isFinite(n) || n < 0) return 0;
  return n;
}

export function probabilityTotal(reels: SlotReel[]): number {
  return reels.reduce((sum, r) => sum + (Number(r.probability) || 0), 0);
}

/** Valid when the sum is above 0 and below 100 (the remainder is the 'try again' chance). */
export const isReelTotalValid = isValidProbabilityTotal;

export function tryAgainChance(reels: SlotReel[]): number {
  return Math.max(0, 100 - probabilityTotal(reels));
}

/** On submit, reels whose amount or probability is not above 0 are dropped. */
export function keptReels(reels: SlotReel[]): SlotReel[] {
  return reels
    .map((r) => ({ amount: Number(r.amount), probability: Number(r.probability) }))
    .filter((r) => r.amount > 0 && r.probability > 0);
}

export type OfferFieldErrors = Partial<Record<keyof OfferFormValues, string>>;

/**
 * The server's rule (shared/contract/admin/offer-form.ts): an http(s) URL, or a path on this server
 * such as the demo offers' /partner/demo/… links.
 */
export const isValidUrl = isValidOfferUrl;

/** The console's words for the contract's refusals it shows under a field (i18n keys). */
const FIELD_ERROR_KEYS: Record<string, string> = {
  [M.titleRequired]: 'app.offers.form.errors.title',
  [M.descriptionRequired]: 'app.offers.form.errors.description',
  [M.externalIdRequired]: 'app.offers.form.errors.external_offer_id',
  [M.modelRequired]: 'app.offers.form.errors.model',
  [M.offerUrlRequired]: 'app.offers.form.errors.offer_url',
  [M.offerUrlInvalid]: 'app.offers.form.errors.url',
  [M.previewUrlInvalid]: 'app.offers.form.errors.url',
  [M.rewardAmount]: 'app.offers.form.errors.reward_amount',
};

/**
 * The form's fields checked by the body's schema, the one the server applies (Add: with the external
 * id): per field, the first refusal as an i18n key, or the contract's sentence when the console has no
 * words of its own for it. The reels are the prize editor's to check.
 */
export function validateOffer(values: OfferFormValues, mode: 'create' | 'edit'): OfferFieldErrors {
  const { reels: _reels, network_id: networkId, ...fields } = values;
  const schema = mode === 'create' ? createOfferBody : offerFields;
  const result = schema.safeParse({ ...fields, network_id: networkId || null });
  const errors: OfferFieldErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(field in values) || field in errors) continue;
    errors[field as keyof OfferFormValues] = FIELD_ERROR_KEYS[issue.message] ?? issue.message;
  }
  return errors;
}

function common(values: OfferFormValues) {
  const reward = Number(values.reward_amount);
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    offer_url: values.offer_url.trim(),
    preview_url: values.preview_url.trim() || null,
    category: values.category || null,
    model: values.model || 'CPR',
    targeting: values.targeting || 'ALL',
    reward_amount: values.reward_amount === '' || !Number.isFinite(reward) ? 0 : Math.max(0, reward),
    slot_config: { reels: keptReels(values.reels) },
    network_id: values.network_id ? Number(values.network_id) : null,
  };
}

/** POST /offers.php body; new offers are created active. */
export function toCreateRequest(values: OfferFormValues): OfferCreateRequest & { network_id: number | null } {
  const c = common(values);
  return {
    title: c.title,
    description: c.description,
    offer_url: c.offer_url,
    preview_url: c.preview_url,
    external_offer_id: values.external_offer_id.trim(),
    category: c.category,
    model: c.model,
    targeting: c.targeting,
    reward_amount: c.reward_amount,
    slot_config: c.slot_config,
    network_id: c.network_id,
    is_active: true,
  };
}

/** PUT /offers.php edit body without offer_id (added by the data provider); no external_offer_id. */
export function toEditRequest(values: OfferFormValues) {
  return common(values);
}

/**
 * The prize editor's stock check (docs/product-rules.md#spins): an amount with no code in stock is not
 * drawn (its chance goes to 'Try again') until codes of it are added. The kept reels' amounts that have
 * none, by the stock per amount (GET /api/admin/attention.php's stock rows).
 */
export function unstockedAmounts(reels: SlotReel[], stock: ReadonlyMap<number, number>): number[] {
  return [...new Set(keptReels(reels).map((r) => r.amount))].filter((a) => (stock.get(a) ?? 0) === 0);
}

/**
 * The expected voucher cost of one completion (its one spin), in rupees: each kept reel's amount times
 * its chance; with `stock`, only the amounts that can be won now (as the spin draws them).
 */
export function expectedVoucherCost(reels: SlotReel[], stock?: ReadonlyMap<number, number>): number {
  const cost = keptReels(reels)
    .filter((r) => !stock || (stock.get(r.amount) ?? 0) > 0)
    .reduce((sum, r) => sum + (r.amount * r.probability) / 100, 0);
  return Math.round(cost * 100) / 100;
}
