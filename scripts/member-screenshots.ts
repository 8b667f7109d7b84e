// Screenshots of every member screen at 390x844 and 1280x800 into docs/screenshots/.
// Run against a running demo server: node --import tsx scripts/member-screenshots.ts [baseUrl]
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:3000';
const out = 'docs/screenshots';
mkdirSync(out, { recursive: true });

const SIZES = {
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
} as const;

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});

async function shot(page: Page, name: string, size: string, fullPage = size === 'desktop') {
  const viewport = page.viewportSize();
  if (fullPage && viewport) {
    // Cards below the fold are rendered only near the viewport (content-visibility: auto), which a
    // full-page capture does not move: the viewport is made as tall as the page for the capture.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/member-${name}-${size}.png`, fullPage });
    await page.setViewportSize(viewport);
    return;
  }
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/member-${name}-${size}.png`, fullPage });
}

async function signIn(page: Page, name: string, email: string) {
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const chooser = page.getByRole('dialog', { name: /Choose an account/ });
  await chooser.getByLabel('Name').fill(name);
  await chooser.getByLabel('Email').fill(email);
  await chooser.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
}

for (const [size, options] of Object.entries(SIZES)) {
  const context = await browser.newContext({
    ...options,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  await page.goto(`${base}/?ref=DEMO2024`);
  await page.getByText('Referral Code Applied').waitFor();
  await shot(page, 'login', size);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByRole('dialog').waitFor();
  await shot(page, 'account-chooser', size, false);
  await page.keyboard.press('Escape');
  await page.goto(`${base}/login`);
  await signIn(page, `Kavya ${size === 'phone' ? 'Rao' : 'Nair'}`, `kavya.${size}.${Date.now()}@example.com`);

  // Complete one offer so each group and the rewards page have something to show.
  const first = page
    .getByRole('region', { name: /Available Offers/ })
    .locator('article')
    .first();
  const title = (await first.locator('h3').textContent())!;
  const [partner] = await Promise.all([
    context.waitForEvent('page'),
    first.getByRole('button', { name: 'Start Offer' }).click(),
  ]);
  await partner.waitForURL(/partner/);
  await shot(partner, 'partner-demo', size);
  await partner.getByRole('button', { name: 'Complete offer' }).click();
  await partner.waitForLoadState('load');
  await partner.close();
  // A pending one too: the first offer whose network has a pending status (the demo partner page offers
  // "Submit for verification" only then; a CPX-style survey is approved or reversed, never pending, so
  // the demo's surveys, titled so, are passed over).
  const available = page
    .getByRole('region', { name: /Available Offers/ })
    .locator('article', { hasNotText: 'CPX survey' });
  await available.first().waitFor();
  let madePending = false;
  for (let i = 0; i < (await available.count()) && !madePending; i++) {
    const [partner2] = await Promise.all([
      context.waitForEvent('page'),
      available.nth(i).getByRole('button', { name: 'Start Offer' }).click(),
    ]);
    await partner2.waitForURL(/partner/);
    await partner2.waitForLoadState('load');
    const submit = partner2.getByRole('button', { name: 'Submit for verification (pending)' });
    if ((await submit.count()) > 0) {
      await submit.click();
      await partner2.waitForLoadState('load');
      madePending = true;
    }
    await partner2.close();
  }
  if (!madePending) throw new Error('no demo offer has a pending status: the pending card is not shown');
  await page.getByRole('button', { name: 'Refresh' }).click();
  const card = page.locator('article', { has: page.getByRole('heading', { name: title, exact: true }) });
  await card.getByRole('button', { name: 'Play Slot Machine!' }).waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'dashboard', size);

  await card.getByRole('button', { name: 'Play Slot Machine!' }).click();
  const dialog = page.getByRole('dialog', { name: 'Slot Machine' });
  await shot(page, 'slot-machine', size, false);
  await dialog.getByRole('button', { name: 'Spin Now' }).click();
  await page.waitForTimeout(2500);
  await shot(page, 'slot-machine-spinning', size, false);
  await dialog.getByTestId('spin-result').waitFor({ timeout: 20_000 });
  await page.waitForTimeout(1200);
  await shot(page, 'slot-machine-result', size, false);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  await page.goto(`${base}/rewards`);
  await page.getByRole('heading', { name: 'My Rewards' }).waitFor();
  await page.getByRole('group', { name: 'Rewards summary' }).waitFor();
  await shot(page, 'rewards', size);
  await page.goto(`${base}/referrals`);
  await page.getByRole('tab', { name: 'Share' }).waitFor();
  await shot(page, 'referrals', size);
  await page.getByRole('tab', { name: 'History' }).click();
  await shot(page, 'referrals-history', size);
  await page.goto(`${base}/profile`);
  await page.getByRole('heading', { name: 'Badges' }).waitFor();
  await shot(page, 'profile', size);
  if (size === 'phone') {
    await page.goto(`${base}/dashboard`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await shot(page, 'menu', size, false);
  }
  await context.setOffline(true);
  await page.goto(`${base}/rewards`).catch(() => undefined);
  await page.reload().catch(() => undefined);
  await page
    .getByText("You're offline.")
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  await shot(page, 'rewards-offline', size);
  await context.setOffline(false);
  await page.goto(`${base}/this-page-does-not-exist`);
  await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
  await shot(page, 'not-found', size);
  await context.close();
}

// The session-check loader, held on screen by delaying the check.
const context = await browser.newContext(SIZES.phone);
const page = await context.newPage();
await page.route('**/api/user-stats.php', async (route) => {
  await new Promise((r) => setTimeout(r, 3000));
  await route.continue();
});
void page.goto(`${base}/dashboard`);
await page.getByText('Loading SpinRewards').waitFor();
await shot(page, 'loading', 'phone', false);
await context.close();
await browser.close();
console.log(`screenshots written to ${out}/`);
