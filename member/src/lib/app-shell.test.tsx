import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FullScreenLoader } from '../components/ui/full-screen-loader';
import { APP_SHELL_ID, releaseAppShell } from './app-shell';

// The server's app shell (server/lib/member-pages.ts) stands in for the app's loader: it must stay
// while React shows the loader and go, without a blank frame, when React shows anything else.
function paintShell() {
  const shell = document.createElement('div');
  shell.id = APP_SHELL_ID;
  shell.textContent = 'Welcome!';
  document.body.prepend(shell);
}
const shellOnScreen = () => document.getElementById(APP_SHELL_ID) !== null;
const flushMicrotasks = () => act(() => Promise.resolve());

afterEach(() => document.getElementById(APP_SHELL_ID)?.remove());

function Screens() {
  const [screen, setScreen] = useState<'loader' | 'other-loader' | 'page'>('loader');
  return (
    <>
      {screen === 'page' ? (
        <h1>Dashboard</h1>
      ) : screen === 'loader' ? (
        <FullScreenLoader />
      ) : (
        <FullScreenLoader key="2" />
      )}
      <button onClick={() => setScreen('other-loader')}>swap</button>
      <button onClick={() => setScreen('page')}>page</button>
    </>
  );
}

describe('app shell handoff', () => {
  it('keeps the shell while a loader is shown, through a loader swap, and removes it with the page', async () => {
    paintShell();
    const view = render(<Screens />);
    await flushMicrotasks();
    // The loader renders nothing of its own: the shell is the loader.
    expect(view.queryByText(/Loading/)).toBeNull();
    expect(shellOnScreen()).toBe(true);

    act(() => view.getByText('swap').click());
    await flushMicrotasks();
    expect(shellOnScreen()).toBe(true);

    act(() => view.getByText('page').click());
    await flushMicrotasks();
    expect(shellOnScreen()).toBe(false);
    expect(view.getByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });

  it('without a shell the loader shows itself', () => {
    const view = render(<FullScreenLoader />);
    expect(view.getByRole('heading', { name: /Loading/ })).toBeTruthy();
  });

  it('a release with no loader mounted removes the shell', async () => {
    paintShell();
    releaseAppShell();
    await flushMicrotasks();
    expect(shellOnScreen()).toBe(false);
  });
});
