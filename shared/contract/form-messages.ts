// The admin forms' refusals (docs/product-rules.md#admin-rules), as the server answers them and the
// console shows them. Plain strings (no zod): the console imports them at run time.
import { MAX_VOUCHER_CODES_PER_BATCH } from '../constants';
import { MAX_REELS } from '../slot';

/**
 * The Add and Edit Offer forms' refusals. The server checks these forms field by field, in the
 * console's order (server/services/admin/validation.ts), so each refusal is one of these sentences.
 */
export const OFFER_FORM_MESSAGES = {
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  externalIdRequired: 'External offer ID is required',
  modelRequired: 'Offer model is required',
  offerUrlRequired: 'Offer URL is required',
  offerUrlInvalid: 'Offer URL must be a valid URL (http:// or https://)',
  previewUrlInvalid: 'Preview URL must be a valid URL (http:// or https://)',
  rewardAmount: 'Reward amount must be a number of 0 or more',
  slotConfigRequired: 'No slot machine configuration found',
  slotConfigInvalid: 'Invalid slot machine configuration',
  reelsMin: 'At least 1 reel is required',
  reelsMax: `At most ${MAX_REELS} reels are allowed`,
  reelAmount: 'Each reel amount must be a number of 0 or more',
  reelProbability: 'Each reel probability must be between 1 and 99',
  probabilityTotal: 'Total probability must be less than 100%',
} as const;

/** The Add New Vouchers form's refusals, in the order the form is checked. */
export const VOUCHER_FORM_MESSAGES = {
  voucherRequired: 'Please fill all required fields',
  voucherNoCodes: 'Please enter at least one voucher code',
  voucherTooMany: `Maximum ${MAX_VOUCHER_CODES_PER_BATCH} voucher codes allowed per batch`,
  voucherDuplicates: 'Duplicate voucher codes found in your input',
  voucherAmountMin: 'Voucher amount must be at least 1',
  voucherAmountStep: 'Voucher amount can have at most 2 decimals',
  expiryFormat: 'Expiry date must be a valid date in the format yyyy-MM-dd',
  expiryPast: 'Expiry date cannot be in the past',
} as const;
