import { describe, expect, it } from 'vitest';
import {
  clampReelValue,
  emptyOfferForm,
  generateExternalId,
  isReelTotalValid,
  keptReels,
  toCreateRequest,
  toEditRequest,
  tryAgainChance,
  validateOffer,
} from './offer-form';

describe('generateExternalId', () => {
  it('lowercases, removes non-alphanumerics, turns spaces into underscores, keeps 20 characters, adds _ and 4 digits of the time', () => {
    expect(generateExternalId('Open a Bank Account! (Premium) Edition', 1_700_000_012_345)).toBe(
      'open_a_bank_account__2345',
    );
    expect(generateExternalId('Spin & Win', 1234567890123)).toBe('spin_win_0123');
  });
});

describe('reels', () => {
  it('clamps negative values to 0', () => {
    expect(clampReelValue('-5')).toBe(0);
    expect(clampReelValue('')).toBe(0);
    expect(clampReelValue('12.5')).toBe(12.5);
  });
  it('accepts totals above 0 and below 100 and shows the remainder as try again', () => {
    expect(
      isReelTotalValid([
        { amount: 5, probability: 15 },
        { amount: 10, probability: 8 },
      ]),
    ).toBe(true);
    expect(
      tryAgainChance([
        { amount: 5, probability: 15 },
        { amount: 10, probability: 8 },
      ]),
    ).toBe(77);
    expect(
      isReelTotalValid([
        { amount: 5, probability: 60 },
        { amount: 10, probability: 40 },
      ]),
    ).toBe(false);
    expect(isReelTotalValid([{ amount: 5, probability: 0 }])).toBe(false);
  });
  it('drops reels whose amount or probability is not above 0', () => {
    expect(
      keptReels([
        { amount: 5, probability: 15 },
        { amount: 0, probability: 20 },
        { amount: 10, probability: 0 },
      ]),
    ).toEqual([{ amount: 5, probability: 15 }]);
  });
});

describe('validateOffer', () => {
  it('requires title, description, external id, model and offer URL', () => {
    const errors = validateOffer({ ...emptyOfferForm(), model: '' }, 'create');
    expect(Object.keys(errors).sort()).toEqual([
      'description',
      'external_offer_id',
      'model',
      'offer_url',
      'title',
    ]);
  });
  it('does not require the external id on edit', () => {
    expect(
      validateOffer(
        { ...emptyOfferForm(), title: 't', description: 'd', offer_url: 'https://x.test' },
        'edit',
      ),
    ).toEqual({});
  });
  it('checks URL formats', () => {
    const errors = validateOffer(
      { ...emptyOfferForm(), offer_url: 'not a url', preview_url: 'also bad' },
      'create',
    );
    expect(errors.offer_url).toBe('app.offers.form.errors.url');
    expect(errors.preview_url).toBe('app.offers.form.errors.url');
  });
});

describe("validateOffer, the server's rules (issue 34)", () => {
  const seeded = { ...emptyOfferForm(), title: 't', description: 'd' };
  it("accepts a path on this server as the demo offers' links are, as the server does", () => {
    expect(
      validateOffer({ ...seeded, offer_url: '/partner/demo/demo_gaming_1?click_id={click_id}' }, 'edit'),
    ).toEqual({});
  });
  it('refuses a protocol-relative link, and shows a refusal it has no words for as the server words it', () => {
    expect(validateOffer({ ...seeded, offer_url: '//evil.example.com/x' }, 'edit')).toEqual({
      offer_url: 'app.offers.form.errors.url',
    });
    expect(validateOffer({ ...seeded, offer_url: '/o', title: 't'.repeat(201) }, 'edit')).toEqual({
      title: 'Title must be at most 200 characters',
    });
  });
});

describe('request bodies', () => {
  const values = {
    ...emptyOfferForm(),
    title: ' Bank ',
    description: 'Open an account',
    external_offer_id: 'bank_1234',
    offer_url: 'https://x.test/o',
    reels: [
      { amount: 5, probability: 15 },
      { amount: 0, probability: 0 },
    ],
  };
  it('create: nulls for empty preview URL, category and network, 0 for an empty reward, CPR / ALL defaults, active', () => {
    expect(toCreateRequest(values)).toEqual({
      title: 'Bank',
      description: 'Open an account',
      offer_url: 'https://x.test/o',
      preview_url: null,
      external_offer_id: 'bank_1234',
      category: null,
      model: 'CPR',
      targeting: 'ALL',
      reward_amount: 0,
      slot_config: { reels: [{ amount: 5, probability: 15 }] },
      network_id: null,
      is_active: true,
    });
  });
  it('the chosen network goes as its id, in both bodies; no network is null', () => {
    expect(toCreateRequest({ ...values, network_id: '4' }).network_id).toBe(4);
    expect(toEditRequest({ ...values, network_id: '4' }).network_id).toBe(4);
    expect(toEditRequest({ ...values, network_id: '' }).network_id).toBeNull();
  });
  it('edit: no external_offer_id', () => {
    expect(toEditRequest({ ...values, reward_amount: '12.5', category: 'Finance' })).not.toHaveProperty(
      'external_offer_id',
    );
    expect(toEditRequest({ ...values, reward_amount: '12.5', category: 'Finance' })).toMatchObject({
      reward_amount: 12.5,
      category: 'Finance',
    });
  });
});
