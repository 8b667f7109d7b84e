import { notifyManager } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLOT_TIMINGS } from '../../../../../shared/slot';
import { makeOffer, state } from '../../../testing/mocks/db';
import { renderWithProviders } from '../../../testing/test-utils';
import { SlotMachineModal } from './slot-machine-modal';

// The result panel of an owed win and its odds (docs/product-rules.md#spins, "Stock-outs and owed
// vouchers"): a win whose code went to another member at the same moment, and the odds the server
// sends with the spin (what it could win, no amount out of stock).
describe('slot-machine result: owed win and the odds of what can be won', () => {
  beforeEach(() => {
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    notifyManager.setScheduler(queueMicrotask);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    notifyManager.setScheduler((cb) => setTimeout(cb, 0));
    vi.unstubAllGlobals();
  });

  async function spinToResult() {
    const { user } = renderWithProviders(
      <SlotMachineModal
        open
        offer={makeOffer({ completed: true, status: 'completed' })}
        freeSpinsRemaining={0}
        onClose={vi.fn()}
      />,
      { userOptions: { advanceTimers: (ms: number) => vi.advanceTimersByTime(ms) } },
    );
    await user.click(screen.getByRole('button', { name: 'Spin Now' }));
    await waitFor(() => expect(document.querySelector('.slot')).toHaveAttribute('data-animating'));
    act(() => vi.advanceTimersByTime(SLOT_TIMINGS.resultDelayMs));
    return screen.getByTestId('spin-result');
  }

  it("an owed win says 'Your ₹50 voucher is on its way', shows no code and no miss", async () => {
    state.current.spin = {
      ...state.current.spin,
      slotResult: [50, 50, 50],
      isWinningCombination: true,
      rewardType: 'voucher_50',
      voucher: null,
      owedVoucher: { amount: 50 },
      odds: { reels: [{ amount: 50, probability: 10 }] },
    };
    const result = await spinToResult();
    expect(result).toHaveTextContent('Your ₹50 voucher is on its way');
    expect(result).toHaveTextContent('assigned automatically as soon as codes are restocked');
    expect(result).not.toHaveTextContent('Better Luck Next Time');
    expect(result.querySelector('.code-box__code')).toBeNull();
  });

  it("states the server's odds of what can be won: an amount out of stock is left out", async () => {
    state.current.spin = {
      ...state.current.spin,
      slotResult: [10, 0, 50],
      isWinningCombination: false,
      rewardType: 'none',
      voucher: null,
      owedVoucher: null,
      odds: { reels: [{ amount: 10, probability: 30 }] },
    };
    const result = await spinToResult();
    expect(result).toHaveTextContent(/Odds of this spin: ₹10: 30\s%\s·\sTry again: 70\s%/);
  });
});
