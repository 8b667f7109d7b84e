import { QueryClient } from '@tanstack/react-query';
import {
  Admin,
  CustomRoutes,
  localStorageStore,
  Resource,
  type AuthProvider,
  type DataProvider,
  type Store,
} from 'react-admin';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import auditLog from './audit-log';
import claims from './claims';
import { createAuthProvider } from './auth-provider';
import clicks from './clicks';
import conversions from './conversions';
import { createDataProvider } from './data-provider';
import { createHttpClient } from './http-client';
import { i18nProvider } from './i18n-provider';
import { AppLayout } from './layout/app-layout';
import { LoadingScreen } from './layout/loading-screen';
import { ConsoleNotification } from './layout/notification';
import { theme } from './layout/theme';
import { LoginPage } from './login/login-page';
import networks from './networks';
import offers from './offers';
import postbacks from './postbacks';
import referrals from './referrals';
import reviews from './reviews';
import users from './users';
import vouchers from './vouchers';

// The dashboard is the only page with charts (recharts, the largest chunk): loaded when it is opened,
// not with the sign-in page.
const DashboardPage = lazy(() =>
  import('./dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);

// The risk policy page checks its form with the contract's zod schema: its own chunk, so zod is not in
// the rest of the console.
const RiskPolicyPage = lazy(() =>
  import('./risk-policy/risk-policy-page').then((m) => ({ default: m.RiskPolicyPage })),
);

// The brands' redeem settings (issue 35): a page of its own chunk.
const BrandsPage = lazy(() => import('./brands/brands-page').then((m) => ({ default: m.BrandsPage })));

/** Data fresh for 5 minutes, no refetch on focus, at most 2 retries, none on 401/403. */
export function createQueryClient(retry = true) {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        retry: retry
          ? (count, error) => {
              const status = (error as { status?: number })?.status;
              return status !== 401 && status !== 403 && count < 2;
            }
          : false,
      },
    },
  });
}

function apiUrl() {
  return `${window.location.origin}/api/admin`;
}

/** The console lives under /admin (react-admin's documented sub-path set-up: a Route at /admin/*). */
export const BASENAME = '/admin';

/** /admin → /admin/dashboard. */
function RedirectToDashboard() {
  return <Navigate to={`${BASENAME}/dashboard`} replace />;
}

export interface AppProps {
  dataProvider?: DataProvider;
  authProvider?: AuthProvider;
  queryClient?: QueryClient;
  store?: Store;
}

export function App(props: AppProps) {
  const httpClient = createHttpClient();
  const dataProvider = props.dataProvider ?? createDataProvider(httpClient, apiUrl());
  const authProvider = props.authProvider ?? createAuthProvider(httpClient, apiUrl());
  const admin = (
    <Admin
      basename={BASENAME}
      title="SpinRewards Admin"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      queryClient={props.queryClient ?? createQueryClient()}
      store={props.store ?? localStorageStore(undefined, 'spinrewards-admin')}
      loginPage={LoginPage}
      layout={AppLayout}
      dashboard={RedirectToDashboard}
      loading={LoadingScreen}
      notification={ConsoleNotification}
      theme={theme}
      disableTelemetry
    >
      <CustomRoutes>
        <Route
          path="/dashboard"
          element={
            <Suspense fallback={<LoadingScreen />}>
              <DashboardPage />
            </Suspense>
          }
        />
        <Route
          path="/brands"
          element={
            <Suspense fallback={<LoadingScreen />}>
              <BrandsPage />
            </Suspense>
          }
        />
        <Route
          path="/risk-policy"
          element={
            <Suspense fallback={<LoadingScreen />}>
              <RiskPolicyPage />
            </Suspense>
          }
        />
      </CustomRoutes>
      <Resource name="users" {...users} />
      <Resource name="offers" {...offers} />
      <Resource name="vouchers" {...vouchers} />
      <Resource name="referrals" {...referrals} />
      <Resource name="conversions" {...conversions} />
      <Resource name="networks" {...networks} />
      <Resource name="postbacks" {...postbacks} />
      <Resource name="claims" {...claims} />
      <Resource name="reviews" {...reviews} />
      <Resource name="clicks" {...clicks} />
      <Resource name="audit-log" {...auditLog} />
    </Admin>
  );
  // useTransitions off: react-admin's logout navigates and clears its query cache in the same tick;
  // inside a transition the old page re-renders first, fails its auth check and logs out again,
  // forever. Plain state updates commit the navigation at once.
  return (
    <BrowserRouter useTransitions={false}>
      <Routes>
        <Route path={`${BASENAME}/*`} element={admin} />
        <Route path="*" element={<Navigate to={BASENAME} replace />} />
      </Routes>
    </BrowserRouter>
  );
}
