import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useEffectEvent, useState } from 'react';
import type { ClientConfig } from '../../../../../shared/contract/system';
import { Link } from 'react-router';
import { BRAND, PROVIDER_NAME, TAGLINE } from '../../../config/constants';
import { paths } from '../../../config/paths';
import { SupportContact } from '../../../components/support-contact';
import { Button } from '../../../components/ui/button';
import {
  CheckIcon,
  GiftIcon,
  GoogleLogo,
  HeartIcon,
  LogoMark,
  ShieldIcon,
  SparkleIcon,
  UsersIcon,
  ZapIcon,
} from '../../../components/ui/icons';
import { ApiError, isNetworkFailure } from '../../../lib/api-client';
import { applyLogin, LOGIN_FAILED_MESSAGE, LOGIN_TOAST_FALLBACK, loginWithIdToken } from '../../../lib/auth';
import { loadClientConfig } from '../../../lib/client-config';
import { EARLY_ACTION_ATTRIBUTE, takeEarlyAction } from '../../../lib/early-actions';
import { deviceFingerprint } from '../../../lib/fingerprint';
import { preloadFirebase, signInWithGoogle, type DemoIdentity } from '../../../lib/firebase';
import type { SessionUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-online';
import { useReferralCodeCheck } from '../api/check-referral-code';

/**
 * The demo account chooser only opens against the Firebase Auth Emulator, after a press: its chunk
 * (and the dialog's focus trap with it, shared with the dashboard's dialogs) loads then, not with
 * /login's first load (docs/product-rules.md#performance-bar).
 */
const DemoAccountChooser = lazy(() =>
  import('./demo-account-chooser').then((m) => ({ default: m.DemoAccountChooser })),
);

/** The sign-in button's press, held when it comes before the app has hydrated the page. */
const SIGN_IN_ACTION = 'google-sign-in';

export const BENEFITS = [
  'Complete offers and earn rewards',
  'Spin the wheel for vouchers',
  'Refer friends for free spins',
];

/** Signing in needs the server and Google: offline, the page says so instead of trying. */
export const OFFLINE_SIGN_IN_MESSAGE = "You're offline. Connect to the internet to sign in.";
/** Online, but the call reached no server (the connection dropped): never the browser's raw text. */
export const UNREACHABLE_SIGN_IN_MESSAGE =
  "We couldn't reach the server. Check your connection and try again.";

function connectionMessage(): string {
  return navigator.onLine ? UNREACHABLE_SIGN_IN_MESSAGE : OFFLINE_SIGN_IN_MESSAGE;
}

function loginErrorMessage(error: unknown): string {
  // A call that reached no server: what to do about it, not "Failed to fetch".
  if (isNetworkFailure(error) || error instanceof TypeError) return connectionMessage();
  // Server text (or the API client's generic text) for API failures; provider failures get the
  // login fallback.
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message === LOGIN_FAILED_MESSAGE) return error.message;
  return LOGIN_FAILED_MESSAGE;
}

/** Why a referral code sent with a sign-in was not used (the answer says it was not). */
export function referralNotUsedMessage(
  code: string,
  isNewUser: boolean,
): { title: string; description: string } {
  return isNewUser
    ? {
        title: `Referral code ${code} wasn't applied`,
        description:
          "We couldn't find that code, so no free spin will come from it. Check the link with your friend.",
      }
    : {
        title: `Referral code ${code} wasn't applied`,
        description: 'Referral codes are for new members, and you already had an account.',
      };
}

/**
 * ?ref= on the sign-in page: checked before it says it applies. Valid: the specification's 'Referral
 * Code Applied' notice with the referrer's first name; unknown: "We couldn't find that code". While
 * checking, a neutral line; when the check cannot be made (offline), the specification's notice.
 */
function ReferralNotice({ code }: { code: string }) {
  const check = useReferralCodeCheck(code);
  // Pending and not paused (offline): checking, from the very first render, so that "applied" never
  // shows before the answer.
  if (check.isPending && check.fetchStatus !== 'paused') {
    return (
      <div className="login__referral login__referral--checking" role="status">
        <SparkleIcon size={20} />
        <p className="login__referral-code">
          Checking referral code <strong>{code}</strong>…
        </p>
      </div>
    );
  }
  if (check.data && !check.data.valid) {
    return (
      <div className="login__referral login__referral--unknown" role="status">
        <SparkleIcon size={20} />
        <div>
          <p className="login__referral-title">We couldn't find that code</p>
          <p className="login__referral-code">
            Code: <strong>{code}</strong>. You can still sign in; ask your friend for their link.
          </p>
        </div>
      </div>
    );
  }
  const referrer = check.data?.referrerFirstName;
  return (
    <div className="login__referral" role="status">
      <SparkleIcon size={20} />
      <div>
        <p className="login__referral-title">Referral Code Applied</p>
        <p className="login__referral-code">
          Code: <strong>{code}</strong>
          {referrer ? <> · invited by {referrer}</> : null}
        </p>
      </div>
    </div>
  );
}

/** Member login screen (docs/product-rules.md#screens-and-routes). */
export function LoginView({
  urlReferralCode,
  referralCode,
  notice,
  onLoggedIn,
}: {
  /** ref from the address: shown in the 'Referral Code Applied' notice. */
  urlReferralCode: string | null;
  /** ref or the stored value: sent with the login call. */
  referralCode: string | null;
  /** e.g. the reason a guard sent the member here (a blocked account). */
  notice?: string | null;
  onLoggedIn: (user: SessionUser) => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [chooser, setChooser] = useState<ClientConfig | null>(null);
  // Mounted from its first opening on (then kept, with what was typed in it), not before.
  const [chooserUsed, setChooserUsed] = useState(false);
  const online = useOnline();

  async function finish(config: ClientConfig, identity?: DemoIdentity) {
    setBusy(true);
    setError(null);
    try {
      const idToken = await signInWithGoogle(config, identity);
      const response = await loginWithIdToken({
        idToken,
        deviceFingerprint: deviceFingerprint(),
        referralCode: referralCode || null,
      });
      const user = applyLogin(queryClient, response);
      if (referralCode && !response.referralUsed) {
        const { title, description } = referralNotUsedMessage(referralCode, response.isNewUser);
        toast.info(title, description);
      }
      onLoggedIn(user);
    } catch (e) {
      fail(e);
    }
  }

  function fail(e: unknown) {
    const message = loginErrorMessage(e);
    setError(message);
    // A connection problem is said once, on the card; other failures also toast.
    if (message !== OFFLINE_SIGN_IN_MESSAGE && message !== UNREACHABLE_SIGN_IN_MESSAGE)
      toast.error(message || LOGIN_TOAST_FALLBACK);
    setBusy(false);
  }

  async function start() {
    if (!navigator.onLine) {
      setError(OFFLINE_SIGN_IN_MESSAGE);
      return;
    }
    setBusy(true);
    setError(null);
    preloadFirebase();
    let config: ClientConfig;
    try {
      config = await loadClientConfig();
    } catch (e) {
      fail(e);
      return;
    }
    if (config.authEmulatorHost) {
      setChooserUsed(true);
      setChooser(config);
      return;
    }
    await finish(config);
  }

  function choose(identity: DemoIdentity) {
    const config = chooser;
    setChooser(null);
    if (config) void finish(config, identity);
  }

  function cancelChooser() {
    setChooser(null);
    setBusy(false);
  }

  // Pressed on the server-painted page before the app had hydrated it: sign in now.
  const startHeldSignIn = useEffectEvent(() => {
    if (takeEarlyAction(SIGN_IN_ACTION)) void start();
  });
  useEffect(() => startHeldSignIn(), []);

  const shownError = error ?? notice ?? null;
  // Offline before any press: said up front, so the member is not left to find out.
  const offlineNote = !online && shownError !== OFFLINE_SIGN_IN_MESSAGE;

  return (
    <div className="login">
      <div className="login__glow" aria-hidden="true" />
      <main className="login__card">
        <div className="login__logo">
          <LogoMark size={64} />
        </div>
        <h1 className="login__brand">{BRAND}</h1>
        <p className="login__tagline">{TAGLINE}</p>

        {urlReferralCode ? <ReferralNotice code={urlReferralCode} /> : null}

        {shownError ? (
          <p className="login__error" role="alert">
            {shownError}
          </p>
        ) : null}
        {shownError && /blocked/i.test(shownError) ? <SupportContact className="login__support" /> : null}
        {offlineNote ? (
          <p className="login__offline" role="status">
            {OFFLINE_SIGN_IN_MESSAGE}
          </p>
        ) : null}

        <Button
          size="lg"
          block
          className="login__google"
          onClick={() => void start()}
          disabled={busy}
          {...{ [EARLY_ACTION_ATTRIBUTE]: SIGN_IN_ACTION }}
          aria-busy={busy || undefined}
        >
          {busy ? <span className="spinner spinner--small" aria-hidden="true" /> : <GoogleLogo size={22} />}
          {busy ? 'Signing in...' : `Continue with ${PROVIDER_NAME}`}
        </Button>

        <ul className="login__benefits">
          <li>
            <span className="login__benefit-icon login__benefit-icon--violet" aria-hidden="true">
              <CheckIcon size={18} />
            </span>
            {BENEFITS[0]}
          </li>
          <li>
            <span className="login__benefit-icon login__benefit-icon--pink" aria-hidden="true">
              <GiftIcon size={18} />
            </span>
            {BENEFITS[1]}
          </li>
          <li>
            <span className="login__benefit-icon login__benefit-icon--blue" aria-hidden="true">
              <UsersIcon size={18} />
            </span>
            {BENEFITS[2]}
          </li>
        </ul>

        <p className="login__terms">
          By continuing, you agree to our <Link to={paths.terms.getHref()}>Terms of Service</Link> and{' '}
          <Link to={paths.privacy.getHref()}>Privacy Policy</Link>. We only ask for your name and email.
        </p>

        <ul className="login__badges" aria-label="Why members trust us">
          <li>
            <ShieldIcon size={16} /> Secure
          </li>
          <li>
            <HeartIcon size={16} /> Free to Use
          </li>
          <li>
            <ZapIcon size={16} /> Instant Rewards
          </li>
        </ul>
      </main>
      {chooserUsed ? (
        <Suspense fallback={null}>
          <DemoAccountChooser
            open={chooser !== null}
            accounts={chooser?.demoAccounts ?? []}
            brand={chooser?.brand ?? BRAND}
            onChoose={choose}
            onCancel={cancelChooser}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
