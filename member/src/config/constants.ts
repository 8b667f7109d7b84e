import { BRAND_NAME } from '../../../shared/constants';

// Texts that appear in more than one place.
export const BRAND = BRAND_NAME;
export const PROVIDER_NAME = 'Google';
export const TAGLINE = 'Complete offers, spin & win rewards!';

/** Stored referral code: the code sent at sign-in comes from ?ref= or from here. */
export const REFERRAL_STORAGE_KEY = 'spinrewards.referralCode';
/** Session user cached locally (docs/product-rules.md#data-shapes). */
export const SESSION_STORAGE_KEY = 'spinrewards.user';
