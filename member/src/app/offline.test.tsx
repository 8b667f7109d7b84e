import { screen, waitFor } from '@testing-library/react';
import { get } from 'idb-keyval';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheKeyFor } from '../lib/persister';
import { server } from '../testing/mocks/server';
import { renderApp, signInLocally, waitForPath } from '../testing/test-utils';

function setOnline(value: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { value, configurable: true });
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

/** The query roots in the member's saved copy (what an offline reload can restore). */
async function savedQueryRoots(): Promise<string[]> {
  const saved = await get<string>(cacheKeyFor(7));
  if (!saved) return [];
  const copy = JSON.parse(saved) as { clientState: { queries: { queryKey: unknown[] }[] } };
  return copy.clientState.queries.map((q) => String(q.queryKey[0]));
}

async function visitOnlineAndPersist(url: string, text: string, roots: string[]) {
  signInLocally();
  const app = renderApp(url);
  await screen.findByText(text);
  // The persister writes to IndexedDB (throttled), under the signed-in member's key. Wait until
  // every call this page shows is saved, not only the session check that came first.
  await waitFor(async () => expect(await savedQueryRoots()).toEqual(expect.arrayContaining(roots)), {
    timeout: 5000,
  });
  app.unmount();
}

describe('offline', () => {
  afterEach(() => setOnline(true));

  it('keeps the react-query cache in IndexedDB under the signed-in member only', async () => {
    await visitOnlineAndPersist('/rewards', 'AMZ-50-XYZ', ['user-stats']);
    expect(await get(cacheKeyFor(8))).toBeUndefined();
  });

  it('shows saved vouchers on the rewards page with an offline notice, and codes still copy', async () => {
    await visitOnlineAndPersist('/rewards', 'AMZ-50-XYZ', ['user-stats']);
    setOnline(false);
    server.use(
      http.get('*/api/user-stats.php', () => HttpResponse.error()),
      http.get('*/api/offers.php', () => HttpResponse.error()),
    );
    const { user } = renderApp('/rewards');
    expect(await screen.findByText('AMZ-50-XYZ')).toBeInTheDocument();
    expect(screen.getByText("You're offline.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Show code and details/ }));
    await user.click(screen.getByRole('button', { name: 'Copy Code AMZ-50-XYZ' }));
    expect(await screen.findByText('Voucher code copied to clipboard!')).toBeInTheDocument();
  });

  it('shows saved offers on the dashboard with server actions disabled', async () => {
    await visitOnlineAndPersist('/dashboard', 'Stream Plus trial', ['user-stats', 'offers']);
    setOnline(false);
    server.use(
      http.get('*/api/user-stats.php', () => HttpResponse.error()),
      http.get('*/api/offers.php', () => HttpResponse.error()),
    );
    renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'Stream Plus trial' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText("You're offline.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Offer' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeDisabled();
  });

  it('wipes the saved copy at logout', async () => {
    await visitOnlineAndPersist('/rewards', 'AMZ-50-XYZ', ['user-stats']);
    const { user } = renderApp('/rewards');
    await screen.findByText('AMZ-50-XYZ');
    await user.click(screen.getAllByRole('button', { name: 'Logout' })[0]);
    await waitForPath('/login');
    await waitFor(async () => expect(await get(cacheKeyFor(7))).toBeUndefined());
  });
});
