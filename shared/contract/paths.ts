// The API's endpoint paths, shared by the server's contract, the member app and the console. Plain
// strings only (no zod): the browser apps import this module at run time.

/** Base of the member, postback and system calls; the member app's API client prefixes it. */
export const API_BASE = '/api';
/** Base of the administrators' calls; the console's data and auth providers prefix it. */
export const ADMIN_API_BASE = '/api/admin';

/** Member, postback and system calls, relative to API_BASE. */
export const API_PATHS = {
  firebaseAuth: '/firebase-auth.php',
  logout: '/logout.php',
  userStats: '/user-stats.php',
  offers: '/offers.php',
  clickOffer: '/click-offer.php',
  slotSpin: '/slot-spin.php',
  referralStats: '/referral-stats.php',
  postback: '/postback.php',
  health: '/health.php',
  clientConfig: '/client-config.json',
} as const;

/** Administrators' calls, relative to ADMIN_API_BASE. */
export const ADMIN_API_PATHS = {
  login: '/login.php',
  logout: '/logout.php',
  dashboard: '/dashboard.php',
  users: '/users.php',
  offers: '/offers.php',
  vouchers: '/vouchers.php',
  referrals: '/referrals.php',
  conversions: '/conversions.php',
  clicks: '/offer-clicks.php',
  auditLog: '/audit-log.php',
} as const;
