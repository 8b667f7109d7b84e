import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotsDir } from './browser';
import { signInMemberByApi, axeViolations as axeViolationsOf } from './member-helpers';

// Issue 36 in Chromium at 1280×720 and 1440×900, against the real server in demo mode: the console
// follows a thread from a claim to the member's page, to a click, to a postback attempt and back, by
// links only; a block asks first, keeps its reason in the audit log and Undo leaves the member as they
// were; every list shows its first row within the first screen; axe-core finds no serious or critical
// violation on the new pages and dialogs. Screenshots of the new pages go to E2E_SCREENSHOTS_DIR
// (docs/screenshots when asked) or a temporary folder.

const baseUrl = inject('baseUrl');
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const SHOTS = screenshotsDir('records');
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
] as const;
const stamp = Date.now().toString(36);
const LISTS = [
  'users',
  'offers',
  'vouchers',
  'referrals',
  'conversions',
  'networks',
  'postbacks',
  'claims',
  'clicks',
  'audit-log',
];

let browser: Browser;

/** axe-core's serious and critical violations (tests/e2e/member-helpers.ts), with this suite's axe source. */
const axeViolations = (p: Page) => axeViolationsOf(p, AXE_SOURCE);

async function expectAccessible(p: Page, where: string) {
  await p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  expect(await axeViolations(p), `axe-core serious/critical violations on ${where}`).toEqual([]);
}

/** The page has loaded: no request in flight, its heading shown. */
async function settle(p: Page) {
  await p.waitForLoadState('networkidle');
  await p.locator('h1').first().waitFor({ timeout: 15_000 });
  await p.waitForTimeout(250);
}

async function shot(p: Page, name: string, width: number) {
  await p.screenshot({ path: path.join(SHOTS, `admin-${name}-${width}.png`) });
}

async function signedInPage(size: {
  width: number;
  height: number;
}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: size, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel('Username').fill(inject('adminUsername'));
  await page.getByLabel('Password').fill(inject('adminPassword'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/admin/dashboard`);
  return { context, page };
}

/** An admin API read from inside the signed-in page (its cookie). */
async function adminGet<T>(p: Page, url: string): Promise<T> {
  return p.evaluate(async (u) => (await fetch(u, { credentials: 'include' })).json(), url) as Promise<T>;
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe.each(SIZES)('the console at $width×$height (issue 36)', (size) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await signedInPage(size));
  });

  afterAll(async () => {
    await context?.close();
  });

  it('every list shows its first row within the first screen', async () => {
    const late: string[] = [];
    for (const list of LISTS) {
      await page.goto(`${baseUrl}/admin/${list}`);
      await settle(page);
      const row = page.locator('tbody tr').first();
      await row.waitFor({ timeout: 15_000 }).catch(() => undefined);
      if ((await row.count()) === 0) continue; // an empty list has no row to show (its empty text is)
      const box = await row.boundingBox();
      expect(box, `${list}: first row has no box`).toBeTruthy();
      if (box!.y + box!.height > size.height)
        late.push(`${list}: first row at y ${Math.round(box!.y)}–${Math.round(box!.y + box!.height)}`);
    }
    expect(late, `lists whose first row is below ${size.height} px`).toEqual([]);
  });

  it('follows a claim to the member, a click, a postback attempt and back, by links only', async () => {
    // A pending claim whose member has a postback attempt on record (the demo data has several).
    const claims = await adminGet<{ claims: { claim_id: number; user_id: number; click_id: string }[] }>(
      page,
      '/api/admin/claims.php?status=pending&limit=100',
    );
    let chosen: { claim_id: number; user_id: number; click_id: string } | undefined;
    for (const c of claims.claims) {
      const tl = await adminGet<{ items: unknown[] }>(
        page,
        `/api/admin/timeline.php?subject=member&id=${c.user_id}&kinds=postback&limit=1`,
      );
      if (tl.items.length > 0) {
        chosen = c;
        break;
      }
    }
    expect(chosen, 'a pending claim whose member has a postback attempt').toBeTruthy();

    // The claims list → the claim's page.
    await page.goto(`${baseUrl}/admin/claims`);
    await settle(page);
    await page.getByRole('link', { name: new RegExp(`Open claim #${chosen!.claim_id}$`) }).click();
    await page.waitForURL(`${baseUrl}/admin/claims/${chosen!.claim_id}/show`);
    await settle(page);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(`Claim #${chosen!.claim_id}`);
    await page.getByRole('region', { name: 'This click: postback attempts and conversion' }).waitFor();
    await expectAccessible(page, 'the claim page');
    await shot(page, 'claim', size.width);

    // The claim's reject dialog offers ready reasons.
    await page.getByRole('button', { name: /^Reject: / }).click();
    const reject = page.getByRole('dialog');
    await reject.getByRole('group', { name: 'Ready reasons' }).waitFor();
    await expectAccessible(page, 'the reject dialog with ready reasons');
    await reject.getByRole('button', { name: 'Cancel' }).click();
    await reject.waitFor({ state: 'hidden' });

    // → the member's page.
    const facts = page.getByRole('region', { name: 'The claim' });
    await facts.locator(`a[href$="/admin/users/${chosen!.user_id}/show"]`).click();
    await page.waitForURL(`${baseUrl}/admin/users/${chosen!.user_id}/show`);
    await settle(page);
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.locator('tbody tr').first().waitFor();
    await page.getByRole('region', { name: 'Risk and linked accounts' }).waitFor();
    await expectAccessible(page, "the member's page");
    await shot(page, 'member', size.width);

    // → a click that a postback attempt named (the member's timeline, filtered to postbacks by paging
    // is not needed: the timeline lists them with the rest; take the first postback row's click).
    let postbackRow = timeline.locator('tbody tr[data-kind="postback"]').first();
    for (let i = 0; i < 10 && (await postbackRow.count()) === 0; i++) {
      await timeline.getByRole('button', { name: 'Next' }).click();
      await page.waitForLoadState('networkidle');
      postbackRow = timeline.locator('tbody tr[data-kind="postback"]').first();
    }
    expect(await postbackRow.count(), 'a postback attempt in the timeline').toBe(1);
    const clickLink = postbackRow.getByRole('link', { name: /^Click / });
    const clickHref = (await clickLink.getAttribute('href'))!;
    await clickLink.click();
    await page.waitForURL(`${baseUrl}${clickHref}`);
    await settle(page);
    await page.getByRole('region', { name: 'Timeline' }).locator('tbody tr').first().waitFor();
    await expectAccessible(page, 'the click page');
    await shot(page, 'click', size.width);

    // → the postback attempt.
    const attempt = page
      .getByRole('region', { name: 'Timeline' })
      .locator('tbody tr[data-kind="postback"]')
      .first();
    await attempt.getByRole('link', { name: 'Postback attempt' }).click();
    await page.waitForURL(/\/admin\/postbacks\/\d+\/show$/);
    await settle(page);
    await expectAccessible(page, 'the postback page');
    await shot(page, 'postback', size.width);

    // ← back to the click, then the member, by links.
    await page.getByRole('main').locator(`a[href="${clickHref}"]`).first().click();
    await page.waitForURL(`${baseUrl}${clickHref}`);
    await settle(page);
    await page
      .getByRole('region', { name: 'Click' })
      .locator(`a[href$="/admin/users/${chosen!.user_id}/show"]`)
      .click();
    await page.waitForURL(`${baseUrl}/admin/users/${chosen!.user_id}/show`);
    await settle(page);
    // ← and to the claim, from the member's timeline.
    const claimLink = page
      .getByRole('region', { name: 'Timeline' })
      .locator(`a[href$="/admin/claims/${chosen!.claim_id}/show"]`);
    if ((await claimLink.count()) > 0) {
      await claimLink.first().click();
      await page.waitForURL(`${baseUrl}/admin/claims/${chosen!.claim_id}/show`);
    }
  });

  it('an offer and a network have pages with their history', async () => {
    await page.goto(`${baseUrl}/admin/offers`);
    await settle(page);
    const offerLink = page.locator('tbody tr').first().locator('a[href*="/admin/offers/"]').first();
    await offerLink.click();
    await page.waitForURL(/\/admin\/offers\/\d+\/show$/);
    await settle(page);
    await page.getByRole('region', { name: 'Timeline' }).waitFor();
    await expectAccessible(page, 'the offer page');
    await shot(page, 'offer', size.width);
    // The Active switch asks first.
    await page.getByRole('switch').first().click();
    await page.getByRole('dialog').getByRole('group', { name: 'Common reasons' }).waitFor();
    await expectAccessible(page, 'the offer activation dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    await page.goto(`${baseUrl}/admin/networks`);
    await settle(page);
    const networkLink = page.locator('tbody tr').first().locator('a[href*="/admin/networks/"]').first();
    if ((await networkLink.count()) === 0) return; // no network in this demo
    await networkLink.click();
    await page.waitForURL(/\/admin\/networks\/\d+\/show$/);
    await settle(page);
    await page.getByRole('region', { name: 'Timeline' }).waitFor();
    await expectAccessible(page, 'the network page');
    await shot(page, 'network', size.width);
  });

  // A flow, not a layout (its dialogs and notices are the same at every width): at the first size only.
  it.runIf(size.width === SIZES[0].width)(
    'a block asks why, keeps the reason in the audit log, and Undo leaves the member as they were',
    async () => {
      const email = `records.${stamp}.${size.width}@example.com`;
      const res = await signInMemberByApi(
        `e2e-records-${stamp}-${size.width}`,
        email,
        `Records Member ${size.width}`,
      );
      expect(res.status).toBe(200);
      const found = await adminGet<{ users: { user_id: number }[] }>(
        page,
        `/api/admin/users.php?search=${encodeURIComponent(email)}`,
      );
      const userId = found.users[0]!.user_id;
      const isBlocked = async () =>
        (
          await adminGet<{ users: { is_suspicious: boolean }[] }>(
            page,
            `/api/admin/users.php?user_id=${userId}`,
          )
        ).users[0]!.is_suspicious;

      await page.goto(`${baseUrl}/admin/users/${userId}/show`);
      await settle(page);
      const reason = `Several accounts on one device (${stamp})`;

      // Block, with a reason; the toast offers Undo; once it closes the block is sent.
      await page.getByRole('button', { name: 'Block User' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('list').getByText(email, { exact: false }).waitFor();
      await expectAccessible(page, 'the block confirmation');
      await shot(page, 'block-dialog', size.width);
      await dialog.getByRole('textbox', { name: 'Reason' }).fill(reason);
      await dialog.getByRole('button', { name: 'Block', exact: true }).click();
      await page.getByText('User blocked successfully').waitFor();
      await page.getByRole('button', { name: /undo/i }).waitFor();
      await expect.poll(isBlocked, { timeout: 15_000 }).toBe(true);

      // The audit log says who, what and why.
      await page.goto(
        `${baseUrl}/admin/audit-log?filter=${encodeURIComponent(JSON.stringify({ target_type: 'user', target_id: String(userId) }))}`,
      );
      await settle(page);
      await page.getByText(`Reason: ${reason}`).first().waitFor();

      // Unblock, then block again and Undo: nothing is sent, the member stays active.
      await page.goto(`${baseUrl}/admin/users/${userId}/show`);
      await settle(page);
      await page.getByRole('button', { name: 'Unblock User' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Reviewed: no fraud found' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Unblock', exact: true }).click();
      await page.getByText('User unblocked successfully').waitFor();
      await expect.poll(isBlocked, { timeout: 15_000 }).toBe(false);

      await page.getByRole('button', { name: 'Block User' }).waitFor();
      await page.getByRole('button', { name: 'Block User' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Suspected fraud' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Block', exact: true }).click();
      await page.getByText('User blocked successfully').waitFor();
      await page.getByRole('button', { name: /undo/i }).click();
      await page.getByRole('button', { name: 'Block User' }).waitFor();
      await page.waitForTimeout(6500);
      expect(await isBlocked(), 'Undo must leave the member unblocked').toBe(false);
      await page.reload();
      await settle(page);
      await page.getByRole('button', { name: 'Block User' }).waitFor();
    },
  );
});
