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

/**
 * An outcome as a chip: green for a credit, outlined grey for an answer that granted nothing, red for a
 * refusal; the text always says which (colour is never the only cue).
 */
export function OutcomeChip({ outcome }: { outcome: string }) {
  const label = useOutcomeLabel();
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
