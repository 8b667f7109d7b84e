import { http, HttpResponse } from 'msw';
import type { ClientConfig } from '../../../../shared/contract/system';
import { state } from './db';

// msw handlers for the member calls (shared/contract) plus the run-time client config.
const unauthorized = () => HttpResponse.json({ success: false, error: 'Not signed in' }, { status: 401 });

export const clientConfig: ClientConfig = {
  brand: 'SpinRewards',
  firebase: {
    apiKey: 'demo-key',
    authDomain: 'demo-spinrewards.firebaseapp.com',
    projectId: 'demo-spinrewards',
  },
  authEmulatorHost: '127.0.0.1:9099',
  demoAccounts: [{ sub: 'demo-asha', name: 'Asha Verma', email: 'asha@example.com' }],
};

/** Referral codes the mock API knows, with their referrer's first name (any other code is unknown). */
export const KNOWN_REFERRAL_CODES: Record<string, string> = { FRIEND42: 'Ravi', STORED9: 'Meera' };

export const handlers = [
  http.get('*/api/referral-code.php', ({ request }) => {
    const code = (new URL(request.url).searchParams.get('code') ?? '').toUpperCase();
    const referrerFirstName = KNOWN_REFERRAL_CODES[code] ?? null;
    return HttpResponse.json({ success: true, valid: referrerFirstName !== null, referrerFirstName });
  }),
  http.get('*/api/client-config.json', () => HttpResponse.json(clientConfig)),
  http.post('*/api/firebase-auth.php', async () => {
    state.current.signedIn = true;
    return HttpResponse.json(state.current.login);
  }),
  http.post('*/api/logout.php', () => {
    state.current.signedIn = false;
    return HttpResponse.json({ success: true });
  }),
  http.get('*/api/user-stats.php', () =>
    state.current.signedIn ? HttpResponse.json(state.current.stats) : unauthorized(),
  ),
  http.get('*/api/offers.php', () =>
    state.current.signedIn ? HttpResponse.json(state.current.offers) : unauthorized(),
  ),
  // Issue 35: no started offers and no brand settings unless a test says otherwise.
  http.get('*/api/started-offers.php', () =>
    state.current.signedIn ? HttpResponse.json({ success: true, started: [] }) : unauthorized(),
  ),
  http.get('*/api/brands.php', () =>
    state.current.signedIn ? HttpResponse.json({ success: true, brands: [] }) : unauthorized(),
  ),
  http.post('*/api/click-offer.php', async ({ request }) => {
    if (!state.current.signedIn) return unauthorized();
    const { offerId } = (await request.json()) as { offerId: number };
    const offer = state.current.offers.offers.find((o) => o.offer_id === offerId);
    if (!offer) return HttpResponse.json({ success: false, error: 'Offer not found' }, { status: 404 });
    return HttpResponse.json({
      success: true,
      clickId: 'clk_123',
      offerTitle: offer.title,
      network: 'demo',
      redirectUrl: `http://localhost:3000/partner/demo/${offerId}?click_id=clk_123`,
    });
  }),
  http.post('*/api/slot-spin.php', () =>
    state.current.signedIn ? HttpResponse.json(state.current.spin) : unauthorized(),
  ),
  http.get('*/api/referral-stats.php', () =>
    state.current.signedIn ? HttpResponse.json(state.current.referrals) : unauthorized(),
  ),
  // Web Push (issue 38): the member's switches, every kind on until turned off.
  http.get('*/api/push-settings.php', () =>
    state.current.signedIn ? HttpResponse.json(pushSettings()) : unauthorized(),
  ),
  http.post('*/api/push-settings.php', async ({ request }) => {
    if (!state.current.signedIn) return unauthorized();
    const { kinds } = (await request.json()) as { kinds: Record<string, boolean> };
    pushKinds = { ...pushKinds, ...kinds };
    return HttpResponse.json(pushSettings());
  }),
  // Fair play (issue 37): a member who has answered and accepted the current terms.
  http.get('*/api/eligibility.php', () =>
    state.current.signedIn ? HttpResponse.json({ success: true, eligibility: ELIGIBLE }) : unauthorized(),
  ),
  http.get('*/api/operator.php', () =>
    HttpResponse.json({
      success: true,
      operator: {
        name: 'Test Operator Ltd',
        address: '1 Test Road, Bengaluru',
        grievance_officer_name: 'G. Officer',
        grievance_officer_email: 'grievance@example.com',
        support_email: 'support@example.com',
        support_phone: null,
      },
      terms_version: '2026.1',
      states: [{ code: 'KA', name: 'Karnataka' }],
      excluded_states: [],
      daily_spin_enabled: true,
    }),
  ),
];

let pushKinds: Record<string, boolean> = {};
function pushSettings() {
  return {
    success: true,
    enabled: true,
    publicKey: 'BA1Hxzyi1RUM1b5wjxsn7nGxAszw2u61m164i3MrAIxHF6YK5h4SDYic-dRuU_RCPCfA5aq9ojSwk5Y2EmClBPs',
    kinds: {
      spin_ready: true,
      voucher_expiring: true,
      claim_answered: true,
      referral_reward: true,
      account_messages: true,
      ...pushKinds,
    },
    subscriptions: 0,
  };
}

export const ELIGIBLE = {
  adult_confirmed: true,
  state: 'KA',
  state_excluded: false,
  terms_version: '2026.1',
  accepted_terms_version: '2026.1',
  accepted_terms_at: '2026-01-01T00:00:00.000Z',
  needs: null,
  daily_spin: { enabled: true, per_day: 1, claimed_today: 0, available: 1 },
};
