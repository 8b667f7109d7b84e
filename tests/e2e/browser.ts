import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/**
 * Where a suite writes its screenshots: E2E_SCREENSHOTS_DIR when asked (E2E_SCREENSHOTS_DIR=docs/screenshots
 * refreshes the docs' pictures), else a temporary folder of its own: a test run changes no tracked file
 * (docs/decisions/test-runs-say-what-they-skipped.md).
 */
export function screenshotsDir(suite: string): string {
  const asked = process.env.E2E_SCREENSHOTS_DIR;
  if (!asked) return mkdtempSync(path.join(tmpdir(), `rewards-e2e-${suite}-`));
  mkdirSync(asked, { recursive: true });
  return path.resolve(asked);
}

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

/**
 * A Content-Security-Policy violation the browser reported. Every context made by
 * a browser from launchBrowser records them, in every page and frame, from the first script on; the
 * suite's setup file (csp-guard.ts) fails the test in which one was reported.
 */
export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
  source?: string;
  sample?: string;
}

const STORE = Symbol.for('e2e.cspViolations');
type Store = { [STORE]?: CspViolation[] };

function store(): CspViolation[] {
  return ((globalThis as Store)[STORE] ??= []);
}

/** The violations reported since the last call (and forgets them). */
export function takeCspViolations(): CspViolation[] {
  return store().splice(0);
}

// Runs in every document before its own scripts: the browser fires `securitypolicyviolation` on the
// document for every blocked load, inline script/style, eval, frame or connection.
const RECORD_IN_PAGE = `document.addEventListener('securitypolicyviolation', (e) => {
  window.__e2eCspViolation?.({
    directive: e.effectiveDirective || e.violatedDirective,
    blocked: e.blockedURI,
    source: e.sourceFile ? e.sourceFile + ':' + e.lineNumber : undefined,
    sample: e.sample || undefined,
  });
}, true);`;

// Chromium also logs each violation ("Refused to … because it violates the following Content
// Security Policy directive"), which covers the service worker, where no document listens.
const isCspMessage = (text: string) =>
  /Content Security Policy/i.test(text) && /Refused to|violat/i.test(text);

/** Records CSP violations from every page, popup, frame and service worker of `context`. */
export async function watchCsp(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__e2eCspViolation', ({ frame }, v: Omit<CspViolation, 'page'>) => {
    store().push({ page: frame.url(), ...v });
  });
  await context.addInitScript(RECORD_IN_PAGE);
  context.on('console', (message) => {
    if (isCspMessage(message.text()))
      store().push({
        page: message.page()?.url() ?? '',
        directive: 'console',
        blocked: message.text().slice(0, 300),
      });
  });
  context.on('serviceworker', (worker) =>
    worker.on('console', (message) => {
      if (isCspMessage(message.text()))
        store().push({ page: worker.url(), directive: 'console', blocked: message.text().slice(0, 300) });
    }),
  );
}

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  // Central: browser.newContext and browser.newPage (which calls newContext) both come through here,
  // so no suite can open a page that is not watched.
  const newContextUnwatched = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContextUnwatched(options);
    await watchCsp(context);
    return context;
  };
  return browser;
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
