// Zod pieces shared by the admin routes: list query strings (page, limit, sortBy from a whitelist,
// sortOrder, filters from fixed value lists) and the error responses. Query objects are strict: an
// unknown parameter is a 400, never silently ignored.
import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../../../shared/constants';

export const errorBody = z.object({ success: z.literal(false), error: z.string() });
export const errorResponses = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  415: errorBody,
  429: errorBody,
  500: errorBody,
};

export const okBody = z.object({ success: z.literal(true) });

/** One of a fixed list of values, with a message naming them. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: () => `must be one of: ${values.join(', ')}` });
}

const wholeNumber = (what: string, min: number, max: number) =>
  z.coerce
    .number({ error: () => `${what} must be a whole number` })
    .int(`${what} must be a whole number`)
    .min(min, `${what} must be at least ${min}`)
    .max(max, `${what} must be at most ${max}`);

export const listBase = {
  page: wholeNumber('page', 1, 1_000_000).default(1),
  limit: wholeNumber('limit', 1, MAX_PAGE_SIZE).default(PAGE_SIZE),
  sortOrder: oneOf(['asc', 'desc']).default('desc'),
};

export const searchParam = z.string().trim().max(200, 'search must be at most 200 characters').optional();
export const idParam = (what: string) => wholeNumber(what, 1, 2_147_483_647);

export const pagination = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  totalPages: z.number(),
  estimated: z.boolean().optional(),
});

export const slotConfigOut = z.object({
  reels: z.array(z.object({ amount: z.number(), probability: z.number() })),
});
