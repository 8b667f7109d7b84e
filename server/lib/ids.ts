import { createHash, randomBytes, randomInt } from 'node:crypto';
import { z } from 'zod';

/** 128-bit random, URL-safe: click ids and session ids (DESIGN.md section 4). */
export function randomId(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

// No 0/O/1/I: codes are read aloud and typed from phones.
const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}

/** The largest id of a PostgreSQL `integer` (serial) column. */
export const MAX_ID = 2_147_483_647;

const DIGITS = /^-?[0-9]+$/;
const CANONICAL = /^(0|-?[1-9][0-9]*)$/;

/**
 * A whole number in [min, max], strictly (issue 11, item 12): a JSON integer, or, when `strings` is
 * set (query strings, and bodies whose clients may send an id as text), its canonical decimal form
 * ("7", never "07", " 7", "7.0", "1e3" or "0x7"). Booleans, arrays, objects, null and fractions are
 * refused, where `z.coerce.number()` read `true` as 1 and `[7]` as 7.
 */
export function strictInt(what: string, min: number, max: number, opts: { strings: boolean }) {
  return z.unknown().transform((value, ctx): number => {
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
}

/** A positive id (1 to 2^31-1); see `strictInt` for what is accepted. */
export const positiveId = (what: string, opts: { strings: boolean }) => strictInt(what, 1, MAX_ID, opts);
