// Firebase ID token verification with firebase-admin. Emulator tokens (unsigned) are accepted only
// when the server was configured with an emulator host, which production configuration forbids.
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type DecodedIdToken } from 'firebase-admin/auth';

export interface TokenVerifier {
  verify(idToken: string): Promise<DecodedIdToken>;
}

export function createTokenVerifier(projectId: string, authEmulatorHost: string | null): TokenVerifier {
  // firebase-admin decides "emulator or not" from this variable at each call.
  if (authEmulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = authEmulatorHost;
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const name = `verifier-${projectId}`;
  const app: App = getApps().find((a) => a.name === name) ?? initializeApp({ projectId }, name);
  const auth = getAuth(app);
  return {
    verify: (idToken) => auth.verifyIdToken(idToken, false),
  };
}
