// How the postback receiver answers each outcome: the HTTP status and body a network sees. A network
// retries anything but a success, so every outcome that must not be sent again (a replay, a duplicate,
// an ignored transition, a held approval) is a 200.
import type { PostbackResult } from '../services/postbacks';

export interface PostbackAnswer {
  httpStatus: number;
  body: { success: boolean; error?: string; status?: string; duplicate?: boolean; message?: string };
  /** Recorded in the log and the metrics. */
  outcome: string;
  completionId?: number | null;
}

/** An attempt refused before it reached the postback rules (no secret, bad signature, malformed...). */
export function refusedAnswer(httpStatus: number, outcome: string, error: string): PostbackAnswer {
  return { httpStatus, outcome, body: { success: false, error } };
}

export function answerFor(result: PostbackResult): PostbackAnswer {
  switch (result.kind) {
    case 'unknown_click':
      return refusedAnswer(404, 'unknown_click', 'Unknown click_id');
    case 'accepted':
      return {
        httpStatus: 200,
        outcome: 'accepted',
        completionId: result.completionId,
        body: { success: true, status: result.status },
      };
    case 'completed_pending':
      return {
        httpStatus: 200,
        outcome: 'completed_pending',
        completionId: result.completionId,
        body: {
          success: true,
          status: 'approved',
          message: 'The pending conversion of this offer is now approved',
        },
      };
    case 'extra_event':
      return {
        httpStatus: 200,
        outcome: 'extra_event',
        completionId: result.completionId,
        body: {
          success: true,
          status: result.status,
          message: `Recorded as a further event of a conversion that is ${result.status}; nothing more is granted`,
        },
      };
    case 'held':
      return {
        httpStatus: 200,
        outcome: 'held',
        completionId: result.completionId,
        body: {
          success: true,
          status: 'held',
          message: 'Recorded; the member is blocked, so nothing is granted unless they are unblocked',
        },
      };
    case 'duplicate_conversion':
      return {
        httpStatus: 200,
        outcome: 'duplicate_conversion',
        body: { success: true, duplicate: true, message: 'Offer already completed by this user; ignored' },
      };
    case 'transaction_conflict':
      return {
        httpStatus: 409,
        outcome: 'transaction_conflict',
        completionId: result.completionId,
        body: {
          success: false,
          error: 'transaction_id is already recorded for another click_id; this postback was refused',
        },
      };
    case 'replay':
      return {
        httpStatus: 200,
        outcome: 'replay',
        completionId: result.completionId,
        body: { success: true, duplicate: true, status: result.status },
      };
    case 'ignored_transition':
      return {
        httpStatus: 200,
        outcome: 'ignored_transition',
        completionId: result.completionId,
        body: {
          success: true,
          status: result.status,
          message: `Conversion is ${result.status}; ${result.ignored} ignored`,
        },
      };
  }
}
