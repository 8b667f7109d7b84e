import { useLayoutEffect, useState } from 'react';
import { BRAND } from '../../config/constants';
import { hasAppShell, holdAppShell } from '../../lib/app-shell';
import { LogoMark } from './icons';

/**
 * Shown while the session is checked ('Loading {brand}'). When the server painted the page's app shell
 * (a signed-in member's direct visit), the shell is this loader: it stays until React shows the page.
 */
export function FullScreenLoader() {
  const [shell] = useState(hasAppShell);
  useLayoutEffect(() => (shell ? holdAppShell() : undefined), [shell]);
  if (shell) return null;
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
