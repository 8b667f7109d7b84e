// A small known dataset for the admin suites, inserted directly with every counter consistent with
// the rows (as the postback and spin transactions would have left them). Times are relative to now.
import type { Db } from '../../db/client';
import { clicks, completions, offers, referrals, users, vouchers } from '../../db/schema';
import { dateRangeBounds } from '../../services/admin/common';

const H = 3_600_000;
const D = 86_400_000;

export async function seedKnownDataset(db: Db) {
  const now = Date.now();
  const at = (msAgo: number) => new Date(now - msAgo);
  const startOfToday = dateRangeBounds('today')!.from.getTime();
  // 'Today' even just after midnight UTC.
  const todayish = new Date(Math.max(now - H, startOfToday + 1000));
  const day = (days: number) => new Date(now + days * D).toISOString().slice(0, 10);

  const u = async (values: typeof users.$inferInsert) =>
    (await db.insert(users).values(values).returning())[0]!;
  const A = await u({
    firebaseUid: 'uid-a',
    email: 'asha@example.com',
    firstName: 'Asha',
    lastName: 'Rao',
    referralCode: 'ASHA0001',
    registrationMethod: 'firebase',
    registrationDate: at(200 * D),
    lastActivity: todayish,
    totalCompletions: 2,
    totalRevenueGenerated: 6.5,
    totalVouchersWon: 2,
    totalVoucherValue: 30,
    spinsUsed: 3,
    totalReferrals: 3,
    successfulReferrals: 1,
    freeSpinsRemaining: 0,
    totalFreeSpinsEarned: 1,
  });
  const B = await u({
    firebaseUid: 'uid-b',
    email: 'ravi@example.com',
    firstName: 'Ravi',
    lastName: 'Kumar',
    referralCode: 'RAVI0001',
    registrationMethod: 'firebase',
    registrationDate: at(2 * D),
    lastActivity: at(2 * D),
    referredByUserId: A.id,
    referredByCode: 'ASHA0001',
    totalCompletions: 1,
    totalRevenueGenerated: 3,
  });
  const C = await u({
    firebaseUid: 'uid-c',
    email: 'meera@example.com',
    firstName: 'Meera',
    lastName: 'Shah',
    referralCode: 'MEER0001',
    registrationMethod: 'email',
    registrationDate: at(3 * D),
    lastActivity: at(3 * D),
    referredByUserId: A.id,
    referredByCode: 'ASHA0001',
    totalCompletions: 1,
    totalRevenueGenerated: 10,
    totalVouchersWon: 1,
    totalVoucherValue: 50,
    spinsUsed: 1,
  });
  const Dk = await u({
    firebaseUid: 'uid-d',
    email: 'kiran@example.com',
    firstName: 'Kiran',
    lastName: 'Das',
    referralCode: 'KIRA0001',
    registrationMethod: 'firebase',
    registrationDate: at(40 * D),
    lastActivity: at(40 * D),
    referredByUserId: A.id,
    referredByCode: 'ASHA0001',
  });
  const E = await u({
    firebaseUid: 'uid-e',
    email: 'dev@example.com',
    firstName: 'Dev',
    lastName: 'Patel',
    referralCode: 'DEVP0001',
    registrationMethod: 'email',
    registrationDate: at(300 * D),
    lastActivity: at(50 * D),
    totalCompletions: 1,
    totalRevenueGenerated: 1,
    spinsUsed: 1,
  });

  const o = async (values: typeof offers.$inferInsert) =>
    (await db.insert(offers).values(values).returning())[0]!;
  const reels = {
    reels: [
      { amount: 10, probability: 20 },
      { amount: 50, probability: 5 },
    ],
  };
  const O1 = await o({
    title: 'Dragon Clash',
    description: 'Reach level 10',
    offerUrl: 'https://partner.example/dragon?c={click_id}',
    externalOfferId: 'dragon_clash_0001',
    category: 'Gaming',
    model: 'CPI',
    rewardAmount: 50,
    slotConfig: reels,
    createdAt: at(H),
    totalCompletions: 2,
    uniqueUsers: 2,
    totalRevenue: 5.5,
    spinsUsed: 1,
    rewardsWon: 1,
  });
  const O2 = await o({
    title: 'ShopKart first order',
    description: 'Order once',
    offerUrl: 'https://partner.example/shop',
    externalOfferId: 'shopkart_0002',
    category: 'Shopping',
    model: 'CPS',
    rewardAmount: 40,
    slotConfig: reels,
    createdAt: at(10 * D),
    totalCompletions: 2,
    uniqueUsers: 2,
    totalRevenue: 5,
    spinsUsed: 2,
    rewardsWon: 0,
  });
  const O3 = await o({
    title: 'PayNest account',
    description: 'Open an account',
    offerUrl: 'https://partner.example/bank',
    externalOfferId: 'paynest_0003',
    category: 'Finance',
    model: 'CPA',
    rewardAmount: 150,
    slotConfig: reels,
    isActive: false,
    createdAt: at(40 * D),
    totalCompletions: 1,
    uniqueUsers: 1,
    totalRevenue: 10,
    spinsUsed: 1,
    rewardsWon: 1,
  });
  const O4 = await o({
    title: 'StreamFlix trial',
    description: 'Start a trial',
    offerUrl: 'https://partner.example/stream',
    externalOfferId: 'streamflix_0004',
    category: 'Entertainment',
    model: 'CPR',
    rewardAmount: 30,
    slotConfig: reels,
    createdAt: at(100 * D),
  });

  const v = async (values: typeof vouchers.$inferInsert) =>
    (await db.insert(vouchers).values(values).returning())[0]!;
  const V1 = await v({
    voucherCode: 'AMZ-001',
    voucherBrand: 'Amazon',
    voucherAmount: 10,
    status: 'assigned',
    expiryDate: day(90),
    createdAt: at(10 * D),
    assignedToUserId: A.id,
    assignedAt: todayish,
    assignmentContext: 'offer_completion',
  });
  const V2 = await v({
    voucherCode: 'FLP-001',
    voucherBrand: 'Flipkart',
    voucherAmount: 50,
    status: 'assigned',
    expiryDate: day(90),
    createdAt: at(10 * D),
    assignedToUserId: C.id,
    assignedAt: at(20 * D),
    assignmentContext: 'offer_completion',
  });
  const V3 = await v({
    voucherCode: 'AMZ-002',
    voucherBrand: 'Amazon',
    voucherAmount: 20,
    status: 'assigned',
    expiryDate: day(90),
    createdAt: at(10 * D),
    assignedToUserId: A.id,
    assignedAt: at(D),
    assignmentContext: 'free_spin_from_referral',
  });
  const V4 = await v({
    voucherCode: 'AMZ-003',
    voucherBrand: 'Amazon',
    voucherAmount: 10,
    expiryDate: day(30),
    createdAt: at(9 * D),
  });
  const V5 = await v({
    voucherCode: 'AMZ-004',
    voucherBrand: 'Amazon',
    voucherAmount: 10,
    expiryDate: day(3),
    createdAt: at(8 * D),
  });
  const V6 = await v({
    voucherCode: 'SWG-001',
    voucherBrand: 'Swiggy',
    voucherType: 'Cashback',
    voucherAmount: 100,
    expiryDate: day(-2),
    createdAt: at(7 * D),
  });
  const V7 = await v({
    voucherCode: 'SWG-002',
    voucherBrand: 'Swiggy',
    voucherType: 'Cashback',
    voucherAmount: 100,
    status: 'expired',
    expiryDate: day(60),
    createdAt: at(6 * D),
  });
  const V8 = await v({
    voucherCode: 'MYN-001',
    voucherBrand: 'Myntra',
    voucherType: 'Discount',
    voucherAmount: 600,
    status: 'used',
    expiryDate: day(120),
    createdAt: at(5 * D),
    assignedToUserId: B.id,
    assignedAt: at(4 * D),
    assignmentContext: 'admin_assigned',
  });
  const V9 = await v({
    voucherCode: 'ZOM-001',
    voucherBrand: 'Zomato',
    voucherType: 'Credit',
    voucherAmount: 1500,
    expiryDate: day(200),
    createdAt: at(4 * D),
  });
  const V10 = await v({
    voucherCode: 'AMZ-005',
    voucherBrand: 'Amazon',
    voucherAmount: 51,
    expiryDate: day(365),
    createdAt: at(3 * D),
  });

  const k = async (id: string, userId: number, offerId: number, createdAt: Date) => {
    await db.insert(clicks).values({ id, userId, offerId, createdAt });
    return id;
  };
  const k1 = await k('click-k1', A.id, O1.id, new Date(todayish.getTime() - 1000));
  const k2 = await k('click-k2', A.id, O2.id, at(10 * D + H));
  const k3 = await k('click-k3', B.id, O1.id, at(2 * D + H));
  const k4 = await k('click-k4', C.id, O3.id, at(20 * D + H));
  const k5 = await k('click-k5', E.id, O2.id, at(50 * D + H));
  const k6 = await k('click-k6', B.id, O4.id, at(D));
  const k7 = await k('click-k7', E.id, O1.id, at(3 * D + H));
  const k8 = await k('click-k8', A.id, O4.id, new Date(now - 5 * 60_000));
  const k9 = await k('click-k9', E.id, O3.id, at(40 * D));

  const c = async (values: Omit<typeof completions.$inferInsert, 'network'>) =>
    (
      await db
        .insert(completions)
        .values({ network: 'test', ...values })
        .returning()
    )[0]!;
  const c1 = await c({
    userId: A.id,
    offerId: O1.id,
    clickId: k1,
    transactionId: 't1',
    status: 'approved',
    payoutAmount: 2.5,
    completedAt: todayish,
    isFirstCompletion: true,
    spinnerUsed: true,
    rewardType: 'voucher_10',
    voucherId: V1.id,
  });
  const c2 = await c({
    userId: A.id,
    offerId: O2.id,
    clickId: k2,
    transactionId: 't2',
    status: 'approved',
    payoutAmount: 4,
    completedAt: at(10 * D),
    spinnerUsed: true,
  });
  const c3 = await c({
    userId: B.id,
    offerId: O1.id,
    clickId: k3,
    transactionId: 't3',
    status: 'approved',
    payoutAmount: 3,
    completedAt: at(2 * D),
    isFirstCompletion: true,
    completionType: 'triggered_referral_reward',
    referralRewardProcessed: true,
  });
  const c4 = await c({
    userId: C.id,
    offerId: O3.id,
    clickId: k4,
    transactionId: 't4',
    status: 'approved',
    payoutAmount: 10,
    completedAt: at(20 * D),
    isFirstCompletion: true,
    spinnerUsed: true,
    rewardType: 'voucher_50',
    voucherId: V2.id,
  });
  const c5 = await c({
    userId: E.id,
    offerId: O2.id,
    clickId: k5,
    transactionId: 't5',
    status: 'approved',
    payoutAmount: 1,
    completedAt: at(50 * D),
    isFirstCompletion: true,
    spinnerUsed: true,
  });
  const c6 = await c({
    userId: B.id,
    offerId: O4.id,
    clickId: k6,
    transactionId: 't6',
    status: 'pending',
    payoutAmount: 2,
  });
  const c7 = await c({
    userId: E.id,
    offerId: O1.id,
    clickId: k7,
    transactionId: 't7',
    status: 'reversed',
    payoutAmount: 2,
    completedAt: at(3 * D),
    reversedAt: at(2 * D),
  });

  await db.insert(referrals).values([
    {
      referrerUserId: A.id,
      referredUserId: B.id,
      referralCode: 'ASHA0001',
      status: 'successful',
      createdAt: at(2 * D),
      firstCompletionId: c3.id,
      firstCompletionDate: at(2 * D),
      freeSpinsGranted: 1,
      rewardGrantedAt: at(2 * D),
    },
    {
      referrerUserId: A.id,
      referredUserId: C.id,
      referralCode: 'ASHA0001',
      status: 'completed_waiting',
      sameDevice: true,
      createdAt: at(3 * D),
      firstCompletionId: c4.id,
      firstCompletionDate: at(20 * D),
    },
    {
      referrerUserId: A.id,
      referredUserId: Dk.id,
      referralCode: 'ASHA0001',
      status: 'pending',
      createdAt: at(40 * D),
    },
  ]);

  return {
    now,
    todayish,
    users: { A, B, C, D: Dk, E },
    offers: { O1, O2, O3, O4 },
    vouchers: { V1, V2, V3, V4, V5, V6, V7, V8, V9, V10 },
    clicks: { k1, k2, k3, k4, k5, k6, k7, k8, k9 },
    completions: { c1, c2, c3, c4, c5, c6, c7 },
  };
}

export type KnownDataset = Awaited<ReturnType<typeof seedKnownDataset>>;

/**
 * Members for the users-list filters of spec section 9, each on a boundary. Only the users rows
 * matter to that list (it reads counters, never the activity tables), so none are materialised.
 */
export async function seedUserFilterDataset(db: Db) {
  const now = Date.now();
  const at = (msAgo: number) => new Date(now - msAgo);
  const startOfToday = dateRangeBounds('today')!.from.getTime();
  const yesterdayNoon = new Date(startOfToday - 12 * H);
  const rows: (typeof users.$inferInsert)[] = [
    // name, method, registered, last activity, completions, vouchers, referrals (total/successful), referred by
    {
      firstName: 'Asha',
      lastName: 'Rao',
      registrationDate: new Date(now),
      lastActivity: new Date(now),
      totalCompletions: 12,
      totalVouchersWon: 11,
      totalRevenueGenerated: 120.5,
      totalReferrals: 4,
      successfulReferrals: 3,
    },
    {
      firstName: 'Ravi',
      lastName: 'Kumar',
      registrationDate: at(2 * D),
      lastActivity: at(D),
      totalCompletions: 7,
      totalVouchersWon: 5,
      totalRevenueGenerated: 70,
      totalReferrals: 1,
      successfulReferrals: 1,
    },
    {
      firstName: 'Meera',
      lastName: 'Shah',
      registrationMethod: 'email',
      registrationDate: yesterdayNoon,
      lastActivity: at(2 * D),
      totalCompletions: 3,
      totalVouchersWon: 2,
      totalRevenueGenerated: 30,
    },
    { firstName: 'Kiran', lastName: 'Das', registrationDate: at(60 * D), lastActivity: at(40 * D) },
    {
      firstName: 'Dev',
      lastName: 'Patel',
      registrationMethod: 'email',
      registrationDate: at(100 * D),
      lastActivity: at(35 * D),
      totalCompletions: 1,
      totalVouchersWon: 1,
      totalRevenueGenerated: 1,
      isSuspicious: true,
    },
    {
      firstName: 'Nina',
      lastName: 'Iyer',
      registrationDate: at(20 * D),
      lastActivity: at(5 * D),
      totalCompletions: 9,
      totalRevenueGenerated: 90,
    },
    {
      firstName: 'Omar',
      lastName: 'Ali',
      registrationDate: at(10 * D),
      lastActivity: at(10 * D),
      totalCompletions: 5,
      totalVouchersWon: 10,
      totalRevenueGenerated: 50,
    },
  ].map((r, i) => ({
    ...r,
    firebaseUid: `uid-${r.firstName.toLowerCase()}`,
    email: `${r.firstName.toLowerCase()}@example.com`,
    referralCode: `CODE000${i}`,
  }));
  const inserted = await db.insert(users).values(rows).returning();
  const by = Object.fromEntries(inserted.map((r) => [r.firstName, r])) as Record<
    string,
    (typeof inserted)[number]
  >;
  // Referred: Ravi, Meera, Kiran and Omar by Asha; Nina by Ravi.
  const { eq, inArray } = await import('drizzle-orm');
  await db
    .update(users)
    .set({ referredByUserId: by.Asha!.id, referredByCode: by.Asha!.referralCode })
    .where(inArray(users.id, [by.Ravi!.id, by.Meera!.id, by.Kiran!.id, by.Omar!.id]));
  await db
    .update(users)
    .set({ referredByUserId: by.Ravi!.id, referredByCode: by.Ravi!.referralCode })
    .where(eq(users.id, by.Nina!.id));
  return by;
}
