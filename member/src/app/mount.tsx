import { StrictMode, startTransition } from 'react';
import type { createRoot } from 'react-dom/client';
import { App } from './index';

/**
 * Renders the app into `container`. The first render is a transition: React renders it in slices
 * that yield to the browser every few milliseconds instead of one long task, while the HTML's
 * loader stays on screen until the commit replaces it.
 */
export function mount(create: typeof createRoot, container: HTMLElement): void {
  const root = create(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
