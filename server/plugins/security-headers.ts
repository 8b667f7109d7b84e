// Browser security headers, by @fastify/helmet on every response: HTML pages,
// the API, static files and errors alike.
//
// The Content-Security-Policy is what the product needs and nothing more:
// - scripts only from our origin (the builds have no inline script), plus Google's gapi loader that
//   Firebase's sign-in popup flow injects (https://apis.google.com);
// - styles from our origin and inline: the member index.html inlines its stylesheet and boot-loader
//   style, the console's MUI (Emotion) and the demo partner page write <style> elements at run time
//   (docs/decisions.md: why 'unsafe-inline' for styles only);
// - connections to our origin and Firebase Auth's endpoints, and in demo mode the Auth Emulator;
// - frames only from the Firebase authDomain (Firebase's auth iframe) and, in demo, the emulator;
// - the service worker from our origin; nobody may frame us (frame-ancestors 'none' + X-Frame-Options).
// HSTS and upgrade-insecure-requests only when PUBLIC_URL is https (they would break plain-http demo).
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

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
    'script-src': ["'self'", 'https://apis.google.com'],
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

export default fp(
  async function securityHeadersPlugin(app: FastifyInstance) {
    const https = app.config.publicUrl.startsWith('https://');
    await app.register(helmet, {
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
  },
  { name: 'security-headers' },
);
