import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from './button';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** DESIGN.md section 5: a new version is offered, never applied by surprise. */
export function UpdatePrompt() {
  const {
    offlineReady: [offlineReady, setOfflineReady],
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(swUrl, registration) {
      if (!registration) return;
      setInterval(async () => {
        // The update check skips while offline (it would only fail) or while one is installing.
        if (!navigator.onLine || registration.installing) return;
        try {
          const res = await fetch(swUrl, { cache: 'no-store', headers: { 'cache-control': 'no-cache' } });
          if (res.status === 200) await registration.update();
        } catch {
          /* a failed check is retried at the next interval */
        }
      }, UPDATE_CHECK_MS);
    },
  });

  if (!offlineReady && !needRefresh) return null;
  const close = () => {
    setOfflineReady(false);
    setNeedRefresh(false);
  };
  return (
    <div className="update-prompt" role="alertdialog" aria-labelledby="update-prompt-title">
      <p id="update-prompt-title" className="update-prompt__text">
        {needRefresh ? 'A new version is available.' : 'The app is ready to work offline.'}
      </p>
      <div className="update-prompt__actions">
        {needRefresh ? (
          <Button size="sm" onClick={() => void updateServiceWorker(true)}>
            Reload
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={close}>
          {needRefresh ? 'Later' : 'Close'}
        </Button>
      </div>
    </div>
  );
}
