// GET /api/admin/attention.php: what needs the operator's attention (the dashboard's panel and the
// menu's count). Every figure is computed by the server; docs/decisions/win-rate-monitor.md and voucher-stock-per-amount.md give
// the rules (windows, thresholds, the 95 % interval).
import { z } from 'zod';
import { ADMIN_API_BASE, ADMIN_ATTENTION_PATH } from '../paths';
import { endpoint, okResponses, type ResponseOf } from '../common';

/**
 * The win-rate monitor reads each active offer's (and free spins') last WIN_RATE_WINDOW spins: at 200
 * active offers that is 100 000 index entries, the most this call reads.
 */
export const WIN_RATE_WINDOW = 500;
/** Voucher stock: demand over the last STOCK_DAYS days; an alert below STOCK_ALERT_DAYS days left. */
export const STOCK_DAYS = 7;
export const STOCK_ALERT_DAYS = 3;
/** Codes still available whose expiry date falls within the next EXPIRING_DAYS days. */
export const EXPIRING_DAYS = 7;
/** Refused postbacks per network over the last REFUSED_HOURS hours. */
export const REFUSED_HOURS = 24;
/** The oldest CLAIMS_SHOWN claims waiting are listed by name (the rest are counted). */
export const CLAIMS_SHOWN = 5;

const amountRate = z.object({
  /** The prize (₹). */
  amount: z.number(),
  /** The table's chance of drawing it, percent. */
  configured: z.number(),
  /** Draws of it among the window's spins (won, or a stock-out), and their share in percent. */
  draws: z.number(),
  observed: z.number(),
  /** The 95 % Wilson score interval of the observed rate, percent. */
  low: z.number(),
  high: z.number(),
  /** The configured chance falls outside the interval. */
  flagged: z.boolean(),
});

const winRate = z.object({
  /** null: free spins (the default table). */
  offer_id: z.number().nullable(),
  title: z.string(),
  /** Spins in the window (at most WIN_RATE_WINDOW). */
  spins: z.number(),
  amounts: z.array(amountRate),
  /** Rupees handed out per spin in the window (codes actually given), and what the table expects. */
  cost_per_spin: z.number(),
  expected_cost_per_spin: z.number(),
  /** The offer's average payout per conversion (one spin each), in rupees at FX_USD_INR; null: none yet. */
  payout_inr: z.number().nullable(),
  /** A spin costs more than the offer pays. */
  cost_flagged: z.boolean(),
});

const stockRow = z.object({
  /** A spin claims a code by amount, any brand: stock runs out per amount. */
  amount: z.number(),
  available: z.number(),
  brands: z.array(z.object({ brand: z.string(), available: z.number() })),
  /** Draws that wanted a code of this amount over the last STOCK_DAYS days, and codes handed out. */
  wins7d: z.number(),
  wins_per_day: z.number(),
  /** available / wins_per_day, one decimal; null when nothing was drawn (no demand). */
  days_left: z.number().nullable(),
  /** Winning draws that found no code (shown to the member as a miss), and the members they hit. */
  stock_outs7d: z.number(),
  members_missed7d: z.number(),
  /**
   * Wins of this amount owed a code (the last one went to another member at the same moment): assigned
   * automatically, oldest first, when the amount is restocked. The members they are owed to, and since
   * when the oldest waits (null: none owed). The server always sends them.
   */
  owed: z.number().optional(),
  owed_members: z.number().optional(),
  owed_since: z.string().nullable().optional(),
  /** An active offer's table (or free spins') can pay this amount. */
  payable: z.boolean(),
  flagged: z.boolean(),
});

export const attention = endpoint('GET', `${ADMIN_API_BASE}${ADMIN_ATTENTION_PATH}`, {
  response: okResponses({
    /**
     * Items flagged across the sections: the menu's count (claims waiting and held rewards count as one
     * item each, as held referrals do).
     */
    count: z.number(),
    /** The win-rate monitor's window: each table's last `window` spins (WIN_RATE_WINDOW). */
    window: z.number(),
    winRates: z.array(winRate),
    stock: z.array(stockRow),
    /**
     * Available codes expiring within EXPIRING_DAYS days, one row per brand (issue 36: one line each):
     * its codes, the amounts they are of (ascending) and the first expiry date. Soonest first.
     */
    expiring: z.array(
      z.object({
        brand: z.string(),
        codes: z.number(),
        amounts: z.array(z.number()),
        first_expiry: z.string(),
      }),
    ),
    /**
     * Members' claims waiting for a decision (issue 36, "what waits, first"): how many, and the oldest
     * CLAIMS_SHOWN of them, oldest first.
     */
    claims: z.object({
      waiting: z.number(),
      oldest: z.array(
        z.object({
          claim_id: z.number(),
          user_id: z.number(),
          user_name: z.string(),
          offer_id: z.number(),
          offer_title: z.string(),
          created_at: z.string(),
        }),
      ),
    }),
    /** Held rewards in the review queue (server/trust/review-queue.ts) and since when the oldest waits. */
    reviews: z.object({ waiting: z.number(), oldest_at: z.string().nullable() }),
    /** Members with reversals piling up in the reversal hold's window, most first. */
    reversals: z.object({
      days: z.number(),
      members: z.array(
        z.object({
          user_id: z.number(),
          name: z.string(),
          email: z.string(),
          reversals: z.number(),
          held_at: z.string().nullable(),
        }),
      ),
    }),
    refusedPostbacks: z.array(
      z.object({ network_id: z.number().nullable(), network: z.string(), refused: z.number() }),
    ),
    /** Same-device referrals waiting for Grant Reward or Deny. */
    heldReferrals: z.number(),
  }),
});
export type AdminAttentionResponse = ResponseOf<typeof attention>;
export type AdminWinRate = AdminAttentionResponse['winRates'][number];
export type AdminStockRow = AdminAttentionResponse['stock'][number];
