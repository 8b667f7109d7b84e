import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderListsWhole } from './render-lists-whole';
import { useProgressiveCount } from './use-progressive-count';

function List({ total }: { total: number }) {
  const shown = useProgressiveCount(total, 2, 3);
  return (
    <ul>
      {Array.from({ length: shown }, (_, i) => (
        <li key={i}>row {i}</li>
      ))}
    </ul>
  );
}

/** Each batch is a timer, then a transition render whose effect sets the next timer. */
async function allBatches() {
  for (let i = 0; i < 10; i++) await act(() => vi.advanceTimersToNextTimerAsync());
}

describe('useProgressiveCount', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('renders the first batch at once, then a batch per task until the whole list is there', async () => {
    render(<List total={7} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
    await allBatches();
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
  });

  it('starts with the first batch when the list arrives after an empty render, and follows a shorter list', async () => {
    const { rerender } = render(<List total={0} />);
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    rerender(<List total={10} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await allBatches();
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    rerender(<List total={4} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });

  it('renders the whole list at once while a server-rendered page is first rendered, in batches again after', async () => {
    renderListsWhole(true);
    const first = render(<List total={7} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
    first.unmount();
    renderListsWhole(false);
    render(<List total={7} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await allBatches();
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
  });
});
