import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_ACTION_ATTRIBUTE, holdEarlyActions, takeEarlyAction } from './early-actions';

function serverPaintedButton(name: string) {
  const button = document.createElement('button');
  button.setAttribute(EARLY_ACTION_ATTRIBUTE, name);
  const label = document.createElement('span');
  label.textContent = 'Continue with Google';
  button.append(label);
  document.body.append(button);
  return { button, label };
}

describe('presses before the app has hydrated the page', () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('holds a press on a marked button (on its label too), shows it was heard, and hands it over once', () => {
    holdEarlyActions();
    const { button, label } = serverPaintedButton('sign-in');
    const reached = vi.fn();
    document.body.addEventListener('click', reached);

    label.click();
    // Held: nothing else on the page reacts to it yet.
    expect(reached).not.toHaveBeenCalled();
    expect(document.documentElement.getAttribute('data-early-pending')).toBe('sign-in');

    // The owner mounts: the press is its to run, once.
    expect(takeEarlyAction('sign-in')).toBe(true);
    expect(document.documentElement.hasAttribute('data-early-pending')).toBe(false);

    // From now on presses go through as usual (React's handlers), and nothing is held.
    button.click();
    expect(reached).toHaveBeenCalledTimes(1);
    expect(takeEarlyAction('sign-in')).toBe(false);
  });

  it('holds nothing when nobody pressed, and leaves unmarked elements alone', () => {
    holdEarlyActions();
    serverPaintedButton('other');
    const plain = document.createElement('button');
    document.body.append(plain);
    const reached = vi.fn();
    document.body.addEventListener('click', reached);
    plain.click();
    expect(reached).toHaveBeenCalledTimes(1);
    expect(takeEarlyAction('other')).toBe(false);
  });
});
