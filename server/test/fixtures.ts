// A small known dataset for the admin suites, inserted directly with every counter consistent with
// the rows (as the postback and spin transactions would have left them). Times are relative to now.
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { clicks, completions, offers, referrals, users, vouchers } from '../db/schema';
import { dateRangeBounds } from '../lib/date-range';

const H = 3_600_000;
const D = 86_400_000;

/** Inserts one row and returns it as stored. */
async function insertOne<T extends PgTable>(
  db: Db,
  table: T,
  values: PgInsertValue<T>,
): Promise<T['$inferSelect']> {
  const [row] = await db.insert(table).values(values).returning();
  return row as T['$inferSelect'];
}

export async function seedKnownDataset(db: Db) {
  const now = Date.now();
  const at = (msAgo: number) => new Date(now - msAgo);
  const startOfToday = dateRangeBounds('today')!.from.getTime();
  // 'Today' even just after midnight UTC.
  const todayish = new Date(Math.max(now - H, startOfToday + 1000));
  const day = (days: number) => new Date(now + days * D).toISOString().slice(0, 10);

  // Members who answered the first sign-in's questions at registration (spins are refused until then).
  const u = (values: typeof users.$inferInsert) =>
    insertOne(db, users, {
      adultConfirmedAt: values.registrationDate ?? new Date(),
      residenceState: 'KA',
      ...values,
    });
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

  const reels = {
    reels: [
      { amount: 10, probability: 20 },
      { amount: 50, probability: 5 },
    ],
  };
  /** An offer with the two-reel slot machine above. */
  const o = (values: Omit<typeof offers.$inferInsert, 'slotConfig'>) =>
    insertOne(db, offers, { slotConfig: reels, ...values });
  const O1 = await o({
    title: 'Dragon Clash',
    description: 'Reach level 10',
    offerUrl: 'https://partner.example/dragon?c={click_id}',
    externalOfferId: 'dragon_clash_0001',
    category: 'Gaming',
    model: 'CPI',
    rewardAmount: 50,
    createdAt: todayish,
    totalCompletions: 2,
    uniqueUsers: 2,
    totalRevenue: 5.5,
    spinsUsed: 1,
    rewardsWon: 1,
    // c1's ₹10 code (V1), as rewards_spin keeps it.
    totalVoucherValue: 10,
  });
  const O2 = await o({
    title: 'ShopKart first order',
    description: 'Order once',
    offerUrl: 'https://partner.example/shop',
    externalOfferId: 'shopkart_0002',
    category: 'Shopping',
    model: 'CPS',
    rewardAmount: 40,
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
    createdAt: at(100 * D),
  });

  /** A voucher of `brand`, expiring in `expiresInDays`, created `daysAgo`; `more` sets the other columns. */
  const v = async (
    voucherCode: string,
    voucherBrand: string,
    voucherAmount: number,
    expiresInDays: number,
    daysAgo: number,
    more: Partial<typeof vouchers.$inferInsert> = {},
  ) =>
    insertOne(db, vouchers, {
      voucherCode,
      voucherBrand,
      voucherAmount,
      expiryDate: day(expiresInDays),
      createdAt: at(daysAgo * D),
      ...more,
    });
  const assigned = (
    assignedToUserId: number,
    assignedAt: Date,
    assignmentContext: 'offer_completion' | 'free_spin_from_referral',
  ) => ({ status: 'assigned' as const, assignedToUserId, assignedAt, assignmentContext });
  const V1 = await v('AMZ-001', 'Amazon', 10, 90, 10, assigned(A.id, todayish, 'offer_completion'));
  const V2 = await v('FLP-001', 'Flipkart', 50, 90, 10, assigned(C.id, at(20 * D), 'offer_completion'));
  const V3 = await v('AMZ-002', 'Amazon', 20, 90, 10, assigned(A.id, at(D), 'free_spin_from_referral'));
  const V4 = await v('AMZ-003', 'Amazon', 10, 30, 9);
  const V5 = await v('AMZ-004', 'Amazon', 10, 3, 8);
  const V6 = await v('SWG-001', 'Swiggy', 100, -2, 7, { voucherType: 'Cashback' });
  const V7 = await v('SWG-002', 'Swiggy', 100, 60, 6, { voucherType: 'Cashback', status: 'expired' });
  const V8 = await v('MYN-001', 'Myntra', 600, 120, 5, {
    voucherType: 'Discount',
    status: 'used',
    assignedToUserId: B.id,
    assignedAt: at(4 * D),
    assignmentContext: 'admin_assigned',
  });
  const V9 = await v('ZOM-001', 'Zomato', 1500, 200, 4, { voucherType: 'Credit' });
  const V10 = await v('AMZ-005', 'Amazon', 51, 365, 3);

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
  // The newest click, after k1 even in the first minutes after midnight UTC (when k1 sits at the day's start).
  const k8At = new Date(Math.max(now - 5 * 60_000, todayish.getTime()));
  const k8 = await k('click-k8', A.id, O4.id, k8At);
  const k9 = await k('click-k9', E.id, O3.id, at(40 * D));

  /** An approved completion unless `more` says otherwise, from network 'test'. */
  const c = async (
    userId: number,
    offerId: number,
    clickId: string,
    transactionId: string,
    payoutAmount: number,
    more: Partial<typeof completions.$inferInsert> = {},
  ) =>
    insertOne(db, completions, {
      network: 'test',
      userId,
      offerId,
      clickId,
      transactionId,
      status: 'approved',
      payoutAmount,
      ...more,
    });
  const c1 = await c(A.id, O1.id, k1, 't1', 2.5, {
    completedAt: todayish,
    isFirstCompletion: true,
    spinnerUsed: true,
    rewardType: 'voucher_10',
    voucherId: V1.id,
  });
  const c2 = await c(A.id, O2.id, k2, 't2', 4, { completedAt: at(10 * D), spinnerUsed: true });
  const c3 = await c(B.id, O1.id, k3, 't3', 3, {
    completedAt: at(2 * D),
    isFirstCompletion: true,
    completionType: 'triggered_referral_reward',
    referralRewardProcessed: true,
  });
  const c4 = await c(C.id, O3.id, k4, 't4', 10, {
    completedAt: at(20 * D),
    isFirstCompletion: true,
    spinnerUsed: true,
    rewardType: 'voucher_50',
    voucherId: V2.id,
  });
  const c5 = await c(E.id, O2.id, k5, 't5', 1, {
    completedAt: at(50 * D),
    isFirstCompletion: true,
    spinnerUsed: true,
  });
  const c6 = await c(B.id, O4.id, k6, 't6', 2, { status: 'pending' });
  const c7 = await c(E.id, O1.id, k7, 't7', 2, {
    status: 'reversed',
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
    k8At,
    users: { A, B, C, D: Dk, E },
    offers: { O1, O2, O3, O4 },
    vouchers: { V1, V2, V3, V4, V5, V6, V7, V8, V9, V10 },
    clicks: { k1, k2, k3, k4, k5, k6, k7, k8, k9 },
    completions: { c1, c2, c3, c4, c5, c6, c7 },
  };
}

export type KnownDataset = Awaited<ReturnType<typeof seedKnownDataset>>;

/**
 * Members for the users-list filters (high performers 10+ offers, …), each on a boundary. Only the users rows
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
