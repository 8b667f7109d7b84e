import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { makeOffer } from '../../../testing/mocks/db';
import { server } from '../../../testing/mocks/server';
import { renderWithProviders } from '../../../testing/test-utils';
import { OfferCard } from './offer-card';

// "Not credited?" on an offer card (docs/product-rules.md#claims): the dialog, its note, the server's
// answers, and the claim's status on the card.

function renderCard(overrides: Parameters<typeof makeOffer>[0]) {
  return renderWithProviders(
    <OfferCard
      offer={makeOffer({ offer_id: 4, title: 'Quiz Master', ...overrides })}
      onStart={vi.fn()}
      onSpin={vi.fn()}
    />,
  );
}

/** Answers POST /api/claim.php with `answer`, recording the bodies sent. */
function claimAnswers(answer: () => Response | Promise<Response>) {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/claim.php', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

describe('missing-conversion claims on the offer card', () => {
  it('offers "Not credited?" only when the member can claim', () => {
    const { unmount } = renderCard({ can_claim: false });
    expect(screen.queryByRole('button', { name: /Not credited\?/ })).not.toBeInTheDocument();
    unmount();
    renderCard({ can_claim: true });
    expect(screen.getByRole('button', { name: 'Not credited? Report Quiz Master' })).toBeInTheDocument();
  });

  it('opens a labelled dialog with the explanation, focuses it, counts the note and closes on Escape', async () => {
    const { user } = renderCard({ can_claim: true });
    const opener = screen.getByRole('button', { name: /Not credited\?/ });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Offer not credited?' });
    expect(dialog).toHaveAccessibleDescription(
      /If you completed Quiz Master at the partner but it was not credited/,
    );
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    const note = within(dialog).getByRole('textbox', { name: 'What happened? (optional)' });
    expect(note).toHaveAttribute('maxLength', '500');
    expect(within(dialog).getByText('0 / 500 characters')).toBeInTheDocument();
    await user.type(note, 'Done at 9 pm');
    expect(within(dialog).getByText('12 / 500 characters')).toBeInTheDocument();
    expect(note).toHaveAccessibleDescription(/12 \/ 500 characters/);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('sends the offer and the trimmed note, shows the sending state, then a toast', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const bodies = claimAnswers(async () => {
      await gate;
      return HttpResponse.json({ success: true, claim_id: 9, offer_id: 4, status: 'pending' });
    });
    const { user } = renderCard({ can_claim: true });
    await user.click(screen.getByRole('button', { name: /Not credited\?/ }));
    await user.type(screen.getByRole('textbox', { name: /What happened/ }), '  Finished level 10  ');
    await user.click(screen.getByRole('button', { name: 'Send claim' }));
    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect(sending).toBeDisabled();
    release();
    expect(
      await screen.findByText('Thanks — your claim for Quiz Master is under review.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodies).toEqual([{ offerId: 4, note: 'Finished level 10' }]);
  });

  it("shows the server's refusal inside the dialog, announced, and keeps the note", async () => {
    claimAnswers(() =>
      HttpResponse.json(
        {
          success: false,
          error:
            'Partners can take up to an hour to confirm a completion. You can report a missing credit 1 hour after starting the offer.',
        },
        { status: 409 },
      ),
    );
    const { user } = renderCard({ can_claim: true });
    await user.click(screen.getByRole('button', { name: /Not credited\?/ }));
    const note = screen.getByRole('textbox', { name: /What happened/ });
    await user.type(note, 'Too soon?');
    await user.click(screen.getByRole('button', { name: 'Send claim' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You can report a missing credit 1 hour after starting the offer.');
    expect(screen.getByRole('dialog')).toContainElement(alert);
    expect(note).toHaveValue('Too soon?');
    expect(note).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send claim' })).toBeEnabled());
  });

  it("shows the claim's status on the card: under review, approved, not accepted with the reason", () => {
    const { unmount } = renderCard({ claim_status: 'pending' });
    expect(screen.getByText('Claim under review')).toBeInTheDocument();
    unmount();
    const approved = renderCard({ claim_status: 'approved', completed: true, status: 'completed' });
    expect(screen.getByText('Claim approved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play Slot Machine!' })).toBeInTheDocument();
    approved.unmount();
    renderCard({ claim_status: 'rejected', claim_reason: 'The partner has no record of it.' });
    expect(screen.getByText('Claim not accepted: The partner has no record of it.')).toBeInTheDocument();
  });
});
