import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import * as firebase from '../lib/firebase';
import { state } from '../testing/mocks/db';
import { server } from '../testing/mocks/server';
import { renderApp, signInLocally, waitForPath } from '../testing/test-utils';

describe('routes and guards', () => {
  it('sends / to /login', async () => {
    state.current.signedIn = false;
    renderApp('/');
    await waitForPath('/login');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
  });

  it('sends /?ref=CODE to /login?ref=CODE and shows the referral notice', async () => {
    state.current.signedIn = false;
    renderApp('/?ref=FRIEND42');
    await waitForPath('/login');
    expect(window.location.search).toBe('?ref=FRIEND42');
    expect(await screen.findByText('Referral Code Applied')).toBeInTheDocument();
    expect(screen.getByText('FRIEND42')).toBeInTheDocument();
  });

  it("shows 'Loading SpinRewards' while the session is checked, then the member page", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    server.use(
      http.get('*/api/user-stats.php', async () => {
        await gate;
        return HttpResponse.json(state.current.stats);
      }),
    );
    renderApp('/rewards');
    expect(await screen.findByText('Loading SpinRewards')).toBeInTheDocument();
    expect(screen.getByText('Please wait while we prepare your rewards...')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'My Rewards' })).toBeInTheDocument();
    expect(screen.queryByText('Loading SpinRewards')).not.toBeInTheDocument();
  });

  it('redirects a member page to /login when nobody is signed in, and back after sign-in', async () => {
    state.current.signedIn = false;
    const { user } = renderApp('/referrals');
    await waitForPath('/login');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    // Sign in through the demo chooser: the member returns to the page they came from.
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    const account = await screen.findByRole('button', { name: /Asha Verma/ });
    vi.spyOn(firebase, 'signInWithGoogle').mockResolvedValue('token-abc');
    await user.click(account);
    await waitForPath('/referrals');
    expect(await screen.findByRole('heading', { name: 'Refer & Earn' })).toBeInTheDocument();
  });

  it('sends a blocked member (403) to /login with the server error', async () => {
    signInLocally();
    server.use(
      http.get('*/api/user-stats.php', () =>
        HttpResponse.json(
          { success: false, error: 'Your account has been blocked. Contact support.' },
          { status: 403 },
        ),
      ),
    );
    renderApp('/dashboard');
    await waitForPath('/login');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account has been blocked. Contact support.',
    );
  });

  it('shows the 404 page for any other path', async () => {
    const { user } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "Oops! The page you're looking for doesn't exist. It might have been moved or deleted.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'View Rewards' })).toHaveAttribute('href', '/rewards');
    expect(screen.getByText(/Contact our support team/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'View Rewards' }));
    await waitFor(() => expect(window.location.pathname).toBe('/rewards'));
  });
});
