import { memo, useState } from 'react';
import type { MemberOffer } from '../../../../../shared/contract/member';
import type { StartedOffer } from '../../../../../shared/contract/started-offers';
import { CATEGORY_LABELS } from '../../../../../shared/constants';
import { formatDateTime, formatRupees, percentText } from '../../../../../shared/format';
import {
  amountFromRewardType,
  offerTable,
  tableOdds,
  winRange,
  winRangeText,
} from '../../../../../shared/slot';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { CodeBox } from '../../../components/ui/copy-button';
import { CheckIcon, ClockIcon, ExternalIcon, SparkleIcon, TrophyIcon } from '../../../components/ui/icons';
import {
  aboutDuration,
  agoText,
  OFFER_STATE_LABELS,
  offerState,
  previewHost,
  type OfferState,
} from '../offer-state';
import { ClaimDialog } from './claim-dialog';
import { NotApprovedNotice, PendingTimeline } from './pending-timeline';

const STATE_TONES: Record<OfferState, BadgeTone> = {
  available: 'blue',
  verifying: 'amber',
  ready: 'violet',
  won: 'green',
  'no-reward': 'neutral',
};

export interface OfferCardProps {
  offer: MemberOffer;
  onStart: (offer: MemberOffer) => void;
  onSpin: (offer: MemberOffer) => void;
  /** This card's click is being handled ('Processing...'). */
  starting?: boolean;
  /** Another card's click is in flight, or the member is offline. */
  startDisabled?: boolean;
  /** 'Play Slot Machine!' is shown only when spinning is allowed (online). */
  canSpin?: boolean;
  /** Named by the return moment: drawn to the member's eye for a few seconds. */
  highlighted?: boolean;
  /**
   * The member started this offer and it has no conversion yet (GET /api/started-offers.php): an
   * available offer then reads In progress, with Continue through the same tracked link.
   */
  started?: StartedOffer | null;
}

/** When a missing-conversion claim on the started offer becomes possible, or why it is not. */
export function claimWhenText(
  started: StartedOffer,
  canClaim: boolean,
  now: number = Date.now(),
): string | null {
  if (canClaim) return null;
  // After it: the card's 'Not credited?' action (can_claim), or a claim already filed (its status).
  if (now < Date.parse(started.claim_from))
    return `Not credited by then? You can report it from ${formatDateTime(started.claim_from)}.`;
  return null;
}

/** What an In progress card says: when it was started, how long the partner usually takes, and claims. */
function InProgress({ offer, started }: { offer: MemberOffer; started: StartedOffer }) {
  const claimWhen = claimWhenText(started, offer.can_claim);
  return (
    <div className="offer-card__progress">
      <p>
        <ClockIcon size={14} />
        Started{' '}
        <time dateTime={started.started_at} title={formatDateTime(started.started_at)}>
          {agoText(started.started_at)}
        </time>
        {started.typical_minutes !== null ? (
          <> · usually confirms in {aboutDuration(started.typical_minutes)}</>
        ) : (
          <> · confirmed when the partner reports your completion</>
        )}
      </p>
      {claimWhen ? <p className="offer-card__progress-claim">{claimWhen}</p> : null}
    </div>
  );
}

/**
 * The chance of winning a voucher on this offer now (what can actually be won: the server's slot_odds,
 * stocked amounts only), before the member starts, with the whole table a tap away.
 */
function OfferOdds({ offer }: { offer: MemberOffer }) {
  const odds = tableOdds(offer.slot_odds ?? offerTable(offer.slot_config));
  const chance = Math.max(0, 100 - odds.tryAgain);
  return (
    <details className="offer-card__odds">
      <summary>
        <strong>{percentText(chance)}</strong> chance of a voucher ·{' '}
        <span className="offer-card__odds-link">See odds</span>
      </summary>
      <ul aria-label="Odds of one spin">
        {odds.prizes.map((p) => (
          <li key={p.amount}>
            <span>{formatRupees(p.amount)}</span>
            <span>{percentText(p.percent)}</span>
          </li>
        ))}
        <li>
          <span>Try again</span>
          <span>{percentText(odds.tryAgain)}</span>
        </li>
      </ul>
    </details>
  );
}

/**
 * One offer. Memoised: the dashboard re-renders on every query state change (fetching, refetch,
 * the member's stats), and thirty cards re-rendered each time made those renders long tasks on a
 * phone; a card re-renders only when its own offer or state changes.
 */
export const OfferCard = memo(function OfferCard({
  offer,
  onStart,
  onSpin,
  starting = false,
  startDisabled = false,
  canSpin = true,
  highlighted = false,
  started = null,
}: OfferCardProps) {
  const state = offerState(offer);
  // A state of its own beside the specification's (which stay as they are for the states it names).
  const inProgress = state === 'available' && started !== null;
  const title = offer.title?.trim() || 'Untitled Offer';
  const description = offer.description?.trim() || 'No description available';
  const category = offer.category?.trim() ? (CATEGORY_LABELS[offer.category] ?? offer.category) : 'General';
  const range = winRange(offer.slot_config);
  const host = previewHost(offer.preview_url);
  const previewHref = offer.preview_url && host !== 'Invalid URL' ? offer.preview_url : null;
  const wonAmount = amountFromRewardType(offer.reward_type);
  const [claimOpen, setClaimOpen] = useState(false);

  return (
    <article
      id={`offer-${offer.offer_id}`}
      className={`offer-card offer-card--${inProgress ? 'in-progress' : state}${highlighted ? ' offer-card--highlight' : ''}`}
      aria-labelledby={`offer-${offer.offer_id}-title`}
    >
      <div className="offer-card__top">
        <Badge tone="neutral" className="offer-card__category">
          {category}
        </Badge>
        {host ? (
          <p className="offer-card__host">
            {previewHref ? (
              <a href={previewHref} target="_blank" rel="noopener noreferrer">
                <span className="offer-card__host-name">{host}</span>
                <ExternalIcon size={14} />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              <span>{host}</span>
            )}
          </p>
        ) : null}
        {inProgress ? (
          <Badge tone="amber">In progress</Badge>
        ) : (
          <Badge tone={STATE_TONES[state]}>{OFFER_STATE_LABELS[state]}</Badge>
        )}
      </div>
      <h3 className="offer-card__title" id={`offer-${offer.offer_id}-title`}>
        {title}
      </h3>
      <p className="offer-card__description">{description}</p>
      <div className="offer-card__prize">
        {range ? (
          <p className="offer-card__range">
            <TrophyIcon size={16} />
            {winRangeText(range)}
          </p>
        ) : null}
        {state === 'available' || state === 'verifying' || state === 'ready' ? (
          <OfferOdds offer={offer} />
        ) : null}
      </div>
      {inProgress && started ? <InProgress offer={offer} started={started} /> : null}
      {state === 'available' && !inProgress ? (
        <div className="offer-card__strip">
          <span>Complete &amp; Earn Rewards</span>
          {previewHref ? (
            <a
              href={previewHref}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Preview ${title} (opens in a new tab; only Start Offer earns a spin)`}
              aria-describedby={`offer-${offer.offer_id}-earns`}
            >
              Preview →
            </a>
          ) : null}
        </div>
      ) : null}
      {state === 'available' && !inProgress && (previewHref || host) ? (
        <p className="offer-card__earns" id={`offer-${offer.offer_id}-earns`}>
          Preview only: Start Offer tracks it and earns the spin.
        </p>
      ) : null}
      {state === 'verifying' ? (
        <PendingTimeline
          startedAt={offer.clicked_at ?? offer.pending_since}
          review={offer.review}
          since={offer.pending_since}
        />
      ) : null}
      <NotApprovedNotice review={offer.review} />
      {offer.voucher_code ? <CodeBox code={offer.voucher_code} /> : null}
      <ClaimStatus offer={offer} />
      {offer.completed ? (
        <p className="offer-card__done">
          <CheckIcon size={16} />
          Offer completed successfully
        </p>
      ) : null}
      <div className="offer-card__action">
        {inProgress && started ? (
          <a
            className="btn btn--primary btn--md btn--block"
            href={started.continue_url}
            target="_blank"
            rel="noopener noreferrer"
          >
            <ExternalIcon size={18} />
            Continue
            <span className="sr-only"> {title} (opens the partner in a new tab)</span>
          </a>
        ) : null}
        {state === 'available' && !inProgress ? (
          <Button block onClick={() => onStart(offer)} loading={starting} disabled={startDisabled}>
            {starting ? 'Processing...' : 'Start Offer'}
          </Button>
        ) : null}
        {state === 'available' && offer.can_claim ? (
          <Button
            block
            variant="ghost"
            className="offer-card__claim"
            aria-label={`Not credited? Report ${title}`}
            onClick={() => setClaimOpen(true)}
          >
            Not credited?
          </Button>
        ) : null}
        {state === 'verifying' ? (
          <Button block variant="secondary" disabled icon={<ClockIcon size={18} />}>
            Verifying...
          </Button>
        ) : null}
        {state === 'ready' ? (
          canSpin ? (
            <Button block variant="gold" icon={<SparkleIcon size={18} />} onClick={() => onSpin(offer)}>
              Play Slot Machine!
            </Button>
          ) : (
            <p className="offer-card__note">Your spin is waiting — connect to the internet to play.</p>
          )
        ) : null}
        {state === 'won' ? (
          <Button block variant="success" disabled icon={<TrophyIcon size={18} />}>
            Won {formatRupees(wonAmount)} Voucher
          </Button>
        ) : null}
        {state === 'no-reward' ? (
          <Button block variant="secondary" disabled>
            Better Luck Next Time
          </Button>
        ) : null}
      </div>
      {claimOpen ? <ClaimDialog offer={offer} title={title} onClose={() => setClaimOpen(false)} /> : null}
    </article>
  );
});

/** The member's latest missing-conversion claim on the offer, as the card tells it. */
function ClaimStatus({ offer }: { offer: MemberOffer }) {
  if (offer.claim_status === 'pending')
    return (
      <p className="offer-card__claim-status offer-card__claim-status--pending">
        <ClockIcon size={16} />
        Claim under review
      </p>
    );
  if (offer.claim_status === 'approved')
    return (
      <p className="offer-card__claim-status offer-card__claim-status--approved">
        <CheckIcon size={16} />
        Claim approved
      </p>
    );
  if (offer.claim_status === 'rejected')
    return (
      <p className="offer-card__claim-status offer-card__claim-status--rejected">
        {offer.claim_reason?.trim()
          ? `Claim not accepted: ${offer.claim_reason.trim()}`
          : 'Claim not accepted'}
      </p>
    );
  return null;
}
