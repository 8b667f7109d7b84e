import type {
  LoginResponse,
  MemberOffer,
  OffersResponse,
  ReferralStatsResponse,
  SessionUserRow,
  SpinResponse,
  UserStatsResponse,
} from '../../../../shared/contract/member';

// In-memory state behind the msw handlers: each test shapes it, the handlers read it.

export const memberRow: SessionUserRow = {
  user_id: 7,
  first_name: 'Asha',
  last_name: 'Verma',
  email: 'asha@example.com',
  referral_code: 'ASHA2024',
};

export function makeOffer(overrides: Partial<MemberOffer> = {}): MemberOffer {
  return {
    offer_id: 1,
    title: 'Stream Plus trial',
    description: 'Start a free trial of Stream Plus.',
    preview_url: 'https://streamplus.example.com/trial',
    offer_url: 'https://partner.example.com/o/1?click_id={click_id}',
    category: 'Entertainment',
    completed: false,
    spinner_used: false,
    status: 'available',
    reward_type: 'none',
    voucher_code: null,
    slot_config: {
      reels: [
        { amount: 50, probability: 10 },
        { amount: 10, probability: 30 },
      ],
    },
    clicked_at: null,
    pending_since: null,
    can_claim: false,
    claim_status: null,
    claim_reason: null,
    review: null,
    ...overrides,
  };
}

export function makeStats(overrides: Partial<UserStatsResponse['stats']> = {}): UserStatsResponse {
  return {
    success: true,
    user: memberRow,
    stats: {
      total_completions: 3,
      total_vouchers_won: 1,
      successful_referrals: 2,
      total_voucher_value: 50,
      spins_used: 2,
      free_spins_remaining: 0,
      total_free_spins_earned: 2,
      referral_conversion_rate: 66.7,
      ...overrides,
    },
    completions: [
      {
        title: 'Stream Plus trial',
        category: 'Entertainment',
        completed_at: '2026-11-20T10:30:00Z',
        voucher_code: 'AMZ-50-XYZ',
        voucher_brand: 'Amazon',
        voucher_amount: 50,
        reward_type: 'voucher_50',
        status: 'approved',
        reversed_at: null,
        reversal_reason: null,
      },
    ],
    voucherBreakdown: [{ voucher_amount: 50, voucher_brand: 'Amazon', count: 1, total_value: 50 }],
    userVouchers: [
      {
        voucher_id: 11,
        voucher_code: 'AMZ-50-XYZ',
        voucher_amount: 50,
        voucher_brand: 'Amazon',
        voucher_description: 'Amazon Pay gift card',
        title: 'Stream Plus trial',
        assigned_at: '2026-11-20T10:31:00Z',
        completed_at: '2026-11-20T10:30:00Z',
        voucher_source: 'offer_completion',
        voucher_terms: 'Valid on amazon.in only.',
        expiry_date: '2099-12-31',
        status: 'assigned',
      },
    ],
  };
}

export function makeReferrals(overrides: Partial<ReferralStatsResponse> = {}): ReferralStatsResponse {
  return {
    success: true,
    referralCode: 'ASHA2024',
    shareUrl: 'http://localhost:3000/?ref=ASHA2024',
    summary: {
      totalReferrals: 3,
      successfulReferrals: 2,
      pendingReferrals: 1,
      totalFreeSpinsEarned: 2,
      conversionRate: 66.7,
    },
    monthlyPerformance: [
      { month: '2026-10', registrations: 2, successful: 1 },
      { month: '2026-11', registrations: 1, successful: 0 },
    ],
    referralDetails: [
      {
        first_name: 'Ravi',
        last_name: 'Kumar',
        registration_date: '2026-10-02T09:00:00Z',
        first_completion_date: '2026-10-03T09:00:00Z',
        total_completions: 2,
        status: 'completed_and_rewarded',
        under_review: false,
        review_outcome: null,
      },
      {
        first_name: 'Meera',
        last_name: 'Shah',
        registration_date: '2026-11-02T09:00:00Z',
        first_completion_date: null,
        total_completions: 0,
        status: 'registered_only',
        under_review: false,
        review_outcome: null,
      },
    ],
    ...overrides,
  };
}

export interface MockState {
  signedIn: boolean;
  offers: OffersResponse;
  stats: UserStatsResponse;
  referrals: ReferralStatsResponse;
  login: LoginResponse;
  spin: SpinResponse;
}

export function freshState(): MockState {
  return {
    signedIn: true,
    offers: { success: true, offers: [makeOffer()], freeSpinsRemaining: 0 },
    stats: makeStats(),
    referrals: makeReferrals(),
    login: { success: true, sessionId: 's1', user: memberRow, isNewUser: false, referralUsed: false },
    spin: {
      success: true,
      slotResult: [50, 50, 50],
      isWinningCombination: true,
      rewardType: 'voucher_50',
      spinType: 'offer',
      freeSpinsRemaining: 0,
      voucher: {
        code: 'WIN-50-ABC',
        amount: 50,
        brand: 'Amazon',
        type: 'Gift Card',
        expiryDate: '2027-01-31',
        description: null,
      },
    },
  };
}

export const state: { current: MockState } = { current: freshState() };
