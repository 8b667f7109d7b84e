import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
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

// Routes of spec section 2. Declarative routes rather than createBrowserRouter: the data router adds
// ~15 KB gzip to the first load and this app loads its data through react-query.
const AppLayoutRoute = lazy(() => pages.layout().then((m) => ({ default: m.AppLayoutRoute })));
const DashboardRoute = lazy(() => pages.dashboard().then((m) => ({ default: m.DashboardRoute })));
const ReferralsRoute = lazy(() => pages.referrals().then((m) => ({ default: m.ReferralsRoute })));
const RewardsRoute = lazy(() => pages.rewards().then((m) => ({ default: m.RewardsRoute })));
const ProfileRoute = lazy(() => pages.profile().then((m) => ({ default: m.ProfileRoute })));
const NotFoundRoute = lazy(() => import('./routes/not-found').then((m) => ({ default: m.NotFoundRoute })));

export function AppRoutes() {
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <Routes>
        <Route path={paths.home.path} element={<LandingRoute />} />
        <Route path={paths.login.path} element={<LoginRoute />} />
        <Route element={<AppLayoutRoute />}>
          <Route path={paths.dashboard.path} element={<DashboardRoute />} />
          <Route path={paths.referrals.path} element={<ReferralsRoute />} />
          <Route path={paths.rewards.path} element={<RewardsRoute />} />
          <Route path={paths.profile.path} element={<ProfileRoute />} />
        </Route>
        <Route path="*" element={<NotFoundRoute />} />
      </Routes>
    </Suspense>
  );
}

/** Spec section 8: a 401 sends the member to /login (not when already there); their offline copy goes too. */
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
