// The Add and Edit Offer forms (docs/product-rules.md#admin-rules and #slot-tables): the bodies of
// POST and PUT /api/admin/offers.php, the one set of rules the server applies and the console checks
// before it sends (admin/src/offers/offer-form.ts). Each refusal is one of the forms' sentences
// (../form-messages.ts) or names its field; fields are checked in the form's order, so the first
// issue is the one the API answers. zod/mini: see form-fields.ts.
import * as z from 'zod/mini';
import { OFFER_FORM_MESSAGES as M } from '../form-messages';
import { ACTION_REASON_MAX, OFFER_CATEGORIES, OFFER_MODELS, OFFER_TARGETING } from '../../constants';
import { MAX_REELS, isValidProbabilityTotal } from '../../slot';
import { blank, cents, formSchema, id, listed, numberFrom, optionalText, requiredText } from './form-fields';

// shared/ is typed with neither the DOM nor Node, both of which have the WHATWG URL parser.
const WhatwgUrl = (
  globalThis as unknown as { URL: new (input: string) => { protocol: string; hostname: string } }
).URL;

/**
 * An absolute http(s) URL; a path on this server ('/partner/...', as the demo offers use) is accepted
 * too. `{click_id}` and `{user_id}` placeholders are allowed (docs/product-rules.md#clicks).
 */
export function isValidOfferUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    const url = new WhatwgUrl(value);
    // The parser refuses an http(s) address without a host ('http://', 'http:///x' throw).
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A form number: a JSON number or its text, finite, refused with `message` outside [min, max]. */
const formNumber = (message: string, min: number, max: number) =>
  z.pipe(
    z.transform(numberFrom),
    z.number({ error: message }).check(z.minimum(min, message), z.maximum(max, message)),
  );

const NOT_JSON = Symbol('not JSON');

/** One reel: an amount from 0 to 100,000 (kept to the cent) and a probability from 1 to 99. */
const reel = z.pipe(
  z.object(
    {
      amount: formNumber(M.reelAmount, 0, 100_000),
      probability: formNumber(M.reelProbability, 1, 99),
    },
    { error: M.slotConfigInvalid },
  ),
  z.transform((r) => ({ amount: cents(r.amount), probability: r.probability })),
);

/**
 * The slot machine: an object or its JSON text, 1 to 10 reels (counted before the reels are read),
 * their probabilities together above 0 and below 100.
 */
export const slotConfigInput = z.pipe(
  z.pipe(
    z.transform((v: unknown) => {
      if (blank(v)) return undefined;
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        return NOT_JSON;
      }
    }),
    z.object(
      {
        reels: z
          .array(z.unknown(), { error: M.slotConfigInvalid })
          .check(z.minLength(1, M.reelsMin), z.maxLength(MAX_REELS, M.reelsMax)),
      },
      { error: (iss) => (iss.input === undefined ? M.slotConfigRequired : M.slotConfigInvalid) },
    ),
  ),
  z
    .object({ reels: z.array(reel) })
    .check(z.refine((c) => isValidProbabilityTotal(c.reels), { error: M.probabilityTotal })),
);

/** The offer's network: left out keeps it (an edit), null or empty is the native receiver. */
const offerNetworkId = z.pipe(
  z.transform((v: unknown) => (v === '' ? null : v)),
  z.optional(
    z.nullable(id("network_id must be a network's id (see Networks), or empty for the native receiver")),
  ),
);

/** The fields both forms share, in the form's order (the first refusal is the API's answer). */
const offerFieldShape = {
  title: requiredText(M.titleRequired, 'Title', 200),
  description: requiredText(M.descriptionRequired, 'Description', 5000),
  model: z.pipe(requiredText(M.modelRequired, 'Offer model', 50), listed('Offer model', OFFER_MODELS)),
  offer_url: requiredText(M.offerUrlRequired, 'Offer URL', 2048).check(
    z.refine(isValidOfferUrl, { error: M.offerUrlInvalid }),
  ),
  preview_url: optionalText('Preview URL', 2048).check(
    z.refine((v) => v === null || isValidOfferUrl(v), { error: M.previewUrlInvalid }),
  ),
  category: z.pipe(optionalText('Category', 50), z.nullable(listed('Category', OFFER_CATEGORIES))),
  targeting: z.pipe(
    z.transform((v: unknown) => (blank(v) ? 'ALL' : v)),
    z.pipe(optionalText('Targeting', 50), listed('Targeting', OFFER_TARGETING)),
  ),
  /** 0 when empty; kept to the cent. */
  reward_amount: z.pipe(
    z.transform((v: unknown) => (blank(v) ? 0 : v)),
    z.pipe(formNumber(M.rewardAmount, 0, 99_999_999), z.transform(cents)),
  ),
  slot_config: slotConfigInput,
};

/** The Edit Offer form's fields (the console checks these before it sends an edit). */
export const offerFields = z.object({ ...offerFieldShape, network_id: offerNetworkId });

/** POST /api/admin/offers.php: the form, then its external id and network. */
export const createOfferBody = formSchema(
  z.object({
    ...offerFieldShape,
    external_offer_id: requiredText(M.externalIdRequired, 'External offer ID', 100),
    network_id: offerNetworkId,
  }),
);
export type CreateOfferBody = z.output<typeof createOfferBody>;

/** The fields both forms set on an offer, as their schema reads them (the body without its ids). */
export type OfferFields = Omit<CreateOfferBody, 'external_offer_id' | 'network_id'>;

const offerId = id('offer_id must be a positive whole number');

/**
 * PUT /api/admin/offers.php, one path, two bodies: `{offer_id, is_active, reason?}` toggles (the
 * console confirms it and asks why); any other body is the Edit Offer form. The body's keys decide
 * which (`kind`), then the offer id is checked first.
 */
export const updateOfferBody = formSchema(
  z.pipe(
    z.transform((v: unknown) => {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
      const keys = Object.keys(v).filter((k) => k !== 'offer_id' && k !== 'reason');
      return { ...v, kind: keys.length === 1 && keys[0] === 'is_active' ? 'toggle' : 'edit' };
    }),
    z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('toggle'),
        offer_id: offerId,
        is_active: z.boolean({ error: 'is_active must be true or false' }),
        /** Why (issue 36), kept in the audit log; blank is none. */
        reason: z.pipe(
          z.transform((v: unknown) => v ?? undefined),
          z.optional(
            z
              .string()
              .check(
                z.trim(),
                z.maxLength(ACTION_REASON_MAX, `The reason is at most ${ACTION_REASON_MAX} characters`),
              ),
          ),
        ),
      }),
      z.object({
        kind: z.literal('edit'),
        offer_id: offerId,
        ...offerFieldShape,
        network_id: offerNetworkId,
      }),
    ]),
  ),
);
export type UpdateOfferBody = z.output<typeof updateOfferBody>;
