import type { CSSProperties } from 'react';
import { formatRupees } from '../../../../../shared/format';
import { amountTier, SLOT_TIMINGS } from '../../../../../shared/slot';

export function reelSymbol(amount: number): string {
  return amount > 0 ? formatRupees(amount) : '✕';
}

/**
 * One reel window, SLOT_TIMINGS.itemHeight (80 px) tall. While `spinning`, a doubled strip loops
 * (CSS); once `stopped`, the strip rests on `value`. prefers-reduced-motion drops the loop and
 * shows a still placeholder: the reel timings are untouched, only the motion goes.
 */
export function SlotReel({
  index,
  items,
  value,
  spinning,
  stopped,
}: {
  index: number;
  items: number[];
  value: number | null;
  spinning: boolean;
  stopped: boolean;
}) {
  const strip = value !== null && !items.includes(value) ? [...items, value] : items;
  const restIndex = stopped && value !== null ? strip.indexOf(value) : -1;
  const style = {
    '--item-h': `${SLOT_TIMINGS.itemHeight}px`,
    '--reel-offset': `${restIndex >= 0 ? -restIndex * SLOT_TIMINGS.itemHeight : 0}px`,
    '--reel-speed': `${0.42 + index * 0.07}s`,
  } as CSSProperties;
  const label =
    stopped && value !== null
      ? `Reel ${index + 1}: ${value > 0 ? formatRupees(value) : 'no prize'}`
      : `Reel ${index + 1}`;

  return (
    <div
      className={`reel${spinning ? ' reel--spinning' : ''}${stopped ? ' reel--stopped' : ''}`}
      style={style}
      role="img"
      aria-label={label}
    >
      <div className="reel__strip">
        {(spinning ? [...strip, ...strip] : strip).map((amount, i) => (
          <div key={i} className={`reel__item reel__item--${amountTier(amount)}`}>
            {reelSymbol(amount)}
          </div>
        ))}
      </div>
      {!spinning && !stopped ? <div className="reel__idle">?</div> : null}
      {spinning ? (
        <div className="reel__still" aria-hidden="true">
          ?
        </div>
      ) : null}
    </div>
  );
}
