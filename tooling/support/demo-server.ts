// The product as `npm start` starts it (demo mode: PGlite in a temporary folder, the Firebase Auth
// Emulator, built front-ends), for the measuring scripts (Lighthouse, traces), plus a signed-in
// member's session cookie obtained the way the app obtains it: an emulator ID token, then the login call.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { emulatorIdToken } from '../../server/demo/emulator';

/** Debian's Chromium flags, the same as the e2e suite's (no background calls home on this network). */
export { CHROMIUM_ARGS as CHROME_FLAGS } from '../../tests/e2e/browser';

export interface DemoServer {
  base: string;
  stop: () => Promise<void>;
}

export async function startDemoServer(
  port: number,
  emulatorHost: string,
  { niceness = 0 }: { niceness?: number } = {},
): Promise<DemoServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rewards-measure-'));
  // `niceness`: the server (and the emulator it starts) at a lower CPU priority than the browser
  // being measured (tooling/support/quiet-machine.ts); `nice` is coreutils'.
  const command = [process.execPath, '--import', 'tsx', 'server/start.ts'];
  const [file, ...args] = niceness ? ['nice', '-n', String(niceness), ...command] : command;
  const child = spawn(file!, args, {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'measure-admin-password',
      POSTBACK_SECRET: 'measure-postback-secret',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const base = `http://localhost:${port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health.php`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not become ready');
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    base,
    stop: async () => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        /* gone */
      }
      await new Promise((r) => setTimeout(r, 1500));
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* gone */
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A member signed in through the emulator and the login call: the `sid=…` cookie. */
export async function memberCookie(base: string, emulatorHost: string): Promise<string> {
  const idToken = await emulatorIdToken(emulatorHost, {
    sub: 'measure-member',
    email: 'measure.member@example.com',
    name: 'Measure Member',
  });
  const res = await fetch(`${base}/api/firebase-auth.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken, deviceFingerprint: 'measure' }),
  });
  if (!res.ok) throw new Error(`member sign-in failed: ${res.status} ${await res.text()}`);
  const sid = /sid=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!sid) throw new Error('no sid cookie in the sign-in answer');
  const cookie = `sid=${sid}`;
  // The member the gates measure is a returning one, who answered the first sign-in's questions
  // (issue 37) at their first visit: the dashboard a member opens every day, not the one-time dialog.
  const asked = await fetch(`${base}/api/eligibility.php`, { headers: { cookie } });
  const { eligibility } = (await asked.json()) as {
    eligibility: { needs: string | null; terms_version: string };
  };
  if (eligibility.needs === 'eligibility') {
    const answered = await fetch(`${base}/api/eligibility.php`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: base },
      body: JSON.stringify({
        adult: true,
        state: 'KA',
        acceptTerms: true,
        termsVersion: eligibility.terms_version,
      }),
    });
    if (!answered.ok)
      throw new Error(`eligibility answer failed: ${answered.status} ${await answered.text()}`);
  }
  return cookie;
}
