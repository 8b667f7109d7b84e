// The opt-in card (issue 38): shown only once the member has completed an offer or won a voucher
// (never at a first visit), in a browser that can receive notifications, when this member has none
// yet and has not said "Not now" or refused the browser's prompt on this device. The browser's
// permission is asked only when "Allow notifications" is pressed.
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { messageOf } from '../../../lib/api-client';
import { useUserStats } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { SUBSCRIBE_FAILED_MESSAGE, useEnableNotifications, usePushSettings } from '../api/push-settings';
import {
  declined,
  permissionState,
  pushSupport,
  rememberDeclined,
  PushPermissionDenied,
} from '../push-client';
import { BellIcon } from './bell-icon';

export const OPT_IN_TITLE = 'Know the moment your spin is ready';
export const ENABLED_TOAST = 'Notifications are on. Choose which ones in your profile.';

export function NotificationsOptIn() {
  const stats = useUserStats().data?.stats;
  const earned = stats ? stats.total_completions > 0 || stats.total_vouchers_won > 0 : false;
  // Closed until the browser is known (the server render and the first render agree: nothing), and
  // the browser asked only once the member has earned (a first visit never needs to know).
  const [closed, setClosed] = useState(true);
  useEffect(() => {
    if (!earned) return;
    if (declined() !== null || pushSupport() !== 'supported') return setClosed(true);
    let live = true;
    void permissionState().then((p) => live && setClosed(p === 'denied'));
    return () => {
      live = false;
    };
  }, [earned]);
  const settings = usePushSettings(earned && !closed);
  const enable = useEnableNotifications();
  const [error, setError] = useState<string | null>(null);

  if (!earned || closed || !settings.data?.enabled || settings.data.subscriptions > 0) return null;
  const publicKey = settings.data.publicKey;

  function allow() {
    if (!publicKey) return;
    setError(null);
    enable.mutate(publicKey, {
      onSuccess: () => {
        toast.success(ENABLED_TOAST);
        setClosed(true);
      },
      onError: (e) => {
        if (e instanceof PushPermissionDenied) setClosed(true);
        setError(messageOf(e, SUBSCRIBE_FAILED_MESSAGE));
        if (e instanceof PushPermissionDenied) toast.info(e.message);
      },
    });
  }

  function notNow() {
    rememberDeclined('dismissed');
    setClosed(true);
  }

  return (
    <section className="card push-optin" aria-labelledby="push-optin-title">
      <div className="push-optin__head">
        <span className="push-optin__icon" aria-hidden="true">
          <BellIcon size={22} />
        </span>
        <h2 id="push-optin-title" className="card-title">
          {OPT_IN_TITLE}
        </h2>
      </div>
      <p className="push-optin__text">
        We can tell you when a partner confirms an offer, a few days before a voucher expires, and when we
        answer a claim, even with the app closed. You choose which in your profile.
      </p>
      {error ? (
        <p className="push-optin__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="push-optin__actions">
        <Button icon={<BellIcon size={18} />} onClick={allow} loading={enable.isPending}>
          Allow notifications
        </Button>
        <Button variant="ghost" onClick={notNow} disabled={enable.isPending}>
          Not now
        </Button>
      </div>
    </section>
  );
}
