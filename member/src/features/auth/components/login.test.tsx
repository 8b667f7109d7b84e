import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { LoginRequest } from '../../../../../shared/contract/member';
import * as firebase from '../../../lib/firebase';
import { REFERRAL_STORAGE_KEY } from '../../../config/constants';
import { state } from '../../../testing/mocks/db';
import { clientConfig } from '../../../testing/mocks/handlers';
import { server } from '../../../testing/mocks/server';
import { renderApp, waitForPath } from '../../../testing/test-utils';

function captureLogin() {
  const bodies: LoginRequest[] = [];
  server.use(
    http.post('*/api/firebase-auth.php', async ({ request }) => {
      bodies.push((await request.json()) as LoginRequest);
      state.current.signedIn = true;
      return HttpResponse.json(state.current.login);
    }),
  );
  return bodies;
}

async function openLogin(url = '/login') {
  state.current.signedIn = false;
  const utils = renderApp(url);
  await screen.findByRole('button', { name: 'Continue with Google' });
  return utils;
}

describe('member login', () => {
  it('shows the brand, tagline, benefits, terms and badges', async () => {
    await openLogin();
    expect(screen.getByRole('heading', { name: 'SpinRewards' })).toBeInTheDocument();
    expect(screen.getByText('Complete offers, spin & win rewards!')).toBeInTheDocument();
    expect(screen.getByText('Complete offers and earn rewards')).toBeInTheDocument();
    expect(screen.getByText('Spin the wheel for vouchers')).toBeInTheDocument();
    expect(screen.getByText('Refer friends for free spins')).toBeInTheDocument();
    expect(screen.getByText(/Terms of Service/)).toBeInTheDocument();
    const badges = screen.getByRole('list', { name: 'Why members trust us' });
    expect(within(badges).getByText('Secure')).toBeInTheDocument();
    expect(within(badges).getByText('Free to Use')).toBeInTheDocument();
    expect(within(badges).getByText('Instant Rewards')).toBeInTheDocument();
    expect(screen.queryByText('Referral Code Applied')).not.toBeInTheDocument();
  });

  it('signs a new member in through the demo chooser with the ref code, greets them and drops ref from the address', async () => {
    state.current.login = { ...state.current.login, isNewUser: true, referralUsed: true };
    const bodies = captureLogin();
    const signIn = vi.spyOn(firebase, 'signInWithGoogle').mockResolvedValue('id-token-1');
    const { user } = await openLogin('/login?ref=FRIEND42');
    // Said once the server has confirmed the code, with the referrer's first name.
    expect(await screen.findByText('Referral Code Applied')).toBeInTheDocument();
    expect(screen.getByText('FRIEND42')).toBeInTheDocument();
    expect(screen.getByText(/invited by Ravi/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    const chooser = await screen.findByRole('dialog', { name: /Choose an account/ });
    await user.click(within(chooser).getByRole('button', { name: /Asha Verma/ }));

    await waitForPath('/dashboard');
    expect(window.location.search).toBe('');
    expect(signIn).toHaveBeenCalledWith(
      expect.objectContaining({ authEmulatorHost: clientConfig.authEmulatorHost }),
      clientConfig.demoAccounts[0],
    );
    expect(bodies).toHaveLength(1);
    expect(bodies[0].idToken).toBe('id-token-1');
    expect(bodies[0].referralCode).toBe('FRIEND42');
    expect(bodies[0].deviceFingerprint).toMatch(/^[0-9a-z]+-[0-9a-z]+$/);
    expect(await screen.findByText('Welcome to SpinRewards! 🎉')).toBeInTheDocument();
    expect(screen.getByText('Referral code applied successfully! 🎯')).toBeInTheDocument();
    expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
  });

  it('welcomes a returning member by first name and uses a stored referral code when ref is absent', async () => {
    localStorage.setItem(REFERRAL_STORAGE_KEY, 'STORED9');
    const bodies = captureLogin();
    vi.spyOn(firebase, 'signInWithGoogle').mockResolvedValue('id-token-2');
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await user.click(await screen.findByRole('button', { name: /Asha Verma/ }));
    expect(await screen.findByText('Welcome back, Asha! 👋')).toBeInTheDocument();
    expect(screen.queryByText('Welcome to SpinRewards! 🎉')).not.toBeInTheDocument();
    expect(bodies[0].referralCode).toBe('STORED9');
  });

  it('says an unknown ?ref= code is not found instead of applied, and why it was not used after sign-in', async () => {
    state.current.login = { ...state.current.login, isNewUser: true, referralUsed: false };
    const bodies = captureLogin();
    vi.spyOn(firebase, 'signInWithGoogle').mockResolvedValue('id-token-4');
    const { user } = await openLogin('/login?ref=NOTACODE1');
    expect(await screen.findByText("We couldn't find that code")).toBeInTheDocument();
    expect(screen.queryByText('Referral Code Applied')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await user.click(await screen.findByRole('button', { name: /Asha Verma/ }));
    await waitForPath('/dashboard');
    expect(bodies[0].referralCode).toBe('NOTACODE1');
    expect(await screen.findByText("Referral code NOTACODE1 wasn't applied")).toBeInTheDocument();
    expect(
      screen.getByText(/We couldn't find that code, so no free spin will come from it/),
    ).toBeInTheDocument();
  });

  it('tells a returning member that referral codes are for new members', async () => {
    localStorage.setItem(REFERRAL_STORAGE_KEY, 'FRIEND42');
    captureLogin();
    vi.spyOn(firebase, 'signInWithGoogle').mockResolvedValue('id-token-5');
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await user.click(await screen.findByRole('button', { name: /Asha Verma/ }));
    expect(await screen.findByText("Referral code FRIEND42 wasn't applied")).toBeInTheDocument();
    expect(
      screen.getByText('Referral codes are for new members, and you already had an account.'),
    ).toBeInTheDocument();
  });

  it('lets the member type a name and email in the chooser', async () => {
    captureLogin();
    const signIn = vi.spyOn(firebase, 'signInWithGoogle').mockResolvedValue('id-token-3');
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Enter a name and a valid email address.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Nia Rao');
    await user.type(screen.getByLabelText('Email'), 'nia@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitForPath('/dashboard');
    expect(signIn.mock.calls[0][1]).toMatchObject({ name: 'Nia Rao', email: 'nia@example.com' });
    expect(signIn.mock.calls[0][1]?.sub).toMatch(/^demo-/);
  });

  it("reads 'Signing in...' while working", async () => {
    let finish!: (token: string) => void;
    vi.spyOn(firebase, 'signInWithGoogle').mockReturnValue(new Promise((r) => (finish = r)));
    captureLogin();
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await user.click(await screen.findByRole('button', { name: /Asha Verma/ }));
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    finish('tok');
    await waitForPath('/dashboard');
  });

  it('shows the server error text when login is refused (e.g. a blocked account)', async () => {
    vi.spyOn(firebase, 'signInWithGoogle').mockResolvedValue('tok');
    server.use(
      http.post('*/api/firebase-auth.php', () =>
        HttpResponse.json({ success: false, error: 'Your account has been blocked.' }, { status: 403 }),
      ),
    );
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await user.click(await screen.findByRole('button', { name: /Asha Verma/ }));
    const alerts = await screen.findAllByText('Your account has been blocked.');
    expect(alerts.length).toBe(2); // inline and as a toast
    expect(window.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  });

  it("falls back to 'Authentication failed. Please try again.' when the provider fails", async () => {
    vi.spyOn(firebase, 'signInWithGoogle').mockRejectedValue(new Error('auth/popup-closed-by-user'));
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await user.click(await screen.findByRole('button', { name: /Asha Verma/ }));
    expect(await screen.findAllByText('Authentication failed. Please try again.')).toHaveLength(2);
  });

  it("shows 'Server error. Please try again later.' on a 5xx login answer", async () => {
    vi.spyOn(firebase, 'signInWithGoogle').mockResolvedValue('tok');
    server.use(
      http.post('*/api/firebase-auth.php', () =>
        HttpResponse.json({ success: false, error: 'boom' }, { status: 500 }),
      ),
    );
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await user.click(await screen.findByRole('button', { name: /Asha Verma/ }));
    expect(await screen.findAllByText('Server error. Please try again later.')).toHaveLength(2);
  });

  it('closing the chooser returns the button to its idle label', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  });

  it('redirects to the ref found in the referrer address when the current address has none', async () => {
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://friend.example.com/page?ref=REFFROM');
    await openLogin('/login');
    await waitFor(() => expect(window.location.search).toBe('?ref=REFFROM'));
    // The code is checked, then named in the notice (unknown to the mock API).
    expect(await screen.findByText("We couldn't find that code")).toBeInTheDocument();
    expect(screen.getByText('REFFROM')).toBeInTheDocument();
  });

  it('goes straight to the dashboard when already signed in', async () => {
    renderApp('/login');
    await waitForPath('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Asha!' })).toBeInTheDocument();
  });
});
