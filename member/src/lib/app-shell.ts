// The app shell the server paints in a signed-in member's direct visit (server/lib/member-pages.ts,
// `withShell`): the top bar and the page's heading, outside React's root. It stands in for the
// app's loader: while React would show its full-screen loader the shell stays, and the first time
// React shows anything else (the page, the login screen, an error) the shell goes in the same frame.
export const APP_SHELL_ID = 'app-shell';

let holders = 0;

export function hasAppShell(): boolean {
  return typeof document !== 'undefined' && document.getElementById(APP_SHELL_ID) !== null;
}

/** Removes the shell unless a loader still stands behind it (checked once the commit is done). */
export function releaseAppShell(): void {
  // A loader that unmounts and another that mounts in the same commit must not blink the shell out.
  queueMicrotask(() => {
    if (holders === 0) document.getElementById(APP_SHELL_ID)?.remove();
  });
}

/** A loader keeps the shell on screen while it is mounted; the returned function lets go. */
export function holdAppShell(): () => void {
  holders += 1;
  return () => {
    holders -= 1;
    releaseAppShell();
  };
}
