import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshotsDir } from './browser';
import { signInMemberByApi } from './member-helpers';

// The console at 1280×720 (the smallest desktop it is made for) in Debian's Chromium against the real
// server in demo mode: every list page shows its row actions without scrolling sideways, the bulk
// toolbar is on top once a row is ticked, and axe-core finds no serious or critical violation on any
// page or main dialog.

const baseUrl = inject('baseUrl');
const VIEWPORT = { width: 1280, height: 720 };
// axe-core from node_modules, evaluated in the page (DevTools evaluation is not subject to the CSP).
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const stamp = Date.now().toString(36);
// Screenshots refresh docs/screenshots only when asked (E2E_SCREENSHOTS_DIR=docs/screenshots).
const SHOTS = screenshotsDir('usability');

let browser: Browser;
let context: BrowserContext;
let page: Page;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Serious and critical axe-core violations on the page as it is now (the open dialog included). */
async function axeViolations(p: Page): Promise<AxeViolation[]> {
  if (!(await p.evaluate('typeof window.axe === "object"'))) await p.evaluate(AXE_SOURCE);
  return p.evaluate(async () => {
    type Result = {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: string[]; failureSummary?: string }[];
    };
    const axe = (
      window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: Result[] }> } }
    ).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
      }));
  });
}

async function expectAccessible(p: Page, where: string) {
  // Dialogs and menus fade in: a colour measured mid-transition is not the one the admin sees.
  await p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  expect(await axeViolations(p), `axe-core serious/critical violations on ${where}`).toEqual([]);
}

/** Waits until the list page has loaded: its table or its empty text, no request in flight. */
async function settle(p: Page) {
  await p.waitForLoadState('networkidle');
  await p
    .locator('table, [role="status"], .MuiAlert-root')
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  await p.waitForTimeout(300);
  const doc = await p.evaluate(() => ({
    lang: document.documentElement.lang,
    text: document.body?.innerText.slice(0, 300) ?? '',
  }));
  expect(doc.lang, `${p.url()} is not the console: ${doc.text}`).toBe('en');
}

/**
 * The controls of the first table row that lie outside the viewport or under something else (checked
 * with document.elementFromPoint at their centre); an empty list when all can be reached.
 */
async function unreachableRowControls(row: Locator): Promise<string[]> {
  return row.evaluate((tr) => {
    const out: string[] = [];
    for (const el of tr.querySelectorAll<HTMLElement>('button, a[href], input:not([type="hidden"])')) {
      // A switch's or checkbox's input is transparent and wider than its track: its visible parent counts.
      const target = el.tagName === 'INPUT' ? (el.parentElement ?? el) : el;
      const r = target.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (r.left < 0 || r.right > window.innerWidth) {
        out.push(`${name}: x ${Math.round(r.left)}–${Math.round(r.right)} outside 0–${window.innerWidth}`);
        continue;
      }
      const top = document.elementFromPoint(x, y);
      if (!top || !(target.contains(top) || top.contains(target)))
        out.push(`${name}: covered by ${top?.tagName}.${String(top?.className).slice(0, 60)}`);
    }
    return out;
  });
}

/**
 * The cells that the pinned actions cell of a row covers (bounding boxes of the same row overlapping
 * sideways), for every row of the table: a pinned column that sits over Revenue or Status hides them.
 */
async function cellsUnderPinnedActions(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const out: string[] = [];
    const heads = [...document.querySelectorAll('table thead th')].map((th) => th.textContent?.trim() ?? '');
    for (const [i, tr] of [...document.querySelectorAll('table tbody tr')].entries()) {
      const pinned = tr.querySelector<HTMLElement>('td.column-actions');
      if (!pinned) continue;
      const a = pinned.getBoundingClientRect();
      for (const td of tr.querySelectorAll<HTMLTableCellElement>('td')) {
        if (td === pinned) continue;
        const b = td.getBoundingClientRect();
        if (b.width === 0) continue;
        // Half a pixel of slack: adjacent cells share their border.
        if (b.right > a.left + 0.5 && b.left < a.right - 0.5)
          out.push(
            `row ${i + 1}: ${heads[td.cellIndex] || `column ${td.cellIndex + 1}`} (x ${Math.round(b.left)}–${Math.round(b.right)}) under the actions (x ${Math.round(a.left)}–${Math.round(a.right)})`,
          );
      }
    }
    return out;
  });
}

async function login(p: Page) {
  await p.goto(`${baseUrl}/admin/login`);
  await expectAccessible(p, 'the sign-in page');
  await p.getByLabel('Username').fill(inject('adminUsername'));
  await p.getByLabel('Password').fill(inject('adminPassword'));
  await p.getByRole('button', { name: 'Sign in' }).click();
  await p.waitForURL(`${baseUrl}/admin/dashboard`);
}

beforeAll(async () => {
  // A few members, so that the users list has rows whichever data the demo starts with.
  for (const i of [1, 2, 3]) {
    const res = await signInMemberByApi(
      `e2e-usability-${stamp}-${i}`,
      `usability.${stamp}.${i}@example.com`,
      `Usability Member ${i}`,
    );
    expect(res.status).toBe(200);
  }
  browser = await launchBrowser();
  // axe-core is evaluated in the page; the page's CSP (checked by csp.e2e.ts) is bypassed for it.
  context = await browser.newContext({ viewport: VIEWPORT, bypassCSP: true });
  page = await context.newPage();
  await login(page);
});

afterAll(async () => {
  await browser?.close();
});

describe('admin console at 1280×720', () => {
  it('the sign-in toast stays clear of the user menu', async () => {
    const toast = page.getByText('Admin login successful!');
    await toast.waitFor();
    const menu = page.getByRole('button', { name: /account menu/ });
    const [a, b] = [await toast.boundingBox(), await menu.boundingBox()];
    expect(a && b).toBeTruthy();
    const overlaps =
      a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
    expect(overlaps, 'toast overlaps the user menu').toBe(false);
  });

  it('every page of the menu: row actions within the viewport, no serious axe-core violation', async () => {
    const nav = page.locator('.RaSidebar-fixed, .RaMenu-root').first();
    const items = await nav
      .getByRole('menuitem')
      .evaluateAll((els) =>
        els.map((e) => ({ name: e.textContent?.trim() ?? '', href: e.getAttribute('href') ?? '' })),
      );
    // (A menu item's name may carry a count before it, e.g. the dashboard's needs-attention count.)
    const named = (name: string) => items.some((i) => i.name.endsWith(name));
    for (const name of ['Dashboard', 'Users', 'Offers', 'Vouchers', 'Audit log'])
      expect(named(name), `menu item ${name}`).toBe(true);
    const withRows: string[] = [];
    for (const item of items) {
      await page.goto(`${baseUrl}${item.href}`);
      await settle(page);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        `${item.name}: the page scrolls sideways`,
      ).toBe(true);
      const row = page.locator('tbody tr').first();
      if ((await row.count()) > 0) {
        // At 1280 px (the 1440 px check is the screenshots' test below): no column under the pinned actions.
        expect(await cellsUnderPinnedActions(page), `${item.name}: data under the pinned actions`).toEqual(
          [],
        );
      }
      if ((await row.count()) > 0 && (await row.locator('button, input').count()) > 0) {
        withRows.push(item.name);
        // Scrolled down to the row (not sideways: the row starts at the table's left edge).
        await row.evaluate((tr) => tr.scrollIntoView({ block: 'center', inline: 'nearest' }));
        expect(await unreachableRowControls(row), `${item.name}: row actions out of reach`).toEqual([]);
      }
      await expectAccessible(page, `${item.name} (${item.href})`);
    }
    // The lists the demo always fills (the users through this file's own members).
    for (const name of ['Users', 'Offers', 'Vouchers', 'Networks'])
      expect(
        withRows.some((n) => n.endsWith(name)),
        `${name} has rows`,
      ).toBe(true);
  });

  it('users: the bulk toolbar is on top once a row is ticked; a row click opens the member', async () => {
    await page.goto(`${baseUrl}/admin/users`);
    await settle(page);
    await page.getByRole('checkbox', { name: 'Select this row' }).first().check();
    const toolbar = page.locator('[data-test="bulk-actions-toolbar"]');
    await toolbar.getByText('1 user selected').waitFor();
    await page.waitForTimeout(400); // its height transition
    const onTop = await toolbar.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const points = [
        [r.left + r.width / 2, r.top + r.height / 2],
        [r.left + 40, r.top + r.height / 2],
        [r.right - 40, r.top + r.height / 2],
      ];
      return (
        r.height > 0 &&
        points.every(([x, y]) => {
          const top = document.elementFromPoint(x!, y!);
          return top !== null && el.contains(top);
        })
      );
    });
    expect(onTop, 'the bulk toolbar is the top element at its position').toBe(true);
    await expect.poll(() => toolbar.getByRole('button', { name: /Block selected/ }).isVisible()).toBe(true);
    await expectAccessible(page, 'users with a row ticked');
    await toolbar.getByRole('button', { name: 'Unselect' }).click();

    const email = `usability.${stamp}.1@example.com`;
    await page.getByText(email).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByText(email).first().waitFor();
    await expectAccessible(page, 'the user details dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('offers: a row click opens its edit dialog; the row menu holds slot rewards and link', async () => {
    await page.goto(`${baseUrl}/admin/offers`);
    await settle(page);
    const row = page.locator('tbody tr').first();
    const title = (await row.locator('td').nth(0).locator('p, span').first().innerText()).trim();
    await row.locator('td').nth(3).click();
    const edit = page.getByRole('dialog', { name: 'Edit Offer' });
    await edit.waitFor();
    expect(await edit.getByLabel('Title').inputValue()).toBe(title);
    await expectAccessible(page, 'the Edit Offer dialog');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: `More actions: ${title}` }).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Slot machine configuration' }).waitFor();
    await menu.getByRole('menuitem', { name: 'Open offer URL' }).waitFor();
    await expectAccessible(page, 'the offer row menu');
    await menu.getByRole('menuitem', { name: 'Slot machine configuration' }).click();
    const slot = page.getByRole('dialog');
    await slot.waitFor();
    await expectAccessible(page, 'the slot configuration dialog');
    await slot.getByRole('button', { name: 'Close' }).click();
    await slot.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Add Offer' }).click();
    const add = page.getByRole('dialog', { name: 'Add Offer' });
    await add.waitFor();
    await expectAccessible(page, 'the Add Offer dialog');
    await add.getByRole('button', { name: 'Cancel' }).click();
    await add.waitFor({ state: 'detached' });
  });

  it('vouchers: a row click opens the voucher; the Add Vouchers dialog is accessible', async () => {
    await page.goto(`${baseUrl}/admin/vouchers`);
    await settle(page);
    const row = page.locator('tbody tr').first();
    const code = (await row.locator('code').first().innerText()).trim();
    await row.locator('td').nth(2).click();
    const details = page.getByRole('dialog');
    await details.waitFor();
    await details.getByText(code).first().waitFor();
    await expectAccessible(page, 'the voucher details dialog');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Add Vouchers' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Vouchers' });
    await add.waitFor();
    await expectAccessible(page, 'the Add Vouchers dialog');
    await page.keyboard.press('Escape');
    await add.waitFor({ state: 'detached' });
  });

  it('the audit log names what happened in a sentence and links its target', async () => {
    await page.goto(`${baseUrl}/admin/users`);
    await settle(page);
    const email = `usability.${stamp}.2@example.com`;
    // A block asks why first (issue 36); it is sent once its Undo notification has closed.
    await page.getByRole('button', { name: `Block User: ${email}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Suspected fraud' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Block', exact: true }).click();
    const done = page.getByText('User blocked successfully');
    await done.waitFor();
    await done.waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByRole('button', { name: `Unblock User: ${email}` }).waitFor();
    await page.goto(`${baseUrl}/admin/audit-log`);
    await settle(page);
    const link = page.getByRole('link', { name: /^Usability Member 2 \(id \d+\)$/ }).first();
    await link.waitFor({ timeout: 20_000 });
    expect(await link.locator('xpath=..').innerText()).toMatch(
      /^admin blocked user Usability Member 2 \(id \d+\)/,
    );
    await expectAccessible(page, 'the audit log');
    await page.getByRole('textbox', { name: 'Admin', exact: true }).fill('nobody-such');
    await page.getByRole('textbox', { name: 'Admin', exact: true }).press('Enter');
    await page.getByText('No admin changes recorded yet').waitFor();
    await link.waitFor({ state: 'detached' });
    await page.getByRole('textbox', { name: 'Admin', exact: true }).fill('');
    await page.getByRole('textbox', { name: 'Admin', exact: true }).press('Enter');
    await link.waitFor();
    await link.click();
    // The member's own page (issue 36: every reference links to its record).
    await page.waitForURL(/\/admin\/users\/\d+\/show/);
    await page.getByText(email).first().waitFor();
  });

  it('the main lists at 1440 px wide (and 1280 px when screenshots are asked for)', async () => {
    const lists = ['users', 'offers', 'vouchers', 'referrals', 'conversions', 'claims', 'audit-log'];
    // Every list page at 1280 px is checked by the menu test above: its pictures only when asked.
    for (const width of process.env.E2E_SCREENSHOTS_DIR ? [1280, 1440] : [1440]) {
      await page.setViewportSize({ width, height: width === 1280 ? 720 : 900 });
      for (const list of lists) {
        // No filter left over from the tests above (react-admin keeps a list's filters).
        await page.goto(`${baseUrl}/admin/${list}?filter=%7B%7D`);
        await settle(page);
        await page.mouse.move(width - 1, 0);
        // The table in view: its header, rows and pinned actions are what the picture is for.
        await page.evaluate(() => document.querySelector('table')?.scrollIntoView({ block: 'start' }));
        await page.waitForTimeout(300);
        await page.screenshot({ path: path.join(SHOTS, `admin-${list}-${width}.png`) });
        // At 1440 px as at 1280 px: no column under the pinned actions.
        expect(await cellsUnderPinnedActions(page), `${list} at ${width} px`).toEqual([]);
      }
    }
    await page.setViewportSize(VIEWPORT);
  });
});
