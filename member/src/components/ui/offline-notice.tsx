import { useOnline } from '../../lib/use-online';
import { OfflineIcon } from './icons';

/** Offline, saved data is shown with this notice and server actions are disabled. */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="offline-notice" role="status">
      <OfflineIcon size={18} />
      <span>
        <strong>You're offline.</strong> Showing your saved data — voucher codes can still be copied; offers
        and spins need a connection.
      </span>
    </div>
  );
}
