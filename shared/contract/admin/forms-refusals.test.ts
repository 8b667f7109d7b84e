// The admin forms' schemas (form-fields.ts, offer-form.ts, voucher-form.ts) field by field: for every
// field of the Add/Edit Offer form, the offer toggle and the Add New Vouchers form, a bad value and the
// exact sentence the API answers for it (the first issue's message, server/plugins/errors.ts; the
// console shows the same one), each limit on both sides of its boundary, the URL rules (paths on this
// server such as /partner/... accepted) and the defaults an empty field gets. The sentences of the
// specification are OFFER_FORM_MESSAGES and VOUCHER_FORM_MESSAGES (../form-messages.ts); the ones that
// name a field ("Terms must be at most 5000 characters") are spelled out here, as a user reads them.
//
// The schemas are built when their modules load, and that is when each field's label and limit are
// read into its refusals. Each test therefore loads the three modules afresh (beforeEach): what it
// asserts is what that load built, not a copy cached by an earlier test or suite. Written for the
// mutants npm run test:mutation found alive in these modules (docs/testing.md, "Scores").
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as FormFields from './form-fields';
import type * as OfferForm from './offer-form';
import type * as VoucherForm from './voucher-form';
import { OFFER_FORM_MESSAGES as OM } from '../form-messages';

let fields: typeof FormFields;
let offer: typeof OfferForm;
let voucher: typeof VoucherForm;

beforeEach(async () => {
  vi.resetModules();
  fields = await import('./form-fields');
  offer = await import('./offer-form');
  voucher = await import('./voucher-form');
});

interface Schema {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: unknown }
    | { success: false; error: { issues: { message: string; params?: unknown }[] } };
}

/** What the API answers for a body: its schema's output, or the first issue's message. */
function answer(schema: Schema, input: unknown): { accepted: unknown } | { refused: string } {
  const result = schema.safeParse(input);
  return result.success ? { accepted: result.data } : { refused: result.error.issues[0]!.message };
}
const refusedWith = (message: string) => ({ refused: message });

const reel = (amount: unknown, probability: unknown) => ({ amount, probability });

/** The Add Offer form with every required field valid. */
const OFFER = {
  title: 'Play the game',
  description: 'Reach level 5',
  model: 'CPA',
  offer_url: 'https://partner.example.com/go',
  slot_config: { reels: [reel(10, 50)] },
  external_offer_id: 'ext-1',
};
/** What the Add Offer form keeps of OFFER: the optional fields at their defaults. */
const OFFER_KEPT = {
  title: 'Play the game',
  description: 'Reach level 5',
  model: 'CPA',
  offer_url: 'https://partner.example.com/go',
  preview_url: null,
  category: null,
  targeting: 'ALL',
  reward_amount: 0,
  slot_config: { reels: [{ amount: 10, probability: 50 }] },
  external_offer_id: 'ext-1',
};

const createOffer = (changes: Record<string, unknown>) =>
  answer(offer.createOfferBody, { ...OFFER, ...changes });
/** The field as the Add Offer form keeps it, or the refusal. */
function offerField(field: string, value: unknown): { accepted: unknown } | { refused: string } {
  const result = createOffer({ [field]: value });
  return 'accepted' in result ? { accepted: (result.accepted as Record<string, unknown>)[field] } : result;
}

/** A URL of exactly `length` characters. */
const urlOf = (length: number) => {
  const start = 'https://partner.example.com/';
  return start + 'a'.repeat(length - start.length);
};

describe('the offer form, field by field', () => {
  it('keeps a valid form, trimmed, with the optional fields at their defaults', () => {
    expect(createOffer({})).toEqual({ accepted: OFFER_KEPT });
    expect(
      createOffer({
        title: '  Play the game ',
        description: '\tReach level 5\n',
        model: ' CPA ',
        offer_url: ' https://partner.example.com/go ',
        external_offer_id: ' ext-1 ',
      }),
    ).toEqual({ accepted: OFFER_KEPT });
    // Left out, null, empty or spaces: the same defaults.
    for (const empty of [undefined, null, '', '   '])
      expect(
        createOffer({ preview_url: empty, category: empty, targeting: empty, reward_amount: empty }),
        String(empty),
      ).toEqual({ accepted: OFFER_KEPT });
  });

  it('title: required, text, at most 200 characters once trimmed', () => {
    for (const empty of [undefined, null, '', '  \t '])
      expect(offerField('title', empty), String(empty)).toEqual(refusedWith('Title is required'));
    for (const notText of [5, true, ['Play'], { t: 'Play' }])
      expect(offerField('title', notText), JSON.stringify(notText)).toEqual(
        refusedWith('Title must be text'),
      );
    expect(offerField('title', ` ${'t'.repeat(200)} `)).toEqual({ accepted: 't'.repeat(200) });
    expect(offerField('title', 't'.repeat(201))).toEqual(refusedWith('Title must be at most 200 characters'));
  });

  it('description: required, text, at most 5000 characters', () => {
    expect(offerField('description', ' ')).toEqual(refusedWith('Description is required'));
    expect(offerField('description', undefined)).toEqual(refusedWith('Description is required'));
    expect(offerField('description', 12)).toEqual(refusedWith('Description must be text'));
    expect(offerField('description', 'd'.repeat(5000))).toEqual({ accepted: 'd'.repeat(5000) });
    expect(offerField('description', 'd'.repeat(5001))).toEqual(
      refusedWith('Description must be at most 5000 characters'),
    );
  });

  it('offer model: required, one of the listed models', () => {
    expect(offerField('model', '')).toEqual(refusedWith('Offer model is required'));
    expect(offerField('model', null)).toEqual(refusedWith('Offer model is required'));
    expect(offerField('model', 7)).toEqual(refusedWith('Offer model must be text'));
    expect(offerField('model', 'm'.repeat(51))).toEqual(
      refusedWith('Offer model must be at most 50 characters'),
    );
    for (const other of ['CPX', 'cpa', 'Revenue'])
      expect(offerField('model', other), other).toEqual(
        refusedWith('Offer model must be one of: CPR, CPA, CPI, CPL, CPS, CPM, Revenue Share'),
      );
    for (const model of ['CPR', 'CPA', 'CPI', 'CPL', 'CPS', 'CPM', 'Revenue Share'])
      expect(offerField('model', model)).toEqual({ accepted: model });
  });

  it('offer URL: required, http(s) with a host or a path on this server, at most 2048 characters', () => {
    expect(offerField('offer_url', undefined)).toEqual(refusedWith('Offer URL is required'));
    expect(offerField('offer_url', '  ')).toEqual(refusedWith('Offer URL is required'));
    expect(offerField('offer_url', 42)).toEqual(refusedWith('Offer URL must be text'));
    for (const url of [
      'http://partner.example.com',
      'https://partner.example.com/go?cid={click_id}&u={user_id}',
      '/partner/demo-offer?cid={click_id}',
      '/',
    ])
      expect(offerField('offer_url', url), url).toEqual({ accepted: url });
    for (const url of [
      'ftp://partner.example.com/',
      '//evil.example.com/x',
      'partner.example.com/go',
      'javascript:alert(1)',
      'https://partner.example.com/a b',
      '/partner/a b',
      'https://',
      'not a url',
    ])
      expect(offerField('offer_url', url), url).toEqual(
        refusedWith('Offer URL must be a valid URL (http:// or https://)'),
      );
    expect(offerField('offer_url', urlOf(2048))).toEqual({ accepted: urlOf(2048) });
    expect(offerField('offer_url', urlOf(2049))).toEqual(
      refusedWith('Offer URL must be at most 2048 characters'),
    );
  });

  it('preview URL: optional (null when empty), the same URL rules, at most 2048 characters', () => {
    expect(offerField('preview_url', '')).toEqual({ accepted: null });
    expect(offerField('preview_url', ' /partner/preview.png ')).toEqual({ accepted: '/partner/preview.png' });
    expect(offerField('preview_url', 'https://cdn.example.com/p.png')).toEqual({
      accepted: 'https://cdn.example.com/p.png',
    });
    for (const url of ['ftp://cdn.example.com/', '//cdn.example.com/p.png', 'p.png'])
      expect(offerField('preview_url', url), url).toEqual(
        refusedWith('Preview URL must be a valid URL (http:// or https://)'),
      );
    expect(offerField('preview_url', 3)).toEqual(refusedWith('Preview URL must be text'));
    expect(offerField('preview_url', urlOf(2048))).toEqual({ accepted: urlOf(2048) });
    expect(offerField('preview_url', urlOf(2049))).toEqual(
      refusedWith('Preview URL must be at most 2048 characters'),
    );
  });

  it('category: optional (null when empty), one of the listed categories', () => {
    expect(offerField('category', ' Gaming ')).toEqual({ accepted: 'Gaming' });
    expect(offerField('category', 'Utilities')).toEqual({ accepted: 'Utilities' });
    expect(offerField('category', 'Gambling')).toEqual(
      refusedWith(
        'Category must be one of: Gaming, Shopping, Finance, Entertainment, Education, Health, Travel, Food, Technology, Fashion, Sports, Dating, Utilities',
      ),
    );
    expect(offerField('category', 9)).toEqual(refusedWith('Category must be text'));
    expect(offerField('category', 'c'.repeat(51))).toEqual(
      refusedWith('Category must be at most 50 characters'),
    );
  });

  it('targeting: ALL when empty, else one of the listed audiences', () => {
    expect(offerField('targeting', ' MOBILE ')).toEqual({ accepted: 'MOBILE' });
    expect(offerField('targeting', 'EVERYONE')).toEqual(
      refusedWith('Targeting must be one of: ALL, NEW, RETURNING, HIGH_VALUE, MOBILE, DESKTOP'),
    );
    expect(offerField('targeting', false)).toEqual(refusedWith('Targeting must be text'));
    expect(offerField('targeting', 't'.repeat(51))).toEqual(
      refusedWith('Targeting must be at most 50 characters'),
    );
  });

  it('reward amount: 0 when empty, a number or its text from 0 to 99,999,999, kept to the cent', () => {
    for (const [input, kept] of [
      [0, 0],
      ['0', 0],
      [' 12.345 ', 12.35],
      [12.344, 12.34],
      [99_999_999, 99_999_999],
      ['99999999', 99_999_999],
    ] as const)
      expect(offerField('reward_amount', input), String(input)).toEqual({ accepted: kept });
    for (const bad of [-0.01, '-1', 99_999_999.01, 100_000_000, 'lots', '1,5', true, [5], Number.NaN])
      expect(offerField('reward_amount', bad), String(bad)).toEqual(refusedWith(OM.rewardAmount));
  });

  it('external offer ID: required, text, at most 100 characters', () => {
    expect(offerField('external_offer_id', '')).toEqual(refusedWith('External offer ID is required'));
    expect(offerField('external_offer_id', undefined)).toEqual(refusedWith('External offer ID is required'));
    expect(offerField('external_offer_id', 101)).toEqual(refusedWith('External offer ID must be text'));
    expect(offerField('external_offer_id', 'e'.repeat(100))).toEqual({ accepted: 'e'.repeat(100) });
    expect(offerField('external_offer_id', 'e'.repeat(101))).toEqual(
      refusedWith('External offer ID must be at most 100 characters'),
    );
  });

  it("network: left out keeps it, null or empty is the native receiver, else a network's id", () => {
    const network = (v: unknown) => answer(offer.createOfferBody, { ...OFFER, network_id: v });
    expect(answer(offer.createOfferBody, OFFER)).toEqual({ accepted: OFFER_KEPT });
    expect(network(null)).toEqual({ accepted: { ...OFFER_KEPT, network_id: null } });
    expect(network('')).toEqual({ accepted: { ...OFFER_KEPT, network_id: null } });
    for (const [input, id] of [
      [1, 1],
      ['1', 1],
      ['7', 7],
      ['12', 12],
      [2_147_483_647, 2_147_483_647],
      ['2147483647', 2_147_483_647],
    ] as const)
      expect(network(input), String(input)).toEqual({ accepted: { ...OFFER_KEPT, network_id: id } });
    for (const bad of [
      0,
      -1,
      1.5,
      2_147_483_648,
      '2147483648',
      '0',
      '012',
      '1e3',
      '0x10',
      '+1',
      ' 1',
      '1.0',
      'x',
      true,
      // A list whose text is an id ([7] reads as '7') is none.
      [7],
      ['7'],
    ])
      expect(network(bad), String(bad)).toEqual(
        refusedWith("network_id must be a network's id (see Networks), or empty for the native receiver"),
      );
  });

  it('answers the first refusal in the form order', () => {
    expect(answer(offer.createOfferBody, {})).toEqual(refusedWith('Title is required'));
    expect(answer(offer.createOfferBody, { title: 'T' })).toEqual(refusedWith('Description is required'));
    expect(answer(offer.createOfferBody, { title: 'T', description: 'D' })).toEqual(
      refusedWith('Offer model is required'),
    );
    expect(answer(offer.createOfferBody, { title: 'T', description: 'D', model: 'CPA' })).toEqual(
      refusedWith('Offer URL is required'),
    );
    expect(createOffer({ slot_config: undefined, external_offer_id: undefined })).toEqual(
      refusedWith('No slot machine configuration found'),
    );
    expect(answer(offer.createOfferBody, 'title=T')).toEqual(refusedWith('Invalid input'));
  });

  it('the Edit Offer form checks the same fields, without the external id', () => {
    const { external_offer_id: _id, ...edit } = OFFER;
    const { external_offer_id: _kept, ...kept } = OFFER_KEPT;
    expect(answer(offer.offerFields, edit)).toEqual({ accepted: kept });
    expect(answer(offer.offerFields, { ...edit, network_id: '3' })).toEqual({
      accepted: { ...kept, network_id: 3 },
    });
    expect(answer(offer.offerFields, { ...edit, title: ' ' })).toEqual(refusedWith('Title is required'));
  });
});

describe('the slot machine configuration', () => {
  const slot = (v: unknown) => answer(offer.slotConfigInput, v);

  it('takes an object or its JSON text, amounts kept to the cent', () => {
    expect(slot({ reels: [reel('10.005', '20'), reel(0, 1)] })).toEqual({
      accepted: {
        reels: [
          { amount: 10.01, probability: 20 },
          { amount: 0, probability: 1 },
        ],
      },
    });
    expect(slot(' {"reels":[{"amount":5,"probability":99}]} ')).toEqual({
      accepted: { reels: [{ amount: 5, probability: 99 }] },
    });
  });

  it('is required: empty is "No slot machine configuration found"', () => {
    for (const empty of [undefined, null, '', '  '])
      expect(slot(empty), String(empty)).toEqual(refusedWith(OM.slotConfigRequired));
  });

  it('anything but reels is "Invalid slot machine configuration"', () => {
    for (const bad of [
      '{reels',
      '[]',
      'null',
      '"reels"',
      '{}',
      { reels: 'x' },
      { reels: {} },
      {},
      7,
      [reel(1, 1)],
    ])
      expect(slot(bad), JSON.stringify(bad)).toEqual(refusedWith(OM.slotConfigInvalid));
    for (const badReel of [null, 5, 'reel', [1, 50]])
      expect(slot({ reels: [reel(1, 10), badReel] }), JSON.stringify(badReel)).toEqual(
        refusedWith(OM.slotConfigInvalid),
      );
  });

  it('has 1 to 10 reels, counted before they are read', () => {
    const reels = (n: number, r: unknown = reel(1, 9)) => ({ reels: Array.from({ length: n }, () => r) });
    expect(slot({ reels: [] })).toEqual(refusedWith('At least 1 reel is required'));
    expect(slot(reels(1))).toEqual({ accepted: { reels: [{ amount: 1, probability: 9 }] } });
    expect(slot(reels(10))).toMatchObject({ accepted: { reels: { length: 10 } } });
    expect(slot(reels(11))).toEqual(refusedWith('At most 10 reels are allowed'));
    // Eleven unreadable reels: the count is the refusal.
    expect(slot(reels(11, null))).toEqual(refusedWith('At most 10 reels are allowed'));
  });

  it('each amount from 0 to 100,000', () => {
    expect(slot({ reels: [reel(0, 10), reel(100_000, 10), reel('100000', 10)] })).toMatchObject({
      accepted: { reels: [{ amount: 0 }, { amount: 100_000 }, { amount: 100_000 }] },
    });
    for (const amount of [
      -0.01,
      100_000.01,
      'ten',
      '',
      ' ',
      null,
      undefined,
      true,
      {},
      Number.POSITIVE_INFINITY,
    ])
      expect(slot({ reels: [reel(amount, 10)] }), String(amount)).toEqual(
        refusedWith('Each reel amount must be a number of 0 or more'),
      );
  });

  it('each probability from 1 to 99, together less than 100', () => {
    expect(slot({ reels: [reel(1, 1)] })).toMatchObject({ accepted: { reels: [{ probability: 1 }] } });
    expect(slot({ reels: [reel(1, '99')] })).toMatchObject({ accepted: { reels: [{ probability: 99 }] } });
    for (const p of [0.99, 99.01, 0, -5, 'x', '', null, undefined])
      expect(slot({ reels: [reel(1, p)] }), String(p)).toEqual(
        refusedWith('Each reel probability must be between 1 and 99'),
      );
    expect(slot({ reels: [reel(1, 50), reel(2, 50)] })).toEqual(
      refusedWith('Total probability must be less than 100%'),
    );
    expect(slot({ reels: [reel(1, 50), reel(2, 49.99)] })).toMatchObject({
      accepted: { reels: { length: 2 } },
    });
  });

  it('is the offer form’s slot_config', () => {
    expect(offerField('slot_config', '{"reels":[]}')).toEqual(refusedWith('At least 1 reel is required'));
    expect(offerField('slot_config', JSON.stringify({ reels: [reel(3, 40)] }))).toEqual({
      accepted: { reels: [{ amount: 3, probability: 40 }] },
    });
  });
});

describe('offer URLs (isValidOfferUrl)', () => {
  it('http(s) with a host, and paths on this server', () => {
    for (const url of ['http://a.example.com', 'https://a.example.com/', '/partner/x', '/'])
      expect(offer.isValidOfferUrl(url), url).toBe(true);
  });
  it('not other schemes, other hosts without a scheme, spaces or text that is no URL', () => {
    for (const url of [
      '',
      'ftp://a.example.com/',
      'mailto:a@example.com',
      '//a.example.com/',
      '//',
      'a.example.com/',
      'https://a.example.com/ x',
      ' https://a.example.com',
      '/partner/\tx',
      'http://',
    ])
      expect(offer.isValidOfferUrl(url), url).toBe(false);
  });
});

describe('the offer toggle and the Edit Offer body (PUT)', () => {
  const put = (body: unknown) => answer(offer.updateOfferBody, body);

  it('{offer_id, is_active} (and a reason) is a toggle; the reason is trimmed, at most 500 characters', () => {
    expect(put({ offer_id: '7', is_active: false })).toEqual({
      accepted: { kind: 'toggle', offer_id: 7, is_active: false },
    });
    expect(put({ offer_id: 7, is_active: true, reason: '  paused by partner ' })).toEqual({
      accepted: { kind: 'toggle', offer_id: 7, is_active: true, reason: 'paused by partner' },
    });
    expect(put({ is_active: true, reason: null, offer_id: 7 })).toEqual({
      accepted: { kind: 'toggle', offer_id: 7, is_active: true, reason: undefined },
    });
    expect(put({ offer_id: 7, is_active: true, reason: ` ${'r'.repeat(500)} ` })).toMatchObject({
      accepted: { reason: 'r'.repeat(500) },
    });
    expect(put({ offer_id: 7, is_active: true, reason: 'r'.repeat(501) })).toEqual(
      refusedWith('The reason is at most 500 characters'),
    );
  });

  it('refuses a toggle without a true or false, and an offer id that is not one, checked first', () => {
    for (const active of ['yes', 1, null])
      expect(put({ offer_id: 7, is_active: active }), String(active)).toEqual(
        refusedWith('is_active must be true or false'),
      );
    for (const id of [0, -3, '07', 1.5, undefined])
      expect(put({ offer_id: id, is_active: 'yes' }), String(id)).toEqual(
        refusedWith('offer_id must be a positive whole number'),
      );
  });

  it('any other body is the Edit Offer form, its fields checked in the form order', () => {
    // One key besides the id, but not is_active; is_active beside another field.
    expect(put({ offer_id: 7, title: 'T' })).toEqual(refusedWith('Description is required'));
    expect(put({ offer_id: 7, is_active: true, title: 'T' })).toEqual(refusedWith('Description is required'));
    expect(put({ offer_id: 7, reason: 'why', title: 'T' })).toEqual(refusedWith('Description is required'));
    expect(put({ offer_id: 7 })).toEqual(refusedWith('Title is required'));
    expect(put({ title: 'T' })).toEqual(refusedWith('offer_id must be a positive whole number'));
    const { external_offer_id: _id, ...edit } = OFFER;
    const { external_offer_id: _kept, ...kept } = OFFER_KEPT;
    expect(put({ ...edit, offer_id: '9', is_active: false })).toEqual({
      accepted: { ...kept, kind: 'edit', offer_id: 9 },
    });
  });

  it('a body that is no object is refused as such', () => {
    for (const body of ['offer_id=7', 7, null, [{ offer_id: 7, is_active: true }]])
      expect(put(body), JSON.stringify(body)).toEqual(refusedWith('Invalid input'));
  });
});

describe('which schemas are forms (their refusals answered as they are)', () => {
  it('the bodies of the offer and voucher forms, not their parts nor other values', () => {
    expect(fields.isFormSchema(offer.createOfferBody)).toBe(true);
    expect(fields.isFormSchema(offer.updateOfferBody)).toBe(true);
    expect(fields.isFormSchema(voucher.addVouchersBody)).toBe(true);
    for (const other of [offer.offerFields, offer.slotConfigInput, {}, null, undefined, 'createOfferBody'])
      expect(fields.isFormSchema(other)).toBe(false);
  });
});

describe('the Add New Vouchers form, field by field', () => {
  const TODAY = '2030-06-10';
  const VOUCHERS = {
    voucher_brand: 'Amazon',
    voucher_amount: '10',
    voucher_codes: 'A1\nB2',
    expiry_date: '2030-12-31',
  };
  const KEPT = {
    voucher_brand: 'Amazon',
    voucher_amount: 10,
    voucher_codes: ['A1', 'B2'],
    voucher_type: 'Gift Card',
    expiry_date: '2030-12-31',
    voucher_description: null,
    voucher_terms: null,
  };
  const add = (changes: Record<string, unknown>) =>
    answer(
      voucher.voucherBatchSchema(() => TODAY),
      { ...VOUCHERS, ...changes },
    );
  const field = (name: string, value: unknown) => {
    const result = add({ [name]: value });
    return 'accepted' in result ? { accepted: (result.accepted as Record<string, unknown>)[name] } : result;
  };

  it('keeps a valid form, with Gift Card and no description or terms by default', () => {
    expect(add({})).toEqual({ accepted: KEPT });
    for (const empty of [undefined, null, '', '  '])
      expect(
        add({ voucher_type: empty, voucher_description: empty, voucher_terms: empty }),
        String(empty),
      ).toEqual({ accepted: KEPT });
  });

  it('brand, amount, codes and expiry date are required: "Please fill all required fields"', () => {
    for (const name of ['voucher_brand', 'voucher_amount', 'voucher_codes', 'expiry_date'])
      for (const empty of [undefined, null, '', ' \n '])
        expect(field(name, empty), `${name} ${JSON.stringify(empty)}`).toEqual(
          refusedWith('Please fill all required fields'),
        );
    expect(field('voucher_codes', [])).toEqual(refusedWith('Please fill all required fields'));
    // Before any other refusal.
    expect(add({ voucher_amount: 'ten', expiry_date: '' })).toEqual(
      refusedWith('Please fill all required fields'),
    );
  });

  it('codes: one a line or a list, trimmed, empty ones dropped; at least one', () => {
    expect(field('voucher_codes', ' A1 \r\nB2\n\n  C3  \r\n')).toEqual({ accepted: ['A1', 'B2', 'C3'] });
    expect(field('voucher_codes', [' X ', 7, null, '', [' Y ']])).toEqual({ accepted: ['X', '7', 'Y'] });
    expect(field('voucher_codes', 'ONLY')).toEqual({ accepted: ['ONLY'] });
    expect(field('voucher_codes', [' ', null, ''])).toEqual(
      refusedWith('Please enter at least one voucher code'),
    );
    // Text of empty lines only is blank: the required fields' sentence.
    expect(field('voucher_codes', '\n \r\n')).toEqual(refusedWith('Please fill all required fields'));
  });

  it('codes: at most 100, each of at most 100 characters', () => {
    const codes = (n: number) => Array.from({ length: n }, (_, i) => `CODE-${i}`);
    expect(field('voucher_codes', codes(100))).toEqual({ accepted: codes(100) });
    expect(field('voucher_codes', codes(101).join('\n'))).toEqual(
      refusedWith('Maximum 100 voucher codes allowed per batch'),
    );
    expect(field('voucher_codes', ['c'.repeat(100)])).toEqual({ accepted: ['c'.repeat(100)] });
    expect(field('voucher_codes', ['ok', 'c'.repeat(101)])).toEqual(
      refusedWith('Voucher codes must be at most 100 characters'),
    );
    expect(field('voucher_codes', ['c'.repeat(101), 'ok'])).toEqual(
      refusedWith('Voucher codes must be at most 100 characters'),
    );
  });

  it('codes: repeats are refused, and the API names each repeated code once, in input order', () => {
    const result = voucher
      .voucherBatchSchema(() => TODAY)
      .safeParse({
        ...VOUCHERS,
        voucher_codes: 'B\nA\n B\nC\nA\nB',
      });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.message, (i as { params?: unknown }).params])).toEqual([
      ['Duplicate voucher codes found in your input', { codes: ['B', 'A'] }],
    ]);
  });

  it('brand: text, at most 100 characters once trimmed', () => {
    expect(field('voucher_brand', ` ${'b'.repeat(100)} `)).toEqual({ accepted: 'b'.repeat(100) });
    expect(field('voucher_brand', 'b'.repeat(101))).toEqual(
      refusedWith('Brand must be at most 100 characters'),
    );
    for (const notText of [5, true, ['Amazon']])
      expect(field('voucher_brand', notText), String(notText)).toEqual(refusedWith('Brand must be text'));
  });

  it('amount: from 1 to 99,999,999 with at most 2 decimals', () => {
    for (const [input, kept] of [
      [1, 1],
      ['1', 1],
      [' 1.01 ', 1.01],
      [4.35, 4.35],
      [0.1 + 0.2 + 0.9, 1.2],
      [99_999_999, 99_999_999],
    ] as const)
      expect(field('voucher_amount', input), String(input)).toEqual({ accepted: kept });
    for (const low of [0.99, 0, -5, '-1', 'ten', true, [5], { n: 5 }])
      expect(field('voucher_amount', low), JSON.stringify(low)).toEqual(
        refusedWith('Voucher amount must be at least 1'),
      );
    for (const high of [99_999_999.01, '99999999.99', 100_000_000])
      expect(field('voucher_amount', high), String(high)).toEqual(refusedWith('Voucher amount is too large'));
    for (const step of ['1.001', 10.005, 2.999])
      expect(field('voucher_amount', step), String(step)).toEqual(
        refusedWith('Voucher amount can have at most 2 decimals'),
      );
  });

  it('type: Gift Card when empty, else one of the listed types', () => {
    for (const type of ['Gift Card', 'Cashback', 'Discount', 'Credit'])
      expect(field('voucher_type', ` ${type} `)).toEqual({ accepted: type });
    expect(field('voucher_type', 'Coupon')).toEqual(
      refusedWith('Voucher type must be one of: Gift Card, Cashback, Discount, Credit'),
    );
    expect(field('voucher_type', 3)).toEqual(refusedWith('Voucher type must be text'));
    expect(field('voucher_type', 'v'.repeat(51))).toEqual(
      refusedWith('Voucher type must be at most 50 characters'),
    );
  });

  it('expiry date: a real yyyy-MM-dd day, today at the earliest', () => {
    expect(field('expiry_date', ` ${TODAY} `)).toEqual({ accepted: TODAY });
    expect(field('expiry_date', '2030-06-11')).toEqual({ accepted: '2030-06-11' });
    expect(field('expiry_date', '2030-06-09')).toEqual(refusedWith('Expiry date cannot be in the past'));
    expect(field('expiry_date', '2029-12-31')).toEqual(refusedWith('Expiry date cannot be in the past'));
    for (const bad of ['10/06/2031', '2031-02-30', '2031-6-1', '2031-06-10T00:00:00Z', 20310610, true])
      expect(field('expiry_date', bad), String(bad)).toEqual(
        refusedWith('Expiry date must be a valid date in the format yyyy-MM-dd'),
      );
  });

  it('description and terms: optional text of at most 2000 and 5000 characters', () => {
    expect(field('voucher_description', ` ${'d'.repeat(2000)} `)).toEqual({ accepted: 'd'.repeat(2000) });
    expect(field('voucher_description', 'd'.repeat(2001))).toEqual(
      refusedWith('Description must be at most 2000 characters'),
    );
    expect(field('voucher_description', 5)).toEqual(refusedWith('Description must be text'));
    expect(field('voucher_terms', ` ${'t'.repeat(5000)} `)).toEqual({ accepted: 't'.repeat(5000) });
    expect(field('voucher_terms', 't'.repeat(5001))).toEqual(
      refusedWith('Terms must be at most 5000 characters'),
    );
    expect(field('voucher_terms', ['t'])).toEqual(refusedWith('Terms must be text'));
  });

  it('the API dates the form by the earliest time zone (UTC-12)', () => {
    expect(voucher.earliestToday(Date.UTC(2030, 0, 1, 11, 59, 59))).toBe('2029-12-31');
    expect(voucher.earliestToday(Date.UTC(2030, 0, 1, 12, 0, 0))).toBe('2030-01-01');
    const today = voucher.earliestToday();
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const body = { ...VOUCHERS, expiry_date: today };
    expect(answer(voucher.addVouchersBody, body)).toEqual({ accepted: { ...KEPT, expiry_date: today } });
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(answer(voucher.addVouchersBody, { ...body, expiry_date: yesterday })).toEqual(
      refusedWith('Expiry date cannot be in the past'),
    );
    expect(answer(voucher.addVouchersBody, 'codes')).toEqual(refusedWith('Invalid input'));
  });
});

describe('the pieces (form-fields.ts)', () => {
  it('blank: missing, null, or spaces only', () => {
    for (const v of [undefined, null, '', ' ', '\t\n']) expect(fields.blank(v), JSON.stringify(v)).toBe(true);
    for (const v of [0, false, 'a', ' a ', [], {}]) expect(fields.blank(v), JSON.stringify(v)).toBe(false);
  });

  it('numberFrom: a number, or the text of one; anything else NaN', () => {
    expect(fields.numberFrom(2.5)).toBe(2.5);
    expect(fields.numberFrom(' 2.5 ')).toBe(2.5);
    for (const v of ['', '  ', null, undefined, true, [], 'x']) expect(fields.numberFrom(v)).toBeNaN();
  });

  it('an id: a whole number from 1 to 2,147,483,647, or its canonical text', () => {
    for (const v of [1, 9, 2_147_483_647, '1', '10', '2147483647'])
      expect(fields.isId(v), String(v)).toBe(true);
    for (const v of [
      0,
      -1,
      1.5,
      2_147_483_648,
      '0',
      '01',
      '1e3',
      '12a',
      'a12',
      '-1',
      '',
      null,
      true,
      [5],
      ['5'],
    ])
      expect(fields.isId(v), String(v)).toBe(false);
  });

  it('the refusals name the field with its limit and the listed values', () => {
    expect(answer(fields.text('Nickname', 3), 'abcd')).toEqual(
      refusedWith('Nickname must be at most 3 characters'),
    );
    expect(answer(fields.text('Nickname', 3), 1)).toEqual(refusedWith('Nickname must be text'));
    expect(answer(fields.requiredText('Nickname please', 'Nickname', 3), ' ')).toEqual(
      refusedWith('Nickname please'),
    );
    expect(answer(fields.optionalText('Nickname', 3), ' ')).toEqual({ accepted: null });
    expect(answer(fields.listed('Colour', ['red', 'green'] as const), 'blue')).toEqual(
      refusedWith('Colour must be one of: red, green'),
    );
    expect(answer(fields.present('Fill it'), [])).toEqual(refusedWith('Fill it'));
    expect(answer(fields.present('Fill it'), ['a'])).toEqual({ accepted: ['a'] });
    expect(answer(fields.id('Bad id'), '5')).toEqual({ accepted: 5 });
    expect(answer(fields.id('Bad id'), '05')).toEqual(refusedWith('Bad id'));
  });
});
