import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { ServerAnswers } from '../../../shared/member-pages';
import { Toaster } from '../components/ui/toaster';
import { createQueryClient } from '../lib/query-client';
import { renderListsWhole } from '../lib/render-lists-whole';
import { putAnswers } from './prepare';
import { AppRoutes, preloadRoute } from './router';

// The server side of a signed-in member's direct visit (server/lib/member-pages.ts): the page
// rendered to HTML from the same answers the API gives, with the same components, so that the first
// paint is the page itself and the browser only hydrates it (member/src/app/mount.tsx). The tree's
// markup matches the app's (member/src/app/index.tsx): the routes, then the toaster; the app's other
// children (the 401 handler, the service worker prompt, the shell hand-off) render nothing at first.

/**
 * The page at `pathname` (with the address's query `search`, e.g. `?ref=…` on /login) rendered from
 * `answers`, as the markup of the member app's root.
 */
export async function renderMemberPage(
  pathname: string,
  answers: ServerAnswers,
  search = '',
): Promise<string> {
  // One client per render: nothing of one member's data outlives their request.
  const queryClient = createQueryClient();
  // Not `seedServerAnswers`: the server keeps no signed-in member of its own.
  putAnswers(queryClient, answers);
  await preloadRoute(pathname);
  // The whole page, every card: the browser hydrates it as it is (useProgressiveCount).
  renderListsWhole(true);
  try {
    return renderToString(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <StaticRouter location={`${pathname}${search}`}>
            <AppRoutes />
          </StaticRouter>
          <Toaster />
        </QueryClientProvider>
      </StrictMode>,
    );
  } finally {
    renderListsWhole(false);
    queryClient.clear();
  }
}
