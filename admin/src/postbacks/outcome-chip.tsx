import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { POSTBACK_OUTCOMES, POSTBACK_SUCCESS_OUTCOMES } from '../../../shared/networks/vocabulary';

const CREDITED: readonly string[] = ['accepted', 'completed_pending'];

/** Answered as success to the network (credited, or recorded without a grant). */
export function isAcceptedOutcome(outcome: string): boolean {
  return (POSTBACK_SUCCESS_OUTCOMES as readonly string[]).includes(outcome);
}

/** The outcome's name in words; an outcome this console does not know is shown as sent. */
export function useOutcomeLabel() {
  const t = useTranslate();
  return (outcome: string) =>
    (POSTBACK_OUTCOMES as readonly string[]).includes(outcome)
      ? t(`app.postbacks.outcomes.${outcome}`)
      : outcome;
}

/** An accepted attempt that reversed a conversion (issue 36): its own badge, never "Credited". */
export function isReversal(outcome: string, status: string | null | undefined): boolean {
  return outcome === 'accepted' && status === 'reversed';
}

/**
 * An outcome as a chip: green for a credit, amber for a reversal, outlined grey for an answer that
 * granted nothing, red for a refusal; the text always says which (colour is never the only cue).
 * `status` is the attempt's mapped status (an accepted reversal is not a credit).
 */
export function OutcomeChip({ outcome, status }: { outcome: string; status?: string | null }) {
  const label = useOutcomeLabel();
  const t = useTranslate();
  if (isReversal(outcome, status))
    return <Chip size="small" color="warning" label={t('app.postbacks.reversal')} />;
  const credited = CREDITED.includes(outcome);
  const accepted = isAcceptedOutcome(outcome);
  return (
    <Chip
      size="small"
      color={credited ? 'success' : accepted ? 'default' : 'error'}
      variant={credited || !accepted ? 'filled' : 'outlined'}
      label={label(outcome)}
    />
  );
}
