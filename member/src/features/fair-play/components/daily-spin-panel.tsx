import { Link } from 'react-router';
import { formatRupees } from '../../../../../shared/format';
import { stateName } from '../../../../../shared/fair-play';
import { paths } from '../../../config/paths';
import { getSessionUser } from '../../../lib/session';
import { messageOf } from '../../../lib/api-client';
import { useEligibility } from '../api/eligibility';
import { useDailySpin } from '../api/daily-spin';

/**
 * The free way to play on the rules page: a signed-in, eligible member claims today's free spin here
 * (no offer, no purchase); the result is said in place, and a win is in My Rewards.
 */
export function DailySpinPanel() {
  const signedIn = getSessionUser() !== null;
  const eligibility = useEligibility(signedIn);
  const spin = useDailySpin();

  if (!signedIn)
    return (
      <p className="daily-spin__note">
        <Link to={paths.login.getHref()}>Sign in</Link> to claim your daily free spin.
      </p>
    );
  if (eligibility.isPending) return <p className="daily-spin__note">Checking your daily free spin...</p>;
  if (eligibility.isError) return <p className="daily-spin__note">{eligibility.error.message}</p>;

  const e = eligibility.data.eligibility;
  const result = spin.data;
  let status: string;
  if (e.needs === 'eligibility') status = 'Confirm your age and state first (from any member page).';
  else if (e.needs === 'terms') status = 'Accept the updated terms first (from any member page).';
  else if (e.state_excluded)
    status = `Spins are not offered in ${e.state ? stateName(e.state) : 'your state'}.`;
  else if (e.daily_spin.available > 0)
    status = `${e.daily_spin.available} free ${e.daily_spin.available === 1 ? 'spin' : 'spins'} left today.`;
  else status = "You've used today's free spin. Come back tomorrow.";

  return (
    <div className="daily-spin">
      <p className="daily-spin__note" data-testid="daily-spin-status">
        {status}
      </p>
      <button
        type="button"
        className="btn btn--primary btn--md"
        disabled={e.daily_spin.available === 0 || spin.isPending}
        onClick={() => spin.mutate()}
      >
        {spin.isPending ? 'Spinning...' : "Claim today's free spin"}
      </button>
      <div className="daily-spin__result" role="status" aria-live="polite" data-testid="daily-spin-result">
        {spin.isError ? (
          <p className="daily-spin__error">{messageOf(spin.error, 'The daily free spin failed.')}</p>
        ) : null}
        {result ? (
          result.voucher ? (
            <p>
              You won a {formatRupees(result.voucher.amount)} {result.voucher.brand} voucher! It's in{' '}
              <Link to={paths.rewards.getHref()}>My Rewards</Link>.
            </p>
          ) : result.owedVoucher ? (
            <p>
              You won a {formatRupees(result.owedVoucher.amount)} voucher; it's on its way to{' '}
              <Link to={paths.rewards.getHref()}>My Rewards</Link>.
            </p>
          ) : (
            <p>No prize this time. Better luck tomorrow!</p>
          )
        ) : null}
      </div>
    </div>
  );
}
