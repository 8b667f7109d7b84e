import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MEMBER_NAME_MAX as NAME_MAX } from '../../../../../shared/constants';
import { MEMBER_PAGE_HEADS } from '../../../../../shared/member-pages';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { DownloadIcon, TrashIcon } from '../../../components/ui/icons';
import { PageHead } from '../../../components/ui/page-head';
import { QueryState } from '../../../components/query-state';
import { messageOf } from '../../../lib/api-client';
import { useUserStats } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { EXPORT_FAILED_MESSAGE, useDownloadMyData } from '../api/export-data';
import { NAME_FAILED_MESSAGE, useCorrectName } from '../api/correct-name';
import { DELETE_FAILED_MESSAGE, useDeleteMyAccount } from '../api/delete-account';

const HEAD = MEMBER_PAGE_HEADS['/privacy-centre'];

/** What a deletion erases and what it keeps, and why (docs/operations.md, "Deleted accounts"). */
export const DELETION_ERASES =
  'Your name, email, Google sign-in, device fingerprints, the addresses you signed in from, your referral code and your notes on claims are erased, and you are signed out everywhere.';
export const DELETION_KEEPS =
  'Kept without your name or email, under an anonymous number: your conversions, spins and vouchers, because our accounts with partner networks and voucher brands must balance and payment records must be kept by law; and a line in our audit log saying the account was deleted. A friend who invited you keeps the free spin they earned.';

export function PrivacyCentreView() {
  const query = useUserStats();
  return (
    <div className="page">
      <PageHead title={HEAD.title} subtitle={HEAD.subtitle} />
      <QueryState
        query={query}
        data={query.data}
        loading={HEAD.loading}
        offline="Your privacy centre will appear once you're back online."
      >
        {(data) => (
          <div className="privacy-grid">
            <DownloadSection />
            <NameSection firstName={data.user.first_name ?? ''} lastName={data.user.last_name ?? ''} />
            <DeleteSection />
          </div>
        )}
      </QueryState>
    </div>
  );
}

function DownloadSection() {
  const download = useDownloadMyData();
  return (
    <section className="card privacy-card" aria-labelledby="privacy-download-title">
      <h2 id="privacy-download-title" className="card-title">
        Download my data
      </h2>
      <p className="privacy-text">
        One JSON file with everything we hold about you: your profile, clicks, conversions, spins, vouchers,
        claims, referrals, sessions and the devices you signed in from.
      </p>
      <Button
        variant="secondary"
        icon={<DownloadIcon size={18} />}
        loading={download.isPending}
        onClick={() =>
          download.mutate(undefined, {
            onSuccess: ({ fileName }) => toast.success('Your data is downloading', fileName),
          })
        }
      >
        Download my data
      </Button>
      <p className="privacy-status" role="status" aria-live="polite">
        {download.isPending ? 'Preparing your file...' : null}
        {download.isSuccess ? 'Your file has been downloaded.' : null}
      </p>
      {download.isError ? (
        <p className="form-error" role="alert">
          {messageOf(download.error, EXPORT_FAILED_MESSAGE)}
        </p>
      ) : null}
    </section>
  );
}

function NameSection({ firstName, lastName }: { firstName: string; lastName: string }) {
  const [first, setFirst] = useState(firstName);
  const [last, setLast] = useState(lastName);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useCorrectName();
  const errorId = useId();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!first.trim()) {
      setProblem('Please enter your first name.');
      return;
    }
    setProblem(null);
    save.mutate(
      { first_name: first, last_name: last },
      { onSuccess: () => toast.success('Your name has been saved') },
    );
  }

  const error = problem ?? (save.isError ? messageOf(save.error, NAME_FAILED_MESSAGE) : null);
  return (
    <section className="card privacy-card" aria-labelledby="privacy-name-title">
      <h2 id="privacy-name-title" className="card-title">
        Correct my name
      </h2>
      <form className="privacy-form" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor="privacy-first-name">
            First name
          </label>
          <input
            id="privacy-first-name"
            className="input"
            autoComplete="given-name"
            maxLength={NAME_MAX}
            value={first}
            onChange={(e) => setFirst(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            required
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="privacy-last-name">
            Last name
          </label>
          <input
            id="privacy-last-name"
            className="input"
            autoComplete="family-name"
            maxLength={NAME_MAX}
            value={last}
            onChange={(e) => setLast(e.target.value)}
          />
        </div>
        {error ? (
          <p id={errorId} className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit" loading={save.isPending}>
          Save name
        </Button>
      </form>
    </section>
  );
}

function DeleteSection() {
  const [open, setOpen] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const navigate = useNavigate();
  const remove = useDeleteMyAccount();

  function close() {
    if (remove.isPending) return;
    setOpen(false);
    setUnderstood(false);
    remove.reset();
  }

  function confirm() {
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success('Your account has been deleted');
        navigate(paths.login.getHref(), { replace: true, state: { loggedOut: true } });
      },
    });
  }

  return (
    <section className="card privacy-card privacy-card--danger" aria-labelledby="privacy-delete-title">
      <h2 id="privacy-delete-title" className="card-title">
        Delete my account
      </h2>
      <p className="privacy-text">{DELETION_ERASES}</p>
      <p className="privacy-text">{DELETION_KEEPS}</p>
      <p className="privacy-text">
        <strong>This cannot be undone.</strong> Signing in again later starts a new account.
      </p>
      <Button variant="danger" icon={<TrashIcon size={18} />} onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <Dialog
        open={open}
        onClose={close}
        dismissible={!remove.isPending}
        title="Delete your account?"
        description="Your account is deleted for good. Unused vouchers and free spins go with it."
      >
        <div className="privacy-confirm">
          <p className="privacy-text">{DELETION_ERASES}</p>
          <p className="privacy-text">{DELETION_KEEPS}</p>
          <label className="privacy-check">
            <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />
            <span>I understand that my account is deleted permanently.</span>
          </label>
          {remove.isError ? (
            <p className="form-error" role="alert">
              {messageOf(remove.error, DELETE_FAILED_MESSAGE)}
            </p>
          ) : null}
          <div className="privacy-actions">
            <Button variant="secondary" onClick={close} disabled={remove.isPending}>
              Keep my account
            </Button>
            <Button
              variant="danger"
              icon={<TrashIcon size={18} />}
              disabled={!understood}
              loading={remove.isPending}
              onClick={confirm}
            >
              Delete permanently
            </Button>
          </div>
        </div>
      </Dialog>
    </section>
  );
}
