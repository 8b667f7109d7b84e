// The profile's notification settings (issue 38): this device's state (on, off, blocked, not
// possible here) with "Allow notifications" or "Turn off on this device", and a switch per kind that
// the member can turn off at any time (saved at once on the server, for all their devices).
import { useEffect, useState, type ReactNode } from 'react';
import { PUSH_KINDS, PUSH_KIND_LABELS, type PushKind } from '../../../../../shared/push';
import { Button } from '../../../components/ui/button';
import { messageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import {
  SAVE_FAILED_MESSAGE,
  SETTINGS_FAILED_MESSAGE,
  SUBSCRIBE_FAILED_MESSAGE,
  useDisableNotifications,
  useEnableNotifications,
  usePushSettings,
  useUpdatePushKinds,
} from '../api/push-settings';
import { currentSubscription, permissionState, pushSupport, PushPermissionDenied } from '../push-client';
import { BellIcon } from './bell-icon';

export function NotificationSettings() {
  // Known after the first render (the server render and the first render agree).
  const [support, setSupport] = useState<ReturnType<typeof pushSupport> | null>(null);
  const settings = usePushSettings();
  const enable = useEnableNotifications();
  const disable = useDisableNotifications();
  const update = useUpdatePushKinds();
  const [thisDevice, setThisDevice] = useState<boolean | null>(null);
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    setSupport(pushSupport());
    let live = true;
    void permissionState().then((p) => live && setBlocked(p === 'denied'));
    currentSubscription()
      .then((s) => live && setThisDevice(s !== null))
      .catch(() => live && setThisDevice(false));
    return () => {
      live = false;
    };
  }, []);

  const data = settings.data;

  function allow() {
    if (!data?.publicKey) return;
    enable.mutate(data.publicKey, {
      onSuccess: () => {
        setThisDevice(true);
        toast.success('Notifications are on for this device.');
      },
      onError: (e) => {
        if (e instanceof PushPermissionDenied) setBlocked(true);
        toast.error(messageOf(e, SUBSCRIBE_FAILED_MESSAGE));
      },
    });
  }

  function turnOff() {
    disable.mutate(undefined, {
      onSuccess: () => {
        setThisDevice(false);
        toast.success('Notifications are off for this device.');
      },
      onError: (e) => toast.error(messageOf(e, SAVE_FAILED_MESSAGE)),
    });
  }

  function toggle(kind: PushKind, on: boolean) {
    update.mutate({ [kind]: on }, { onError: (e) => toast.error(messageOf(e, SAVE_FAILED_MESSAGE)) });
  }

  let state: ReactNode;
  if (support === null) {
    state = null;
  } else if (support === 'install-first') {
    state = (
      <p className="notification-settings__state">
        On iPhone and iPad, add Spin Rewards to your Home Screen first (Share, then Add to Home Screen) and
        open it from there to turn on notifications.
      </p>
    );
  } else if (support === 'unsupported') {
    state = <p className="notification-settings__state">This browser cannot show notifications.</p>;
  } else if (data && !data.enabled) {
    state = <p className="notification-settings__state">Notifications are not available right now.</p>;
  } else if (blocked) {
    state = (
      <p className="notification-settings__state">
        Notifications are blocked for this site. Allow them in your browser&rsquo;s site settings, then come
        back here.
      </p>
    );
  } else if (thisDevice) {
    state = (
      <div className="notification-settings__row">
        <p className="notification-settings__state">Notifications are on for this device.</p>
        <Button variant="ghost" size="sm" onClick={turnOff} loading={disable.isPending}>
          Turn off on this device
        </Button>
      </div>
    );
  } else {
    state = (
      <div className="notification-settings__row">
        <p className="notification-settings__state">Notifications are off for this device.</p>
        <Button
          size="sm"
          icon={<BellIcon size={18} />}
          onClick={allow}
          loading={enable.isPending}
          disabled={!data || thisDevice === null}
        >
          Allow notifications
        </Button>
      </div>
    );
  }

  return (
    <section className="card notification-settings" aria-labelledby="notifications-title">
      <h2 id="notifications-title" className="card-title">
        Notifications
      </h2>
      {state}
      {settings.isPending ? (
        <p className="notification-settings__state" role="status">
          Loading your notification settings...
        </p>
      ) : settings.isError || !data ? (
        <p className="notification-settings__state" role="alert">
          {SETTINGS_FAILED_MESSAGE}{' '}
          <Button variant="ghost" size="sm" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </p>
      ) : (
        <ul className="switch-list" aria-label="What to be told about">
          {PUSH_KINDS.map((kind) => {
            const on = data.kinds[kind];
            const id = `push-kind-${kind}`;
            return (
              <li key={kind} className="switch-row">
                <div>
                  <p className="switch-row__label" id={`${id}-label`}>
                    {PUSH_KIND_LABELS[kind].label}
                  </p>
                  <p className="switch-row__hint" id={`${id}-hint`}>
                    {PUSH_KIND_LABELS[kind].hint}
                  </p>
                </div>
                <button
                  type="button"
                  role="switch"
                  id={id}
                  className="switch"
                  aria-checked={on}
                  aria-labelledby={`${id}-label`}
                  aria-describedby={`${id}-hint`}
                  disabled={update.isPending}
                  onClick={() => toggle(kind, !on)}
                >
                  <span className="switch__thumb" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
