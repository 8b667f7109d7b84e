import { Notification } from 'react-admin';
import { TOAST_DURATION_MS } from '../../../shared/constants';

/** Toasts appear top-right and last 5 seconds. */
export function TopRightNotification() {
  return (
    <Notification
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      autoHideDuration={TOAST_DURATION_MS}
    />
  );
}
