import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { paths, isLoginPath } from '../config/paths';
import { FullScreenLoader } from '../components/ui/full-screen-loader';
import { setUnauthorizedHandler } from '../lib/api-client';
import { wipePersistedCache } from '../lib/persister';
import { getSessionUser, setSessionUser } from '../lib/session';
import { LandingRoute } from './routes/landing';
import { MEMBER_PAGES, type MemberPage, type MemberPageChunk } from '../../../shared/member-pages';
import { pages } from './warm-up';
// /login is where most first visits land: part of the entry chunk, no second round trip.
import { LoginRoute } from './routes/login';

// Routes: docs/product-rules.md#screens-and-routes. Declarative routes rather than
// createBrowserRouter: the data router adds ~15 KB gzip to the first load and this app loads its
// data through react-query.
/**
 * A route component loaded with its chunk. Once the chunk is in (see `preloadRoute`), React gets it
 * synchronously: the first render of a page opened directly shows the page, not a Suspense fallback
 * that is replaced a moment later.
 */
function routeComponent<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  let loaded: ComponentType | null = null;
  const preload = () => load().then((module) => (loaded = pick(module)));
  const Component = lazy(() =>
    loaded
      ? // A thenable that resolves at once: React.lazy reads it without suspending.
        ({
          then: (resolve: (m: { default: ComponentType }) => void) => resolve({ default: loaded! }),
        } as Promise<{
          default: ComponentType;
        }>)
      : preload().then((c) => ({ default: c })),
  );
  return { Component, preload };
}

type RouteComponent = ReturnType<typeof routeComponent>;

const AppLayoutRoute = routeComponent(pages.layout, (m) => m.AppLayoutRoute);
const NotFoundRoute = routeComponent(
  () => import('./routes/not-found'),
  (m) => m.NotFoundRoute,
);

/** Every lazy page of the page table (shared/member-pages.ts): its path, its component, in the shell or not. */
const LAZY_PAGES = (Object.entries(MEMBER_PAGES) as [string, MemberPage][])
  .filter(([, page]) => page.chunk !== null)
  .map(([path, page]) => ({
    path,
    shell: page.shell === true,
    route: routeComponent(
      pages[page.chunk as MemberPageChunk] as () => Promise<unknown>,
      (m) => (m as unknown as Record<string, ComponentType>)[page.component!]!,
    ),
  }));
const ROUTE_OF_PATH = new Map<string, { shell: boolean; route: RouteComponent }>(
  LAZY_PAGES.map((p) => [p.path, p]),
);

/** Loads the code `pathname` renders first (the member shell and the page), so it renders in one pass. */
export async function preloadRoute(pathname: string): Promise<void> {
  const page = ROUTE_OF_PATH.get(pathname);
  if (!page) return;
  await Promise.all([page.route.preload(), page.shell ? AppLayoutRoute.preload() : undefined]);
}

export function AppRoutes() {
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <Routes>
        <Route path={paths.home.path} element={<LandingRoute />} />
        <Route path={paths.login.path} element={<LoginRoute />} />
        <Route element={<AppLayoutRoute.Component />}>
          {LAZY_PAGES.filter((p) => p.shell).map(({ path, route }) => (
            <Route key={path} path={path} element={<route.Component />} />
          ))}
        </Route>
        {LAZY_PAGES.filter((p) => !p.shell).map(({ path, route }) => (
          <Route key={path} path={path} element={<route.Component />} />
        ))}
        <Route path="*" element={<NotFoundRoute.Component />} />
      </Routes>
    </Suspense>
  );
}

/** A 401 sends the member to /login (not when already there); their offline copy goes too. */
export function UnauthorizedRedirect({ queryClient }: { queryClient: QueryClient }) {
  const navigate = useNavigate();
  const location = useLocation();
  const locationRef = useRef(location);
  useEffect(() => {
    locationRef.current = location;
  });
  useEffect(() => {
    setUnauthorizedHandler(() => {
      const { pathname, search } = locationRef.current;
      if (isLoginPath(pathname)) return;
      const user = getSessionUser();
      setSessionUser(null);
      queryClient.clear();
      void wipePersistedCache(user?.id);
      navigate(paths.login.getHref(), { replace: true, state: { from: pathname + search } });
    });
    return () => setUnauthorizedHandler(null);
  }, [navigate, queryClient]);
  return null;
}

export function AppRouter({ queryClient }: { queryClient: QueryClient }) {
  return (
    <BrowserRouter>
      <UnauthorizedRedirect queryClient={queryClient} />
      <AppRoutes />
    </BrowserRouter>
  );
}
