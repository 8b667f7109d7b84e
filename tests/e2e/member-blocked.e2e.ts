import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext } from './browser';
import { chooseAccount, signInWithChooser } from './member-helpers';

// A member blocked by an administrator is sent to /login with the error, at once (live updates).
const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function adminBlock(email: string) {
  const login = await fetch(`${baseUrl}/api/admin/login.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: process.env.E2E_ADMIN_USERNAME ?? inject('adminUsername'),
      password: process.env.E2E_ADMIN_PASSWORD ?? inject('adminPassword'),
    }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const list = await fetch(`${baseUrl}/api/admin/users.php?search=${encodeURIComponent(email)}`, {
    headers: { cookie },
  });
  const { users } = (await list.json()) as { users: { user_id: number; email: string }[] };
  const user = users.find((u) => u.email === email);
  expect(user, `admin list has ${email}`).toBeDefined();
  const put = await fetch(`${baseUrl}/api/admin/users.php`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ user_id: user!.user_id, action: 'flag' }),
  });
  expect(put.status).toBe(200);
}

describe('blocked member', () => {
  it('is sent to /login and sees the error when signing in again', { timeout: 120_000 }, async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    const email = `blocked-${Date.now()}@example.com`;
    await signInWithChooser(page, { name: 'Bina Blocked', email });
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();

    await adminBlock(email);

    // The live event stream hears the block: back to /login with the reason, without a click.
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    await page
      .getByRole('alert')
      .filter({ hasText: /blocked/i })
      .first()
      .waitFor();
    // Signing in again is refused with the server's message.
    await chooseAccount(page, { name: 'Bina Blocked', email });
    await page
      .getByRole('alert')
      .filter({ hasText: /blocked/i })
      .first()
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });
});
