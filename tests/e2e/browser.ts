import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** Debian's Chromium with the flags this closed network needs (no background calls home). */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
export const DESKTOP = { viewport: { width: 1280, height: 800 } };
export const ADMIN_DESKTOP = { viewport: { width: 1440, height: 900 } };

export async function newContext(browser: Browser, size = DESKTOP): Promise<BrowserContext> {
  return browser.newContext({ ...size, permissions: ['clipboard-read', 'clipboard-write'] });
}
