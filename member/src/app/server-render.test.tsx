import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_ANSWERS_ID, type ServerAnswers } from '../../../shared/member-pages';
import { getOffers } from '../features/offers/api/get-offers';
import { api } from '../lib/api-client';
import { getSessionUser } from '../lib/session';
import { makeOffer, state } from '../testing/mocks/db';
import { server } from '../testing/mocks/server';
import { mount } from './mount';
import { renderMemberPage } from './server-render';

// A signed-in member's direct visit (server/lib/member-ssr.ts): the server renders the page with
// these components from the API's answers, and the browser hydrates that markup from the same
// answers, without asking again, keeping the nodes on screen and attaching the page's handlers.

/** What the server would put in the page: the API's own answers (the mock API here). */
async function answersFor(pathname: string): Promise<ServerAnswers> {
  const stats = await api.get('/user-stats.php');
  if (pathname === '/dashboard') return { '/user-stats.php': stats, '/offers.php': await getOffers() };
  if (pathname === '/referrals')
    return { '/user-stats.php': stats, '/referral-stats.php': await api.get('/referral-stats.php') };
  return { '/user-stats.php': stats };
}

let root: HTMLElement | null = null;
let reactRoot: Root | null = null;
afterEach(() => {
  // Unmounted, so that no effect of the page (the live updates' connection) outlives its test.
  act(() => reactRoot?.unmount());
  reactRoot = null;
  root?.remove();
  document.getElementById(SERVER_ANSWERS_ID)?.remove();
  root = null;
});

/** Puts the server's page in the document as the HTML would, then boots the app on it. */
async function visitRendered(pathname: string) {
  window.history.replaceState({}, '', pathname);
  const answers = await answersFor(pathname);
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = SERVER_ANSWERS_ID;
  script.textContent = JSON.stringify(answers);
  root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = await renderMemberPage(pathname, answers);
  document.body.append(script, root);
  const heading = root.querySelector('h1');

  const requests: string[] = [];
  const onRequest = ({ request }: { request: Request }) => void requests.push(new URL(request.url).pathname);
  server.events.on('request:start', onRequest);
  const recoverable: unknown[] = [];
  reactRoot = await act(() =>
    mount(
      {
        createRoot,
        hydrateRoot: (container, app) =>
          hydrateRoot(container, app, { onRecoverableError: (error) => void recoverable.push(error) }),
      },
      root!,
    ),
  );
  server.events.removeListener('request:start', onRequest);
  return { heading, requests, recoverable };
}

describe('a page rendered on the server, hydrated in the browser', () => {
  for (const pathname of ['/dashboard', '/referrals', '/rewards', '/profile']) {
    it(`${pathname}: keeps the server's nodes, without a mismatch or a second call`, async () => {
      const { heading, requests, recoverable } = await visitRendered(pathname);
      expect(heading).not.toBeNull();
      // The very node the server sent is still the one on screen: hydrated, not re-rendered.
      await waitFor(() => expect(root!.querySelector('h1')).toBe(heading));
      expect(recoverable).toEqual([]);
      // The first render came from the answers in the page: no call for them. (The member layout's
      // eligibility check and the profile's support contact, issue 37, are calls of their own, made once
      // a session, not the page's answers; so is the profile's notification settings section, issue 38,
      // which reads the member's switches once the browser says whether it can show notifications.)
      const ownCalls = ['/api/eligibility.php', '/api/operator.php', '/api/push-settings.php'];
      expect(requests.filter((p) => !ownCalls.includes(p))).toEqual([]);
    });
  }

  it('answers input once hydrated, and knows the member it greets', async () => {
    await visitRendered('/dashboard');
    const user = userEvent.setup();
    const menu = await screen.findByRole('button', { name: /menu/i });
    await user.click(menu);
    await waitFor(() => expect(menu).toHaveAttribute('aria-expanded', 'true'));
    // The session check's answer names the signed-in member, as a fetched one would.
    expect(getSessionUser()?.firstName).toBeTruthy();
  });

  it("/dashboard with a long list: every card is in the server's page and stays, none added after", async () => {
    state.current.offers.offers = Array.from({ length: 12 }, (_, i) =>
      makeOffer({ offer_id: i + 1, title: `Offer number ${i + 1}` }),
    );
    const { recoverable } = await visitRendered('/dashboard');
    const cards = () => root!.querySelectorAll('h3');
    const served = [...cards()];
    expect(served.map((h) => h.textContent)).toEqual(
      Array.from({ length: 12 }, (_, i) => `Offer number ${i + 1}`),
    );
    // Hydrated in place: the same twelve nodes, no re-render, no batches appended later.
    await waitFor(() => expect(root!.querySelector('h1')).not.toBeNull());
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect([...cards()]).toEqual(served);
    expect(recoverable).toEqual([]);
  });
});
