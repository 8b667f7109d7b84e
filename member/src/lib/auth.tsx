import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useDeferredValue, useSyncExternalStore, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { LoginRequest, LoginResponse, UserStatsResponse } from '../../../shared/contract/member';
import { BRAND } from '../config/constants';
import { paths } from '../config/paths';
import { FullScreenLoader } from '../components/ui/full-screen-loader';
import { ApiError, api, clearEarly } from './api-client';
import { signOutOfFirebase } from './firebase';
import { wipePersistedCache } from './persister';
import { getSessionUser, setSessionUser, subscribeSession, toSessionUser, type SessionUser } from './session';
import { toast } from './toast';

// Member session (docs/product-rules.md#sessions): GET /user-stats.php is both the session check and
// the member's statistics; login saves the user, logout clears it even when the call fails.

export const USER_STATS_STALE_MS = 2 * 60 * 1000;

// After an explicit logout, a late answer (e.g. when the logout call itself failed) must not
// sign the member back in locally; only a new login does.
let loggedOutLocally = false;

/** A session check's answer: the member it names is the signed-in member (unless they just left). */
export function acceptUserStats(data: UserStatsResponse): UserStatsResponse {
  if (data?.user && !loggedOutLocally) setSessionUser(toSessionUser(data.user));
  return data;
}

export async function getUserStats({ signal }: { signal?: AbortSignal } = {}): Promise<UserStatsResponse> {
  return acceptUserStats(await api.get<UserStatsResponse>('/user-stats.php', signal));
}

export const getUserStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['user-stats'],
    queryFn: ({ signal }) => getUserStats({ signal }),
    staleTime: USER_STATS_STALE_MS,
  });

export function useUserStats() {
  return useQuery(getUserStatsQueryOptions());
}

export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribeSession, getSessionUser, getSessionUser);
}

export const LOGIN_FAILED_MESSAGE = 'Authentication failed. Please try again.';
export const LOGIN_TOAST_FALLBACK = 'Login failed. Please try again.';

export async function loginWithIdToken(body: LoginRequest): Promise<LoginResponse> {
  const data = await api.post<LoginResponse>('/firebase-auth.php', body, LOGIN_FAILED_MESSAGE);
  if (!data?.success || !data.user) throw new Error(LOGIN_FAILED_MESSAGE);
  return data;
}

/**
 * After a successful login. The cache is emptied: a failed session check (401) must not send
 * the member straight back to /login, and a different member never sees the previous one's data.
 */
export function applyLogin(queryClient: QueryClient, response: LoginResponse): SessionUser {
  const user = toSessionUser(response.user);
  loggedOutLocally = false;
  // Answers fetched before the login (early page calls, likely 401s) belong to the old session.
  clearEarly();
  queryClient.clear();
  setSessionUser(user);
  if (response.isNewUser) {
    toast.success(`Welcome to ${BRAND}! 🎉`);
    if (response.referralUsed) toast.success('Referral code applied successfully! 🎯');
  } else {
    toast.success(`Welcome back, ${user.firstName}! 👋`);
  }
  return user;
}

export async function logout(queryClient: QueryClient): Promise<void> {
  const user = getSessionUser();
  let failed = false;
  try {
    await api.post('/logout.php');
  } catch {
    failed = true;
  }
  // Cleared whatever the server said, and the offline copy with it.
  await forgetLocalSession(queryClient, user);
  if (failed) toast.error('Logout failed');
  else toast.success('Logged out successfully');
}

/**
 * Forgets the member on this device: the session user, the queries, the offline copy and Firebase's
 * sign-in. Logout's local half; also what follows an account deletion (the server ended the sessions).
 */
export async function forgetLocalSession(
  queryClient: QueryClient,
  user: SessionUser | null = getSessionUser(),
): Promise<void> {
  loggedOutLocally = true;
  clearEarly();
  setSessionUser(null);
  queryClient.clear();
  await wipePersistedCache(user?.id);
  void signOutOfFirebase();
}

/** Where a guard sends a member who is not (or no longer) signed in. */
export interface LoginRedirectState {
  from?: string;
  error?: string;
  /** Set by logout: the login page then skips its "already signed in" check. */
  loggedOut?: boolean;
}

/** Member-page guard (to /login without a member), with the 'Loading {brand}' loader while checking. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const location = useLocation();
  const sessionUser = useSessionUser();
  const stats = useUserStats();
  // The first render of the member shell and page is the app's largest: when the session check
  // answers, React renders it at low priority, in slices, while the loader stays up.
  const checked = useDeferredValue(stats.data !== undefined);

  if (stats.data && checked) return <>{children}</>;
  if (stats.data) return <FullScreenLoader />;

  const error = stats.error;
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
    const state: LoginRedirectState = { from: location.pathname + location.search };
    if (error.status === 403) state.error = error.message;
    return <Navigate to={paths.login.getHref()} replace state={state} />;
  }

  // Offline or a passing server failure: a member we know keeps their saved screens.
  if (error || stats.fetchStatus === 'paused') {
    return sessionUser ? (
      <>{children}</>
    ) : (
      <Navigate to={paths.login.getHref()} replace state={{ from: location.pathname }} />
    );
  }

  return <FullScreenLoader />;
}
