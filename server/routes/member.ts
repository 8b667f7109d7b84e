// The member calls of spec section 7. Routes are thin: validate, call a service, answer.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEMBER_COOKIE } from '../plugins/auth';
import { createSession, deleteSession } from '../services/sessions';
import { signInMember } from '../services/users';
import { listMemberOffers, recordClick } from '../services/offers';
import { spin } from '../services/spins';
import { referralStats, userStats } from '../services/member-stats';
import { HttpError, unauthorized } from '../lib/errors';
import { positiveId } from '../lib/ids';

const sessionUser = z.object({
  user_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  referral_code: z.string(),
});

const slotConfig = z
  .object({ reels: z.array(z.object({ amount: z.number(), probability: z.number() })) })
  .nullable();

const memberOffer = z.object({
  offer_id: z.number(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  preview_url: z.string().nullable(),
  offer_url: z.string().nullable(),
  category: z.string().nullable(),
  completed: z.boolean(),
  spinner_used: z.boolean(),
  status: z.enum(['available', 'pending', 'completed']),
  reward_type: z.string(),
  voucher_code: z.string().nullable(),
  slot_config: slotConfig,
});

/** Offer clicks a member may store per minute (issue 11, item 11); each process counts its own. */
export const CLICKS_PER_MINUTE = 30;

const errorBody = z.object({ success: z.literal(false), error: z.string() });
const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  429: errorBody,
  500: errorBody,
};

const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/firebase-auth.php',
    {
      config: { rateLimit: { max: app.config.memberLoginRateLimit, timeWindow: '1 minute' } },
      schema: {
        body: z.object({
          idToken: z.string().min(1, 'idToken is required').max(8192),
          deviceFingerprint: z.string().max(128).nullish(),
          referralCode: z.string().max(32).nullish(),
        }),
        response: {
          200: z.object({
            success: z.literal(true),
            sessionId: z.string(),
            user: sessionUser,
            isNewUser: z.boolean(),
            referralUsed: z.boolean(),
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      let token;
      try {
        token = await app.tokenVerifier.verify(request.body.idToken);
      } catch (err) {
        request.log.info({ reason: (err as { code?: string }).code }, 'id token refused');
        throw unauthorized(
          'Authentication failed: your sign-in token is invalid or expired. Please sign in again.',
        );
      }
      const result = await signInMember(app.db, {
        token,
        deviceFingerprint: request.body.deviceFingerprint ?? null,
        referralCode: request.body.referralCode ?? null,
      });
      // A new session id on every sign-in; the previous cookie's session ends.
      const previous = request.cookies[MEMBER_COOKIE];
      if (previous) await deleteSession(app.db, app.sessionSecret, previous);
      const session = await createSession(
        app.db,
        app.sessionSecret,
        { kind: 'member', userId: result.user.id },
        app.config.memberSessionDays * 86_400_000,
      );
      app.setSessionCookie(reply, MEMBER_COOKIE, session.sid, session.expiresAt);
      const u = result.user;
      return {
        success: true as const,
        sessionId: session.publicId,
        user: {
          user_id: u.id,
          first_name: u.firstName,
          last_name: u.lastName,
          email: u.email,
          referral_code: u.referralCode,
        },
        isNewUser: result.isNewUser,
        referralUsed: result.referralUsed,
      };
    },
  );

  app.post(
    '/api/logout.php',
    { schema: { response: { 200: z.object({ success: z.literal(true) }), ...errors } } },
    async (request, reply) => {
      const sid = request.cookies[MEMBER_COOKIE];
      if (sid) await deleteSession(app.db, app.sessionSecret, sid);
      app.clearSessionCookie(reply, MEMBER_COOKIE);
      return { success: true as const };
    },
  );

  app.get(
    '/api/user-stats.php',
    {
      onRequest: app.requireMember,
      schema: {
        response: {
          200: z.object({
            success: z.literal(true),
            user: sessionUser,
            stats: z.object({
              total_completions: z.number(),
              total_vouchers_won: z.number(),
              successful_referrals: z.number(),
              total_voucher_value: z.number(),
              spins_used: z.number(),
              free_spins_remaining: z.number(),
              total_free_spins_earned: z.number(),
              referral_conversion_rate: z.number(),
            }),
            completions: z.array(
              z.object({
                title: z.string().nullable(),
                category: z.string().nullable(),
                completed_at: z.string(),
                voucher_code: z.string().nullable(),
                voucher_brand: z.string().nullable(),
                voucher_amount: z.number().nullable(),
                reward_type: z.string(),
              }),
            ),
            voucherBreakdown: z.array(
              z.object({
                voucher_amount: z.number(),
                voucher_brand: z.string(),
                count: z.number(),
                total_value: z.number(),
              }),
            ),
            userVouchers: z.array(
              z.object({
                voucher_id: z.number(),
                voucher_code: z.string(),
                voucher_amount: z.number(),
                voucher_brand: z.string(),
                voucher_description: z.string().nullable(),
                title: z.string().nullable(),
                assigned_at: z.string(),
                completed_at: z.string().nullable(),
                voucher_source: z.enum(['free_spin', 'offer_completion']),
              }),
            ),
          }),
          ...errors,
        },
      },
    },
    async (request) => ({ success: true as const, ...(await userStats(app.db, request.member!.userId)) }),
  );

  app.get(
    '/api/offers.php',
    {
      onRequest: app.requireMember,
      schema: {
        response: {
          200: z.object({
            success: z.literal(true),
            offers: z.array(memberOffer),
            freeSpinsRemaining: z.number(),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const offers = await listMemberOffers(app.db, request.member!.userId);
      return { success: true as const, offers, freeSpinsRemaining: request.member!.freeSpinsRemaining };
    },
  );

  app.post(
    '/api/click-offer.php',
    {
      onRequest: app.requireMember,
      // Every click is a stored row: a member gets CLICKS_PER_MINUTE of them, counted per member (after
      // the session check and the body's validation), whatever address or session they come from.
      config: {
        rateLimit: {
          max: CLICKS_PER_MINUTE,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => `member:${request.member?.userId ?? `ip:${request.ip}`}`,
          errorResponseBuilder: (_request, context) =>
            new HttpError(
              429,
              `Too many offer clicks. Please wait ${context.after} before starting another offer.`,
            ),
        },
      },
      schema: {
        body: z.object({
          offerId: positiveId('offerId', { strings: false }),
        }),
        response: {
          200: z.object({
            success: z.literal(true),
            clickId: z.string(),
            offerTitle: z.string(),
            network: z.string(),
            redirectUrl: z.string(),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const click = await recordClick(app.db, {
        userId: request.member!.userId,
        offerId: request.body.offerId,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        publicUrl: app.config.publicUrl,
      });
      return { success: true as const, ...click };
    },
  );

  app.post(
    '/api/slot-spin.php',
    {
      onRequest: app.requireMember,
      schema: {
        body: z
          .object({
            spinType: z.enum(['free', 'offer']),
            offerId: positiveId('offerId', { strings: false }).optional(),
          })
          .refine((b) => b.spinType === 'free' || b.offerId !== undefined, {
            message: 'offerId is required for an offer spin',
            path: ['offerId'],
          }),
        response: {
          200: z.object({
            success: z.literal(true),
            slotResult: z.tuple([z.number(), z.number(), z.number()]),
            isWinningCombination: z.boolean(),
            rewardType: z.string(),
            spinType: z.enum(['free', 'offer']),
            freeSpinsRemaining: z.number(),
            voucher: z
              .object({
                code: z.string(),
                amount: z.number(),
                brand: z.string(),
                type: z.string(),
                expiryDate: z.string().nullable(),
                description: z.string().nullable(),
              })
              .nullable(),
          }),
          ...errors,
        },
      },
    },
    async (request) =>
      spin(
        app.db,
        { userId: request.member!.userId, spinType: request.body.spinType, offerId: request.body.offerId },
        { onSpin: (r) => app.metrics?.spin(r) },
      ),
  );

  app.get(
    '/api/referral-stats.php',
    {
      onRequest: app.requireMember,
      schema: {
        response: {
          200: z.object({
            success: z.literal(true),
            referralCode: z.string(),
            shareUrl: z.string(),
            summary: z.object({
              totalReferrals: z.number(),
              successfulReferrals: z.number(),
              pendingReferrals: z.number(),
              totalFreeSpinsEarned: z.number(),
              conversionRate: z.number(),
            }),
            monthlyPerformance: z.array(
              z.object({ month: z.string(), registrations: z.number(), successful: z.number() }),
            ),
            referralDetails: z.array(
              z.object({
                first_name: z.string(),
                last_name: z.string(),
                registration_date: z.string(),
                first_completion_date: z.string().nullable(),
                total_completions: z.number(),
                status: z.enum(['registered_only', 'completed_waiting', 'completed_and_rewarded']),
              }),
            ),
          }),
          ...errors,
        },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await referralStats(app.db, request.member!.userId, app.config.publicUrl)),
    }),
  );
};

export default memberRoutes;
export { errors as errorResponses, errorBody };
