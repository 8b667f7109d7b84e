import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { INDIAN_STATES, stateName } from '../../../../../shared/fair-play';
import { paths } from '../../../config/paths';
import { Dialog } from '../../../components/ui/dialog';
import { messageOf } from '../../../lib/api-client';
import { useOperator } from '../../../lib/operator';
import { wipePersistedCache } from '../../../lib/persister';
import { getSessionUser, setSessionUser } from '../../../lib/session';
import { useAcceptTerms, useConfirmEligibility, useEligibility } from '../api/eligibility';

/**
 * Asked before anything else (issue 37): at the first sign-in, being 18 or older, the state of
 * residence and the terms; when the terms' version changes, the new terms, once. Under 18 ends the
 * sign-up: the server deletes the account and the member lands on the sign-in page with the reason.
 * A member whose state is excluded is told on every page, and cannot spin.
 */
export function EligibilityGate() {
  const eligibility = useEligibility();
  const e = eligibility.data?.eligibility;
  if (!e) return null;
  if (e.needs === 'eligibility') return <FirstSignInQuestions termsVersion={e.terms_version} />;
  if (e.needs === 'terms') return <NewTerms termsVersion={e.terms_version} />;
  if (e.state_excluded)
    return (
      <p className="excluded-notice" role="status" data-testid="excluded-notice">
        Spins are not offered in {e.state ? stateName(e.state) : 'your state'}: you can keep your account, but
        you cannot spin, so offers earn nothing there. See the{' '}
        <Link to={paths.rules.getHref('eligibility')}>Official Rules</Link>.
      </p>
    );
  return null;
}

function FirstSignInQuestions({ termsVersion }: { termsVersion: string }) {
  const [age, setAge] = useState<'adult' | 'minor' | null>(null);
  const [state, setState] = useState('');
  const [accepted, setAccepted] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = useConfirmEligibility();
  const operator = useOperator();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const excluded = operator.data?.excluded_states.some((s) => s.code === state) ?? false;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (age === null) return setProblem('Please tell us whether you are 18 or older.');
    if (age === 'adult' && !state) return setProblem('Please choose your state of residence.');
    if (age === 'adult' && !accepted)
      return setProblem('Please accept the Terms of Service and Privacy Policy.');
    try {
      const answer = await confirm.mutateAsync(
        age === 'minor'
          ? { adult: false }
          : { adult: true, state: state as never, acceptTerms: true, termsVersion },
      );
      if (!answer.kept) {
        // Nothing of the member is kept: their session, copies and cache go too.
        const user = getSessionUser();
        setSessionUser(null);
        queryClient.clear();
        void wipePersistedCache(user?.id);
        navigate(paths.login.getHref(), { replace: true, state: { error: answer.message, loggedOut: true } });
      }
    } catch (error) {
      setProblem(messageOf(error, 'Could not save your answers.'));
    }
  }

  return (
    <Dialog
      open
      onClose={() => {}}
      dismissible={false}
      title="Before you start"
      description="We need to know that you can take part. You answer this once."
      className="eligibility-dialog"
    >
      <form className="eligibility-form" onSubmit={submit} noValidate>
        <fieldset className="field">
          <legend className="field__label">Your age</legend>
          <label className="choice">
            <input type="radio" name="age" checked={age === 'adult'} onChange={() => setAge('adult')} /> I am
            18 or older
          </label>
          <label className="choice">
            <input type="radio" name="age" checked={age === 'minor'} onChange={() => setAge('minor')} /> I am
            under 18
          </label>
        </fieldset>
        {age !== 'minor' ? (
          <>
            <label className="field">
              <span className="field__label">State of residence</span>
              <select className="input" value={state} onChange={(ev) => setState(ev.target.value)}>
                <option value="">Choose your state</option>
                {INDIAN_STATES.map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
            </label>
            {excluded ? (
              <p className="eligibility-form__warning" role="status">
                The promotion is not offered in {stateName(state)}: you can keep an account, but you will not
                be able to spin.
              </p>
            ) : null}
            <label className="choice">
              <input type="checkbox" checked={accepted} onChange={(ev) => setAccepted(ev.target.checked)} />
              <span>
                I have read and accept the{' '}
                <Link to={paths.terms.getHref()} target="_blank">
                  Terms of Service
                </Link>{' '}
                and{' '}
                <Link to={paths.privacy.getHref()} target="_blank">
                  Privacy Policy
                </Link>
              </span>
            </label>
          </>
        ) : (
          <p className="eligibility-form__warning">
            You must be 18 or older to use this service. Continuing ends the sign-up and deletes what we
            received from your sign-in.
          </p>
        )}
        {problem ? (
          <p className="form-error" role="alert">
            {problem}
          </p>
        ) : null}
        <button type="submit" className="btn btn--primary btn--md" disabled={confirm.isPending}>
          {confirm.isPending ? 'Saving...' : 'Continue'}
        </button>
      </form>
    </Dialog>
  );
}

function NewTerms({ termsVersion }: { termsVersion: string }) {
  const accept = useAcceptTerms();
  return (
    <Dialog
      open
      onClose={() => {}}
      dismissible={false}
      title="Our terms have changed"
      description={`Please read and accept version ${termsVersion} of the Terms of Service to continue.`}
    >
      <p>
        Read the new{' '}
        <Link to={paths.terms.getHref()} target="_blank">
          Terms of Service
        </Link>{' '}
        and the{' '}
        <Link to={paths.privacy.getHref()} target="_blank">
          Privacy Policy
        </Link>
        .
      </p>
      {accept.isError ? (
        <p className="form-error" role="alert">
          {messageOf(accept.error, 'Could not record your acceptance.')}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn--primary btn--md"
        disabled={accept.isPending}
        onClick={() => accept.mutate(termsVersion)}
      >
        Accept and continue
      </button>
    </Dialog>
  );
}
