import { describe, expect, it } from 'vitest';
import type { AdminOfferRow } from '../../../shared/contract/admin/offers';
import {
  DEFAULT_FORM_REELS,
  MAX_REELS,
  emptyOfferForm,
  generateExternalId,
  isValidUrl,
  offerToForm,
  toCreateRequest,
  toEditRequest,
  validateOffer,
  type OfferFormValues,
} from './offer-form';

// The Add / Edit Offer form's rules at their edges (docs/product-rules.md#admin-rules): what the form
// shows when it opens, which inputs it refuses and with which message, and the body it sends. Written
// for the mutants npm run test:mutation found alive (docs/testing.md).

const row: AdminOfferRow = {
  offer_id: 7,
  title: 'Dragon Clash',
  description: 'Reach level 10',
  offer_url: 'https://partner.example/dragon?c={click_id}',
  preview_url: 'https://dragon.example',
  external_offer_id: 'dragon_clash_0001',
  category: 'Gaming',
  model: 'CPI',
  targeting: 'IN',
  reward_amount: 0,
  slot_config: { reels: [{ amount: 50, probability: 5 }] },
  is_active: true,
  created_at: '2026-01-01T00:00:00Z',
  total_completions: 0,
  unique_users: 0,
  total_revenue: 0,
  avg_payout: 0,
  spins_used: 0,
  rewards_won: 0,
  revenue_inr: 0,
  voucher_cost: 0,
  margin_inr: 0,
  network_id: null,
  network_name: null,
};

const filled: OfferFormValues = {
  ...emptyOfferForm(),
  title: 'Bank',
  description: 'Open an account',
  external_offer_id: 'bank_1234',
  offer_url: 'https://x.test/o',
};

describe('Add Offer opens with', () => {
  it('empty fields, CPR, ALL and the default reels (5 at 15 %, 10 at 8 %), a copy of them', () => {
    const form = emptyOfferForm();
    expect(form).toEqual({
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
      reels: [
        { amount: 5, probability: 15 },
        { amount: 10, probability: 8 },
      ],
    });
    form.reels[0]!.probability = 99;
    expect(DEFAULT_FORM_REELS[0]!.probability).toBe(15);
  });
});

describe('Edit Offer opens with the offer', () => {
  it('every field as the row has it, a reward of 0 shown as 0, its own reels', () => {
    expect(offerToForm(row)).toEqual({
      title: 'Dragon Clash',
      description: 'Reach level 10',
      external_offer_id: 'dragon_clash_0001',
      offer_url: 'https://partner.example/dragon?c={click_id}',
      preview_url: 'https://dragon.example',
      category: 'Gaming',
      model: 'CPI',
      targeting: 'IN',
      reward_amount: '0',
      network_id: '',
      reels: [{ amount: 50, probability: 5 }],
    });
    expect(offerToForm({ ...row, network_id: 5 }).network_id).toBe('5');
  });

  it('empty text for a missing preview, category or reward; CPR and ALL for a missing model or targeting', () => {
    const form = offerToForm({
      ...row,
      preview_url: null,
      category: null,
      model: '',
      targeting: '',
      reward_amount: null as unknown as number,
    });
    expect(form).toMatchObject({
      preview_url: '',
      category: '',
      model: 'CPR',
      targeting: 'ALL',
      reward_amount: '',
    });
    expect(offerToForm({ ...row, reward_amount: undefined as unknown as number }).reward_amount).toBe('');
    expect(offerToForm({ ...row, reward_amount: 12.5 }).reward_amount).toBe('12.5');
  });

  it('the default reels when the offer has none or no slot config', () => {
    const defaults = DEFAULT_FORM_REELS.map((r) => ({ ...r }));
    expect(offerToForm({ ...row, slot_config: null }).reels).toEqual(defaults);
    expect(offerToForm({ ...row, slot_config: { reels: [] } }).reels).toEqual(defaults);
  });

  it(`at most ${MAX_REELS} reels, copies of the row's`, () => {
    const reels = Array.from({ length: MAX_REELS + 2 }, (_, i) => ({ amount: i + 1, probability: 1 }));
    const offer = { ...row, slot_config: { reels } };
    const form = offerToForm(offer);
    expect(form.reels).toEqual(reels.slice(0, MAX_REELS));
    form.reels[0]!.amount = 999;
    expect(reels[0]!.amount).toBe(1);
    offerToForm({ ...row, slot_config: null }).reels[0]!.amount = 999;
    expect(DEFAULT_FORM_REELS[0]!.amount).toBe(5);
  });
});

describe('the external id generated from the title', () => {
  it('has no underscore for spaces around the title', () => {
    expect(generateExternalId('  Spin & Win!  ', 1_234_567_890_123)).toBe('spin_win_0123');
  });
});

describe('URLs', () => {
  it('only http and https links are URLs; anything else is not (false)', () => {
    expect(isValidUrl('http://x.test')).toBe(true);
    expect(isValidUrl('https://x.test/o?c=1')).toBe(true);
    expect(isValidUrl('ftp://x.test')).toBe(false);
    expect(isValidUrl('javascript:alert(1)')).toBe(false);
    expect(isValidUrl('not a url')).toBe(false);
  });
});

describe('the form refuses', () => {
  it('fields of spaces as missing, each with its own message', () => {
    const blank = '   ';
    expect(
      validateOffer(
        { ...filled, title: blank, description: blank, external_offer_id: blank, offer_url: blank },
        'create',
      ),
    ).toEqual({
      title: 'app.offers.form.errors.title',
      description: 'app.offers.form.errors.description',
      external_offer_id: 'app.offers.form.errors.external_offer_id',
      offer_url: 'app.offers.form.errors.offer_url',
    });
    expect(validateOffer({ ...filled, model: '' }, 'edit')).toEqual({
      model: 'app.offers.form.errors.model',
    });
  });

  it('nothing for links with spaces around them, or a preview of spaces', () => {
    expect(
      validateOffer(
        { ...filled, offer_url: ' https://x.test/o ', preview_url: ' https://x.test/p ' },
        'create',
      ),
    ).toEqual({});
    expect(validateOffer({ ...filled, preview_url: '   ' }, 'create')).toEqual({});
    expect(validateOffer({ ...filled, preview_url: 'ftp://x.test' }, 'create')).toEqual({
      preview_url: 'app.offers.form.errors.url',
    });
  });

  it('a reward that is not a number or below 0; an empty or 0 reward is fine', () => {
    const rewardError = (reward_amount: string) => validateOffer({ ...filled, reward_amount }, 'create');
    expect(rewardError('abc')).toEqual({ reward_amount: 'app.offers.form.errors.reward_amount' });
    expect(rewardError('-0.5')).toEqual({ reward_amount: 'app.offers.form.errors.reward_amount' });
    expect(rewardError('')).toEqual({});
    expect(rewardError('0')).toEqual({});
    expect(rewardError('12.5')).toEqual({});
  });
});

describe('the body sent', () => {
  it('trimmed text, null for a preview of spaces, CPR and ALL for empty model and targeting', () => {
    const body = toCreateRequest({
      ...filled,
      description: ' Open an account ',
      offer_url: ' https://x.test/o ',
      preview_url: '   ',
      external_offer_id: ' bank_1234 ',
      model: '',
      targeting: '',
    });
    expect(body).toMatchObject({
      description: 'Open an account',
      offer_url: 'https://x.test/o',
      preview_url: null,
      external_offer_id: 'bank_1234',
      model: 'CPR',
      targeting: 'ALL',
    });
    expect(toEditRequest({ ...filled, preview_url: ' https://x.test/p ' }).preview_url).toBe(
      'https://x.test/p',
    );
  });

  it('a reward that is not a number is sent as 0; a negative one as 0', () => {
    expect(toEditRequest({ ...filled, reward_amount: 'abc' }).reward_amount).toBe(0);
    expect(toEditRequest({ ...filled, reward_amount: '-3' }).reward_amount).toBe(0);
    expect(toEditRequest({ ...filled, reward_amount: '7.5' }).reward_amount).toBe(7.5);
  });
});
