// Server-side validation of the admin forms (docs/product-rules.md#admin-rules), with messages a
// person can act on. The console validates too; the server never trusts it.
import { z } from 'zod';
import { HttpError, badRequest } from '../../lib/errors';
import { idParam } from '../../../shared/contract/common';
import { OFFER_FORM_MESSAGES, VOUCHER_FORM_MESSAGES } from '../../../shared/contract/form-messages';
import {
  MAX_VOUCHER_CODES_PER_BATCH,
  OFFER_CATEGORIES,
  OFFER_MODELS,
  OFFER_TARGETING,
  VOUCHER_TYPES,
} from '../../../shared/constants';
import { MAX_REELS, isValidProbabilityTotal, type SlotConfig } from '../../../shared/slot';
import type { OfferFields } from './offers';
import type { VoucherBatchInput } from './vouchers';

/** The forms' refusals, as the contract words them. */
export const MESSAGES = { ...OFFER_FORM_MESSAGES, ...VOUCHER_FORM_MESSAGES };

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function text(v: unknown, what: string, max: number): string {
  if (typeof v !== 'string') throw badRequest(`${what} must be text`);
  const t = v.trim();
  if (t.length > max) throw badRequest(`${what} must be at most ${max} characters`);
  return t;
}

function requiredText(v: unknown, message: string, what: string, max: number): string {
  if (blank(v)) throw badRequest(message);
  return text(v, what, max);
}

/**
 * An absolute http(s) URL; a path on this server ('/partner/...', as the demo offers use) is accepted
 * too. `{click_id}` and `{user_id}` placeholders are allowed (docs/product-rules.md#clicks).
 */
export function isValidOfferUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  if (value.startsWith('/') && !value.startsWith('//')) return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

function numberFrom(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') return Number(v);
  return Number.NaN;
}

export function parseSlotConfigInput(raw: unknown): SlotConfig {
  if (blank(raw)) throw badRequest(MESSAGES.slotConfigRequired);
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw badRequest(MESSAGES.slotConfigInvalid);
    }
  }
  if (!value || typeof value !== 'object' || !Array.isArray((value as { reels?: unknown }).reels))
    throw badRequest(MESSAGES.slotConfigInvalid);
  const reelsIn = (value as { reels: unknown[] }).reels;
  if (reelsIn.length < 1) throw badRequest(MESSAGES.reelsMin);
  if (reelsIn.length > MAX_REELS) throw badRequest(MESSAGES.reelsMax);
  const reels = reelsIn.map((r) => {
    if (!r || typeof r !== 'object') throw badRequest(MESSAGES.slotConfigInvalid);
    const amount = numberFrom((r as Record<string, unknown>).amount);
    const probability = numberFrom((r as Record<string, unknown>).probability);
    if (!Number.isFinite(amount) || amount < 0 || amount > 100_000) throw badRequest(MESSAGES.reelAmount);
    if (!Number.isFinite(probability) || probability < 1 || probability > 99)
      throw badRequest(MESSAGES.reelProbability);
    return { amount: Math.round(amount * 100) / 100, probability };
  });
  if (!isValidProbabilityTotal(reels)) throw badRequest(MESSAGES.probabilityTotal);
  return { reels };
}

/** The fields of the Add and Edit Offer forms. */
export function parseOfferFields(body: Record<string, unknown>): OfferFields {
  const title = requiredText(body.title, MESSAGES.titleRequired, 'Title', 200);
  const description = requiredText(body.description, MESSAGES.descriptionRequired, 'Description', 5000);
  const model = requiredText(body.model, MESSAGES.modelRequired, 'Offer model', 50);
  if (!(OFFER_MODELS as readonly string[]).includes(model))
    throw badRequest(`Offer model must be one of: ${OFFER_MODELS.join(', ')}`);
  const offerUrl = requiredText(body.offer_url, MESSAGES.offerUrlRequired, 'Offer URL', 2048);
  if (!isValidOfferUrl(offerUrl)) throw badRequest(MESSAGES.offerUrlInvalid);
  const previewUrl = blank(body.preview_url) ? null : text(body.preview_url, 'Preview URL', 2048);
  if (previewUrl !== null && !isValidOfferUrl(previewUrl)) throw badRequest(MESSAGES.previewUrlInvalid);
  const category = blank(body.category) ? null : text(body.category, 'Category', 50);
  if (category !== null && !(OFFER_CATEGORIES as readonly string[]).includes(category))
    throw badRequest(`Category must be one of: ${OFFER_CATEGORIES.join(', ')}`);
  const targeting = blank(body.targeting) ? 'ALL' : text(body.targeting, 'Targeting', 50);
  if (!(OFFER_TARGETING as readonly string[]).includes(targeting))
    throw badRequest(`Targeting must be one of: ${OFFER_TARGETING.join(', ')}`);
  // 0 when empty.
  const reward = blank(body.reward_amount) ? 0 : numberFrom(body.reward_amount);
  if (!Number.isFinite(reward) || reward < 0 || reward > 99_999_999) throw badRequest(MESSAGES.rewardAmount);
  const slotConfig = parseSlotConfigInput(body.slot_config);
  return {
    title,
    description,
    offer_url: offerUrl,
    preview_url: previewUrl,
    category,
    model,
    targeting,
    reward_amount: Math.round(reward * 100) / 100,
    slot_config: slotConfig,
  };
}

/**
 * The offer's partner network: an id, null (or empty) for the native receiver, undefined when the
 * body leaves it out (an edit then keeps the offer's network).
 */
export function parseOfferNetworkId(v: unknown): number | null | undefined {
  if (v === undefined) return undefined;
  if (v === null || v === '') return null;
  const id = idParam('network_id').safeParse(v);
  if (!id.success)
    throw badRequest("network_id must be a network's id (see Networks), or empty for the native receiver");
  return id.data;
}

export function parseExternalOfferId(v: unknown): string {
  return requiredText(v, MESSAGES.externalIdRequired, 'External offer ID', 100);
}

const isoDate = z.iso.date();

/** Today's date where it is earliest on Earth (UTC-12): no admin anywhere is told "today" is past. */
export function earliestToday(now = Date.now()): string {
  return new Date(now - 12 * 3_600_000).toISOString().slice(0, 10);
}

/** The Add New Vouchers form, checked in the order the console checks it. */
export function parseVoucherBatch(body: Record<string, unknown>): VoucherBatchInput {
  const rawCodes = body.voucher_codes;
  const codesGiven = Array.isArray(rawCodes) ? rawCodes.length > 0 : !blank(rawCodes);
  if (blank(body.voucher_brand) || blank(body.voucher_amount) || !codesGiven || blank(body.expiry_date))
    throw badRequest(MESSAGES.voucherRequired);
  const list: unknown[] = Array.isArray(rawCodes) ? rawCodes : String(rawCodes).split(/\r?\n/);
  const codes = list.map((c) => (typeof c === 'string' ? c.trim() : String(c ?? '').trim())).filter((c) => c);
  if (codes.length === 0) throw badRequest(MESSAGES.voucherNoCodes);
  if (codes.length > MAX_VOUCHER_CODES_PER_BATCH) throw badRequest(MESSAGES.voucherTooMany);
  // The specification's message, and the codes it is about (issue 36), each once, in input order.
  const repeated = [...new Set(codes.filter((c, i) => codes.indexOf(c) !== i))];
  if (repeated.length > 0) throw new HttpError(400, MESSAGES.voucherDuplicates, repeated);
  if (codes.some((c) => c.length > 100)) throw badRequest('Voucher codes must be at most 100 characters');

  const brand = text(body.voucher_brand, 'Brand', 100);
  const amount = numberFrom(body.voucher_amount);
  if (!Number.isFinite(amount) || amount < 1) throw badRequest(MESSAGES.voucherAmountMin);
  if (amount > 99_999_999) throw badRequest('Voucher amount is too large');
  if (Math.abs(Math.round(amount * 100) - amount * 100) > 1e-6) throw badRequest(MESSAGES.voucherAmountStep);
  const type = blank(body.voucher_type) ? 'Gift Card' : text(body.voucher_type, 'Voucher type', 50);
  if (!(VOUCHER_TYPES as readonly string[]).includes(type))
    throw badRequest(`Voucher type must be one of: ${VOUCHER_TYPES.join(', ')}`);
  const expiry = typeof body.expiry_date === 'string' ? body.expiry_date.trim() : '';
  if (!isoDate.safeParse(expiry).success) throw badRequest(MESSAGES.expiryFormat);
  if (expiry < earliestToday()) throw badRequest(MESSAGES.expiryPast);
  return {
    voucher_type: type,
    voucher_brand: brand,
    voucher_amount: Math.round(amount * 100) / 100,
    voucher_codes: codes,
    voucher_description: blank(body.voucher_description)
      ? null
      : text(body.voucher_description, 'Description', 2000),
    voucher_terms: blank(body.voucher_terms) ? null : text(body.voucher_terms, 'Terms', 5000),
    expiry_date: expiry,
  };
}
