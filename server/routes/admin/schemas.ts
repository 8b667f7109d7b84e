// Zod pieces shared by the admin routes: list query strings (page, limit, sortBy from a whitelist,
// sortOrder, filters from fixed value lists) and the error responses. Query objects are strict: an
// unknown parameter is a 400, never silently ignored.
import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../../../shared/constants';
import { positiveId, strictInt } from '../../lib/ids';

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

// Query strings are text: page, limit and ids are canonical decimal strings. Ids in JSON bodies are
// JSON integers or canonical decimal strings (react-admin's Identifier may be either); see strictInt.
const wholeNumber = (what: string, min: number, max: number) => strictInt(what, min, max, { strings: true });

export const listBase = {
  page: wholeNumber('page', 1, 1_000_000).default(1),
  limit: wholeNumber('limit', 1, MAX_PAGE_SIZE).default(PAGE_SIZE),
  sortOrder: oneOf(['asc', 'desc']).default('desc'),
};

export const searchParam = z.string().trim().max(200, 'search must be at most 200 characters').optional();
export const idParam = (what: string) => positiveId(what, { strings: true });

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

/**
 * The strict query string of a list with a search box: page, limit and sortOrder (listBase), the
 * search, the list's own filters, then sortBy from the list's whitelist with its default.
 */
export function listQuery<const F extends z.ZodRawShape, const S extends readonly [string, ...string[]]>(
  filters: F,
  sortFields: S,
  defaultSort: S[number],
) {
  return z.strictObject({
    ...listBase,
    search: searchParam,
    ...filters,
    sortBy: oneOf(sortFields).default(defaultSort),
  });
}

/** The responses of a read: 200 with `success: true` and `fields`, and the error bodies. */
export function okResponses<const F extends z.ZodRawShape>(fields: F) {
  return { 200: okBody.extend(fields), ...errorResponses };
}

/** The member columns the users list and the dashboard's recent users both start with. */
export const memberFields = {
  user_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  registration_date: z.string(),
  registration_method: z.string(),
};
