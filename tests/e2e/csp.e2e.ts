// The pages run under the Content-Security-Policy with no violation (the setup file
// csp-guard.ts fails any e2e test in which the browser reports one), and the guard does see them.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, PHONE, takeCspViolations } from './browser';

const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('Content-Security-Policy in the browser', () => {
  it.each([
    ['/login', 'Continue with Google'],
    ['/admin/', 'Sign in'],
  ])('serves %s under a CSP that forbids inline script and framing', async (path, button) => {
    const context = await newContext(browser, PHONE);
    const page = await context.newPage();
    const res = await page.goto(`${baseUrl}${path}`);
    const csp = res!.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    await page.getByRole('button', { name: button }).first().waitFor();
    await context.close();
  });

  it('reports an injected inline script as a violation, and the script does not run', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
    const ran = await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true';
      document.head.append(s);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => takeCspViolations().some((v) => v.directive === 'script-src-elem')).toBe(true);
    await context.close();
    takeCspViolations(); // this test's deliberate violation (and its console copy) is not a failure
  });
});
