// The pieces of the admin forms' schemas (offer-form.ts, voucher-form.ts): text that is required,
// optional or one of a list, numbers sent as JSON numbers or as the form's text, each refusal one of
// the sentences of ../form-messages.ts. Written with zod/mini so the console can run the same schemas
// as the server at a few kilobytes (docs/decisions/admin-writes-in-contract.md); the console sets
// `z.config({ jitless: true })` before any of them is built (admin/src/zod-jitless.ts).
import * as z from 'zod/mini';

/** Missing, null, or text of spaces only: the forms' "empty". */
export const blank = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A number from a JSON number or its text (a form field); anything else is NaN, refused by z.number. */
export function numberFrom(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') return Number(v);
  return Number.NaN;
}

/** Rounded to the cent. */
export const cents = (n: number): number => Math.round(n * 100) / 100;

/** Text, trimmed, at most `max` characters once trimmed: "<what> must be text" / "... at most N characters". */
export const text = (what: string, max: number) =>
  z
    .string({ error: `${what} must be text` })
    .check(z.trim(), z.maxLength(max, `${what} must be at most ${max} characters`));

/** Required text: blank is `message` (the form's sentence), then `text`. */
export const requiredText = (message: string, what: string, max: number) =>
  z.pipe(
    z.transform((v: unknown) => (blank(v) ? undefined : v)),
    z
      .string({ error: (iss) => (iss.input === undefined ? message : `${what} must be text`) })
      .check(z.trim(), z.maxLength(max, `${what} must be at most ${max} characters`)),
  );

/** Optional text: blank is null, else `text`. */
export const optionalText = (what: string, max: number) =>
  z.pipe(
    z.transform((v: unknown) => (blank(v) ? null : v)),
    z.nullable(text(what, max)),
  );

/** One of a list, with the sentence naming them ("<what> must be one of: a, b"). */
export const listed = <const T extends readonly [string, ...string[]]>(what: string, values: T) =>
  z.enum(values, { error: `${what} must be one of: ${values.join(', ')}` });

/** Not blank (a list of codes: not empty); its value is checked by the next stage. */
export const present = (message: string) =>
  z.custom<unknown>((v) => (Array.isArray(v) ? v.length > 0 : !blank(v)), { error: message });

const CANONICAL_ID = /^[1-9][0-9]*$/;
/** The largest id of a PostgreSQL `integer` (serial) column. */
const MAX_ID = 2_147_483_647;

/** An id as a JSON integer or its canonical decimal text (react-admin's Identifier), 1 to 2^31-1. */
export function isId(v: unknown): boolean {
  const n = typeof v === 'string' && CANONICAL_ID.test(v) ? Number(v) : v;
  // Number.isInteger is false for anything that is not a number.
  return Number.isInteger(n) && (n as number) >= 1 && (n as number) <= MAX_ID;
}

/** A positive id, refused with `message`; the id as a number. */
export const id = (message: string) =>
  z.pipe(
    z.custom<number | string>(isId, { error: message }),
    z.transform((v) => Number(v)),
  );

/**
 * The forms' body schemas (not the list filters): a refusal of one of their fields is answered with the
 * issue's message as it is, a sentence of the specification, where other inputs answer
 * "Invalid <field>: <message>" (server/plugins/errors.ts).
 */
const formSchemas = new WeakSet<object>();
export function formSchema<S extends z.core.$ZodType>(schema: S): S {
  formSchemas.add(schema);
  return schema;
}
/** A WeakSet answers false for a primitive or null, so the set alone decides. */
export const isFormSchema = (schema: unknown): boolean => formSchemas.has(schema as object);
