// One month of traffic (population.ts) against one running server, through its public API only: sign-in
// with a real Firebase Auth Emulator token, offer clicks, signed native postbacks from the partner,
// spins, and the operator's daily pass over the review queue. Every member request carries its
// address in X-Forwarded-For (the server runs with TRUST_PROXY=1); postbacks come from the partner's
// own connection (loopback here: no address evidence).
//
// Time: a simulated day lasts `dayMs` real milliseconds; each session starts at its simulated time.
// Real waits happen only where timing is the signal (click→conversion, approval→spin), scaled down.
import { emulatorIdToken } from '../../../server/demo/emulator';
import { signPostback } from '../../../server/postbacks/conversions-service';
import type { AdminReviewRow } from '../../../shared/contract/admin/reviews';
import { decide, type Decision } from './operator';
import { OFFERS, expectedValue, type Actor, type OfferStep, type SessionPlan } from './population';

export interface DriverOptions {
  baseUrl: string;
  emulatorHost: string;
  adminCookie: string;
  postbackSecret: string;
  /** The offers' ids on this server, by index into OFFERS. */
  offerIds: number[];
  days: number;
  dayMs: number;
  /** The operator reviews the queue (off for the baseline, which has nothing to review). */
  operator: boolean;
  log: (line: string) => void;
}

interface Member {
  userId: number;
  cookie: string;
  referralCode: string;
  address: string;
  userAgent: string;
  referralUsed: boolean;
}

/** One approved conversion of a member (the partner confirmed it) and what became of its spin. */
export interface ConversionReward {
  actor: Actor;
  offer: number;
  ev: number;
  clickId: string;
  approvedAt: number;
  spun: boolean;
  won: number;
  reversed: boolean;
  /** When the partner's reversal went through (real ms since the month's start); null: not reversed. */
  reversedAt: number | null;
}

export interface DriverResult {
  conversions: ConversionReward[];
  /** Referral rewards earned by each referrer (their friend's first approved conversion). */
  referralEarned: Map<Actor, number>;
  /** Free spins each member spent, and the ₹ they won. */
  freeSpins: Map<Actor, { spun: number; won: number }>;
  members: Map<Actor, Member>;
  /** Every hold the server made, at the end (status all), with the member it judged. */
  holds: AdminReviewRow[];
  /** The operator's decisions: hold id → decision and when (real ms since the month's start). */
  decisions: Map<number, { decision: NonNullable<Decision>; at: number }>;
  errors: string[];
  blocked: Set<Actor>;
  serverErrors: number;
  requests: number;
  realMs: number;
  /** Whether the server has the review queue (the server part of issue 33). */
  reviewQueue: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

export async function driveMonth(actors: Actor[], opts: DriverOptions): Promise<DriverResult> {
  const t0 = performance.now();
  const now = () => performance.now() - t0;
  // The timeline starts at the earliest session (the regulars' days before the month: negative days).
  const firstDay = Math.floor(Math.min(0, ...actors.flatMap((a) => a.sessions.map((x) => x.at))));
  const until = (day: number) => sleep((day - firstDay) * opts.dayMs - now());
  const today = () => now() / opts.dayMs + firstDay;
  const members = new Map<Actor, Member>();
  const conversions: ConversionReward[] = [];
  const referralEarned = new Map<Actor, number>();
  const freeSpins = new Map<Actor, { spun: number; won: number }>();
  const decisions = new Map<number, { decision: NonNullable<Decision>; at: number }>();
  const errors: string[] = [];
  const background: Promise<unknown>[] = [];
  const firstApproved = new Set<Actor>();
  /** Members the server blocked (their session ended: e.g. the reversal hold); they stop. */
  const blocked = new Set<Actor>();
  let requests = 0;
  /** Postbacks the server answered with a 5xx before the partner's resend went through. */
  let serverErrors = 0;
  let reviewQueue = true;

  const error = (what: string) => {
    if (errors.length < 200) errors.push(what);
  };

  async function call(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    init: { cookie?: string; address?: string; userAgent?: string; body?: unknown } = {},
  ): Promise<{ status: number; json: Record<string, unknown>; setCookie: string[] }> {
    requests++;
    const headers: Record<string, string> = {};
    if (init.cookie) headers.cookie = init.cookie;
    if (init.address) headers['x-forwarded-for'] = init.address;
    if (init.userAgent) headers['user-agent'] = init.userAgent;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch(`${opts.baseUrl}${path}`, {
          method,
          headers,
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await res.text();
        let json: Record<string, unknown> = {};
        try {
          json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
        } catch {
          json = { raw: text };
        }
        return { status: res.status, json, setCookie: res.headers.getSetCookie() };
      } catch (err) {
        if (attempt >= 2) throw err;
        await sleep(200);
      }
    }
  }

  const memberCall = (actor: Actor, method: 'GET' | 'POST', path: string, body?: unknown) => {
    const m = members.get(actor)!;
    return call(method, path, { cookie: m.cookie, address: m.address, userAgent: m.userAgent, body });
  };

  async function signIn(actor: Actor, session: SessionPlan): Promise<boolean> {
    const idToken = await emulatorIdToken(opts.emulatorHost, actor.account);
    const referrer = actor.referrer ? members.get(actor.referrer) : undefined;
    const res = await call('POST', '/api/firebase-auth.php', {
      address: session.address,
      userAgent: session.userAgent,
      cookie: members.get(actor)?.cookie,
      body: {
        idToken,
        deviceFingerprint: session.device,
        ...(referrer && !members.has(actor) ? { referralCode: referrer.referralCode } : {}),
      },
    });
    if (res.status !== 200) {
      if (res.status === 403) blocked.add(actor);
      else error(`sign-in ${actor.key}: ${res.status} ${JSON.stringify(res.json)}`);
      return false;
    }
    const sid = res.setCookie.map((c) => c.split(';')[0]!).find((c) => c.startsWith('sid='));
    const user = res.json.user as { user_id: number; referral_code: string };
    const previous = members.get(actor);
    members.set(actor, {
      userId: user.user_id,
      cookie: sid ?? previous?.cookie ?? '',
      referralCode: user.referral_code,
      address: session.address,
      userAgent: session.userAgent,
      referralUsed: previous?.referralUsed ?? res.json.referralUsed === true,
    });
    // A new member answers the first sign-in's questions, as the app asks (spins are refused before).
    if (res.json.isNewUser === true) {
      const asked = await memberCall(actor, 'GET', '/api/eligibility.php');
      const version = (asked.json.eligibility as { terms_version: string }).terms_version;
      const answered = await memberCall(actor, 'POST', '/api/eligibility.php', {
        adult: true,
        state: 'KA',
        acceptTerms: true,
        termsVersion: version,
      });
      if (answered.status !== 200) error(`eligibility ${actor.key}: ${answered.status}`);
    }
    return true;
  }

  function postbackPath(params: Record<string, string>) {
    const sig = signPostback(params, opts.postbackSecret);
    return `/api/postback.php?${new URLSearchParams({ ...params, sig }).toString()}`;
  }

  async function spinOffer(actor: Actor, reward: ConversionReward): Promise<boolean> {
    const res = await memberCall(actor, 'POST', '/api/slot-spin.php', {
      spinType: 'offer',
      offerId: opts.offerIds[reward.offer],
    });
    if (res.status !== 200) return false;
    reward.spun = true;
    reward.won = spinWon(res.json);
    return true;
  }

  /** A visit: the member opens the app, spins every offer spin that is ready and every free spin. */
  async function visit(actor: Actor) {
    const m = members.get(actor);
    if (!m) return;
    const res = await memberCall(actor, 'GET', '/api/offers.php');
    if (res.status !== 200) return;
    const list = (res.json.offers ?? []) as {
      offer_id: number;
      status: string;
      spinner_used: boolean;
      review?: { state: string } | null;
    }[];
    for (const o of list) {
      if (o.status !== 'completed' || o.spinner_used || o.review) continue;
      const reward = conversions.find(
        (c) => c.actor === actor && opts.offerIds[c.offer] === o.offer_id && !c.spun,
      );
      if (reward) await spinOffer(actor, reward);
    }
    let free = Number(res.json.freeSpinsRemaining ?? 0);
    while (free-- > 0) {
      const spin = await memberCall(actor, 'POST', '/api/slot-spin.php', { spinType: 'free' });
      if (spin.status !== 200) break;
      const f = freeSpins.get(actor) ?? { spun: 0, won: 0 };
      f.spun++;
      f.won += spinWon(spin.json);
      freeSpins.set(actor, f);
    }
  }

  async function reverseLater(reward: ConversionReward, afterDays: number) {
    await until(today() + afterDays);
    const res = await call(
      'GET',
      postbackPath({
        click_id: reward.clickId,
        transaction_id: `txn-${reward.clickId}`,
        payout: OFFERS[reward.offer]!.payout.toFixed(2),
        currency: 'USD',
        status: 'reversed',
      }),
    );
    if (res.status === 200) {
      reward.reversed = true;
      reward.reversedAt = now();
    } else error(`reversal ${reward.actor.key}: ${res.status} ${JSON.stringify(res.json)}`);
  }

  async function runSession(actor: Actor, session: SessionPlan) {
    await until(session.at);
    const m = members.get(actor);
    if (session.signIn || !m) {
      if (!(await signIn(actor, session))) return;
    } else {
      m.address = session.address;
      m.userAgent = session.userAgent;
    }
    await visit(actor);
    // The member starts the session's offers one after another; each completes (or not) while the
    // member is away: the next session does not wait for a conversion.
    for (const step of session.steps) {
      const click = await memberCall(actor, 'POST', '/api/click-offer.php', {
        offerId: opts.offerIds[step.offer],
      });
      if (click.status !== 200) {
        if (click.status === 401 || click.status === 403) blocked.add(actor);
        else error(`click ${actor.key}: ${click.status} ${JSON.stringify(click.json)}`);
        continue;
      }
      const clickId = click.json.clickId as string;
      if (step.convertMs !== null)
        background.push(convert(actor, step, clickId).catch((e) => error(String(e))));
      await sleep(300);
    }
  }

  async function convert(actor: Actor, step: OfferStep, clickId: string) {
    await sleep(step.convertMs!);
    const offer = OFFERS[step.offer]!;
    const params = {
      click_id: clickId,
      transaction_id: `txn-${clickId}`,
      payout: offer.payout.toFixed(2),
      currency: 'USD',
      status: 'approved',
    };
    // A partner resends a postback that failed with a server error (as networks do, minutes later).
    let pb = await call('GET', postbackPath(params));
    for (let retry = 0; pb.status >= 500 && retry < 3; retry++) {
      serverErrors++;
      await sleep(500);
      pb = await call('GET', postbackPath(params));
    }
    if (pb.status !== 200 || pb.json.duplicate) {
      error(`postback ${actor.key}: ${pb.status} ${JSON.stringify(pb.json)}`);
      return;
    }
    const reward: ConversionReward = {
      actor,
      offer: step.offer,
      ev: expectedValue(offer.reels),
      clickId,
      approvedAt: now(),
      spun: false,
      won: 0,
      reversed: false,
      reversedAt: null,
    };
    conversions.push(reward);
    if (!firstApproved.has(actor)) {
      firstApproved.add(actor);
      if (actor.referrer && members.get(actor)?.referralUsed)
        referralEarned.set(actor.referrer, (referralEarned.get(actor.referrer) ?? 0) + 1);
    }
    if (step.reverseAfterDays !== null) background.push(reverseLater(reward, step.reverseAfterDays));
    await sleep(step.spinAfterMs);
    await spinOffer(actor, reward);
  }

  async function runActor(actor: Actor) {
    for (const session of actor.sessions) {
      if (blocked.has(actor)) return;
      try {
        await runSession(actor, session);
      } catch (err) {
        error(`${actor.key}: ${String(err)}`);
      }
    }
  }

  async function queue(status: 'held' | 'all'): Promise<AdminReviewRow[]> {
    const rows: AdminReviewRow[] = [];
    for (let page = 1; ; page++) {
      const res = await call(
        'GET',
        `/api/admin/reviews.php?status=${status}&limit=100&page=${page}&sortBy=created_at`,
        {
          cookie: opts.adminCookie,
        },
      );
      if (res.status === 404) {
        reviewQueue = false;
        return rows;
      }
      if (res.status !== 200) {
        error(`review queue: ${res.status} ${JSON.stringify(res.json)}`);
        return rows;
      }
      rows.push(...((res.json.reviews ?? []) as AdminReviewRow[]));
      const p = res.json.pagination as { totalPages: number } | undefined;
      if (!p || page >= p.totalPages) return rows;
    }
  }

  async function operatorPass() {
    if (!opts.operator || !reviewQueue) return;
    const held = await queue('held');
    const approve: number[] = [];
    const deny = new Map<string, number[]>();
    for (const row of held) {
      const d = decide(row);
      if (!d) continue;
      decisions.set(row.hold_id, { decision: d, at: now() });
      if (d.action === 'approve') approve.push(row.hold_id);
      else deny.set(d.category, [...(deny.get(d.category) ?? []), row.hold_id]);
    }
    const put = async (ids: number[], body: Record<string, unknown>) => {
      for (let i = 0; i < ids.length; i += 100) {
        const res = await call('PUT', '/api/admin/reviews.php', {
          cookie: opts.adminCookie,
          body: { hold_ids: ids.slice(i, i + 100), ...body },
        });
        if (res.status !== 200) error(`review decision: ${res.status} ${JSON.stringify(res.json)}`);
      }
    };
    await put(approve, { action: 'approve' });
    for (const [category, ids] of deny)
      await put(ids, { action: 'deny', category, note: 'fraud:sim operator rule' });
  }

  /** The members who come back after a review: fraud at once (they are eager), others the next day. */
  async function comeBack(onlyWithWaiting: boolean) {
    const tasks: Promise<void>[] = [];
    for (const actor of members.keys()) {
      const waiting = conversions.some((c) => c.actor === actor && !c.spun && !c.reversed);
      if (actor.fraud || waiting || !onlyWithWaiting) tasks.push(visit(actor).catch((e) => error(String(e))));
    }
    await Promise.all(tasks);
  }

  // The operator works every day of the month and after it, while partners' reversals are still to come
  // (the server's timer does not stop either).
  let settled = false;
  const operatorLoop = (async () => {
    for (let day = firstDay + 1; day <= opts.days || !settled; day++) {
      await until(day);
      try {
        await operatorPass();
        await comeBack(true);
      } catch (err) {
        error(`operator day ${day}: ${String(err)}`);
      }
      if (day % 5 === 0 && day > 0)
        opts.log(
          `  day ${day}: ${members.size} members signed in, ${conversions.length} conversions, ${decisions.size} review decisions, ${requests} requests`,
        );
    }
  })();

  await Promise.all(actors.map(runActor));
  // Conversions and reversals still under way (each may add another).
  for (let done = 0; done < background.length;) {
    const n = background.length;
    await Promise.all(background.slice(done));
    done = n;
  }
  settled = true;
  await operatorLoop;
  // The month is over: a last review of what is still held, and everyone's last visit.
  await operatorPass();
  await comeBack(false);
  const holds = reviewQueue ? await queue('all') : [];
  return {
    conversions,
    referralEarned,
    freeSpins,
    members,
    holds,
    decisions,
    errors,
    blocked,
    serverErrors,
    requests,
    realMs: now(),
    reviewQueue,
  };
}

function spinWon(json: Record<string, unknown>): number {
  const v = json.voucher as { amount?: number } | null | undefined;
  const owed = json.owedVoucher as { amount?: number } | null | undefined;
  return Number(v?.amount ?? owed?.amount ?? 0);
}
