import { expect, inject } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';

// Shared steps of the member end-to-end suites: sign-in through the demo account chooser, offers, spins.

export type Identity = { account: string } | { name: string; email: string };

/** Presses 'Continue with Google' and picks (or types) an account in the app's demo chooser. */
export async function chooseAccount(page: Page, who: Identity): Promise<void> {
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const chooser = page.getByRole('dialog', { name: /Choose an account/ });
  await chooser.waitFor();
  if ('account' in who) {
    await chooser.getByRole('button', { name: new RegExp(who.account) }).click();
  } else {
    await chooser.getByLabel('Name').fill(who.name);
    await chooser.getByLabel('Email').fill(who.email);
    await chooser.getByRole('button', { name: 'Continue', exact: true }).click();
  }
}

/**
 * Signs in through the demo chooser and lands on the dashboard. A new member is first asked their age,
 * state and the terms (issue 37): answered as an adult in Karnataka unless `eligibility` says otherwise
 * (`false`: left unanswered, for the suites that test the questions themselves).
 */
export async function signInWithChooser(
  page: Page,
  who: Identity,
  eligibility: { state: string } | false = { state: 'Karnataka' },
): Promise<void> {
  const asked = page.waitForResponse(
    (r) => r.url().endsWith('/api/eligibility.php') && r.request().method() === 'GET',
    { timeout: 30_000 },
  );
  await chooseAccount(page, who);
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 });
  if (eligibility === false) return;
  const answer = (await (await asked).json()) as { eligibility?: { needs: string | null } };
  if (answer.eligibility?.needs === 'eligibility') await answerEligibility(page, eligibility.state);
}

/** Answers the first sign-in's questions: 18 or older, the state, the terms accepted. */
export async function answerEligibility(page: Page, state: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Before you start' });
  await dialog.waitFor();
  await dialog.getByLabel('I am 18 or older').check();
  await dialog.getByLabel('State of residence').selectOption({ label: state });
  await dialog.getByRole('checkbox', { name: /I have read and accept/ }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Starts the offer with this title: the partner page opens in a new tab; completes it there. */
export async function startAndCompleteOffer(
  context: BrowserContext,
  page: Page,
  title: string,
): Promise<void> {
  const card = page.locator('article', { has: page.getByRole('heading', { name: title, exact: true }) });
  const [partner] = await Promise.all([
    context.waitForEvent('page'),
    card.getByRole('button', { name: 'Start Offer' }).click(),
  ]);
  await expect.poll(() => page.getByText(`${title} opened successfully!`).count()).toBeGreaterThan(0);
  await partner.waitForURL(/\/partner\/demo\//);
  await partner.getByRole('button', { name: 'Complete offer' }).click();
  await partner.waitForLoadState('load');
  await partner.close();
}

/** Plays the slot machine for the offer with this title; returns the voucher code or null for a miss. */
export async function spinOffer(page: Page, title: string): Promise<string | null> {
  const card = page.locator('article', { has: page.getByRole('heading', { name: title, exact: true }) });
  // The app does not refetch on focus: the member refreshes the offers.
  for (let i = 0; i < 10; i++) {
    if ((await card.getByRole('button', { name: 'Play Slot Machine!' }).count()) > 0) break;
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.waitForTimeout(500);
  }
  await card.getByRole('button', { name: 'Play Slot Machine!' }).click();
  const dialog = page.getByRole('dialog', { name: 'Slot Machine' });
  await dialog.getByRole('button', { name: 'Spin Now' }).click();
  const result = dialog.getByTestId('spin-result');
  // The result panel appears 9 s after the response.
  await result.waitFor({ timeout: 20_000 });
  const text = (await result.textContent()) ?? '';
  let code: string | null = null;
  if (text.includes('You won')) {
    code = (await result.locator('.code-box__code').textContent())?.trim() ?? null;
  } else {
    expect(text).toContain('Better Luck Next Time');
  }
  // Honest reels: the panel states the played table's odds, and the reels show only amounts it pays.
  const odds = /Odds of this spin: (.*?)Try again: [\d.]+\s%/.exec(text);
  expect(odds, 'the result panel states the odds').not.toBeNull();
  const payable = [...odds![1]!.matchAll(/₹([\d,]+):/g)].map((m) => m[1]!);
  for (const name of await dialog
    .getByRole('img', { name: /^Reel \d:/ })
    .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''))) {
    const shown = /₹([\d,]+)/.exec(name)?.[1];
    if (shown) expect(payable, `${name} is an amount this table pays`).toContain(shown);
  }
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.waitFor({ state: 'detached' });
  return code;
}

export async function offerTitles(page: Page): Promise<string[]> {
  const available = page.getByRole('region', { name: /Available Offers/ });
  await available.waitFor();
  return available.locator('article h3').allTextContents();
}

/**
 * The first visit installs the service worker; registerType 'prompt' means no clients.claim(), so
 * the page is controlled from the next navigation on. Waits for 'activated', then reloads.
 */
export async function waitForServiceWorkerControl(page: Page): Promise<string> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null),
      {
        timeout: 30_000,
      },
    )
    .toBe('activated');
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  const handle = await page.waitForFunction(
    () => navigator.serviceWorker.controller?.scriptURL ?? null,
    undefined,
    {
      timeout: 15_000,
    },
  );
  return (await handle.jsonValue()) as string;
}

/**
 * A member signed in without the browser: the Auth Emulator's REST API, then our own sign-in call,
 * then the first sign-in's questions. Returns the sign-in's status and body, and the sid cookie it set.
 */
export async function signInMemberByApi(
  sub: string,
  email: string,
  name: string,
): Promise<{ status: number; sid: string | null; body: unknown }> {
  const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
  const idp = await fetch(
    `http://${inject('emulatorHost')}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        postBody: `id_token=${encodeURIComponent(JSON.stringify({ sub, email, email_verified: true, name }))}&providerId=google.com`,
        requestUri: 'http://localhost',
        returnSecureToken: true,
      }),
    },
  );
  const { idToken } = (await idp.json()) as { idToken: string };
  expect(idToken).toBeTruthy();
  const res = await fetch(`${baseUrl}/api/firebase-auth.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ idToken, deviceFingerprint: `e2e-${sub}` }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  const sid = cookie ? cookie.split(';')[0]!.slice(4) : null;
  const body = await res.json();
  // The first sign-in's questions, answered as the app asks them (spins are refused before).
  if (sid) {
    const headers = { cookie: `sid=${sid}`, origin: baseUrl, 'content-type': 'application/json' };
    const asked = await fetch(`${baseUrl}/api/eligibility.php`, { headers });
    const { eligibility } = (await asked.json()) as {
      eligibility: { needs: string | null; terms_version: string };
    };
    if (eligibility.needs === 'eligibility') {
      const answered = await fetch(`${baseUrl}/api/eligibility.php`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          adult: true,
          state: 'KA',
          acceptTerms: true,
          termsVersion: eligibility.terms_version,
        }),
      });
      expect(answered.status).toBe(200);
    }
  }
  return { status: res.status, sid, body };
}

/** axe-core's serious and critical violations on the page (none expected). */
export async function axeViolations(p: Page, axeSource: string): Promise<string[]> {
  if (!(await p.evaluate('typeof window.axe === "object"'))) await p.evaluate(axeSource);
  return p.evaluate(async () => {
    // A dialog or panel still fading in has text at part of its opacity: axe would measure the contrast
    // of a frame no reader stops on. Finite animations and transitions are let finish first (a
    // spinner's infinite one never would).
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    );
    type Result = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };
    const axe = (
      window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: Result[] }> } }
    ).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.help} (${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')})`,
      );
  });
}

/** An administrator's cookie, signed in through the API (the e2e server's administrator). */
export async function adminApiCookie(baseUrl: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/admin/login.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: process.env.E2E_ADMIN_USERNAME ?? inject('adminUsername'),
      password: process.env.E2E_ADMIN_PASSWORD ?? inject('adminPassword'),
    }),
  });
  expect(login.status).toBe(200);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * Shows a voucher's code in the wallet: its compact row (issue 35, item 8) opens to the code. Waits for
 * the code to be in the page, opens its row when it is closed, then for the code on screen.
 */
export async function showVoucherCode(page: Page, code: string, timeout = 20_000): Promise<void> {
  const text = page.getByText(code, { exact: true });
  await text.first().waitFor({ state: 'attached', timeout });
  const row = page.locator('li.voucher--row', { has: text });
  const closed = row.getByRole('button', { expanded: false });
  // A press made while the page is still settling (the saved copy restored, an offline boot) can land
  // on a row that is drawn again: pressed again while it stays closed (an open row has no closed button).
  const deadline = Date.now() + timeout;
  while (!(await text.first().isVisible())) {
    if (Date.now() > deadline) throw new Error(`the code ${code} did not open on screen in ${timeout} ms`);
    if ((await closed.count()) > 0)
      await closed
        .first()
        .click({ timeout: 2_000 })
        .catch(() => {});
    await page.waitForTimeout(250);
  }
}
