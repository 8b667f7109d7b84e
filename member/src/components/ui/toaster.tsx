import { useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToasts } from '../../lib/toast';
import { CloseIcon } from './icons';

/** Top-right stack; each toast leaves after 5 seconds. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <div className="toaster" aria-live="polite" aria-relevant="additions">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast--${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <div className="toast__body">
            <p className="toast__title">{t.title}</p>
            {t.description ? <p className="toast__description">{t.description}</p> : null}
          </div>
          <button
            type="button"
            className="toast__close"
            aria-label="Dismiss notification"
            onClick={() => dismissToast(t.id)}
          >
            <CloseIcon size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}
