// Every API call, answered on a fixed dataset and compared byte for byte with a committed snapshot
// (api-responses.snapshot.txt): status, the headers a client reads, and the body as sent. It guards
// refactors that must not change what the API answers. The snapshot was generated from the code
// before the shared contract; regenerate it only for an intended change of the API:
//   UPDATE_API_SNAPSHOT=1 npx vitest run --project server server/test/api-responses.test.ts
//
// The dataset is built through the API itself (admin forms, member sign-ins, clicks, postbacks,
// spins), so it is the same on every run. crypto.randomInt is replaced by a seeded sequence (slot
// draws and referral codes then repeat); what stays volatile is normalised, narrowly:
// - random ids the server generates (session cookies, session ids, click ids): each is recorded where
//   it is issued and written as <name-N> everywhere it appears afterwards;
// - timestamps made during the run: written as <now>; cookie expiry dates as <expires>;
// - dates and months near today (the dashboard's last 30 days): written relative to today;
// - the database kind in the readiness answer: written as <kind>; the emulator's address likewise.
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  DATABASE_KINDS,
  TEST_EMULATOR_HOST,
  createTestApp,
  createTestDatabase,
  signedPostbackUrl,
  testConfig,
  type TestDatabase,
} from './helpers';
import { emulatorIdToken } from '../demo/emulator';
import { upsertAdmin } from '../admin/auth/service';

const SNAPSHOT_VAPID = {
  publicKey: 'BA1Hxzyi1RUM1b5wjxsn7nGxAszw2u61m164i3MrAIxHF6YK5h4SDYic-dRuU_RCPCfA5aq9ojSwk5Y2EmClBPs',
  privateKey: 'dUiRjx5gQpfHYTc2O0A4MHk6HFWkqfhz69Z5zyMbCoY',
};

const seed = vi.hoisted(() => ({ state: 1 }));
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  // A small linear congruential sequence: the same draws on every run.
  const next = () => {
    seed.state = (seed.state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed.state;
  };
  const randomInt = (a: number, b?: number) => (typeof b === 'number' ? a + (next() % (b - a)) : next() % a);
  return { ...real, default: { ...real, randomInt }, randomInt };
});

const SNAPSHOT = new URL('./api-responses.snapshot.txt', import.meta.url);
const ADMIN = { username: 'snapshot-admin', password: 'snapshot admin password 1' };
const ACCOUNTS = {
  asha: { sub: 'snapshot-asha', email: 'asha.snapshot@example.com', name: 'Asha Snapshot' },
  ravi: { sub: 'snapshot-ravi', email: 'ravi.snapshot@example.com', name: 'Ravi Snapshot' },
  meera: { sub: 'snapshot-meera', email: 'meera.snapshot@example.com', name: 'Meera Snapshot' },
  kiran: { sub: 'snapshot-kiran', email: 'kiran.snapshot@example.com', name: 'Kiran Snapshot' },
};
/** Headers a client reads; the rest (security headers, rate-limit counters) are out of scope here. */
const HEADERS = ['content-type', 'cache-control', 'retry-after', 'location', 'set-cookie'];

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
  /** What the record shows as the payload, when the one sent holds a volatile value (an ID token). */
  shown?: unknown;
}

/** Records each answer as text, replacing the run's volatile values as described above. */
class Recorder {
  readonly lines: string[] = [];
  private readonly tokens = new Map<string, string>();
  private readonly counts = new Map<string, number>();
  private readonly startedAt = Date.now();

  constructor(
    readonly app: FastifyInstance,
    private readonly kind: string,
  ) {}

  /** Registers a random value (made by the server or the emulator) under a stable placeholder. */
  volatile(name: string, value: string): void {
    if (!value || this.tokens.has(value)) return;
    const n = (this.counts.get(name) ?? 0) + 1;
    this.counts.set(name, n);
    this.tokens.set(value, `<${name}-${n}>`);
  }

  private normalise(text: string): string {
    let out = text;
    // Longest first, so a value containing another is replaced whole.
    for (const [value, placeholder] of [...this.tokens].sort((a, b) => b[0].length - a[0].length))
      out = out.split(value).join(placeholder);
    const from = this.startedAt - 60_000;
    const to = Date.now() + 60_000;
    out = out.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})/g, (s) => {
      const t = Date.parse(s);
      return t >= from && t <= to ? '<now>' : s;
    });
    const today = Date.parse(new Date().toISOString().slice(0, 10));
    out = out.replace(/"(\d{4}-\d{2}-\d{2})"/g, (s, day: string) => {
      const days = Math.round((Date.parse(day) - today) / 86_400_000);
      if (Math.abs(days) > 60) return s;
      return days === 0 ? '"<today>"' : `"<today${days > 0 ? '+' : ''}${days}>"`;
    });
    const month = new Date().toISOString().slice(0, 7);
    out = out.split(`"${month}"`).join('"<this-month>"');
    return out.replace(`"database":"${this.kind}"`, '"database":"<kind>"');
  }

  async call(label: string, c: Call): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...c.headers };
    if (c.cookie) headers.cookie = c.cookie;
    const res = await this.app.inject({
      method: c.method,
      url: c.url,
      headers,
      remoteAddress: '127.0.0.1',
      ...(c.payload === undefined ? {} : { payload: c.payload as object }),
    });
    for (const cookie of res.cookies) this.volatile(cookie.name, cookie.value);
    if (res.headers['content-type']?.toString().startsWith('application/json')) {
      const body = res.json() as Record<string, unknown>;
      if (typeof body.sessionId === 'string') this.volatile('sessionId', body.sessionId);
      if (typeof body.clickId === 'string') this.volatile('clickId', body.clickId);
    }
    this.lines.push(`### ${label}`, `${c.method} ${this.normalise(c.url)}`);
    const shown = c.shown ?? c.payload;
    if (shown !== undefined)
      this.lines.push(`> ${this.normalise(typeof shown === 'string' ? shown : JSON.stringify(shown))}`);
    this.lines.push(`${res.statusCode}`);
    for (const name of HEADERS) {
      const value = res.headers[name];
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [String(value)])
        this.lines.push(`${name}: ${this.normalise(v).replace(/Expires=[^;]+/, 'Expires=<expires>')}`);
    }
    this.lines.push(this.normalise(res.body), '');
    return res;
  }
}

const cookieOf = (res: LightMyRequestResponse, name: string) => {
  const c = res.cookies.find((k) => k.name === name);
  if (!c) throw new Error(`no ${name} cookie (${res.statusCode}: ${res.body})`);
  return `${name}=${c.value}`;
};

/** Every endpoint, its success and its main refusals, in an order that builds the dataset as it goes. */
async function walk(r: Recorder): Promise<void> {
  const read = (label: string, url: string, cookie?: string) =>
    r.call(label, { method: 'GET', url, ...(cookie ? { cookie } : {}) });
  // The emulator's address is the test run's choice (TEST_EMULATOR_HOST), shown in the client config.
  r.volatile('emulator-host', TEST_EMULATOR_HOST);
  // --- system
  await read('system: liveness', '/api/health.php?live=1');
  await read('system: readiness', '/api/health.php');
  await read('system: client configuration', '/api/client-config.json');
  await read('system: unknown API path', '/api/nothing-here.php');

  // --- admin sign-in
  await r.call('admin login: missing password', {
    method: 'POST',
    url: '/api/admin/login.php',
    payload: { username: ADMIN.username },
  });
  await r.call('admin login: wrong password', {
    method: 'POST',
    url: '/api/admin/login.php',
    payload: { username: ADMIN.username, password: 'wrong password' },
  });
  const login = await r.call('admin login: success', {
    method: 'POST',
    url: '/api/admin/login.php',
    payload: ADMIN,
  });
  const admin = cookieOf(login, 'admin_sid');
  const put = (label: string, url: string, payload: unknown) =>
    r.call(label, { method: 'PUT', url, payload, cookie: admin });
  await read('admin dashboard: no session', '/api/admin/dashboard.php');
  await read('admin dashboard: empty', '/api/admin/dashboard.php', admin);

  // --- admin offers: the form's refusals, then three offers
  const offer = {
    title: 'Dragon Clash',
    description: 'Reach level 10',
    external_offer_id: 'snapshot_dragon_0001',
    model: 'CPI',
    offer_url: 'https://partner.example/dragon?c={click_id}&u={user_id}',
    preview_url: 'https://partner.example/dragon.png',
    category: 'Gaming',
    reward_amount: 50,
    slot_config: {
      reels: [
        { amount: 10, probability: 60 },
        { amount: 50, probability: 30 },
      ],
    },
  };
  const post = (label: string, payload: unknown) =>
    r.call(`admin offers: create, ${label}`, {
      method: 'POST',
      url: '/api/admin/offers.php',
      payload,
      cookie: admin,
    });
  await post('no title', { ...offer, title: '' });
  await post('bad URL', { ...offer, offer_url: 'not a url' });
  await post('no slot config', { ...offer, slot_config: null });
  await post('probability total of 100', {
    ...offer,
    slot_config: {
      reels: [
        { amount: 10, probability: 60 },
        { amount: 50, probability: 40 },
      ],
    },
  });
  await post('unknown model', { ...offer, model: 'XYZ' });
  await post('success', offer);
  await post('second offer', {
    ...offer,
    title: 'ShopKart first order',
    external_offer_id: 'snapshot_shopkart_0002',
    category: 'Shopping',
    model: 'CPS',
    preview_url: '',
    slot_config: JSON.stringify({ reels: [{ amount: 20, probability: 50 }] }),
  });
  await post('third offer', {
    ...offer,
    title: 'PayNest account',
    external_offer_id: 'snapshot_paynest_0003',
    category: 'Finance',
    model: 'CPA',
    reward_amount: '',
  });
  await post('duplicate external id', offer);
  await put('admin offers: toggle inactive', '/api/admin/offers.php', { offer_id: 3, is_active: false });
  await put('admin offers: toggle with a non-boolean', '/api/admin/offers.php', {
    offer_id: 3,
    is_active: 'no',
  });
  await put('admin offers: edit', '/api/admin/offers.php', {
    ...offer,
    offer_id: 2,
    title: 'ShopKart first order (edited)',
    model: 'CPS',
  });
  await put('admin offers: edit an unknown offer', '/api/admin/offers.php', { ...offer, offer_id: 999 });
  await put('admin offers: edit without an id', '/api/admin/offers.php', { ...offer, offer_id: 'x' });

  // --- admin vouchers
  const batch = {
    voucher_brand: 'Amazon',
    voucher_amount: 10,
    voucher_type: 'Gift Card',
    voucher_codes: ['SNAP-AMZ-001', 'SNAP-AMZ-002', 'SNAP-AMZ-003'],
    voucher_description: 'Amazon gift card',
    voucher_terms: 'One per member',
    expiry_date: '2099-12-31',
  };
  const vouchers = (label: string, payload: unknown) =>
    r.call(`admin vouchers: add, ${label}`, {
      method: 'POST',
      url: '/api/admin/vouchers.php',
      payload,
      cookie: admin,
    });
  await vouchers('missing fields', { ...batch, voucher_brand: '' });
  await vouchers('duplicate codes in the batch', { ...batch, voucher_codes: ['A1', 'A1'] });
  await vouchers('amount below 1', { ...batch, voucher_amount: 0.5 });
  await vouchers('bad expiry format', { ...batch, expiry_date: '31/12/2099' });
  await vouchers('expiry in the past', { ...batch, expiry_date: '2001-01-01' });
  await vouchers('success', batch);
  await vouchers('second brand, codes as lines', {
    ...batch,
    voucher_brand: 'Flipkart',
    voucher_amount: 50,
    voucher_type: 'Cashback',
    voucher_codes: 'SNAP-FLP-001\nSNAP-FLP-002',
    voucher_description: '',
    voucher_terms: '',
  });
  await vouchers('twenties', {
    ...batch,
    voucher_brand: 'Swiggy',
    voucher_amount: 20,
    voucher_codes: ['SNAP-SWG-001', 'SNAP-SWG-002'],
  });
  await vouchers('codes already stored', { ...batch, voucher_codes: ['SNAP-AMZ-001', 'SNAP-AMZ-009'] });
  await put('admin vouchers: expire one', '/api/admin/vouchers.php', { voucher_id: 3, status: 'expired' });
  await put('admin vouchers: unknown status', '/api/admin/vouchers.php', { voucher_id: 3, status: 'used' });
  await put('admin vouchers: unknown voucher', '/api/admin/vouchers.php', {
    voucher_id: 999,
    status: 'expired',
  });

  // --- member sign-in
  await r.call('member sign-in: no token', { method: 'POST', url: '/api/firebase-auth.php', payload: {} });
  await r.call('member sign-in: invalid token', {
    method: 'POST',
    url: '/api/firebase-auth.php',
    payload: { idToken: 'not-a-token' },
  });
  const signIn = async (label: string, account: keyof typeof ACCOUNTS, extra: object = {}) => {
    const idToken = await emulatorIdToken(TEST_EMULATOR_HOST, ACCOUNTS[account]);
    // The emulator gives each account its own uid on every run.
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as { sub: string };
    r.volatile('firebase-uid', claims.sub);
    const res = await r.call(`member sign-in: ${label}`, {
      method: 'POST',
      url: '/api/firebase-auth.php',
      payload: { idToken, ...extra },
      shown: { idToken: '<emulator id token>', ...extra },
    });
    return {
      cookie: cookieOf(res, 'sid'),
      body: res.json() as { user: { user_id: number; referral_code: string } },
    };
  };
  const asha = await signIn('new member', 'asha', { deviceFingerprint: 'device-asha' });
  const code = asha.body.user.referral_code;
  const ravi = await signIn('new member with a referral code', 'ravi', {
    referralCode: code,
    deviceFingerprint: 'device-ravi',
  });
  const meera = await signIn('new member with an unknown referral code', 'meera', {
    referralCode: 'NOPE0000',
  });
  await signIn('returning member', 'asha', { deviceFingerprint: 'device-asha' });
  const ashaAgain = await signIn('returning member, second session', 'asha');
  // They answer the first sign-in's questions, as the app asks before anything else (spins are refused
  // until then); the answers themselves are recorded with Kiran, at the end.
  const termsVersion = (
    await r.app.inject({ method: 'GET', url: '/api/eligibility.php', headers: { cookie: ravi.cookie } })
  ).json().eligibility.terms_version as string;
  const eligible = { adult: true, state: 'KA', acceptTerms: true, termsVersion };
  for (const m of [asha, ravi, meera])
    await r.app.inject({
      method: 'POST',
      url: '/api/eligibility.php',
      payload: eligible,
      headers: { cookie: m.cookie },
    });

  // --- member reads before any activity
  await read('member offers: no session', '/api/offers.php');
  await read('member offers', '/api/offers.php', ravi.cookie);
  await read('member stats: no session', '/api/user-stats.php');
  await read('member stats: new member', '/api/user-stats.php', ravi.cookie);
  await read('member referrals: referrer before any completion', '/api/referral-stats.php', ashaAgain.cookie);

  // --- clicks
  const click = (label: string, cookie: string, payload: unknown) =>
    r.call(`member click: ${label}`, { method: 'POST', url: '/api/click-offer.php', payload, cookie });
  await click('no session', '', { offerId: 1 });
  await click('offerId as text', ravi.cookie, { offerId: '1' });
  await click('unknown offer', ravi.cookie, { offerId: 999 });
  await click('inactive offer', ravi.cookie, { offerId: 3 });
  const raviClick = (await click('success', ravi.cookie, { offerId: 1 })).json().clickId as string;
  const meeraClick = (await click('second member', meera.cookie, { offerId: 2 })).json().clickId as string;
  const raviClick2 = (await click('second offer', ravi.cookie, { offerId: 2 })).json().clickId as string;

  // --- postbacks
  /** A signed postback URL; its signature covers a random click id, so it is volatile too. */
  const signed = (p: Record<string, string>) => {
    const url = signedPostbackUrl(p);
    r.volatile('sig', new URL(url, 'http://x').searchParams.get('sig')!);
    return url;
  };
  const postback = (label: string, url: string) => r.call(`postback: ${label}`, { method: 'GET', url });
  const params = (clickId: string, transaction: string, status = 'approved') => ({
    click_id: clickId,
    transaction_id: transaction,
    payout: '2.5000',
    currency: 'usd',
    status,
  });
  await postback('no signature', `/api/postback.php?${new URLSearchParams(params(raviClick, 'tx-1'))}`);
  await postback(
    'wrong signature',
    `/api/postback.php?${new URLSearchParams({ ...params(raviClick, 'tx-1'), sig: 'bad' })}`,
  );
  await postback('unknown click', signed(params('no-such-click', 'tx-0')));
  await postback('malformed payout', signed({ ...params(raviClick, 'tx-1'), payout: 'lots' }));
  await postback('approved', signed(params(raviClick, 'tx-1')));
  await postback('the same transaction again', signed(params(raviClick, 'tx-1')));
  await postback('pending', signed(params(meeraClick, 'tx-2', 'pending')));
  const form = signed(params(raviClick2, 'tx-3')).split('?')[1]!;
  await r.call('postback: approved, as a form POST', {
    method: 'POST',
    url: '/api/postback.php',
    payload: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

  // --- spins
  const spin = (label: string, cookie: string, payload: unknown) =>
    r.call(`member spin: ${label}`, { method: 'POST', url: '/api/slot-spin.php', payload, cookie });
  await spin('no session', '', { spinType: 'offer', offerId: 1 });
  await spin('offer spin without an offer', ravi.cookie, { spinType: 'offer' });
  await spin('unknown spin type', ravi.cookie, { spinType: 'bonus' });
  await spin('unknown offer', ravi.cookie, { spinType: 'offer', offerId: 999 });
  await spin('offer not completed', meera.cookie, { spinType: 'offer', offerId: 2 });
  await spin('no free spins', meera.cookie, { spinType: 'free' });
  await spin('offer spin', ravi.cookie, { spinType: 'offer', offerId: 1 });
  await spin('offer spin already used', ravi.cookie, { spinType: 'offer', offerId: 1 });
  await spin('second offer spin', ravi.cookie, { spinType: 'offer', offerId: 2 });
  await spin('free spin from a referral', ashaAgain.cookie, { spinType: 'free' });

  // --- member reads after the activity
  await read('member offers: after completions', '/api/offers.php', ravi.cookie);
  await read('member stats: after spins', '/api/user-stats.php', ravi.cookie);
  await read('member stats: referrer', '/api/user-stats.php', ashaAgain.cookie);
  await read('member referrals: after a successful referral', '/api/referral-stats.php', ashaAgain.cookie);
  await read('member referrals: member without referrals', '/api/referral-stats.php', meera.cookie);

  // --- admin reads
  const get = (label: string, url: string) => read(label, url, admin);
  await get('admin dashboard', '/api/admin/dashboard.php');
  await get('admin users', '/api/admin/users.php');
  await get(
    'admin users: search, sorted',
    '/api/admin/users.php?search=snapshot&sortBy=first_name&sortOrder=asc',
  );
  await get(
    'admin users: filters',
    '/api/admin/users.php?referralFilter=referred&dateRange=today&limit=1&page=2',
  );
  await get('admin users: unknown sort field', '/api/admin/users.php?sortBy=password');
  await get('admin users: unknown parameter', '/api/admin/users.php?colour=red');
  await get('admin users: bad page', '/api/admin/users.php?page=0');
  await put('admin users: block', '/api/admin/users.php', {
    user_id: meera.body.user.user_id,
    action: 'flag',
  });
  await read('member offers: blocked member', '/api/offers.php', meera.cookie);
  await put('admin users: unblock', '/api/admin/users.php', {
    user_id: String(meera.body.user.user_id),
    action: 'unflag',
  });
  await put('admin users: unknown action', '/api/admin/users.php', { user_id: 3, action: 'delete' });
  await put('admin users: unknown member', '/api/admin/users.php', { user_id: 999, action: 'flag' });
  await get('admin offers', '/api/admin/offers.php');
  await get(
    'admin offers: filters',
    '/api/admin/offers.php?status=active&category=Gaming&sortBy=title&sortOrder=asc',
  );
  await get('admin offers: unknown category', '/api/admin/offers.php?category=Toys');
  await get('admin vouchers', '/api/admin/vouchers.php');
  await get(
    'admin vouchers: filters',
    '/api/admin/vouchers.php?status=available&brand=Amazon&amount_range=all',
  );
  await get('admin vouchers: unknown status', '/api/admin/vouchers.php?status=lost');
  await get('admin referrals', '/api/admin/referrals.php');
  await get('admin referrals: filter', '/api/admin/referrals.php?status=successful&dateRange=today');
  await get('admin referrals: unknown status', '/api/admin/referrals.php?status=maybe');
  await get('admin conversions', '/api/admin/conversions.php');
  await get(
    'admin conversions: filters',
    '/api/admin/conversions.php?offer=1&voucherFilter=won&sortBy=payout_amount',
  );
  await get('admin conversions: bad offer id', '/api/admin/conversions.php?offer=01');
  await get('admin clicks', '/api/admin/offer-clicks.php');
  await get('admin clicks: filters', '/api/admin/offer-clicks.php?conversionStatus=voucher_won&offer=1');
  await get('admin clicks: unknown filter value', '/api/admin/offer-clicks.php?userType=robots');
  await get('admin audit log', '/api/admin/audit-log.php');
  await get('admin audit log: filter', '/api/admin/audit-log.php?action=voucher.expire&limit=5');
  await get('admin audit log: unknown action', '/api/admin/audit-log.php?action=explode');

  // --- Web Push (issue 38): a member's settings and subscription, the console's summary
  const memberPost = (label: string, url: string, payload: unknown, cookie = ravi.cookie) =>
    r.call(label, { method: 'POST', url, payload, cookie });
  await read('push settings: no session', '/api/push-settings.php');
  await read('push settings', '/api/push-settings.php', ravi.cookie);
  await memberPost('push settings: one kind off', '/api/push-settings.php', {
    kinds: { voucher_expiring: false },
  });
  await memberPost('push settings: unknown kind', '/api/push-settings.php', { kinds: { marketing: true } });
  const pushSubscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/snapshot-device',
    expirationTime: null,
    keys: {
      p256dh: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
  };
  await memberPost('push subscribe', '/api/push-subscribe.php', pushSubscription);
  await memberPost('push subscribe: keys missing', '/api/push-subscribe.php', {
    endpoint: pushSubscription.endpoint,
  });
  await memberPost('push presence: hidden', '/api/push-presence.php', {
    tab: 'snapshot-tab-1',
    visible: false,
  });
  await memberPost('push unsubscribe', '/api/push-unsubscribe.php', { endpoint: pushSubscription.endpoint });
  await get('admin push summary', '/api/admin/push-summary.php');
  // --- fair play (issue 37): public rules and operator, the member's eligibility, the daily spin
  await r.call('operator (public)', { method: 'GET', url: '/api/operator.php' });
  const current = (await r.app.inject({ method: 'GET', url: '/api/rules.php' })).json() as {
    version: { hash: string };
  };
  r.volatile('rulesVersion', current.version.hash);
  await r.call('rules (public)', { method: 'GET', url: '/api/rules.php' });
  await r.call('rules: unknown version', { method: 'GET', url: `/api/rules.php?version=${'0'.repeat(64)}` });
  // --- request-level refusals and sign-outs
  await r.call('member call: malformed JSON', {
    method: 'POST',
    url: '/api/slot-spin.php',
    payload: '{"spinType":',
    headers: { 'content-type': 'application/json' },
    cookie: ravi.cookie,
  });
  await r.call('member call: form body', {
    method: 'POST',
    url: '/api/slot-spin.php',
    payload: 'spinType=free',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    cookie: ravi.cookie,
  });
  await r.call('member call: cross-origin', {
    method: 'POST',
    url: '/api/slot-spin.php',
    payload: { spinType: 'free' },
    headers: { origin: 'https://evil.example' },
    cookie: ravi.cookie,
  });
  await r.call('member logout', { method: 'POST', url: '/api/logout.php', cookie: ravi.cookie });
  await read('member stats: after logout', '/api/user-stats.php', ravi.cookie);
  await r.call('member logout: no session', { method: 'POST', url: '/api/logout.php' });
  await r.call('admin logout', { method: 'POST', url: '/api/admin/logout.php', cookie: admin });
  await read('admin users: after logout', '/api/admin/users.php', admin);

  // --- the first sign-in's questions (issue 37): a new member who has not answered them yet
  const kiran = await signIn('new member, questions not answered yet', 'kiran');
  await read('eligibility', '/api/eligibility.php', kiran.cookie);
  await r.call('eligibility: no state', {
    method: 'POST',
    url: '/api/eligibility.php',
    payload: { adult: true },
    cookie: kiran.cookie,
  });
  await r.call('terms acceptance: not the current version', {
    method: 'POST',
    url: '/api/terms-acceptance.php',
    payload: { termsVersion: 'old' },
    cookie: kiran.cookie,
  });
  await r.call('daily spin: questions not answered', {
    method: 'POST',
    url: '/api/daily-spin.php',
    payload: {},
    cookie: kiran.cookie,
  });
  await r.call('member spin: questions not answered', {
    method: 'POST',
    url: '/api/slot-spin.php',
    payload: { spinType: 'free' },
    cookie: kiran.cookie,
  });
  await r.call('eligibility: answered', {
    method: 'POST',
    url: '/api/eligibility.php',
    payload: eligible,
    cookie: kiran.cookie,
  });
}

describe.each(DATABASE_KINDS)('every API answer, compared with the committed snapshot, on %s', (kind) => {
  let tdb: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
    app = await createTestApp(tdb.database, {
      // Fixed VAPID keys (RFC 8292 test values), so the push settings' public key is the same each run.
      push: { ...testConfig().push, vapidKeys: SNAPSHOT_VAPID, subject: 'mailto:snapshot@example.com' },
    });
    await upsertAdmin(tdb.database.db, { ...ADMIN, email: 'snapshot-admin@example.com' });
  });
  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
  });

  it('answers every call exactly as the snapshot records', async () => {
    seed.state = 1;
    const recorder = new Recorder(app, kind);
    await walk(recorder);
    const actual = recorder.lines.join('\n');
    if (process.env.UPDATE_API_SNAPSHOT && kind === 'pglite') writeFileSync(SNAPSHOT, actual);
    const expected = readFileSync(SNAPSHOT, 'utf8');
    // Compared call by call first, so a failure names the call that changed.
    const sections = (text: string) => text.split('\n### ').map((s) => s.split('\n'));
    const want = sections(expected);
    const got = sections(actual);
    for (let i = 0; i < Math.max(want.length, got.length); i++)
      expect(got[i]?.join('\n'), `call ${i}: ${got[i]?.[0] ?? want[i]?.[0]}`).toBe(want[i]?.join('\n'));
    expect(actual).toBe(expected);
  });
});
