import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EARLY_ACTION_ATTRIBUTE, holdEarlyActions } from '../../../lib/early-actions';
import { state } from '../../../testing/mocks/db';
import { renderApp } from '../../../testing/test-utils';

// Its own file: the early-press state lives for the page, as in the browser.
describe('the server-painted sign-in page, pressed before the app hydrated it', () => {
  it('opens the account chooser once the page is ready, without a second press', async () => {
    // What the entry chunk does at once, and a press on the server's markup of the button.
    holdEarlyActions();
    const painted = document.createElement('button');
    painted.setAttribute(EARLY_ACTION_ATTRIBUTE, 'google-sign-in');
    document.body.append(painted);
    painted.click();
    expect(document.documentElement.getAttribute('data-early-pending')).toBe('google-sign-in');
    painted.remove();

    state.current.signedIn = false;
    renderApp('/login');
    const chooser = await screen.findByRole('dialog', { name: /Choose an account/ });
    expect(within(chooser).getByRole('button', { name: /Asha Verma/ })).toBeInTheDocument();
    expect(document.documentElement.hasAttribute('data-early-pending')).toBe(false);
  });
});
