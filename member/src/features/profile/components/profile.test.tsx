import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeStats, state } from '../../../testing/mocks/db';
import { server } from '../../../testing/mocks/server';
import { renderApp, renderWithProviders, waitForPath } from '../../../testing/test-utils';
import { ProfileView, profileBadges } from './profile-view';

describe('profile page', () => {
  it("shows 'Loading your profile...' and then an error state when the call fails", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    server.use(
      http.get('*/api/user-stats.php', async () => {
        await gate;
        return HttpResponse.json({ success: false }, { status: 404 });
      }),
    );
    renderWithProviders(<ProfileView />);
    expect(await screen.findByText('Loading your profile...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
  });

  it('shows initials, name, email, account info, statistics and quick actions', async () => {
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Asha Verma' })).toBeInTheDocument();
    expect(screen.getByText('AV')).toBeInTheDocument();
    expect(screen.getAllByText('asha@example.com').length).toBeGreaterThan(0);
    expect(screen.getByText('ASHA2024', { selector: 'code' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Invite friends/ })).toHaveAttribute('href', '/referrals');
    expect(screen.getByRole('link', { name: /My rewards/ })).toHaveAttribute('href', '/rewards');
    expect(screen.queryByRole('list', { name: 'Your badges' })).not.toBeInTheDocument();
  });

  it('awards Active User, Lucky Winner and Influencer at 10 completions, 5 vouchers and 3 referrals', async () => {
    state.current.stats = makeStats({
      total_completions: 10,
      total_vouchers_won: 5,
      successful_referrals: 3,
    });
    renderApp('/profile');
    const earned = await screen.findByRole('list', { name: 'Your badges' });
    expect(within(earned).getByText('Active User')).toBeInTheDocument();
    expect(within(earned).getByText('Lucky Winner')).toBeInTheDocument();
    expect(within(earned).getByText('Influencer')).toBeInTheDocument();
  });

  it('badge thresholds are inclusive and one short is not enough', () => {
    expect(profileBadges(9, 4, 2).map((b) => b.earned)).toEqual([false, false, false]);
    expect(profileBadges(10, 5, 3).map((b) => b.earned)).toEqual([true, true, true]);
  });

  it("logs out from the profile: 'Logged out successfully' and back to /login", async () => {
    const { user } = renderApp('/profile');
    const hero = (await screen.findByRole('heading', { name: 'Asha Verma' })).closest('section')!;
    await user.click(within(hero).getByRole('button', { name: 'Logout' }));
    await waitForPath('/login');
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
  });
});
