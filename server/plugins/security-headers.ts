// Browser security headers on every response: HTML pages, the API, static files and errors alike.
// Helmet writes them; since nothing in them depends on the request, helmet runs once, at
// registration, and each response gets the headers it wrote (docs/decisions/security-headers-once.md):
// @fastify/helmet ran helmet anew for every request, parsing the CSP each time, about
// 7 % of the server's CPU on a spin.
//
// The Content-Security-Policy is what the product needs and nothing more:
// - scripts only from our origin (the builds have no inline script), plus Google's gapi loader that
//   Firebase's sign-in popup flow injects (https://apis.google.com), and, by its hash, the one inline
//   script the server puts in its rendered pages' heads (server/lib/font-warm-up.ts);
// - styles from our origin and inline: the member index.html inlines its stylesheet and boot-loader
//   style, the console's MUI (Emotion) and the demo partner page write <style> elements at run time
//   (docs/decisions/csp-inline-styles-strict-scripts.md: why 'unsafe-inline' for styles only);
// - connections to our origin and Firebase Auth's endpoints, and in demo mode the Auth Emulator;
// - frames only from the Firebase authDomain (Firebase's auth iframe) and, in demo, the emulator;
// - the service worker from our origin; nobody may frame us (frame-ancestors 'none' + X-Frame-Options).
// HSTS and upgrade-insecure-requests only when PUBLIC_URL is https (they would break plain-http demo).
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { FONT_WARM_UP_CSP_SOURCE } from '../lib/font-warm-up';

/** Firebase Auth's REST endpoints (sign-in, token refresh, account lookup). */
export const FIREBASE_AUTH_ORIGINS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://www.googleapis.com',
];

export function cspDirectives(config: Config): Record<string, string[]> {
  const authDomain = `https://${config.firebaseWebConfig.authDomain}`;
  const emulator = config.authEmulatorHost ? [`http://${config.authEmulatorHost}`] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'script-src': ["'self'", 'https://apis.google.com', FONT_WARM_UP_CSP_SOURCE],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...FIREBASE_AUTH_ORIGINS, ...emulator],
    'frame-src': ["'self'", authDomain, ...emulator],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  if (config.publicUrl.startsWith('https://')) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * The headers helmet writes with `options`, and those it removes, found by running its middleware once
 * against a response that only records them (helmet's middlewares read nothing of the request).
 */
export function helmetHeaders(options: HelmetOptions): { set: [string, string][]; removed: string[] } {
  const set = new Map<string, string>();
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      set.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader: (name: string) => {
      set.delete(name);
      removed.push(name);
    },
  };
  let failure: unknown;
  helmet(options)({} as never, recorder as never, (err?: unknown) => (failure = err));
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return { set: [...set], removed };
}

export default fp(
  async function securityHeadersPlugin(app: FastifyInstance) {
    const https = app.config.publicUrl.startsWith('https://');
    const { set, removed } = helmetHeaders({
      // Built at registration: start.ts has set the demo's emulator host by then.
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(app.config) },
      // Firebase's sign-in popup lives on the authDomain and reports back to its opener.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      xFrameOptions: { action: 'deny' },
      // Other sites see our origin only (never a path, a referral code or a click id); Google API keys
      // restricted by referrer still see it.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    });
    // On the raw response, first thing, as helmet's middleware did: every later path (a handler, a
    // static file, an error, a refusal in a hook) sends them.
    app.addHook('onRequest', (_request, reply, done) => {
      const res = reply.raw;
      for (const name of removed) res.removeHeader(name);
      for (const [name, value] of set) res.setHeader(name, value);
      done();
    });
  },
  { name: 'security-headers' },
);
