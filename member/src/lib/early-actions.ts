// A page the server painted (the sign-in page for everyone, a member's page on a direct visit) is on
// screen before React has hydrated it; on a slow phone that can be a second or two. A press on one of
// its buttons in that time would otherwise do nothing: React's own replay of events starts only once
// the root exists. The entry chunk (member/src/main.tsx) installs this listener at once; a press on
// an element marked `data-early-action="name"` is held, the button shows that it was heard
// (`data-early-pending` on the document: styles.css), and the component that owns the action runs it
// when it mounts (`takeEarlyAction`).

/** The attribute that marks an element whose press is held until the app takes it. */
export const EARLY_ACTION_ATTRIBUTE = 'data-early-action';
const PENDING_ATTRIBUTE = 'data-early-pending';

const held = new Set<string>();
const taken = new Set<string>();

function onEarlyPress(event: Event): void {
  const target = event.target instanceof Element ? event.target : null;
  const element = target?.closest(`[${EARLY_ACTION_ATTRIBUTE}]`);
  const name = element?.getAttribute(EARLY_ACTION_ATTRIBUTE);
  // Once the owning component has mounted, React handles the press itself.
  if (!name || taken.has(name)) return;
  event.preventDefault();
  event.stopPropagation();
  held.add(name);
  document.documentElement.setAttribute(PENDING_ATTRIBUTE, name);
}

/** Starts holding early presses (the entry chunk, before React loads). */
export function holdEarlyActions(): void {
  document.addEventListener('click', onEarlyPress, true);
}

/**
 * Called by the component that owns `name` when it mounts: from now on React handles its presses.
 * True when the member pressed it before, so the component runs the action now.
 */
export function takeEarlyAction(name: string): boolean {
  taken.add(name);
  if (document.documentElement.getAttribute(PENDING_ATTRIBUTE) === name)
    document.documentElement.removeAttribute(PENDING_ATTRIBUTE);
  return held.delete(name);
}
