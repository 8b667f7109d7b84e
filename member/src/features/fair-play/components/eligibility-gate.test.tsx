import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { UNDER_AGE_MESSAGE } from '../../../../../shared/fair-play';
import { ELIGIBLE } from '../../../testing/mocks/handlers';
import { server } from '../../../testing/mocks/server';
import { renderApp, waitForPath } from '../../../testing/test-utils';

// The first sign-in's questions and the new terms (issue 37), asked before the member's pages.
const needs = (n: 'eligibility' | 'terms' | null, extra: object = {}) =>
  http.get('*/api/eligibility.php', () =>
    HttpResponse.json({ success: true, eligibility: { ...ELIGIBLE, needs: n, ...extra } }),
  );

describe('eligibility gate', () => {
  it('asks a new member their age, state and the terms, and sends the answers', async () => {
    let sent: unknown = null;
    server.use(
      needs('eligibility', { adult_confirmed: false, state: null, accepted_terms_version: null }),
      http.post('*/api/eligibility.php', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true, kept: true, message: null, eligibility: ELIGIBLE });
      }),
    );
    renderApp('/dashboard');
    const dialog = await screen.findByRole('dialog', { name: 'Before you start' });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please tell us whether you are 18 or older.',
    );
    await user.click(within(dialog).getByLabelText('I am 18 or older'));
    await user.selectOptions(within(dialog).getByLabelText('State of residence'), 'Karnataka');
    await user.click(within(dialog).getByRole('checkbox', { name: /I have read and accept/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitForDialogGone();
    expect(sent).toEqual({ adult: true, state: 'KA', acceptTerms: true, termsVersion: '2026.1' });
  });

  it('under 18: the sign-up ends on the sign-in page with the reason', async () => {
    server.use(
      needs('eligibility', { adult_confirmed: false, state: null, accepted_terms_version: null }),
      http.post('*/api/eligibility.php', () =>
        HttpResponse.json({ success: true, kept: false, message: UNDER_AGE_MESSAGE, eligibility: null }),
      ),
    );
    renderApp('/dashboard');
    const dialog = await screen.findByRole('dialog', { name: 'Before you start' });
    const user = userEvent.setup();
    await user.click(within(dialog).getByLabelText('I am under 18'));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitForPath('/login');
    expect(await screen.findByRole('alert')).toHaveTextContent(UNDER_AGE_MESSAGE);
  });

  it('asks once to accept new terms', async () => {
    let accepted: unknown = null;
    server.use(
      needs('terms', { accepted_terms_version: '2025.9' }),
      http.post('*/api/terms-acceptance.php', async ({ request }) => {
        accepted = await request.json();
        return HttpResponse.json({ success: true, eligibility: ELIGIBLE });
      }),
    );
    renderApp('/dashboard');
    const dialog = await screen.findByRole('dialog', { name: 'Our terms have changed' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Accept and continue' }));
    await waitForDialogGone();
    expect(accepted).toEqual({ termsVersion: '2026.1' });
  });

  it('tells a member in an excluded state that spins are not offered there', async () => {
    server.use(needs(null, { state: 'AS', state_excluded: true }));
    renderApp('/dashboard');
    expect(await screen.findByTestId('excluded-notice')).toHaveTextContent('Spins are not offered in Assam');
  });
});

async function waitForDialogGone() {
  await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
}
