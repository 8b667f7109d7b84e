import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import type { MemberOffer, SpinResponse } from '../../../../../shared/contract/member';
import { formatDate, formatRupees, percentText } from '../../../../../shared/format';
import {
  DEFAULT_REEL_AMOUNTS,
  DEFAULT_SLOT_CONFIG,
  offerTable,
  SLOT_TIMINGS,
  winRange,
  owedVoucherText,
  amountTier,
  tableOdds,
  winRangeText,
  type SlotConfig,
} from '../../../../../shared/slot';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { CodeBox } from '../../../components/ui/copy-button';
import { Dialog } from '../../../components/ui/dialog';
import { CheckIcon, SparkleIcon } from '../../../components/ui/icons';
import { messageOf } from '../../../lib/api-client';
import { useBrand } from '../../../lib/brands';
import { toast } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-online';
import { SPIN_FAILED_MESSAGE, spinRequestFor, useSlotSpin } from '../api/slot-spin';
import { SlotReel } from './slot-reel';

export const JACKPOT_MESSAGE = '🎰 Jackpot! You won a voucher! 🎉';

/** An owed win (docs/product-rules.md#spins), under 'Your ₹50 voucher is on its way'. */
export const OWED_VOUCHER_DETAIL =
  'The last code of this amount went to another winner at the same moment. Yours is assigned automatically as soon as codes are restocked, and it will appear in My Rewards.';
const REELS = 3;

/** Reel stops: 8 s plus 0.5 s per reel (reel 1 at 8 s, reel 3 at 9 s). */
export function reelStopMs(index: number): number {
  return SLOT_TIMINGS.reelStopBaseMs + SLOT_TIMINGS.reelStopStepMs * index;
}

/**
 * The table this spin draws from: a free spin (also one spent from an offer's card) uses the default
 * table, an offer spin its own slot_config (the default one when it has none).
 */
export function playedTable(offer: MemberOffer | null, freeSpinsRemaining: number): SlotConfig {
  return isFreeSpin(offer, freeSpinsRemaining) ? DEFAULT_SLOT_CONFIG : offerTable(offer?.slot_config ?? null);
}

/** Whether this spin is a free one (the free-spin bonus, or any spin while free spins remain). */
export function isFreeSpin(offer: MemberOffer | null, freeSpinsRemaining: number): boolean {
  return spinRequestFor(offer?.offer_id ?? 0, freeSpinsRemaining).spinType === 'free';
}

/**
 * The reel strip: the table's paying amounts and 0. A free spin shows the free-spin table's own amounts
 * (issue 35: its reels showed ₹100 and ₹50 under 'Win ₹5 - ₹10'); an offer without a slot_config keeps
 * the specification's default display set (100, 50, 20, 10, 5, 0).
 */
export function reelItems(table: SlotConfig, free = false): number[] {
  const amounts = table.reels.map((r) => r.amount).filter((a) => a > 0);
  if (!free && (table === DEFAULT_SLOT_CONFIG || amounts.length === 0)) return [...DEFAULT_REEL_AMOUNTS];
  if (amounts.length === 0) return reelItems(DEFAULT_SLOT_CONFIG, true);
  return [...new Set([...amounts.sort((a, b) => b - a), 0])];
}

export { percentText };

/** The played table's odds, as the result panel states them: '₹10: 20 % · ₹5: 30 % · Try again: 50 %'. */
export function oddsText(table: SlotConfig): string {
  const odds = tableOdds(table);
  return [
    ...odds.prizes.map((p) => `${formatRupees(p.amount)}: ${percentText(p.percent)}`),
    `Try again: ${percentText(odds.tryAgain)}`,
  ].join(' · ');
}

type Phase = 'idle' | 'spinning' | 'animating' | 'result';

/** The celebration's size by the prize (issue 35, item 7): more confetti and a longer buzz for more. */
export type CelebrationSize = 'small' | 'medium' | 'large' | 'huge';

export function celebrationOf(amount: number): { size: CelebrationSize; pieces: number; vibrate: number[] } {
  const tier = amountTier(amount);
  if (tier === 'top') return { size: 'huge', pieces: 36, vibrate: [80, 40, 80, 40, 160] };
  if (tier === 'high') return { size: 'large', pieces: 24, vibrate: [60, 40, 120] };
  if (tier === 'mid') return { size: 'medium', pieces: 14, vibrate: [80] };
  return { size: 'small', pieces: 8, vibrate: [40] };
}

/** A short vibration where the device has one (the Vibration API; ignored elsewhere). */
function buzz(pattern: number[]) {
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function')
      navigator.vibrate(pattern);
  } catch {
    /* not allowed here: nothing to do */
  }
}

const CONFETTI_COLOURS = ['#f59e0b', '#ec4899', '#7c3aed', '#10b981', '#3b82f6'];

/** Confetti over the result: its amount of pieces grows with the prize; none when motion is reduced (CSS). */
function Celebration({ size, pieces }: { size: CelebrationSize; pieces: number }) {
  return (
    <div className={`slot-celebration slot-celebration--${size}`} aria-hidden="true">
      {Array.from({ length: pieces }, (_, i) => (
        <span
          key={i}
          className="slot-celebration__piece"
          style={
            {
              '--x': `${(i * 37) % 100}%`,
              '--delay': `${(i % 7) * 60}ms`,
              '--drift': `${((i * 53) % 60) - 30}px`,
              '--colour': CONFETTI_COLOURS[i % CONFETTI_COLOURS.length],
            } as CSSProperties
          }
        />
      ))}
    </div>
  );
}

/**
 * Slot-machine modal (docs/product-rules.md#spins). `offer` null means the free spin bonus
 * (pseudo-offer id 0). Idle → spinning (request pending) → reels animate → result panel 9 s
 * after the response; the animation flag clears at 10 s. 'Continue' closes and refetches offers.
 */
export function SlotMachineModal({
  open,
  offer,
  freeSpinsRemaining,
  freeSpinOdds,
  onClose,
}: {
  open: boolean;
  offer: MemberOffer | null;
  freeSpinsRemaining: number;
  /** The free spin's odds now (offers.php's freeSpinOdds: the free table's amounts in stock). */
  freeSpinOdds?: SlotConfig | undefined;
  onClose: (spun: boolean) => void;
}) {
  const online = useOnline();
  const spin = useSlotSpin();
  const [phase, setPhase] = useState<Phase>('idle');
  const [result, setResult] = useState<SpinResponse | null>(null);
  const [stopped, setStopped] = useState<boolean[]>([false, false, false]);
  const [animating, setAnimating] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const offerId = offer?.offer_id ?? 0;
  // Fixed at the spin (a free spin spent lowers the count the table depends on).
  const [spunTable, setSpunTable] = useState<SlotConfig | null>(null);
  const table = spunTable ?? playedTable(offer, freeSpinsRemaining);
  const [spunFree, setSpunFree] = useState<boolean | null>(null);
  const free = spunFree ?? isFreeSpin(offer, freeSpinsRemaining);
  // A free spin's reels and header are the free-spin table's: what can be won on it now.
  const shownTable = free && freeSpinOdds && freeSpinOdds.reels.length > 0 ? freeSpinOdds : table;
  const items = reelItems(shownTable, free);
  const range = winRange(shownTable);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  function reset() {
    timers.current.forEach(clearTimeout);
    timers.current = [];
    setPhase('idle');
    setResult(null);
    setSpunTable(null);
    setSpunFree(null);
    setStopped([false, false, false]);
    setAnimating(false);
    spin.reset();
  }

  function startSpin() {
    setSpunTable(playedTable(offer, freeSpinsRemaining));
    setSpunFree(isFreeSpin(offer, freeSpinsRemaining));
    setPhase('spinning');
    setStopped([false, false, false]);
    spin.mutate(spinRequestFor(offerId, freeSpinsRemaining), {
      onSuccess: (data) => {
        setResult(data);
        setPhase('animating');
        setAnimating(true);
        for (let i = 0; i < REELS; i++) {
          timers.current.push(
            setTimeout(() => setStopped((s) => s.map((v, j) => (j === i ? true : v))), reelStopMs(i)),
          );
        }
        timers.current.push(
          setTimeout(() => {
            setPhase('result');
            if (data.isWinningCombination && data.voucher) {
              toast.success(JACKPOT_MESSAGE);
              buzz(celebrationOf(data.voucher.amount).vibrate);
            }
          }, SLOT_TIMINGS.resultDelayMs),
        );
        timers.current.push(setTimeout(() => setAnimating(false), SLOT_TIMINGS.animationClearMs));
      },
      onError: (error) => {
        setPhase('idle');
        toast.error(messageOf(error, SPIN_FAILED_MESSAGE));
      },
    });
  }

  function close() {
    const spun = result !== null;
    reset();
    onClose(spun);
  }

  const busy = phase === 'spinning' || phase === 'animating';
  const won = result?.isWinningCombination && result.voucher;
  // A win whose code went to another member at the same moment: owed, assigned at the next restock.
  const owed = result?.isWinningCombination && !result.voucher ? result.owedVoucher : null;
  const title = offer ? offer.title?.trim() || 'Untitled Offer' : 'Free Spin Bonus';
  const brandOf = useBrand(Boolean(won));
  const redeem = won && result?.voucher ? brandOf(result.voucher.brand)?.redeem_url : null;
  const celebration = won && result?.voucher ? celebrationOf(result.voucher.amount) : null;
  // The result panel is laid out (hidden) as soon as the response is known, in the same place as the
  // controls: the dialog does not change size, nor show an empty panel, when it is revealed.
  const showResult = phase === 'result' || phase === 'animating';

  return (
    <Dialog open={open} onClose={close} dismissible={!busy} title="Slot Machine" className="slot-dialog">
      <p className="slot__subtitle">
        {title}
        {range ? ` · ${winRangeText(range)}` : ''}
      </p>
      <div className={`slot${animating ? ' slot--animating' : ''}`} data-animating={animating || undefined}>
        <div className="slot__lights" aria-hidden="true" />
        <div className="slot__window">
          {Array.from({ length: REELS }, (_, i) => (
            <SlotReel
              key={i}
              index={i}
              items={items}
              value={result ? (result.slotResult[i] ?? 0) : null}
              spinning={phase === 'spinning' || (phase === 'animating' && !stopped[i])}
              stopped={phase === 'result' || (phase === 'animating' && stopped[i])}
            />
          ))}
        </div>
        <div className="slot__payline" aria-hidden="true" />
      </div>
      <p className="sr-only" aria-live="polite">
        {phase === 'spinning' || phase === 'animating' ? 'Spinning…' : ''}
        {phase === 'result'
          ? won
            ? JACKPOT_MESSAGE
            : owed
              ? owedVoucherText(owed.amount)
              : 'Better Luck Next Time'
          : ''}
      </p>

      <div className="slot__stage">
        {showResult && result ? (
          <div
            className={`slot-result ${won || owed ? 'slot-result--win' : 'slot-result--miss'}${celebration ? ` slot-result--${celebration.size}` : ''}${phase === 'result' ? '' : ' slot-result--pending'}`}
            data-testid="spin-result"
            aria-hidden={phase === 'result' ? undefined : true}
          >
            {celebration && phase === 'result' ? (
              <Celebration size={celebration.size} pieces={celebration.pieces} />
            ) : null}
            {won && result.voucher ? (
              <>
                <p className="slot-result__eyebrow">Jackpot!</p>
                <h3 className="slot-result__title">
                  You won a {formatRupees(result.voucher.amount)} voucher
                </h3>
                <p className="slot-result__text">
                  {result.voucher.brand}
                  {result.voucher.type ? ` · ${result.voucher.type}` : ''}
                  {result.voucher.expiryDate ? ` · valid until ${formatDate(result.voucher.expiryDate)}` : ''}
                </p>
                <CodeBox code={result.voucher.code} />
                <p className="slot-result__saved">
                  <CheckIcon size={16} /> Saved to{' '}
                  <Link to="/rewards" onClick={close}>
                    My Rewards
                  </Link>
                </p>
                {redeem ? (
                  <a
                    className="btn btn--secondary btn--md"
                    href={redeem}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    Redeem at {result.voucher.brand}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                ) : null}
                {result.voucher.description ? (
                  <p className="slot-result__fine">{result.voucher.description}</p>
                ) : null}
              </>
            ) : owed ? (
              <>
                <p className="slot-result__eyebrow">Jackpot!</p>
                <h3 className="slot-result__title">{owedVoucherText(owed.amount)}</h3>
                <p className="slot-result__text">{OWED_VOUCHER_DETAIL}</p>
              </>
            ) : (
              <>
                <h3 className="slot-result__title">Better Luck Next Time</h3>
                <p className="slot-result__text">
                  No match this time. Complete another offer for another spin.
                </p>
              </>
            )}
            <p className="slot-result__fine slot-result__odds">
              Odds of this spin:{' '}
              {oddsText(result.odds ?? (result.spinType === 'free' ? DEFAULT_SLOT_CONFIG : table))}
            </p>
            {result.spinType === 'free' ? (
              <p className="slot-result__fine">Free spins left: {result.freeSpinsRemaining}</p>
            ) : null}
            <Button block size="lg" onClick={close} tabIndex={phase === 'result' ? undefined : -1}>
              Continue
            </Button>
          </div>
        ) : null}
        {phase === 'result' ? null : (
          <div className="slot__controls">
            <Button
              block
              size="lg"
              variant="gold"
              icon={<SparkleIcon size={20} />}
              onClick={startSpin}
              loading={phase === 'spinning'}
              disabled={busy || !online}
            >
              {phase === 'idle' ? 'Spin Now' : 'Spinning...'}
            </Button>
            {!online ? <p className="slot__hint">You're offline. Connect to spin.</p> : null}
            {phase === 'idle' ? (
              <p className="slot__hint">Match three amounts to win a voucher of that value.</p>
            ) : null}
          </div>
        )}
      </div>
      {phase !== 'spinning' ? (
        <p className="slot__hint slot__rules">
          <Link to={paths.rules.getHref()}>Official rules and odds</Link>
        </p>
      ) : null}
    </Dialog>
  );
}
