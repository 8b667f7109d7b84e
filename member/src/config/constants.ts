import { BRAND_NAME } from '../../../shared/constants';

// Texts of spec sections 1 and 2 that appear in more than one place.
export const BRAND = BRAND_NAME;
export const PROVIDER_NAME = 'Google';
export const TAGLINE = 'Complete offers, spin & win rewards!';

/** Stored referral code (spec section 2: "The referral code comes from ref or a stored value"). */
export const REFERRAL_STORAGE_KEY = 'spinrewards.referralCode';
/** Session user cached locally (spec section 3). */
export const SESSION_STORAGE_KEY = 'spinrewards.user';
