// Voucher brands' redeem settings (issue 35, item 7): the console sets, per brand, the link where a code
// is redeemed and the steps to redeem it; the member's wallet and the spin's result show a Redeem action
// for a voucher of a brand with a link. GET /api/brands.php (member), GET/PUT
// /api/admin/brand-settings.php (console).
import { z } from 'zod';
import { ADMIN_API_BASE, ADMIN_BRANDS_PATH, API_BASE, BRANDS_PATH } from './paths';
import { endpoint, okResponses, type RequestOf, type ResponseOf } from './common';

export const BRAND_NAME_MAX = 100;
export const REDEEM_STEPS_MAX = 1000;

/** An https link (or http on a local address for the demo), at most 500 characters. */
const redeemUrl = z
  .string()
  .trim()
  .max(500, 'The redeem link is at most 500 characters')
  .regex(
    /^(https:\/\/[a-z0-9.-]+\.[a-z]{2,}|http:\/\/(localhost|127\.0\.0\.1))(:\d+)?(\/\S*)?$/i,
    'The redeem link must be a full https:// address',
  );

const memberBrand = z.object({
  brand: z.string(),
  redeem_url: z.string().nullable(),
  redeem_steps: z.string().nullable(),
});
export type MemberBrand = z.infer<typeof memberBrand>;

/** The brands with a redeem link or steps (the others have nothing to show). */
export const memberBrands = endpoint('GET', `${API_BASE}${BRANDS_PATH}`, {
  response: okResponses({ brands: z.array(memberBrand) }),
});
export type MemberBrandsResponse = ResponseOf<typeof memberBrands>;

const adminBrand = memberBrand.extend({
  /** Vouchers of this brand in the database (any status): 0 for a brand set up before its codes. */
  voucher_count: z.number(),
  /** When its settings were last saved; null: never set. */
  updated_at: z.string().nullable(),
});
export type AdminBrand = z.infer<typeof adminBrand>;

/** Every brand the vouchers name, and those with settings, by name. */
export const listBrandSettings = endpoint('GET', `${ADMIN_API_BASE}${ADMIN_BRANDS_PATH}`, {
  response: okResponses({ brands: z.array(adminBrand) }),
});
export type AdminBrandsResponse = ResponseOf<typeof listBrandSettings>;

/** Sets one brand's redeem link and steps (null or empty clears them). Audited. */
export const saveBrandSettings = endpoint('PUT', `${ADMIN_API_BASE}${ADMIN_BRANDS_PATH}`, {
  body: z.object({
    brand: z.string().trim().min(1, 'brand is required').max(BRAND_NAME_MAX),
    redeem_url: z.union([redeemUrl, z.literal(''), z.null()]),
    redeem_steps: z
      .string()
      .trim()
      .max(REDEEM_STEPS_MAX, `The steps are at most ${REDEEM_STEPS_MAX} characters`)
      .nullable(),
  }),
  response: okResponses({ brand: adminBrand }),
});
export type SaveBrandRequest = RequestOf<typeof saveBrandSettings>;
