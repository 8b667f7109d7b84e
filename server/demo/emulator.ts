// Starts the Firebase Auth Emulator from firebase-tools as a child process (demo mode, tests).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DEMO_ACCOUNTS } from '../lib/demo-accounts';

type DemoAccount = { sub: string; name: string; email: string };
import { fileURLToPath } from 'node:url';

export interface Emulator {
  host: string;
  child: ChildProcess | null;
  stop(): void;
}

export async function emulatorUp(host: string): Promise<boolean> {
  try {
    const res = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Starts the emulator (or finds one running on `host`) with the account chooser's demo accounts in it
 * (ensureDemoAccounts).
 */
export async function startAuthEmulator(
  host: string,
  projectId: string,
  workDir: string,
  accounts: readonly DemoAccount[] = DEMO_ACCOUNTS,
): Promise<Emulator> {
  if (await emulatorUp(host)) {
    await ensureDemoAccounts(host, projectId, accounts);
    return { host, child: null, stop: () => {} };
  }
  const [hostname, portText] = host.split(':');
  const port = Number(portText);
  const require = createRequire(import.meta.url);
  // The emulator alone, its schemas compiled on first use (auth-emulator-child.cjs): about 1 s instead
  // of the CLI's 15-20 s. Exit code 3: this firebase-tools is laid out differently, so the CLI it is.
  const fast = await runUntilUp(
    host,
    spawn(
      process.execPath,
      [
        path.join(path.dirname(fileURLToPath(import.meta.url)), 'auth-emulator-child.cjs'),
        hostname!,
        String(port),
        projectId,
      ],
      // The IPC channel closes when this process ends, however it ends: the child then stops too.
      { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
    ),
  );
  if (fast !== 'unsupported') {
    await ensureDemoAccounts(host, projectId, accounts);
    return fast;
  }
  mkdirSync(workDir, { recursive: true });
  // Hub/logging ports are derived from the auth port so two emulators (demo and tests) can coexist.
  writeFileSync(
    path.join(workDir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: hostname, port },
        hub: { host: hostname, port: port + 1 },
        logging: { host: hostname, port: port + 2 },
        ui: { enabled: false },
      },
    }),
  );
  const bin = require.resolve('firebase-tools/lib/bin/firebase.js');
  const cli = await runUntilUp(
    host,
    spawn(process.execPath, [bin, 'emulators:start', '--only', 'auth', '--project', projectId], {
      cwd: workDir,
      env: { ...process.env, CI: 'true', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  if (cli === 'unsupported') throw new Error('Firebase Auth Emulator exited (3)');
  await ensureDemoAccounts(host, projectId, accounts);
  return cli;
}

/** Waits until the child's emulator answers; 'unsupported' when it exits with code 3 (see above). */
async function runUntilUp(host: string, child: ChildProcess): Promise<Emulator | 'unsupported'> {
  let output = '';
  child.stdout?.on('data', (d) => (output = (output + d).slice(-4000)));
  child.stderr?.on('data', (d) => (output = (output + d).slice(-4000)));
  const deadline = Date.now() + 60_000;
  while (!(await emulatorUp(host))) {
    if (child.exitCode === 3) return 'unsupported';
    if (child.exitCode !== null)
      throw new Error(`Firebase Auth Emulator exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Firebase Auth Emulator did not start on ${host}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    host,
    child,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
    },
  };
}

/**
 * fetch, sent once more when it fails before any answer ("fetch failed": the emulator closed an idle
 * keep-alive socket just as this request was written to it, seen as "other side closed" on a busy
 * machine). Only a failure without a response is retried; any answer, even an error, is returned.
 */
async function fetchRetryingClosedSocket(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

/** Signs in through the emulator's REST API the way signInWithCredential does: a real emulator ID token. */
export async function emulatorIdToken(
  host: string,
  account: { sub: string; email: string; name: string },
  apiKey = 'demo-api-key',
): Promise<string> {
  const res = await fetchRetryingClosedSocket(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=${apiKey}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        postBody: `id_token=${encodeURIComponent(JSON.stringify({ ...account, email_verified: true }))}&providerId=google.com`,
        requestUri: 'http://localhost',
        returnSecureToken: true,
        returnIdpCredential: true,
      }),
    },
  );
  const body = (await res.json()) as { idToken?: string; error?: { message: string } };
  if (!body.idToken) throw new Error(`emulator sign-in failed: ${body.error?.message ?? res.status}`);
  return body.idToken;
}

const DEMO_ACCOUNTS_TIMEOUT_MS = 60_000;

/**
 * Creates the account chooser's demo accounts in the emulator with fixed uids (their `sub`), linked to
 * their Google identity, so that choosing one signs in as the member the living demo gave a history
 * (server/demo/history.ts). The emulator keeps no accounts across its restarts: this runs on every
 * start. An account already there (an emulator left running) is kept.
 */
export async function ensureDemoAccounts(
  host: string,
  projectId: string,
  accounts: readonly DemoAccount[],
): Promise<void> {
  if (accounts.length === 0) return;
  // The emulator compiles an operation's schema on its first call (auth-emulator-child.cjs): on a busy
  // machine that first call has taken over 10 s, so the wait is generous and a timeout says what it was.
  const res = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/projects/${encodeURIComponent(projectId)}/accounts:batchCreate`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({
        users: accounts.map((a) => ({
          localId: a.sub,
          email: a.email,
          emailVerified: true,
          displayName: a.name,
          providerUserInfo: [{ providerId: 'google.com', rawId: a.sub, email: a.email, displayName: a.name }],
        })),
      }),
      signal: AbortSignal.timeout(DEMO_ACCOUNTS_TIMEOUT_MS),
    },
  ).catch((error: unknown) => {
    throw new Error(
      error instanceof Error && error.name === 'TimeoutError'
        ? `creating the demo accounts in the Firebase Auth Emulator (${host}) took over ${DEMO_ACCOUNTS_TIMEOUT_MS / 1000} s`
        : `creating the demo accounts in the Firebase Auth Emulator (${host}) failed: ${String(error)}`,
    );
  });
  const body = (await res.json().catch(() => ({}))) as {
    error?: { message?: string };
    errors?: { message?: string }[];
  };
  const failed = (body.errors ?? []).filter((e) => !/DUPLICATE/.test(e.message ?? ''));
  if (!res.ok || failed.length > 0)
    throw new Error(
      `creating the demo accounts in the emulator failed: ${body.error?.message ?? failed.map((e) => e.message).join('; ') ?? res.status}`,
    );
}
