import { startTransition, useEffect, useState } from 'react';
import { listsRenderWhole, renderListsWhole } from './render-lists-whole';

/** Cards in the first commit: a phone's first screen shows the stats and about two cards. */
export const FIRST_BATCH = 4;
/** Cards added per later task. */
export const BATCH = 4;

/**
 * How many items of a long list to render now: the first `first` at once, then `step` more in each
 * later task until all are there. Rendering and committing thirty offer cards in one go was the
 * dashboard's longest task (docs/decisions/offer-cards-progressive.md); in batches, each task stays short and
 * the page answers input between them, while the first screen is complete from the first commit.
 * The list's length (section counts) is never affected, only how many rows exist in the DOM yet.
 */
export function useProgressiveCount(total: number, first = FIRST_BATCH, step = BATCH): number {
  // Never fewer than `first`: a list that was empty (still loading) starts with its first batch.
  const [count, setCount] = useState(() => (listsRenderWhole() ? Math.max(total, first) : first));
  useEffect(() => renderListsWhole(false), []);
  useEffect(() => {
    if (count >= total) return;
    // A new task (not a microtask), so that the browser can paint and handle input in between;
    // the added rows are a transition, rendered in slices that yield to anything urgent.
    const timer = setTimeout(() => startTransition(() => setCount((c) => c + step)), 0);
    return () => clearTimeout(timer);
  }, [count, total, step]);
  return Math.min(count, total);
}
