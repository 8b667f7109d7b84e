import { useEffect, useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { afterPageSettles } from '../../lib/page-settled';
import { Button } from './button';

const UPDATE_CHECK_MS = 60 * 60 * 1000;
/**
 * The service worker is registered this long after the page's load event (and at an idle moment):
 * its install fetches and precaches every asset (about 700 KB), which must not compete with the
 * first render and hydration (docs/decisions/service-worker-prompt.md).
 */
export const SW_REGISTER_DELAY_MS = 2_000;

/** UpdatePrompt, mounted (so the service worker registered) once the page has settled. */
export function DeferredUpdatePrompt() {
  const [settled, setSettled] = useState(false);
  useEffect(() => afterPageSettles(() => setSettled(true), { delayMs: SW_REGISTER_DELAY_MS }), []);
  return settled ? <UpdatePrompt /> : null;
}

/** A new version is offered, never applied by surprise (docs/product-rules.md#offline). */
export function UpdatePrompt() {
  // 'Ready to work offline' is not announced: it would cover the login screen on a first visit
  // for news the member does not need. Only a waiting update is offered.
  const {
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

  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="alertdialog" aria-labelledby="update-prompt-title">
      <p id="update-prompt-title" className="update-prompt__text">
        A new version of SpinRewards is available.
      </p>
      <div className="update-prompt__actions">
        <Button size="sm" onClick={() => void updateServiceWorker(true)}>
          Reload
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setNeedRefresh(false)}>
          Later
        </Button>
      </div>
    </div>
  );
}
