import type { MemberOffer } from '../../../../../shared/contract/member';
import { formatDateTime } from '../../../../../shared/format';
import { ClockIcon } from '../../../components/ui/icons';

export const PENDING_STEPS = ['Started', 'Partner confirming', 'Spin unlocked'] as const;
/** A conversion the partner confirmed whose reward is held by risk (issue 33): the check is the step now. */
export const CHECKING_STEPS = ['Started', 'Partner confirmed', 'Checking', 'Spin unlocked'] as const;
export const REVIEW_STEPS = ['Started', 'Partner confirmed', 'Under review', 'Spin unlocked'] as const;

type Review = NonNullable<MemberOffer['review']>;

/** Whole hours from the partner's confirmation to the release time (at least 1). */
function holdHoursOf(review: Review, since: string | null): number | null {
  if (!review.release_at) return null;
  const from = since ? Date.parse(since) : Date.now();
  return Math.max(1, Math.round((Date.parse(review.release_at) - from) / 3_600_000));
}

/** A wait as a member reads it: hours up to two days, whole days beyond (a network's 288 h: "12 days"). */
const waitText = (hours: number) => (hours <= 48 ? `${hours} hours` : `${Math.round(hours / 24)} days`);

/** What the member is told about a held reward: what happens, by when, and what (if anything) to do. */
export function reviewNote(review: Review, since: string | null): string {
  if (review.state === 'checking') {
    const hours = holdHoursOf(review, since);
    return `Partner confirmed — we check new accounts' first rewards, usually within ${waitText(hours ?? 72)}.`;
  }
  if (review.state === 'paused')
    return "Partner confirmed — your rewards are paused while our team checks your account. Nothing is lost: if it's all in order, your spins unlock here. If you think this is a mistake, contact our support team with your account email.";
  return "Partner confirmed — under review. Our team checks it by hand, usually within a day; you'll see the result here.";
}

/**
 * An offer in Pending Verification: when the member started it, and where it stands — started, the
 * partner confirming (now), the spin unlocked (next, the moment the partner confirms). A reward held
 * by risk shows its check as the current step, and when it will be released.
 */
export function PendingTimeline({
  startedAt,
  review = null,
  since = null,
}: {
  /** The member's click (or, without one, the partner's pending answer); null: not known. */
  startedAt: string | null;
  /** The hold the server reports (null: the partner has not confirmed yet). */
  review?: MemberOffer['review'];
  /** When the partner's answer came (pending_since). */
  since?: string | null;
}) {
  const held = review && review.state !== 'not_approved' ? review : null;
  const steps = held ? (held.state === 'checking' ? CHECKING_STEPS : REVIEW_STEPS) : PENDING_STEPS;
  const current = held ? 2 : 1;
  return (
    <div className={`pending-timeline${held ? ' pending-timeline--held' : ''}`}>
      {startedAt ? (
        <p className="pending-timeline__started">
          <ClockIcon size={14} />
          Started <time dateTime={startedAt}>{formatDateTime(startedAt)}</time>
        </p>
      ) : null}
      <ol className="pending-timeline__steps" aria-label="Progress">
        {steps.map((step, i) => (
          <li
            key={step}
            className={i < current ? 'is-done' : i === current ? 'is-current' : undefined}
            aria-current={i === current ? 'step' : undefined}
          >
            {step}
          </li>
        ))}
      </ol>
      {held ? (
        <p className="pending-timeline__note" role="note">
          {reviewNote(held, since)}
          {held.state === 'checking' && held.release_at ? (
            <>
              {' '}
              Your spin unlocks by <time dateTime={held.release_at}>
                {formatDateTime(held.release_at)}
              </time>{' '}
              at the latest.
            </>
          ) : null}
        </p>
      ) : (
        <p className="pending-timeline__note">Your spin unlocks here the moment the partner confirms.</p>
      )}
    </div>
  );
}

/** Why a reward was not approved, in words a member can act on. */
export const NOT_APPROVED_REASONS: Record<NonNullable<Review['category']>, string> = {
  linked_accounts: 'it was linked to other accounts on the same device or network',
  suspicious_activity: "the activity didn't look like a person completing the offer",
  partner_reversal: 'the partner reversed the conversion',
  other: "it didn't pass our checks",
};

/** A reward denied in review: said plainly on the card, with the reason category. */
export function NotApprovedNotice({ review }: { review: MemberOffer['review'] }) {
  if (review?.state !== 'not_approved') return null;
  return (
    <p className="offer-card__claim-status offer-card__claim-status--rejected" role="note">
      Not approved: {NOT_APPROVED_REASONS[review.category ?? 'other']}. If you think this is a mistake,
      contact our support team.
    </p>
  );
}
