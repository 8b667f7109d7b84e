import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { paths, isLoginPath } from '../config/paths';
import { FullScreenLoader } from '../components/ui/full-screen-loader';
import { setUnauthorizedHandler } from '../lib/api-client';
import { wipePersistedCache } from '../lib/persister';
import { getSessionUser, setSessionUser } from '../lib/session';
import { LandingRoute } from './routes/landing';
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

const AppLayoutRoute = routeComponent(pages.layout, (m) => m.AppLayoutRoute);
const DashboardRoute = routeComponent(pages.dashboard, (m) => m.DashboardRoute);
const ReferralsRoute = routeComponent(pages.referrals, (m) => m.ReferralsRoute);
const RewardsRoute = routeComponent(pages.rewards, (m) => m.RewardsRoute);
const ProfileRoute = routeComponent(pages.profile, (m) => m.ProfileRoute);
// The public pages (issue 37): no member shell, no session needed.
const RulesRoute = routeComponent(
  () => import('./routes/rules'),
  (m) => m.RulesRoute,
);
const TermsRoute = routeComponent(
  () => import('./routes/legal'),
  (m) => m.TermsRoute,
);
const PrivacyRoute = routeComponent(
  () => import('./routes/legal'),
  (m) => m.PrivacyRoute,
);
const HelpRoute = routeComponent(
  () => import('./routes/legal'),
  (m) => m.HelpRoute,
);
const PrivacyCentreRoute = routeComponent(pages['privacy-centre'], (m) => m.PrivacyCentreRoute);
const NotFoundRoute = routeComponent(
  () => import('./routes/not-found'),
  (m) => m.NotFoundRoute,
);

const MEMBER_ROUTES: Record<string, ReturnType<typeof routeComponent>> = {
  [paths.dashboard.path]: DashboardRoute,
  [paths.referrals.path]: ReferralsRoute,
  [paths.rewards.path]: RewardsRoute,
  [paths.profile.path]: ProfileRoute,
  [paths.privacyCentre.path]: PrivacyCentreRoute,
};

const PUBLIC_ROUTES: Record<string, ReturnType<typeof routeComponent>> = {
  [paths.rules.path]: RulesRoute,
  [paths.terms.path]: TermsRoute,
  [paths.privacy.path]: PrivacyRoute,
  [paths.help.path]: HelpRoute,
};

/** Loads the code `pathname` renders first (the member shell and the page), so it renders in one pass. */
export async function preloadRoute(pathname: string): Promise<void> {
  const page = MEMBER_ROUTES[pathname];
  if (page) await Promise.all([AppLayoutRoute.preload(), page.preload()]);
  else {
    const open = PUBLIC_ROUTES[pathname];
    if (open) await open.preload();
  }
}

export function AppRoutes() {
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <Routes>
        <Route path={paths.home.path} element={<LandingRoute />} />
        <Route path={paths.login.path} element={<LoginRoute />} />
        <Route element={<AppLayoutRoute.Component />}>
          <Route path={paths.dashboard.path} element={<DashboardRoute.Component />} />
          <Route path={paths.referrals.path} element={<ReferralsRoute.Component />} />
          <Route path={paths.rewards.path} element={<RewardsRoute.Component />} />
          <Route path={paths.profile.path} element={<ProfileRoute.Component />} />
          <Route path={paths.privacyCentre.path} element={<PrivacyCentreRoute.Component />} />
        </Route>
        <Route path={paths.rules.path} element={<RulesRoute.Component />} />
        <Route path={paths.terms.path} element={<TermsRoute.Component />} />
        <Route path={paths.privacy.path} element={<PrivacyRoute.Component />} />
        <Route path={paths.help.path} element={<HelpRoute.Component />} />
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
