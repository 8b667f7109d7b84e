import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../../../shared/format';
import { makeOffer } from '../../../testing/mocks/db';
import { renderWithProviders } from '../../../testing/test-utils';
import { OfferCard } from './offer-card';

function renderCard(
  overrides: Parameters<typeof makeOffer>[0],
  props: Partial<Parameters<typeof OfferCard>[0]> = {},
) {
  const onStart = vi.fn();
  const onSpin = vi.fn();
  const utils = renderWithProviders(
    <OfferCard offer={makeOffer(overrides)} onStart={onStart} onSpin={onSpin} {...props} />,
  );
  return { ...utils, onStart, onSpin };
}

describe('offer card', () => {
  it("Available: 'Start Offer', the earn strip with 'Preview →', host link and win range", async () => {
    const { user, onStart } = renderCard({});
    expect(screen.getByRole('heading', { name: 'Stream Plus trial' })).toBeInTheDocument();
    expect(screen.getByText('Start a free trial of Stream Plus.')).toBeInTheDocument();
    expect(screen.getByText('Available')).toBeInTheDocument();
    expect(screen.getByText('Entertainment')).toBeInTheDocument();
    expect(screen.getByText('Win ₹10 - ₹50')).toBeInTheDocument();
    expect(screen.getByText('Complete & Earn Rewards')).toBeInTheDocument();
    expect(screen.getByText('Preview →').closest('a')).toHaveAttribute(
      'href',
      'https://streamplus.example.com/trial',
    );
    const host = screen.getByRole('link', { name: /streamplus\.example\.com/ });
    expect(host).toHaveAttribute('target', '_blank');
    expect(screen.queryByText('Offer completed successfully')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start Offer' }));
    expect(onStart).toHaveBeenCalledTimes(1);
  });

  it('states the chance of a voucher before Start, from what can be won now, with the table a tap away', async () => {
    // The table pays ₹50 at 5 % and ₹10 at 20 %, but ₹50 is out of stock: only ₹10 can be won now.
    const { user } = renderCard({
      slot_config: {
        reels: [
          { amount: 50, probability: 5 },
          { amount: 10, probability: 20 },
        ],
      },
      slot_odds: { reels: [{ amount: 10, probability: 20 }] },
    });
    const summary = screen.getByText(/chance of a voucher/);
    expect(summary.closest('summary')?.textContent).toBe('20\u00a0% chance of a voucher · See odds');
    const table = screen.getByRole('list', { name: 'Odds of one spin', hidden: true });
    expect(table).not.toBeVisible();
    await user.click(summary);
    expect(table).toBeVisible();
    expect(within(table).getByText('₹10').nextSibling?.textContent).toBe('20\u00a0%');
    expect(within(table).getByText('Try again').nextSibling?.textContent).toBe('80\u00a0%');
    expect(within(table).queryByText('₹50')).not.toBeInTheDocument();
    // Before leaving for the partner's page: only Start Offer earns.
    expect(screen.getByText(/Preview only: Start Offer tracks it/)).toBeInTheDocument();
  });

  it("Available while the click is handled: 'Processing...'", () => {
    renderCard({}, { starting: true });
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  });

  it("Verifying: status pending shows 'Verifying...'", () => {
    renderCard({ status: 'pending' });
    expect(screen.getByText('Verifying')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Start Offer' })).not.toBeInTheDocument();
  });

  it('Verifying: when the member started it and a timeline of Started → Partner confirming → Spin unlocked', () => {
    renderCard({
      status: 'pending',
      clicked_at: '2026-11-22T13:00:00Z',
      pending_since: '2026-11-22T13:20:00Z',
    });
    const started = screen.getByText(/^Started/, { selector: 'p' });
    expect(started.querySelector('time')).toHaveAttribute('dateTime', '2026-11-22T13:00:00Z');
    expect(started).toHaveTextContent(formatDateTime('2026-11-22T13:00:00Z'));
    const steps = within(screen.getByRole('list', { name: 'Progress' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual(['Started', 'Partner confirming', 'Spin unlocked']);
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
  });

  it('Verifying without a click on record: started when the partner first answered; no time at all without either', () => {
    const { unmount } = renderCard({ status: 'pending', pending_since: '2026-11-22T13:20:00Z' });
    expect(screen.getByText(/^Started/, { selector: 'p' })).toHaveTextContent(
      formatDateTime('2026-11-22T13:20:00Z'),
    );
    unmount();
    renderCard({ status: 'pending' });
    expect(screen.queryByText(/^Started/, { selector: 'p' })).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Progress' })).toBeInTheDocument();
  });

  it("held by risk, 'checking': the partner confirmed, the check is the step now, and when the spin unlocks", () => {
    renderCard({
      status: 'pending',
      clicked_at: '2026-11-22T13:00:00Z',
      pending_since: '2026-11-22T13:20:00Z',
      review: { state: 'checking', release_at: '2026-11-25T13:20:00Z', category: null },
    });
    expect(screen.getByRole('button', { name: 'Verifying...' })).toBeDisabled();
    const steps = within(screen.getByRole('list', { name: 'Progress' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      'Started',
      'Partner confirmed',
      'Checking',
      'Spin unlocked',
    ]);
    expect(steps[2]).toHaveAttribute('aria-current', 'step');
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent(
      "Partner confirmed — we check new accounts' first rewards, usually within 3 days.",
    );
    expect(note.querySelector('time')).toHaveAttribute('dateTime', '2026-11-25T13:20:00Z');
    expect(note).toHaveTextContent(
      `Your spin unlocks by ${formatDateTime('2026-11-25T13:20:00Z')} at the latest.`,
    );
  });

  it('a hold of two days or less is told in hours', () => {
    renderCard({
      status: 'pending',
      pending_since: '2026-11-22T13:20:00Z',
      review: { state: 'checking', release_at: '2026-11-24T13:20:00Z', category: null },
    });
    expect(screen.getByRole('note')).toHaveTextContent(
      "Partner confirmed — we check new accounts' first rewards, usually within 48 hours.",
    );
  });

  it("held for review: 'Under review'; paused: says the member's rewards are paused and what to do", () => {
    const { unmount } = renderCard({
      status: 'pending',
      review: { state: 'under_review', release_at: null, category: null },
    });
    expect(
      within(screen.getByRole('list', { name: 'Progress' }))
        .getAllByRole('listitem')
        .map((s) => s.textContent),
    ).toEqual(['Started', 'Partner confirmed', 'Under review', 'Spin unlocked']);
    expect(screen.getByRole('note')).toHaveTextContent('Partner confirmed — under review.');
    unmount();
    renderCard({ status: 'pending', review: { state: 'paused', release_at: null, category: null } });
    expect(screen.getByRole('note')).toHaveTextContent(
      /your rewards are paused while our team checks your account/,
    );
    expect(screen.getByRole('note')).toHaveTextContent(/contact our support team/);
  });

  it("denied in review: 'Not approved' with the reason category, and the offer can be started again", () => {
    renderCard({
      status: 'available',
      review: { state: 'not_approved', release_at: null, category: 'linked_accounts' },
    });
    expect(screen.getByRole('note')).toHaveTextContent(
      'Not approved: it was linked to other accounts on the same device or network.',
    );
    expect(screen.getByRole('button', { name: 'Start Offer' })).toBeEnabled();
  });

  it('shows no timeline on an offer that is not pending', () => {
    renderCard({ completed: true, status: 'completed', clicked_at: null });
    expect(screen.queryByRole('list', { name: 'Progress' })).not.toBeInTheDocument();
  });

  it("Ready to Spin: 'Play Slot Machine!' when spinning is allowed, hidden otherwise", async () => {
    const { user, onSpin, unmount } = renderCard({ completed: true, status: 'completed' });
    expect(screen.getByText('Ready to Spin')).toBeInTheDocument();
    expect(screen.getByText('Offer completed successfully')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Play Slot Machine!' }));
    expect(onSpin).toHaveBeenCalledTimes(1);
    unmount();
    renderCard({ completed: true, status: 'completed' }, { canSpin: false });
    expect(screen.queryByRole('button', { name: 'Play Slot Machine!' })).not.toBeInTheDocument();
  });

  it("Reward Won: 'Won ₹N Voucher' from reward_type, with the code box", async () => {
    const { user } = renderCard({
      completed: true,
      spinner_used: true,
      status: 'completed',
      reward_type: 'voucher_100',
      voucher_code: 'FLIP-100-QQ',
    });
    expect(screen.getByText('Reward Won')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Won ₹100 Voucher' })).toBeInTheDocument();
    expect(screen.getByText('FLIP-100-QQ')).toBeInTheDocument();
    expect(screen.getByText('Offer completed successfully')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy Code FLIP-100-QQ' }));
    expect(await screen.findByText('Voucher code copied to clipboard!')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('FLIP-100-QQ');
  });

  it("copy failure says 'Failed to copy voucher code'", async () => {
    const { user } = renderCard({
      completed: true,
      spinner_used: true,
      reward_type: 'voucher_5',
      voucher_code: 'C5',
    });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy Code C5' }));
    expect(await screen.findByText('Failed to copy voucher code')).toBeInTheDocument();
  });

  it("No Reward: 'Better Luck Next Time'", () => {
    renderCard({ completed: true, spinner_used: true, status: 'completed', reward_type: 'none' });
    expect(screen.getByText('No Reward')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Better Luck Next Time' })).toBeDisabled();
  });

  it("uses the defaults 'Untitled Offer', 'No description available' and 'General'; no range without amounts above 0", () => {
    renderCard({
      title: null,
      description: '',
      category: null,
      preview_url: null,
      slot_config: { reels: [{ amount: 0, probability: 50 }] },
    });
    expect(screen.getByRole('heading', { name: 'Untitled Offer' })).toBeInTheDocument();
    expect(screen.getByText('No description available')).toBeInTheDocument();
    expect(screen.getByText('General')).toBeInTheDocument();
    expect(screen.queryByText(/^Win ₹/)).not.toBeInTheDocument();
    expect(screen.queryByText('Preview →')).not.toBeInTheDocument();
  });

  it('reads slot_config given as a JSON string and shows category labels', () => {
    renderCard({
      category: 'Food',
      slot_config: JSON.stringify({
        reels: [
          { amount: 20, probability: 5 },
          { amount: 'x', probability: 1 },
        ],
      }) as never,
    });
    expect(screen.getByText('Win ₹20')).toBeInTheDocument();
    expect(screen.getByText('Food & Delivery')).toBeInTheDocument();
  });

  it("an offer without slot_config shows the default table's range, 'Win ₹5 - ₹10'", () => {
    renderCard({ slot_config: null });
    expect(screen.getByText('Win ₹5 - ₹10')).toBeInTheDocument();
  });

  it("shows 'Invalid URL' for a preview link that does not parse", () => {
    renderCard({ preview_url: 'not a url' });
    expect(screen.getByText('Invalid URL')).toBeInTheDocument();
  });
});
