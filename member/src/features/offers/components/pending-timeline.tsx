import { formatDateTime } from '../../../../../shared/format';
import { ClockIcon } from '../../../components/ui/icons';

export const PENDING_STEPS = ['Started', 'Partner confirming', 'Spin unlocked'] as const;

/**
 * An offer in Pending Verification: when the member started it, and where it stands — started, the
 * partner confirming (now), the spin unlocked (next, the moment the partner confirms).
 */
export function PendingTimeline({
  startedAt,
}: {
  /** The member's click (or, without one, the partner's pending answer); null: not known. */
  startedAt: string | null;
}) {
  return (
    <div className="pending-timeline">
      {startedAt ? (
        <p className="pending-timeline__started">
          <ClockIcon size={14} />
          Started <time dateTime={startedAt}>{formatDateTime(startedAt)}</time>
        </p>
      ) : null}
      <ol className="pending-timeline__steps" aria-label="Progress">
        {PENDING_STEPS.map((step, i) => (
          <li
            key={step}
            className={i === 0 ? 'is-done' : i === 1 ? 'is-current' : undefined}
            aria-current={i === 1 ? 'step' : undefined}
          >
            {step}
          </li>
        ))}
      </ol>
      <p className="pending-timeline__note">Your spin unlocks here the moment the partner confirms.</p>
    </div>
  );
}
