import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { CloseIcon, SparkleIcon } from '../../../components/ui/icons';
import { dismissReturnMoment, returnMomentText, useReturnMoment } from '../return-moment';

/** Where "Spin now" takes the member: the dashboard, with the slot machine of this offer open. */
export interface SpinRequestState {
  spinOfferId?: number;
}

/**
 * The return moment's banner (features/offers/return-moment.ts), at the top of every member page:
 * "BillEase confirmed" with Spin now. It stays until the member acts on it or dismisses it.
 */
export function ReturnBanner() {
  const moment = useReturnMoment();
  const navigate = useNavigate();
  const first = moment?.ready[0];
  if (!moment || !first) return null;
  return (
    <div className="return-banner" role="status">
      <span className="return-banner__icon" aria-hidden="true">
        <SparkleIcon size={20} />
      </span>
      <p className="return-banner__text">
        <strong>{returnMomentText(moment)}</strong>
        <span> — your spin is ready.</span>
      </p>
      <Button
        variant="gold"
        size="sm"
        onClick={() => {
          dismissReturnMoment();
          const state: SpinRequestState = { spinOfferId: first.id };
          void navigate(paths.dashboard.getHref(), { state });
        }}
      >
        Spin now
      </Button>
      <button
        type="button"
        className="icon-btn return-banner__close"
        aria-label="Dismiss"
        onClick={dismissReturnMoment}
      >
        <CloseIcon size={18} />
      </button>
    </div>
  );
}
