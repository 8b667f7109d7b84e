import { warmUp } from './app/warm-up';
import { holdEarlyActions } from './lib/early-actions';
import './styles.css';

// The entry chunk is tiny on purpose (the dashboard's long task): evaluating React DOM
// and the app's code was one task of about 80 ms on this machine, which a phone four times slower
// turns into the page's Total Blocking Time. So the entry only starts the page's chunks and first
// calls, lets the HTML's loader paint, then evaluates React DOM, the libraries and the app one task
// each (their chunks are preloaded by the HTML and already downloading), and renders.

// A member page opened directly: its chunks and first calls start now.
warmUp(window.location.pathname);

// A press on a server-painted button before React has hydrated it is held, not lost.
holdEarlyActions();

/** Resolves in a new task, after the browser has had the chance to paint and handle input. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** After the loader's first frame; hidden tabs get no animation frames, so a timeout stands in. */
function afterFirstFrame(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
}

async function boot() {
  await afterFirstFrame();
  const client = await import('react-dom/client');
  await nextTask();
  await import('./app/vendor');
  await nextTask();
  const { mount } = await import('./app/mount');
  await nextTask();
  await mount(client, document.getElementById('root')!);
}

void boot();
