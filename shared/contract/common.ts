// The pieces every part of the API contract uses: how an endpoint is declared, the error body, the
// success envelope, whole numbers and ids, list query strings and pagination, and the slot config.
// Server code only at run time: the browser apps import this module's types (`import type`), never
// its values, so zod stays out of their bundles.
import { z } from 'zod';
import { ACTION_REASON_MAX, MAX_PAGE_SIZE, PAGE_SIZE } from '../constants';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The schemas of one call, as Fastify's route `schema` takes them (responses keyed by status). */
export interface EndpointSchema {
  querystring?: z.ZodType;
  /** A classic schema, or a zod/mini one (the admin forms', which the console runs too). */
  body?: z.core.$ZodType;
  response: { 200: z.ZodType } & Record<number, z.ZodType>;
}

/**
 * One endpoint: method, url and schemas, in the shape `app.route` takes, so a route is declared as
 * `app.route({ ...memberContract.slotSpin, handler })`.
 */
export function endpoint<const M extends Method | Method[], const S extends EndpointSchema>(
  method: M,
  url: string,
  schema: S,
): { method: M; url: string; schema: S } {
  return { method, url, schema };
}

type AnyEndpoint = { schema: EndpointSchema };
/** The body of an endpoint's success answer. */
export type ResponseOf<E extends AnyEndpoint> = z.output<E['schema']['response'][200]>;
/** The request body a client sends to an endpoint. */
export type RequestOf<E extends { schema: { body?: z.core.$ZodType } }> = z.input<
  NonNullable<E['schema']['body']>
>;

/**
 * Every refusal leaves as `{ success: false, error }` (server/plugins/errors.ts); `codes` names the
 * values the error is about where it has some (issue 36: the voucher codes repeated in a batch).
 */
export const errorBody = z.object({
  success: z.literal(false),
  error: z.string(),
  codes: z.array(z.string()).optional(),
});
export type ApiError = z.infer<typeof errorBody>;

/** The error answers every call may give. */
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

/** The answers of a call: 200 with `success: true` and `fields`, and the error bodies. */
export function okResponses<const F extends z.ZodRawShape>(fields: F) {
  return { 200: okBody.extend(fields), ...errorResponses };
}

/** One of a fixed list of values, with a message naming them. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: () => `must be one of: ${values.join(', ')}` });
}

/** The largest id of a PostgreSQL `integer` (serial) column. */
export const MAX_ID = 2_147_483_647;

const DIGITS = /^-?[0-9]+$/;
const CANONICAL = /^(0|-?[1-9][0-9]*)$/;

/**
 * A whole number in [min, max], strictly: a JSON integer, or, when `strings` is set (query strings,
 * and bodies whose clients may send an id as text), its canonical decimal form ("7", never "07",
 * " 7", "7.0", "1e3" or "0x7"). Booleans, arrays, objects, null and fractions are refused, where
 * `z.coerce.number()` read `true` as 1 and `[7]` as 7. Typed by what a client is meant to send.
 */
export function strictInt<const S extends boolean>(
  what: string,
  min: number,
  max: number,
  opts: { strings: S },
) {
  const schema = z.unknown().transform((value, ctx): number => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    let n: number;
    if (typeof value === 'number') {
      if (!Number.isInteger(value)) return fail(`${what} must be a whole number`);
      n = value;
    } else if (typeof value === 'string' && opts.strings) {
      if (!DIGITS.test(value) || !CANONICAL.test(value)) return fail(`${what} must be a whole number`);
      n = Number(value);
    } else if (value === undefined) {
      return fail(`${what} is required`);
    } else {
      return fail(`${what} must be a whole number`);
    }
    if (n < min) return fail(`${what} must be at least ${min}`);
    if (n > max) return fail(`${what} must be at most ${max}`);
    return n;
  });
  return schema as unknown as z.ZodType<number, S extends true ? number | string : number>;
}

/** A positive id (1 to 2^31-1); see `strictInt` for what is accepted. */
export const positiveId = <const S extends boolean>(what: string, opts: { strings: S }) =>
  strictInt(what, 1, MAX_ID, opts);

// ---------- lists ----------

// Query strings are text: page, limit and ids are canonical decimal strings. Ids in JSON bodies are
// JSON integers or canonical decimal strings (react-admin's Identifier may be either); see strictInt.
const wholeNumber = (what: string, min: number, max: number) => strictInt(what, min, max, { strings: true });

/** page, limit and sortOrder, with their defaults. */
export const listBase = {
  page: wholeNumber('page', 1, 1_000_000).default(1),
  limit: wholeNumber('limit', 1, MAX_PAGE_SIZE).default(PAGE_SIZE),
  sortOrder: oneOf(['asc', 'desc']).default('desc'),
};

/** Why an administrator acted (a block, an (de)activation), kept in the audit log (issue 36); blank is none. */
export const actionReason = z
  .string()
  .trim()
  .max(ACTION_REASON_MAX, `The reason is at most ${ACTION_REASON_MAX} characters`)
  .optional();

export const searchParam = z.string().trim().max(200, 'search must be at most 200 characters').optional();
/** An id in a query string or an admin body: a JSON integer or its canonical decimal text. */
export const idParam = (what: string) => positiveId(what, { strings: true });

/**
 * The strict query string of a list with a search box: page, limit and sortOrder (listBase), the
 * search, the list's own filters, then sortBy from the list's whitelist with its default. Query
 * objects are strict: an unknown parameter is a 400, never silently ignored.
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

export const pagination = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  totalPages: z.number(),
  /** An addition to the product: true when `total` is the planner's estimate for a huge filtered list. */
  estimated: z.boolean().optional(),
});
export type Pagination = z.infer<typeof pagination>;

// ---------- the slot machine ----------

/** An offer's slot machine: reels of an amount (₹, 0 = nothing) and a percent probability. */
export const slotConfig = z.object({
  reels: z.array(z.object({ amount: z.number(), probability: z.number() })),
});
export type SlotConfig = z.infer<typeof slotConfig>;
export type SlotReel = SlotConfig['reels'][number];
