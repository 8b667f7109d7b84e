import { useId, useState, type FormEvent } from 'react';
import { CLAIM_NOTE_MAX } from '../../../../../shared/constants';
import type { MemberOffer } from '../../../../../shared/contract/member';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { messageOf } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { CLAIM_FAILED_MESSAGE, useFileClaim } from '../api/file-claim';

export const claimToasts = {
  filed: (title: string) => `Thanks — your claim for ${title} is under review.`,
};

/**
 * "Not credited?": the member reports an offer they completed at the partner that was never credited
 * (docs/product-rules.md#claims), with an optional note. Refusals are shown inside the dialog; a filed
 * claim closes it with a toast, and the card then shows the claim's status.
 */
export function ClaimDialog({
  offer,
  title,
  onClose,
}: {
  offer: MemberOffer;
  /** The offer's display title. */
  title: string;
  onClose: () => void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const claim = useFileClaim();
  const noteId = useId();
  const hintId = useId();
  const countId = useId();
  const errorId = useId();
  const length = note.trim().length;
  const tooLong = length > CLAIM_NOTE_MAX;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (claim.isPending) return;
    if (tooLong) {
      setError(`Please keep the note to ${CLAIM_NOTE_MAX} characters.`);
      return;
    }
    setError(null);
    claim.mutate(
      { offerId: offer.offer_id, note: note.trim() },
      {
        onSuccess: () => {
          toast.success(claimToasts.filed(title));
          onClose();
        },
        onError: (err) => setError(messageOf(err, CLAIM_FAILED_MESSAGE)),
      },
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!claim.isPending}
      title="Offer not credited?"
      description={`If you completed ${title} at the partner but it was not credited, tell us. We check with the partner and, if it is confirmed, your spin unlocks. You can report each start of an offer once.`}
      className="claim-dialog"
    >
      <form className="claim-form" onSubmit={submit} noValidate>
        <label className="field__label" htmlFor={noteId}>
          What happened? (optional)
        </label>
        <p className="claim-form__hint" id={hintId}>
          For example when you finished and what you did at the partner.
        </p>
        <textarea
          id={noteId}
          className="input claim-form__note"
          rows={4}
          maxLength={CLAIM_NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-describedby={`${hintId} ${countId}${error ? ` ${errorId}` : ''}`}
          aria-invalid={error ? true : undefined}
          disabled={claim.isPending}
        />
        <p className={`claim-form__count${tooLong ? ' claim-form__count--over' : ''}`} id={countId}>
          {length} / {CLAIM_NOTE_MAX} characters
        </p>
        {error ? (
          <p className="form-error" role="alert" id={errorId}>
            {error}
          </p>
        ) : null}
        <div className="claim-form__actions">
          <Button variant="ghost" onClick={onClose} disabled={claim.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={claim.isPending}>
            {claim.isPending ? 'Sending...' : 'Send claim'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
