import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeReferrals, state } from '../../../testing/mocks/db';
import { server } from '../../../testing/mocks/server';
import { renderApp } from '../../../testing/test-utils';
import { referralStatusLabel } from '../referral-status';

describe('referral page', () => {
  it("shows 'Loading referral data...' while loading", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    server.use(
      http.get('*/api/referral-stats.php', async () => {
        await gate;
        return HttpResponse.json(state.current.referrals);
      }),
    );
    renderApp('/referrals');
    expect(await screen.findByText('Loading referral data...')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('tab', { name: 'Share' })).toBeInTheDocument();
  });

  it('shows an error with retry when the call fails', async () => {
    server.use(
      http.get('*/api/referral-stats.php', () =>
        HttpResponse.json({ success: false, error: 'Referral service unavailable' }, { status: 400 }),
      ),
    );
    renderApp('/referrals');
    expect(await screen.findByText('Referral service unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows header stats, the three steps, and share links to WhatsApp, Telegram and mail', async () => {
    renderApp('/referrals');
    const summary = await screen.findByRole('group', { name: 'Referral summary' });
    expect(within(summary).getByText('Total Referrals').previousSibling).toHaveTextContent('3');
    expect(within(summary).getByText('Successful').previousSibling).toHaveTextContent('2');
    expect(within(summary).getByText('Pending').previousSibling).toHaveTextContent('1');
    expect(within(summary).getByText('Free Spins Earned').previousSibling).toHaveTextContent('2');
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').filter((li) => li.classList.contains('step'))).toHaveLength(3);

    const url = encodeURIComponent('http://localhost:3000/?ref=ASHA2024');
    expect(screen.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/\?text=.*localhost%3A3000/,
    );
    expect(screen.getByRole('link', { name: 'Telegram' })).toHaveAttribute(
      'href',
      expect.stringContaining(`https://t.me/share/url?url=${url}`),
    );
    expect(screen.getByRole('link', { name: 'Email' }).getAttribute('href')).toMatch(/^mailto:\?subject=/);
    expect(screen.getByLabelText('Your referral link')).toHaveValue('http://localhost:3000/?ref=ASHA2024');
    expect(screen.getByText('ASHA2024')).toBeInTheDocument();
  });

  it('copies the referral link and code with their toasts', async () => {
    const { user } = renderApp('/referrals');
    await user.click(await screen.findByRole('button', { name: 'Copy Link' }));
    expect(await screen.findByText('Referral link copied to clipboard!')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('http://localhost:3000/?ref=ASHA2024');
    await user.click(screen.getByRole('button', { name: 'Copy Code ASHA2024' }));
    expect(await screen.findByText('Referral code copied to clipboard!')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('ASHA2024');
  });

  it('reports copy failures', async () => {
    const { user } = renderApp('/referrals');
    const copyLink = await screen.findByRole('button', { name: 'Copy Link' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(copyLink);
    expect(await screen.findByText('Failed to copy referral link')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy Code ASHA2024' }));
    expect(await screen.findByText('Failed to copy referral code')).toBeInTheDocument();
  });

  it('uses the native share sheet when the browser has one', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      const { user } = renderApp('/referrals');
      await user.click(await screen.findByRole('button', { name: 'Share' }));
      expect(share).toHaveBeenCalledWith(
        expect.objectContaining({ url: 'http://localhost:3000/?ref=ASHA2024' }),
      );
      expect(screen.queryByText('Referral link copied to clipboard!')).not.toBeInTheDocument();
    } finally {
      delete (navigator as { share?: unknown }).share;
    }
  });

  it('copies the link instead when there is no share sheet', async () => {
    const { user } = renderApp('/referrals');
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Referral link copied to clipboard!')).toBeInTheDocument();
  });

  it('shares the link on the address the member is on, not the one the server was started with', async () => {
    state.current.referrals = makeReferrals({ shareUrl: 'http://localhost:9999/?ref=ASHA2024' });
    const { user } = renderApp('/referrals');
    const here = `${window.location.origin}/?ref=ASHA2024`;
    expect(here).not.toContain('9999');
    expect(await screen.findByLabelText('Your referral link')).toHaveValue(here);
    expect(screen.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toContain(
      encodeURIComponent(here),
    );
    await user.click(screen.getByRole('button', { name: 'Copy Link' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(here);
  });

  it("a referral held because both accounts look like one device reads 'Under review' with why", async () => {
    const base = makeReferrals().referralDetails[0]!;
    state.current.referrals = makeReferrals({
      referralDetails: [
        { ...base, first_name: 'Twin', last_name: 'Phone', status: 'completed_waiting', under_review: true },
        {
          ...base,
          first_name: 'Slow',
          last_name: 'Partner',
          status: 'completed_waiting',
          under_review: false,
        },
      ],
    });
    const { user } = renderApp('/referrals');
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    const twin = screen.getByText('Twin Phone').closest('li')!;
    expect(within(twin).getByText('Under review')).toBeInTheDocument();
    expect(within(twin).getByText(/same device as yours/)).toBeInTheDocument();
    const slow = screen.getByText('Slow Partner').closest('li')!;
    expect(within(slow).getByText('Processing')).toBeInTheDocument();
    expect(within(slow).queryByText(/same device/)).not.toBeInTheDocument();
  });

  it("says how an admin decided a held referral: 'Reward granted' or 'Not approved', each with why", async () => {
    const base = makeReferrals().referralDetails[0]!;
    state.current.referrals = makeReferrals({
      referralDetails: [
        {
          ...base,
          first_name: 'Granted',
          last_name: 'Twin',
          status: 'completed_and_rewarded',
          under_review: false,
          review_outcome: 'granted',
        },
        {
          ...base,
          first_name: 'Denied',
          last_name: 'Twin',
          status: 'not_approved',
          under_review: false,
          review_outcome: 'denied',
        },
      ],
    });
    const { user } = renderApp('/referrals');
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    const granted = screen.getByText('Granted Twin').closest('li')!;
    expect(within(granted).getByText('Reward granted')).toBeInTheDocument();
    expect(within(granted).getByText(/granted your free spin/)).toBeInTheDocument();
    const denied = screen.getByText('Denied Twin').closest('li')!;
    expect(within(denied).getByText('Not approved')).toBeInTheDocument();
    expect(within(denied).getByText(/did not approve a free spin/)).toBeInTheDocument();
    expect(within(denied).queryByText('Under review')).not.toBeInTheDocument();
  });

  it('lists referral history with member statuses, and statistics with ratings', async () => {
    const { user } = renderApp('/referrals');
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    const ravi = screen.getByText('Ravi Kumar').closest('li')!;
    expect(within(ravi).getByText('Rewarded')).toBeInTheDocument();
    const meera = screen.getByText('Meera Shah').closest('li')!;
    expect(within(meera).getByText('Registered')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Statistics' }));
    expect(screen.getByText('66.7%')).toBeInTheDocument();
    expect(screen.getByText('Good')).toBeInTheDocument();
    const october = screen.getByText('Oct 2026').closest('li')!;
    expect(within(october).getByText('Great')).toBeInTheDocument(); // 1 of 2 = 50%
    const november = screen.getByText('Nov 2026').closest('li')!;
    expect(within(november).queryByText('Great')).not.toBeInTheDocument();
  });

  it("shows 'No Referrals Yet' when nobody has signed up", async () => {
    state.current.referrals = makeReferrals({
      referralDetails: [],
      monthlyPerformance: [],
      summary: {
        totalReferrals: 0,
        successfulReferrals: 0,
        pendingReferrals: 0,
        totalFreeSpinsEarned: 0,
        conversionRate: 0,
      },
    });
    const { user } = renderApp('/referrals');
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    expect(screen.getByText('No Referrals Yet')).toBeInTheDocument();
  });

  it('supports arrow keys between tabs', async () => {
    const { user } = renderApp('/referrals');
    const share = await screen.findByRole('tab', { name: 'Share' });
    share.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Statistics' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Statistics' })).toHaveFocus();
  });
});

describe('referral status labels', () => {
  it('maps member history statuses', () => {
    expect(referralStatusLabel('registered_only')).toBe('Registered');
    expect(referralStatusLabel('completed_waiting')).toBe('Processing');
    expect(referralStatusLabel('completed_and_rewarded')).toBe('Rewarded');
    expect(referralStatusLabel('something_else')).toBe('Unknown');
    expect(referralStatusLabel('completed_waiting', true)).toBe('Under review');
    expect(referralStatusLabel('completed_and_rewarded', true)).toBe('Rewarded');
    expect(referralStatusLabel('completed_and_rewarded', false, 'granted')).toBe('Reward granted');
    expect(referralStatusLabel('not_approved', false, 'denied')).toBe('Not approved');
  });
});
