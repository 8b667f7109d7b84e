import { useState, type FormEvent } from 'react';
import type { ClientConfig } from '../../../../../shared/contract/system';
import { initials } from '../../../../../shared/format';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { GoogleLogo } from '../../../components/ui/icons';
import { hashString } from '../../../lib/fingerprint';
import type { DemoIdentity } from '../../../lib/firebase';

/** A stable emulator `sub` for a typed email, so the same email is the same member next time. */
export function subForEmail(email: string): string {
  return `demo-${hashString(email.trim().toLowerCase()).toString(36)}`;
}

/**
 * The app's own account chooser, used only against the Firebase Auth Emulator
 * (docs/product-rules.md#sessions): Google's chooser needs apis.google.com, which demo and test
 * machines cannot reach.
 */
export function DemoAccountChooser({
  open,
  accounts,
  brand,
  onChoose,
  onCancel,
}: {
  open: boolean;
  accounts: ClientConfig['demoAccounts'];
  brand: string;
  onChoose: (identity: DemoIdentity) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const trimmedName = name.trim();
    const trimmedEmail = email.trim();
    if (!trimmedName || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmedEmail)) {
      setError('Enter a name and a valid email address.');
      return;
    }
    setError(null);
    onChoose({ sub: subForEmail(trimmedEmail), name: trimmedName, email: trimmedEmail });
  }

  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={
        <span className="chooser__title">
          <GoogleLogo size={20} /> Choose an account
        </span>
      }
      description={`to continue to ${brand} · demo sign-in (Firebase Auth Emulator)`}
      className="chooser"
    >
      {accounts.length > 0 ? (
        <ul className="chooser__list">
          {accounts.map((a) => (
            <li key={a.sub}>
              <button type="button" className="chooser__account" onClick={() => onChoose(a)}>
                <span className="avatar avatar--sm" aria-hidden="true">
                  {initials(a.name)}
                </span>
                <span className="chooser__who">
                  <span className="chooser__name">{a.name}</span>
                  <span className="chooser__email">{a.email}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form className="chooser__form" onSubmit={submit} noValidate>
        <p className="chooser__or">Use another account</p>
        <label className="field__label" htmlFor="demo-name">
          Name
        </label>
        <input
          id="demo-name"
          className="input"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <label className="field__label" htmlFor="demo-email">
          Email
        </label>
        <input
          id="demo-email"
          className="input"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit" block>
          Continue
        </Button>
      </form>
    </Dialog>
  );
}
