// The API's endpoint paths, shared by the server's contract, the member app and the console. Plain
// strings only (no zod): the browser apps import this module at run time. One export per path, so a
// bundle keeps only the paths its app calls.

/** Base of the member, postback and system calls; the member app's API client prefixes it. */
export const API_BASE = '/api';
/** Base of the administrators' calls; the console's data and auth providers prefix it. */
export const ADMIN_API_BASE = '/api/admin';

// Member, postback and system calls, relative to API_BASE.
export const FIREBASE_AUTH_PATH = '/firebase-auth.php';
export const LOGOUT_PATH = '/logout.php';
export const USER_STATS_PATH = '/user-stats.php';
export const OFFERS_PATH = '/offers.php';
export const CLICK_OFFER_PATH = '/click-offer.php';
export const SLOT_SPIN_PATH = '/slot-spin.php';
export const REFERRAL_STATS_PATH = '/referral-stats.php';
export const POSTBACK_PATH = '/postback.php';
export const HEALTH_PATH = '/health.php';
export const CLIENT_CONFIG_PATH = '/client-config.json';
/** The signed-in member's live updates (text/event-stream), opened with EventSource, not the API client. */
export const EVENTS_PATH = '/events.php';
/** The member marks one of their vouchers as used (their wallet on the Rewards page). */
export const VOUCHER_USED_PATH = '/voucher-used.php';
/** The member reports a completed offer that was not credited (a missing-conversion claim). */
export const CLAIM_PATH = '/claim.php';
/** The member's started offers with no conversion yet (the In progress cards). */
export const STARTED_OFFERS_PATH = '/started-offers.php';
/** Each voucher brand's redeem link and steps, as the console set them (the wallet's Redeem action). */
export const BRANDS_PATH = '/brands.php';
/** Whether a referral code exists (the sign-in page checks ?ref= before saying it applies); no session. */
export const REFERRAL_CODE_PATH = '/referral-code.php';
/** Fair play (issue 37): the official rules (public), the operator's identity and contact (public). */
export const RULES_PATH = '/rules.php';
export const OPERATOR_PATH = '/operator.php';
/** The member's eligibility and terms acceptance: read, and answered at the first sign-in. */
export const ELIGIBILITY_PATH = '/eligibility.php';
/** The member accepts the current terms' version. */
export const TERMS_ACCEPTANCE_PATH = '/terms-acceptance.php';
/** The free way to play: the member's daily free spin (no offer needed). */
export const DAILY_SPIN_PATH = '/daily-spin.php';

/** Web Push (issue 38): the member's notification settings and VAPID public key (GET), their switches (POST). */
export const PUSH_SETTINGS_PATH = '/push-settings.php';
/** Web Push: stores this browser's push subscription for the signed-in member. */
export const PUSH_SUBSCRIBE_PATH = '/push-subscribe.php';
/** Web Push: forgets this browser's push subscription. */
export const PUSH_UNSUBSCRIBE_PATH = '/push-unsubscribe.php';
/** Web Push: an app window says whether it is visible (no notification while it is). */
export const PUSH_PRESENCE_PATH = '/push-presence.php';
/** The privacy centre (issue 37): the member's data as a JSON file, their name corrected, their account deleted. */
export const PRIVACY_EXPORT_PATH = '/privacy-export.php';
export const PRIVACY_NAME_PATH = '/privacy-name.php';
export const PRIVACY_DELETE_PATH = '/privacy-delete.php';

/** The paths the member app calls: its API client takes nothing else. */
export type MemberApiPath =
  | typeof FIREBASE_AUTH_PATH
  | typeof LOGOUT_PATH
  | typeof USER_STATS_PATH
  | typeof OFFERS_PATH
  | typeof CLICK_OFFER_PATH
  | typeof SLOT_SPIN_PATH
  | typeof REFERRAL_STATS_PATH
  | typeof VOUCHER_USED_PATH
  | typeof CLAIM_PATH
  | typeof REFERRAL_CODE_PATH
  | typeof CLIENT_CONFIG_PATH
  | typeof PUSH_SETTINGS_PATH
  | typeof PUSH_SUBSCRIBE_PATH
  | typeof PUSH_UNSUBSCRIBE_PATH
  | typeof PUSH_PRESENCE_PATH
  | typeof RULES_PATH
  | typeof OPERATOR_PATH
  | typeof ELIGIBILITY_PATH
  | typeof TERMS_ACCEPTANCE_PATH
  | typeof DAILY_SPIN_PATH
  | typeof PRIVACY_EXPORT_PATH
  | typeof PRIVACY_NAME_PATH
  | typeof PRIVACY_DELETE_PATH
  | typeof STARTED_OFFERS_PATH
  | typeof BRANDS_PATH
  | typeof CLIENT_CONFIG_PATH;

// Administrators' calls, relative to ADMIN_API_BASE.
export const ADMIN_LOGIN_PATH = '/login.php';
export const ADMIN_LOGOUT_PATH = '/logout.php';
export const ADMIN_DASHBOARD_PATH = '/dashboard.php';
export const ADMIN_ATTENTION_PATH = '/attention.php';
export const ADMIN_USERS_PATH = '/users.php';
export const ADMIN_OFFERS_PATH = '/offers.php';
export const ADMIN_VOUCHERS_PATH = '/vouchers.php';
export const ADMIN_REFERRALS_PATH = '/referrals.php';
export const ADMIN_CONVERSIONS_PATH = '/conversions.php';
export const ADMIN_CLICKS_PATH = '/offer-clicks.php';
export const ADMIN_AUDIT_LOG_PATH = '/audit-log.php';
export const ADMIN_NETWORKS_PATH = '/networks.php';
export const ADMIN_NETWORK_PRESETS_PATH = '/network-presets.php';
export const ADMIN_NETWORK_TEST_PATH = '/network-test.php';
export const ADMIN_POSTBACKS_PATH = '/postbacks.php';
export const ADMIN_CLAIMS_PATH = '/claims.php';
/** The voucher brands' settings (redeem link and steps), issue 35 item 7. */
export const ADMIN_BRANDS_PATH = '/brand-settings.php';

/** Web Push per kind: members opted in, notifications sent and failed in the last 7 days (issue 38). */
export const ADMIN_PUSH_SUMMARY_PATH = '/push-summary.php';

/** A partner network's postback receiver, relative to API_BASE: `/postback/{slug}`. */
export const NETWORK_POSTBACK_PATH_PREFIX = '/postback/';
/** One record's history, newest first: a member's timeline, an offer's, a network's, a click's (issue 36). */
export const ADMIN_TIMELINE_PATH = '/timeline.php';
/** One click as the console shows it: the member, the offer, its network, its conversion (issue 36). */
export const ADMIN_CLICK_PATH = '/click.php';
/** Rewards held by risk, and the decisions on them (issue 33). */
export const ADMIN_REVIEWS_PATH = '/reviews.php';
/** One member's risk: score, reasons, linked accounts, referral tree (issue 33). */
export const ADMIN_RISK_PATH = '/risk.php';
/** The hold policy: thresholds, hold hours per network, rules and weights (issue 33). */
export const ADMIN_RISK_POLICY_PATH = '/risk-policy.php';
