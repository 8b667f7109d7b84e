import type { SessionUserRow } from '../../../shared/contract/member';
import { SESSION_STORAGE_KEY } from '../config/constants';

// The signed-in member, cached locally (id, firstName, lastName, email,
// referralCode). It keys the offline cache and greets the member while data loads or offline.
export interface SessionUser {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  referralCode: string;
}

export function toSessionUser(row: SessionUserRow): SessionUser {
  return {
    id: row.user_id,
    firstName: row.first_name ?? '',
    lastName: row.last_name ?? '',
    email: row.email ?? '',
    referralCode: row.referral_code ?? '',
  };
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: SessionUser | null | undefined;

function read(): SessionUser | null {
  try {
    const raw = window.localStorage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as SessionUser;
    return typeof value?.id === 'number' ? value : null;
  } catch {
    return null;
  }
}

export function getSessionUser(): SessionUser | null {
  if (cached === undefined) cached = read();
  return cached;
}

export function setSessionUser(user: SessionUser | null): void {
  const current = getSessionUser();
  if (JSON.stringify(current) === JSON.stringify(user)) return;
  cached = user;
  try {
    if (user) window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(user));
    else window.localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    /* storage full or disabled: the in-memory copy still works for this visit */
  }
  listeners.forEach((l) => l());
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tests start from a clean slate. */
export function resetSessionCache(): void {
  cached = undefined;
}
