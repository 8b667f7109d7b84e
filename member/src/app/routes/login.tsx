import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { REFERRAL_STORAGE_KEY } from '../../config/constants';
import { paths } from '../../config/paths';
import { LoginView } from '../../features/auth/components/login-view';
import { isNetworkFailure } from '../../lib/api-client';
import { getUserStatsQueryOptions, useSessionUser, type LoginRedirectState } from '../../lib/auth';
import { useOnline } from '../../lib/use-online';

function readStoredReferral(): string | null {
  try {
    return window.localStorage.getItem(REFERRAL_STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeReferral(code: string | null) {
  try {
    if (code) window.localStorage.setItem(REFERRAL_STORAGE_KEY, code);
    else window.localStorage.removeItem(REFERRAL_STORAGE_KEY);
  } catch {
    /* storage disabled: the code in the address still works */
  }
}

/** ref of the page the member came from, when it had one: /login then redirects to /login?ref=…. */
export function referralFromReferrer(referrer: string): string | null {
  if (!referrer) return null;
  try {
    return new URL(referrer).searchParams.get('ref');
  } catch {
    return null;
  }
}

function safeFrom(from: string | undefined): string {
  // Only same-app paths; never back to /login itself.
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/login'))
    return paths.dashboard.getHref();
  return from;
}

export function LoginRoute() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as LoginRedirectState;
  const ref = params.get('ref');

  // The server renders this page too (server/lib/member-ssr.ts), where there is no document.
  const referrerRef = ref || typeof document === 'undefined' ? null : referralFromReferrer(document.referrer);

  useEffect(() => {
    if (ref) storeReferral(ref);
  }, [ref]);

  // Already signed in: back where the member came from, else the dashboard.
  const session = useQuery({
    ...getUserStatsQueryOptions(),
    refetchOnMount: 'always',
    retry: false,
    enabled: !state.loggedOut,
  });
  const authenticated = session.isSuccess && session.isFetchedAfterMount && !session.isError;
  // Offline (the installed app opened at '/' or /login with no signal), the member saved on this
  // device is trusted as the specification caches it: their saved pages, not the sign-in page. Back
  // online, those pages check the session again and a session that ended comes back here.
  const sessionUser = useSessionUser();
  const online = useOnline();
  const offlineWithSavedMember =
    sessionUser !== null &&
    !state.loggedOut &&
    (!online || session.fetchStatus === 'paused' || isNetworkFailure(session.error));

  if (referrerRef) return <Navigate to={paths.login.getHref(referrerRef)} replace state={location.state} />;
  if (authenticated || offlineWithSavedMember) return <Navigate to={safeFrom(state.from)} replace />;

  return (
    <LoginView
      urlReferralCode={ref}
      referralCode={ref ?? readStoredReferral()}
      notice={state.error ?? null}
      onLoggedIn={() => {
        storeReferral(null);
        // The ref parameter leaves the address once signed in.
        if (params.has('ref')) {
          const next = new URLSearchParams(params);
          next.delete('ref');
          setParams(next, { replace: true, state: location.state });
        }
        navigate(safeFrom(state.from), { replace: true });
      }}
    />
  );
}
