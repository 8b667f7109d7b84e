import { Notification } from 'react-admin';
import { TOAST_DURATION_MS } from '../../../shared/constants';

/**
 * Toasts appear bottom-left (Material's place for snackbars on wide screens) and last 5 seconds: at the
 * top right they covered the app bar's user menu.
 */
export function ConsoleNotification() {
  return (
    <Notification
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      autoHideDuration={TOAST_DURATION_MS}
    />
  );
}
