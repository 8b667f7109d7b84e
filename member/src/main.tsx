import { warmUp } from './app/warm-up';
import { holdEarlyActions } from './lib/early-actions';
import { afterFirstContentfulPaint } from './lib/first-paint';
import './styles.css';

// The entry chunk is tiny on purpose (the dashboard's long task): evaluating React DOM
// and the app's code was one task of about 80 ms on this machine, which a phone four times slower
// turns into the page's Total Blocking Time. So the entry only starts the page's chunks and first
// calls, waits until the HTML's page (server-rendered) or loader is on screen, then evaluates React
// DOM, the libraries and the app one task each, and renders. A server-rendered page's HTML carries no
// modulepreloads (server/lib/member-ssr.ts): its chunks load from here, after its first paint; the
// loader's HTML preloads them at low priority.

// A member page opened directly: its chunks and first calls start now.
warmUp(window.location.pathname);

// A press on a server-painted button before React has hydrated it is held, not lost.
holdEarlyActions();

/** Resolves in a new task, after the browser has had the chance to paint and handle input. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function boot() {
  // The page on screen first (member/src/lib/first-paint.ts), then the app's chunks.
  await afterFirstContentfulPaint();
  const client = await import('react-dom/client');
  await nextTask();
  await import('./app/vendor');
  await nextTask();
  const { mount } = await import('./app/mount');
  await nextTask();
  await mount(client, document.getElementById('root')!);
}

void boot();
