import { BRAND } from '../../config/constants';
import { LogoMark } from './icons';

/** Spec section 2: shown while the session is checked. */
export function FullScreenLoader() {
  return (
    <div className="fullscreen-loader" role="status" aria-live="polite">
      <div className="fullscreen-loader__mark">
        <LogoMark size={56} />
        <span className="spinner spinner--ring" aria-hidden="true" />
      </div>
      <h1 className="fullscreen-loader__title">Loading {BRAND}</h1>
      <p className="fullscreen-loader__text">Please wait while we prepare your rewards...</p>
    </div>
  );
}
