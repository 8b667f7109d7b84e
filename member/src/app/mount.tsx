import { StrictMode, startTransition } from 'react';
import type * as ReactDomClient from 'react-dom/client';
import { createQueryClient } from '../lib/query-client';
import { renderListsWhole } from '../lib/render-lists-whole';
import { App } from './index';
import { delay, prepareApp, readServerAnswers } from './prepare';

/**
 * Gets the page ready (saved copy, route code, first data: `prepareApp`), then renders the app
 * into `container` once. A page the server rendered (a signed-in member's direct visit) is
 * hydrated from the answers it was rendered from: the markup on screen stays, React attaches to it.
 * So is the sign-in page, which the server renders for every visitor (no answers).
 * Otherwise React renders it, replacing the server's app shell or the HTML's loader. Either way the
 * first render is a transition: React works in slices that yield to the browser every few
 * milliseconds instead of one long task. Returns the root, which a test unmounts when it is done.
 */
export async function mount(
  client: Pick<typeof ReactDomClient, 'createRoot' | 'hydrateRoot'>,
  container: HTMLElement,
): Promise<ReactDomClient.Root> {
  const queryClient = createQueryClient();
  const serverAnswers = readServerAnswers();
  await prepareApp(queryClient, window.location.pathname, { serverAnswers });
  // The first render starts in a task of its own, not at the end of the preparation's.
  await delay(0);
  const app = (
    <StrictMode>
      <App queryClient={queryClient} restored />
    </StrictMode>
  );
  if (serverAnswers) {
    // The server rendered every card; the first render matches it (the list's first commit ends this).
    // The sign-in page comes rendered too, with no answers and no list.
    if (Object.keys(serverAnswers).length > 0) renderListsWhole(true);
    let hydrated: ReactDomClient.Root | undefined;
    startTransition(() => {
      hydrated = client.hydrateRoot(container, app);
    });
    return hydrated!;
  }
  const root = client.createRoot(container);
  startTransition(() => root.render(app));
  return root;
}
