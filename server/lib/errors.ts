/**
 * An error whose message is safe to show: the handler answers `{ success: false, error }` with its
 * status, and `codes` when given (the values the message is about, e.g. the repeated voucher codes).
 */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly codes?: string[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (msg: string) => new HttpError(400, msg);
export const unauthorized = (msg = 'Please sign in to continue.') => new HttpError(401, msg);
export const forbidden = (msg: string) => new HttpError(403, msg);
export const notFound = (msg: string) => new HttpError(404, msg);
export const conflict = (msg: string) => new HttpError(409, msg);

/** A spin or daily spin of a member who lives where the operator does not offer the promotion (issue 37). */
export const EXCLUDED_STATE_MESSAGE =
  'Spins are not offered in your state of residence. Your account stays open; see the official rules (/rules).';
/** A spin of a member who has not answered the first sign-in's questions (age, state, terms; issue 37). */
export const ELIGIBILITY_REQUIRED_MESSAGE = 'Please confirm your age and state first.';
export const BLOCKED_MESSAGE =
  'Your account has been blocked. Please contact support if you think this is a mistake.';
