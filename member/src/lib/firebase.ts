import type { ClientConfig } from '../../../shared/contract/system';

// Firebase is loaded only when the member presses the sign-in button (/login first-load JS stays
// under 110 KB: docs/product-rules.md#performance-bar). Two flows, one SDK:
// - production: signInWithPopup with GoogleAuthProvider, account chooser forced every time
//   (Firebase opens its popup at 500x600, the size the product names);
// - Auth Emulator (demo, tests): popup and redirect need apis.google.com, unreachable offline,
//   so the app's own account chooser provides an unsigned Google id_token and
//   signInWithCredential exchanges it for a real emulator ID token.

export interface DemoIdentity {
  sub: string;
  name: string;
  email: string;
}

type FirebaseAuthModule = typeof import('firebase/auth');
type Auth = import('firebase/auth').Auth;

let authPromise: Promise<{ auth: Auth; mod: FirebaseAuthModule }> | null = null;

/** Starts downloading the SDK without initialising it; used to warm up while the chooser is open. */
export function preloadFirebase(): void {
  void import('firebase/app');
  void import('firebase/auth');
}

async function getAuthFor(config: ClientConfig) {
  if (!authPromise) {
    authPromise = (async () => {
      const [{ initializeApp, getApps }, mod] = await Promise.all([
        import('firebase/app'),
        import('firebase/auth'),
      ]);
      const app = getApps()[0] ?? initializeApp(config.firebase);
      const auth = mod.getAuth(app);
      if (config.authEmulatorHost) {
        mod.connectAuthEmulator(auth, `http://${config.authEmulatorHost}`, { disableWarnings: true });
      }
      return { auth, mod };
    })();
    authPromise.catch(() => {
      authPromise = null;
    });
  }
  return authPromise;
}

/** Signs in with Google and returns the Firebase ID token for POST /api/firebase-auth.php. */
export async function signInWithGoogle(config: ClientConfig, identity?: DemoIdentity): Promise<string> {
  const { auth, mod } = await getAuthFor(config);
  if (config.authEmulatorHost) {
    if (!identity) throw new Error('Choose an account to continue');
    const credential = mod.GoogleAuthProvider.credential(
      JSON.stringify({ sub: identity.sub, email: identity.email, email_verified: true, name: identity.name }),
    );
    const result = await mod.signInWithCredential(auth, credential);
    return result.user.getIdToken();
  }
  const provider = new mod.GoogleAuthProvider();
  provider.addScope('email');
  provider.addScope('profile');
  provider.setCustomParameters({ prompt: 'select_account' });
  const result = await mod.signInWithPopup(auth, provider);
  return result.user.getIdToken();
}

/** Drops the Firebase session too at logout, when the SDK was ever loaded. */
export async function signOutOfFirebase(): Promise<void> {
  if (!authPromise) return;
  try {
    const { auth, mod } = await authPromise;
    await mod.signOut(auth);
  } catch {
    /* the member session is what matters; Firebase's copy is disposable */
  }
}
