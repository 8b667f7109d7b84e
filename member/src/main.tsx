import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/index';
import { warmUp } from './app/router';
import './styles.css';

// A member page opened directly: its chunks and first calls start now, before React renders.
warmUp(window.location.pathname);

// The HTML's loader paints first; React starts right after that frame, so the first paint never
// waits for the app's first render. Hidden tabs get no animation frames: the timeout starts them.
let started = false;
function start() {
  if (started) return;
  started = true;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 100);
