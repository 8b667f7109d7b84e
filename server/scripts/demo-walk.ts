// `npm run demo:walk`: the whole member loop over HTTP, as a member's browser would go through it:
// sign in through the Auth Emulator with a referral code, list offers, click one, complete it at the
// demo partner, spin, see the voucher in user-stats and the referrer's free spin in referral-stats.
// Uses BASE_URL when a server is up there; otherwise starts one in demo mode on a temporary folder.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { emulatorIdToken } from '../demo/emulator';
import { freeEmulatorHost, freePort } from '../lib/free-port';
import type { MemberOffer } from '../../shared/contract/member';
import type { ClientConfig } from '../../shared/contract/system';

type Log = (line: string) => void;

class Browser {
  cookie = '';
  constructor(private base: string) {}
  async call<T = Record<string, unknown>>(
    method: string,
    url: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const res = await fetch(new URL(url, this.base), {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        origin: this.base,
      },
      body: body ? JSON.stringify(body) : undefined,
      redirect: 'manual',
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (set) this.cookie = set.split(';')[0]!;
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* an HTML page */
    }
    return { status: res.status, body: parsed as T };
  }
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`demo walk failed: ${message}`);
}

export async function walk(
  base: string,
  log: Log = console.log,
): Promise<{ voucherCode: string | null; referrerFreeSpins: number }> {
  const config = (await (await fetch(new URL('/api/client-config.json', base))).json()) as ClientConfig;
  check(config.authEmulatorHost, 'the server is not in demo mode (no Auth Emulator)');
  const stamp = Date.now().toString(36);

  const referrer = new Browser(base);
  const refToken = await emulatorIdToken(
    config.authEmulatorHost,
    { sub: `walk-ref-${stamp}`, email: `walk-ref-${stamp}@example.com`, name: 'Walk Referrer' },
    config.firebase.apiKey,
  );
  const refLogin = await referrer.call<{ user: { referral_code: string } }>(
    'POST',
    '/api/firebase-auth.php',
    { idToken: refToken, deviceFingerprint: `walk-a-${stamp}` },
  );
  check(refLogin.status === 200, `referrer sign-in answered ${refLogin.status}`);
  const code = refLogin.body.user.referral_code;
  log(`1. referrer signed in through the emulator; referral code ${code}`);

  const member = new Browser(base);
  const idToken = await emulatorIdToken(
    config.authEmulatorHost,
    { sub: `walk-${stamp}`, email: `walk-${stamp}@example.com`, name: 'Walk Member' },
    config.firebase.apiKey,
  );
  const login = await member.call<{ isNewUser: boolean; referralUsed: boolean }>(
    'POST',
    '/api/firebase-auth.php',
    { idToken, deviceFingerprint: `walk-b-${stamp}`, referralCode: code },
  );
  check(
    login.status === 200 && login.body.isNewUser && login.body.referralUsed,
    `member sign-in: ${JSON.stringify(login.body)}`,
  );
  log(`2. new member signed in with ?ref=${code}: isNewUser=true, referralUsed=true`);
  const asked = await member.call<{ eligibility: { terms_version: string } }>('GET', '/api/eligibility.php');
  const answered = await member.call('POST', '/api/eligibility.php', {
    adult: true,
    state: 'KA',
    acceptTerms: true,
    termsVersion: asked.body.eligibility.terms_version,
  });
  check(answered.status === 200, `eligibility answer: ${answered.status}`);
  log("   answered the first sign-in's questions: 18 or older, Karnataka, terms accepted");

  let voucherCode: string | null = null;
  for (let attempt = 1; attempt <= 8 && !voucherCode; attempt++) {
    const offers = await member.call<{ offers: MemberOffer[] }>('GET', '/api/offers.php');
    check(offers.status === 200, `offers answered ${offers.status}`);
    const offer = offers.body.offers.find((o) => o.status === 'available');
    check(offer, 'no available offer left to complete');
    if (attempt === 1) log(`3. ${offers.body.offers.length} offers listed; starting "${offer.title}"`);
    const click = await member.call<{ clickId: string; redirectUrl: string; network: string }>(
      'POST',
      '/api/click-offer.php',
      { offerId: offer.offer_id },
    );
    check(click.status === 200, `click answered ${click.status}`);
    const partner = await fetch(click.body.redirectUrl);
    check(
      partner.status === 200 && (await partner.text()).includes('Complete offer'),
      'demo partner page did not open',
    );
    const done = await fetch(new URL('/partner/demo/complete', base), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      // The member as the offer link named them to the network (its {sub_id}), as the page's form sends it.
      body: new URLSearchParams({
        click_id: click.body.clickId,
        member: new URL(click.body.redirectUrl).searchParams.get('ext_user_id') ?? '',
        status: 'approved',
      }),
    });
    check(done.status === 200, `demo partner completion answered ${done.status}`);
    const ready = (await member.call<{ offers: MemberOffer[] }>('GET', '/api/offers.php')).body.offers.find(
      (o) => o.offer_id === offer.offer_id,
    );
    check(ready?.completed && !ready.spinner_used, 'offer did not become ready to spin');
    log(
      `4. click ${click.body.clickId.slice(0, 8)}… completed at the demo partner (a signed ${click.body.network} postback): ready to spin`,
    );
    const spin = await member.call<{
      slotResult: number[];
      isWinningCombination: boolean;
      voucher: { code: string; brand: string; amount: number } | null;
    }>('POST', '/api/slot-spin.php', { offerId: offer.offer_id, spinType: 'offer' });
    check(spin.status === 200, `spin answered ${spin.status}: ${JSON.stringify(spin.body)}`);
    log(
      `5. spin ${attempt}: [${spin.body.slotResult.join(' | ')}] ${spin.body.isWinningCombination ? `WIN ₹${spin.body.voucher!.amount} ${spin.body.voucher!.brand}` : 'no win'}`,
    );
    if (spin.body.voucher) voucherCode = spin.body.voucher.code;
  }
  check(voucherCode, 'no win in 8 spins (odds are random; run again)');
  const stats = await member.call<{
    userVouchers: { voucher_code: string }[];
    stats: { total_vouchers_won: number };
  }>('GET', '/api/user-stats.php');
  check(
    stats.body.userVouchers.some((v) => v.voucher_code === voucherCode),
    'voucher missing from user-stats',
  );
  log(
    `6. user-stats lists voucher ${voucherCode} (total_vouchers_won=${stats.body.stats.total_vouchers_won})`,
  );

  const refStats = await referrer.call<{
    summary: { successfulReferrals: number; totalFreeSpinsEarned: number };
  }>('GET', '/api/referral-stats.php');
  const refOffers = await referrer.call<{ freeSpinsRemaining: number }>('GET', '/api/offers.php');
  check(
    refStats.body.summary.totalFreeSpinsEarned === 1 && refOffers.body.freeSpinsRemaining === 1,
    `referrer: ${JSON.stringify(refStats.body.summary)}`,
  );
  log(
    `7. referrer's referral-stats: successfulReferrals=${refStats.body.summary.successfulReferrals}, totalFreeSpinsEarned=1; offers.php freeSpinsRemaining=1`,
  );
  return { voucherCode, referrerFreeSpins: refOffers.body.freeSpinsRemaining };
}

async function main() {
  let base = process.env.BASE_URL ?? 'http://localhost:3000';
  let stop = () => {};
  const up = await fetch(new URL('/api/health.php', base)).then(
    (r) => r.ok,
    () => false,
  );
  if (!up) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rewards-walk-'));
    // Free ports: the walk never collides with another server or emulator on the machine.
    const port = await freePort();
    const emulatorHost = await freeEmulatorHost();
    base = `http://localhost:${port}`;
    console.log(
      `No server at ${process.env.BASE_URL ?? 'http://localhost:3000'}; starting one in demo mode on ${base} (data in ${dataDir})`,
    );
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
        SKIP_BUILD: '1',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    });
    stop = () => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        /* gone */
      }
      setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 1500).unref();
    };
    const deadline = Date.now() + 90_000;
    while (
      !(await fetch(new URL('/api/health.php', base)).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline) throw new Error('demo server did not start');
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    await walk(base);
    console.log('demo walk: the whole loop works');
  } finally {
    stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
