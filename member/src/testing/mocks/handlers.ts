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
];
