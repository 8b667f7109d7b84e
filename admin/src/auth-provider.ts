import type { AuthProvider } from 'react-admin';
import type { AdminLoginResponse, AdminRecord } from '../../shared/contract/admin/auth';
import {
  ADMIN_API_BASE,
  ADMIN_DASHBOARD_PATH,
  ADMIN_LOGIN_PATH,
  ADMIN_LOGOUT_PATH,
} from '../../shared/contract/paths';
import { errorStatus, serverErrorText, type HttpClient } from './http-client';

const ADMIN_KEY = 'spinrewards.admin';
/** checkAuth runs on every page change; one dashboard call answers for this long (a 401 resets it). */
const SESSION_CHECK_TTL_MS = 60_000;

/**
 * Auth provider for the admin sign-in calls.
 *
 * | method      | call / rule                                                                 |
 * |-------------|-----------------------------------------------------------------------------|
 * | login       | POST {apiUrl}/login.php {username, password}; failure: server error or 'Login failed' |
 * | logout      | POST {apiUrl}/logout.php; resolves even when the call fails, so the console always lands on /admin/login |
 * | checkAuth   | GET  {apiUrl}/dashboard.php (the admin session is checked through the dashboard call) |
 * | checkError  | a 401 rejects (react-admin then logs out and shows {basename}/login); anything else stays signed in |
 * | getIdentity | the admin record cached locally at login |
 */
/**
 * Set by a logout, taken by the login page: right after a logout the login page must not send the
 * admin back to the dashboard, even when the logout call failed and the server session still answers.
 */
let justLoggedOut = false;
export function takeJustLoggedOut(): boolean {
  const was = justLoggedOut;
  justLoggedOut = false;
  return was;
}

export function createAuthProvider(
  httpClient: HttpClient,
  apiUrl = ADMIN_API_BASE,
  { storage = window.localStorage, basename = '/admin' }: { storage?: Storage; basename?: string } = {},
) {
  let checkedAt = 0;

  const readAdmin = (): AdminRecord | null => {
    try {
      return JSON.parse(storage.getItem(ADMIN_KEY) ?? 'null') as AdminRecord | null;
    } catch {
      return null;
    }
  };
  const forget = () => {
    checkedAt = 0;
    storage.removeItem(ADMIN_KEY);
  };

  const provider: AuthProvider = {
    async login({ username, password }: { username: string; password: string }) {
      try {
        const { json } = await httpClient<AdminLoginResponse>(`${apiUrl}${ADMIN_LOGIN_PATH}`, {
          method: 'POST',
          body: { username, password },
        });
        if (json?.admin) storage.setItem(ADMIN_KEY, JSON.stringify(json.admin));
        checkedAt = Date.now();
        // After sign-in the console opens on the dashboard.
        return { redirectTo: `${basename}/dashboard` };
      } catch (error) {
        throw new Error(serverErrorText(error) ?? 'Login failed');
      }
    },

    async logout() {
      try {
        await httpClient(`${apiUrl}${ADMIN_LOGOUT_PATH}`, { method: 'POST' });
      } catch {
        // The console goes to the login page even when the call fails.
      }
      forget();
      justLoggedOut = true;
      // react-admin then goes to its login page, /admin/login.
    },

    async checkAuth() {
      if (checkedAt && Date.now() - checkedAt < SESSION_CHECK_TTL_MS) return;
      try {
        await httpClient(`${apiUrl}${ADMIN_DASHBOARD_PATH}`);
        checkedAt = Date.now();
      } catch (error) {
        if (errorStatus(error) === 401) forget();
        // No notification on the way to the login page: the page itself says what to do.
        throw { message: false };
      }
    },

    async checkError(error) {
      if (errorStatus(error) === 401) {
        forget();
        throw { message: false };
      }
    },

    async getIdentity() {
      const admin = readAdmin();
      if (!admin) return { id: 'admin', fullName: 'Administrator' };
      return {
        id: admin.id ?? admin.email ?? admin.username,
        fullName: admin.username ?? admin.email ?? 'Administrator',
      };
    },

    async getPermissions() {
      return undefined;
    },
  };
  return provider;
}
