// The admin forms' checks (docs/product-rules.md#admin-rules) as the console's caller sees them: what
// is accepted and what is stored of it, and for each refusal the 400 and the exact sentence the API
// answers (the first issue's message, server/plugins/errors.ts), at the edges of every bound. The
// rules are the contract's schemas (shared/contract/admin/offer-form.ts, voucher-form.ts), which the
// console runs too; written for the mutants npm run test:mutation found alive in the hand parser
// they replace (docs/testing.md).
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { HttpError } from '../lib/errors';
import {
  createOfferBody,
  isValidOfferUrl,
  offerFields,
  slotConfigInput,
} from '../../shared/contract/admin/offer-form';
import { addVouchersBody, earliestToday } from '../../shared/contract/admin/voucher-form';
import { OFFER_FORM_MESSAGES, VOUCHER_FORM_MESSAGES } from '../../shared/contract/form-messages';

const MESSAGES = { ...OFFER_FORM_MESSAGES, ...VOUCHER_FORM_MESSAGES };

/** What the route does with a body: its schema's output, or a 400 with the first issue's message. */
function parseOrRefuse<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new HttpError(400, result.error.issues[0]!.message);
  return result.data;
}
const parseSlotConfigInput = (v: unknown) => parseOrRefuse(slotConfigInput, v);
const parseOfferFields = (body: Record<string, unknown>) => {
  const { network_id: _network, ...fields } = parseOrRefuse(offerFields, body);
  return fields;
};
/** The Add Offer form with valid fields, for its network and external id. */
const validOffer = {
  title: 'Play',
  description: 'Reach level 5',
  model: 'CPA',
  offer_url: 'https://partner.example.com/go',
  slot_config: { reels: [{ amount: 10, probability: 50 }] },
  external_offer_id: 'ext-0',
};
const parseOfferNetworkId = (v: unknown) =>
  parseOrRefuse(createOfferBody, v === undefined ? validOffer : { ...validOffer, network_id: v }).network_id;
const parseExternalOfferId = (v: unknown) =>
  parseOrRefuse(createOfferBody, { ...validOffer, external_offer_id: v }).external_offer_id;
const parseVoucherBatch = (body: Record<string, unknown>) => parseOrRefuse(addVouchersBody, body);

/** The answer the route gives for a refused form: status and message, or 'accepted'. */
function refusal(check: () => unknown): { status: number; message: string } | 'accepted' {
  try {
    check();
    return 'accepted';
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    return { status: e.statusCode, message: e.message };
  }
}
const refused = (message: string) => ({ status: 400, message });

const reel = (amount: unknown, probability: unknown) => ({ amount, probability });

describe('offer URLs', () => {
  it('accept http(s) URLs with a host, placeholders, and paths on this server', () => {
    expect(isValidOfferUrl('https://partner.example.com/go?cid={click_id}&u={user_id}')).toBe(true);
    expect(isValidOfferUrl('http://partner.example.com')).toBe(true);
    expect(isValidOfferUrl('/partner/demo?cid={click_id}')).toBe(true);
  });

  it('refuse spaces, other schemes, protocol-relative and unparseable addresses', () => {
    expect(isValidOfferUrl('https://partner.example.com/a b')).toBe(false);
    expect(isValidOfferUrl(' /partner/demo')).toBe(false);
    expect(isValidOfferUrl('//evil.example.com/x')).toBe(false);
    expect(isValidOfferUrl('ftp://partner.example.com/x')).toBe(false);
    expect(isValidOfferUrl('javascript:alert(1)')).toBe(false);
    expect(isValidOfferUrl('file:///etc/passwd')).toBe(false);
    expect(isValidOfferUrl('partner.example.com')).toBe(false);
    expect(isValidOfferUrl('https://')).toBe(false);
  });
});

describe('the slot machine configuration', () => {
  it('takes an object or its JSON text; amounts are kept to the cent', () => {
    expect(parseSlotConfigInput({ reels: [reel(10, 50), reel('0', '20')] })).toEqual({
      reels: [
        { amount: 10, probability: 50 },
        { amount: 0, probability: 20 },
      ],
    });
    expect(parseSlotConfigInput(JSON.stringify({ reels: [reel(10.555, 1)] }))).toEqual({
      reels: [{ amount: 10.56, probability: 1 }],
    });
  });

  it('is required, and must be reels', () => {
    for (const blank of [undefined, null, '', '   '])
      expect(refusal(() => parseSlotConfigInput(blank))).toEqual(refused(MESSAGES.slotConfigRequired));
    for (const bad of ['{reels', 'null', '5', '{"reels":{}}', { reels: 'x' }, {}, 7, true])
      expect(
        refusal(() => parseSlotConfigInput(bad)),
        JSON.stringify(bad),
      ).toEqual(refused(MESSAGES.slotConfigInvalid));
    expect(refusal(() => parseSlotConfigInput({ reels: [reel(1, 10), null] }))).toEqual(
      refused(MESSAGES.slotConfigInvalid),
    );
    expect(refusal(() => parseSlotConfigInput({ reels: [5] }))).toEqual(refused(MESSAGES.slotConfigInvalid));
  });

  it('has 1 to 10 reels', () => {
    expect(refusal(() => parseSlotConfigInput({ reels: [] }))).toEqual(refused(MESSAGES.reelsMin));
    const reels = (n: number) => Array.from({ length: n }, () => reel(1, 9));
    expect(parseSlotConfigInput({ reels: reels(10) }).reels).toHaveLength(10);
    expect(refusal(() => parseSlotConfigInput({ reels: reels(11) }))).toEqual(
      refused('At most 10 reels are allowed'),
    );
  });

  it('has amounts from 0 to 100,000', () => {
    expect(
      parseSlotConfigInput({ reels: [reel(0, 10), reel(100_000, 10)] }).reels.map((r) => r.amount),
    ).toEqual([0, 100_000]);
    for (const amount of [-0.01, 100_000.01, 'ten', '', ' ', null, undefined, {}, Number.POSITIVE_INFINITY])
      expect(
        refusal(() => parseSlotConfigInput({ reels: [reel(amount, 10)] })),
        String(amount),
      ).toEqual(refused(MESSAGES.reelAmount));
  });

  it('has probabilities from 1 to 99, together less than 100', () => {
    expect(parseSlotConfigInput({ reels: [reel(1, 1)] }).reels[0]!.probability).toBe(1);
    expect(parseSlotConfigInput({ reels: [reel(1, 99)] }).reels[0]!.probability).toBe(99);
    for (const p of [0.99, 99.01, 0, -5, 'x', null])
      expect(
        refusal(() => parseSlotConfigInput({ reels: [reel(1, p)] })),
        String(p),
      ).toEqual(refused(MESSAGES.reelProbability));
    expect(refusal(() => parseSlotConfigInput({ reels: [reel(1, 50), reel(2, 50)] }))).toEqual(
      refused(MESSAGES.probabilityTotal),
    );
    expect(parseSlotConfigInput({ reels: [reel(1, 50), reel(2, 49)] }).reels).toHaveLength(2);
  });
});

describe('the offer form', () => {
  const valid = {
    title: '  Play the game  ',
    description: ' Reach level 5 ',
    model: 'CPA',
    offer_url: ' https://partner.example.com/go?cid={click_id} ',
    slot_config: { reels: [reel(10, 50)] },
  };

  it('keeps the trimmed fields, with the defaults of the optional ones', () => {
    expect(parseOfferFields(valid)).toEqual({
      title: 'Play the game',
      description: 'Reach level 5',
      offer_url: 'https://partner.example.com/go?cid={click_id}',
      preview_url: null,
      category: null,
      model: 'CPA',
      targeting: 'ALL',
      reward_amount: 0,
      slot_config: { reels: [{ amount: 10, probability: 50 }] },
    });
    expect(
      parseOfferFields({
        ...valid,
        preview_url: ' https://cdn.example.com/p.png ',
        category: ' Gaming ',
        targeting: 'MOBILE',
        reward_amount: '12.345',
      }),
    ).toMatchObject({
      preview_url: 'https://cdn.example.com/p.png',
      category: 'Gaming',
      targeting: 'MOBILE',
      reward_amount: 12.35,
    });
    expect(parseOfferFields({ ...valid, preview_url: '', category: '  ', targeting: null })).toMatchObject({
      preview_url: null,
      category: null,
      targeting: 'ALL',
    });
  });

  it('names the first missing field, in the form order', () => {
    expect(refusal(() => parseOfferFields({}))).toEqual(refused(MESSAGES.titleRequired));
    expect(refusal(() => parseOfferFields({ ...valid, title: '   ' }))).toEqual(
      refused(MESSAGES.titleRequired),
    );
    expect(refusal(() => parseOfferFields({ ...valid, description: null }))).toEqual(
      refused(MESSAGES.descriptionRequired),
    );
    expect(refusal(() => parseOfferFields({ ...valid, model: '' }))).toEqual(refused(MESSAGES.modelRequired));
    expect(refusal(() => parseOfferFields({ ...valid, offer_url: undefined }))).toEqual(
      refused(MESSAGES.offerUrlRequired),
    );
    expect(refusal(() => parseOfferFields({ ...valid, slot_config: undefined }))).toEqual(
      refused(MESSAGES.slotConfigRequired),
    );
  });

  it('refuses text that is not text, or too long once trimmed', () => {
    expect(refusal(() => parseOfferFields({ ...valid, title: 5 }))).toEqual(refused('Title must be text'));
    expect(parseOfferFields({ ...valid, title: ` ${'t'.repeat(200)} ` }).title).toHaveLength(200);
    expect(refusal(() => parseOfferFields({ ...valid, title: 't'.repeat(201) }))).toEqual(
      refused('Title must be at most 200 characters'),
    );
    expect(refusal(() => parseOfferFields({ ...valid, description: 'd'.repeat(5001) }))).toEqual(
      refused('Description must be at most 5000 characters'),
    );
    expect(refusal(() => parseOfferFields({ ...valid, category: ['Gaming'] }))).toEqual(
      refused('Category must be text'),
    );
  });

  it('takes the listed model, category and targeting only', () => {
    expect(refusal(() => parseOfferFields({ ...valid, model: 'CPX' }))).toEqual(
      refused('Offer model must be one of: CPR, CPA, CPI, CPL, CPS, CPM, Revenue Share'),
    );
    expect(refusal(() => parseOfferFields({ ...valid, category: 'Gambling' }))).toEqual(
      refused(
        'Category must be one of: Gaming, Shopping, Finance, Entertainment, Education, Health, Travel, Food, Technology, Fashion, Sports, Dating, Utilities',
      ),
    );
    expect(refusal(() => parseOfferFields({ ...valid, targeting: 'EVERYONE' }))).toEqual(
      refused('Targeting must be one of: ALL, NEW, RETURNING, HIGH_VALUE, MOBILE, DESKTOP'),
    );
  });

  it('refuses an offer or preview URL that is not one', () => {
    expect(refusal(() => parseOfferFields({ ...valid, offer_url: 'ftp://x.example.com' }))).toEqual(
      refused(MESSAGES.offerUrlInvalid),
    );
    expect(refusal(() => parseOfferFields({ ...valid, preview_url: 'not a url' }))).toEqual(
      refused(MESSAGES.previewUrlInvalid),
    );
  });

  it('names the field whose text is not text or too long: model, offer URL, preview URL, targeting', () => {
    expect(refusal(() => parseOfferFields({ ...valid, model: 5 }))).toEqual(
      refused('Offer model must be text'),
    );
    expect(
      refusal(() => parseOfferFields({ ...valid, offer_url: `https://x.example.com/${'a'.repeat(2030)}` })),
    ).toEqual(refused('Offer URL must be at most 2048 characters'));
    expect(
      refusal(() => parseOfferFields({ ...valid, preview_url: `https://x.example.com/${'a'.repeat(2030)}` })),
    ).toEqual(refused('Preview URL must be at most 2048 characters'));
    expect(refusal(() => parseOfferFields({ ...valid, targeting: ['ALL'] }))).toEqual(
      refused('Targeting must be text'),
    );
  });

  it('takes a reward amount from 0 to 99,999,999', () => {
    expect(parseOfferFields({ ...valid, reward_amount: 0 }).reward_amount).toBe(0);
    expect(parseOfferFields({ ...valid, reward_amount: 99_999_999 }).reward_amount).toBe(99_999_999);
    expect(parseOfferFields({ ...valid, reward_amount: ' 7 ' }).reward_amount).toBe(7);
    for (const amount of [-0.01, 100_000_000, 'lots', true, Number.NaN])
      expect(
        refusal(() => parseOfferFields({ ...valid, reward_amount: amount })),
        String(amount),
      ).toEqual(refused(MESSAGES.rewardAmount));
  });
});

describe("the offer's network and external id", () => {
  it('network: left out keeps it, empty is the native receiver, else a network id', () => {
    expect(parseOfferNetworkId(undefined)).toBeUndefined();
    expect(parseOfferNetworkId(null)).toBeNull();
    expect(parseOfferNetworkId('')).toBeNull();
    expect(parseOfferNetworkId(3)).toBe(3);
    expect(parseOfferNetworkId('12')).toBe(12);
    for (const bad of [0, -1, 'x', 1.5, true])
      expect(
        refusal(() => parseOfferNetworkId(bad)),
        String(bad),
      ).toEqual(
        refused("network_id must be a network's id (see Networks), or empty for the native receiver"),
      );
  });

  it('external offer id: required, trimmed, at most 100 characters', () => {
    expect(parseExternalOfferId('  ext-1 ')).toBe('ext-1');
    expect(parseExternalOfferId('e'.repeat(100))).toHaveLength(100);
    expect(refusal(() => parseExternalOfferId(' '))).toEqual(refused(MESSAGES.externalIdRequired));
    expect(refusal(() => parseExternalOfferId('e'.repeat(101)))).toEqual(
      refused('External offer ID must be at most 100 characters'),
    );
  });
});

describe('the voucher batch form', () => {
  const today = earliestToday();
  const valid = {
    voucher_brand: ' Amazon ',
    voucher_amount: '10',
    voucher_codes: ' A1 \r\nB2\n\n  C3  ',
    expiry_date: '2099-12-31',
  };

  it("is dated by the earliest time zone's today (UTC-12)", () => {
    expect(earliestToday(Date.UTC(2030, 0, 1, 11, 59))).toBe('2029-12-31');
    expect(earliestToday(Date.UTC(2030, 0, 1, 12, 0))).toBe('2030-01-01');
  });

  it('keeps the trimmed codes, one a line, with the defaults of the optional fields', () => {
    expect(parseVoucherBatch(valid)).toEqual({
      voucher_type: 'Gift Card',
      voucher_brand: 'Amazon',
      voucher_amount: 10,
      voucher_codes: ['A1', 'B2', 'C3'],
      voucher_description: null,
      voucher_terms: null,
      expiry_date: '2099-12-31',
    });
    expect(
      parseVoucherBatch({
        ...valid,
        voucher_codes: [' X ', 7, null, ''],
        voucher_amount: 12.5,
        voucher_type: 'Cashback',
        voucher_description: ' desc ',
        voucher_terms: ' terms ',
        expiry_date: ` ${today} `,
      }),
    ).toEqual({
      voucher_type: 'Cashback',
      voucher_brand: 'Amazon',
      voucher_amount: 12.5,
      voucher_codes: ['X', '7'],
      voucher_description: 'desc',
      voucher_terms: 'terms',
      expiry_date: today,
    });
  });

  it('needs the brand, the amount, codes and the expiry date', () => {
    for (const field of ['voucher_brand', 'voucher_amount', 'expiry_date'])
      expect(
        refusal(() => parseVoucherBatch({ ...valid, [field]: ' ' })),
        field,
      ).toEqual(refused(MESSAGES.voucherRequired));
    for (const codes of [[], '', '  ', undefined])
      expect(
        refusal(() => parseVoucherBatch({ ...valid, voucher_codes: codes })),
        String(codes),
      ).toEqual(refused(MESSAGES.voucherRequired));
    expect(refusal(() => parseVoucherBatch({ ...valid, voucher_codes: [' ', null] }))).toEqual(
      refused(MESSAGES.voucherNoCodes),
    );
  });

  it('takes at most 100 distinct codes of at most 100 characters', () => {
    const codes = (n: number) => Array.from({ length: n }, (_, i) => `CODE-${i}`);
    expect(parseVoucherBatch({ ...valid, voucher_codes: codes(100) }).voucher_codes).toHaveLength(100);
    expect(refusal(() => parseVoucherBatch({ ...valid, voucher_codes: codes(101) }))).toEqual(
      refused('Maximum 100 voucher codes allowed per batch'),
    );
    expect(refusal(() => parseVoucherBatch({ ...valid, voucher_codes: 'A\nB\n A ' }))).toEqual(
      refused(MESSAGES.voucherDuplicates),
    );
    expect(parseVoucherBatch({ ...valid, voucher_codes: ['c'.repeat(100)] }).voucher_codes).toEqual([
      'c'.repeat(100),
    ]);
    expect(refusal(() => parseVoucherBatch({ ...valid, voucher_codes: ['ok', 'c'.repeat(101)] }))).toEqual(
      refused('Voucher codes must be at most 100 characters'),
    );
  });

  it('takes a brand of at most 100 characters', () => {
    expect(parseVoucherBatch({ ...valid, voucher_brand: 'b'.repeat(100) }).voucher_brand).toHaveLength(100);
    expect(refusal(() => parseVoucherBatch({ ...valid, voucher_brand: 'b'.repeat(101) }))).toEqual(
      refused('Brand must be at most 100 characters'),
    );
  });

  it('takes an amount from 1 to 99,999,999 with at most 2 decimals', () => {
    expect(parseVoucherBatch({ ...valid, voucher_amount: 1 }).voucher_amount).toBe(1);
    expect(parseVoucherBatch({ ...valid, voucher_amount: '99999999' }).voucher_amount).toBe(99_999_999);
    expect(parseVoucherBatch({ ...valid, voucher_amount: '1.01' }).voucher_amount).toBe(1.01);
    expect(parseVoucherBatch({ ...valid, voucher_amount: 4.35 }).voucher_amount).toBe(4.35);
    for (const amount of [0, 0.99, '-5', 'ten', true])
      expect(
        refusal(() => parseVoucherBatch({ ...valid, voucher_amount: amount })),
        String(amount),
      ).toEqual(refused(MESSAGES.voucherAmountMin));
    expect(refusal(() => parseVoucherBatch({ ...valid, voucher_amount: 100_000_000 }))).toEqual(
      refused('Voucher amount is too large'),
    );
    expect(refusal(() => parseVoucherBatch({ ...valid, voucher_amount: '1.001' }))).toEqual(
      refused(MESSAGES.voucherAmountStep),
    );
    expect(refusal(() => parseVoucherBatch({ ...valid, voucher_amount: 10.005 }))).toEqual(
      refused(MESSAGES.voucherAmountStep),
    );
  });

  it('names a voucher type that is not text; a code sent as a list is its text, trimmed', () => {
    expect(refusal(() => parseVoucherBatch({ ...valid, voucher_type: 3 }))).toEqual(
      refused('Voucher type must be text'),
    );
    expect(parseVoucherBatch({ ...valid, voucher_codes: [[' Y ']] }).voucher_codes).toEqual(['Y']);
  });

  it('takes the listed voucher types only', () => {
    expect(refusal(() => parseVoucherBatch({ ...valid, voucher_type: 'Coupon' }))).toEqual(
      refused('Voucher type must be one of: Gift Card, Cashback, Discount, Credit'),
    );
  });

  it('takes a real yyyy-MM-dd date, today at the earliest', () => {
    for (const expiry of ['31/12/2099', '2099-02-30', '2099-12-31T00:00:00Z', 20991231])
      expect(
        refusal(() => parseVoucherBatch({ ...valid, expiry_date: expiry })),
        String(expiry),
      ).toEqual(refused(MESSAGES.expiryFormat));
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(refusal(() => parseVoucherBatch({ ...valid, expiry_date: yesterday }))).toEqual(
      refused(MESSAGES.expiryPast),
    );
    expect(parseVoucherBatch({ ...valid, expiry_date: today }).expiry_date).toBe(today);
  });

  it('keeps a description and terms of at most 2000 and 5000 characters', () => {
    expect(refusal(() => parseVoucherBatch({ ...valid, voucher_description: 'd'.repeat(2001) }))).toEqual(
      refused('Description must be at most 2000 characters'),
    );
    expect(refusal(() => parseVoucherBatch({ ...valid, voucher_terms: 't'.repeat(5001) }))).toEqual(
      refused('Terms must be at most 5000 characters'),
    );
  });
});
