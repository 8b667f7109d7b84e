// Firebase ID token verification with firebase-admin. Emulator tokens (unsigned) are accepted only
// when the server was configured with an emulator host, which production configuration forbids.
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type DecodedIdToken } from 'firebase-admin/auth';

export interface TokenVerifier {
  verify(idToken: string): Promise<DecodedIdToken>;
  /**
   * Deletes a Firebase account through the Admin SDK (the privacy centre's account deletion, issue 37).
   * An account that is already gone counts as deleted, so a deletion can be retried. In production the
   * Admin SDK needs credentials (Application Default Credentials: GOOGLE_APPLICATION_CREDENTIALS or the
   * host's service account; docs/operations.md, "Deleted accounts"); against the Auth Emulator it needs none.
   * https://firebase.google.com/docs/auth/admin/manage-users#delete_a_user
   */
  deleteAccount(uid: string): Promise<void>;
}

/** firebase-admin's error code for an account that does not exist. */
const USER_NOT_FOUND = 'auth/user-not-found';

export function createTokenVerifier(projectId: string, authEmulatorHost: string | null): TokenVerifier {
  // firebase-admin decides "emulator or not" from this variable at each call.
  if (authEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = authEmulatorHost;
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const name = `verifier-${projectId}`;
  const app: App = getApps().find((a) => a.name === name) ?? initializeApp({ projectId }, name);
  const auth = getAuth(app);
  return {
    verify: (idToken) => auth.verifyIdToken(idToken, false),
    deleteAccount: async (uid) => {
      try {
        await auth.deleteUser(uid);
      } catch (error) {
        if ((error as { code?: unknown }).code !== USER_NOT_FOUND) throw error;
      }
    },
  };
}
