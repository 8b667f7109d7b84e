// Attacks on admin sign-in and sessions against one real server process on PostgreSQL. Attackers
// come from distinct loopback addresses (127.0.x.y): the process sees each as its own client
// address, as it would behind no proxy.
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ADMIN_PASSWORD, createAdmin, createScratchDatabase, type ScratchDatabase } from './support/db';
import { ServerProcess } from './support/server-process';
import { Scenario } from './support/report';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Answer {
  status: number;
  cookie: string | null;
}

/** One request from the loopback address `from` (a fresh connection, so the address is the one given). */
function call(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  opts: { from?: string; body?: unknown; cookie?: string } = {},
): Promise<Answer> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  return new Promise((resolve) => {
    const req = http.request(
      `${base}${url}`,
      { method, headers, localAddress: opts.from ?? '127.0.0.1', agent: false },
      (res) => {
        res.resume();
        res.on('end', () => {
          const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
          const admin = set.map((c) => /^admin_sid=([^;]+)/.exec(c)?.[1]).find(Boolean);
          resolve({ status: res.statusCode ?? 0, cookie: admin ? `admin_sid=${admin}` : null });
        });
      },
    );
    req.setTimeout(120_000, () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, cookie: null }));
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

const count = (statuses: number[], s: number) => statuses.filter((x) => x === s).length;

describe('attacks on admin sign-in and sessions (1 process)', () => {
  let db: ScratchDatabase;
  let server: ServerProcess;
  beforeAll(async () => {
    db = await createScratchDatabase(inject('postgresUrl'), 'attacks_admin');
    server = await ServerProcess.start(db.url);
  });
  afterAll(async () => {
    await server?.stop();
    await db?.drop();
  });
  const scenario = (name: string) => new Scenario(name, inject('reportDir'));
  const login = (username: string, password: string, from: string) =>
    call(server.url, 'POST', '/api/admin/login.php', { from, body: { username, password } });
  const attempts = async (username: string) =>
    (
      await db.pool.query<{ n: number }>(
        'select count(*)::int as n from admin_login_attempts where username = $1',
        [username],
      )
    ).rows[0]!.n;

  it('200 concurrent guesses for one username: no more passwords checked than the limit', async () => {
    const s = scenario('attack: concurrent admin password burst');
    const admin = await createAdmin(db.pool);
    const statuses = (
      await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          login(admin.username, `guess-${i}`, `127.0.${10 + (i >> 6)}.${(i & 63) + 2}`),
        ),
      )
    ).map((a) => a.status);
    s.requests += 200;
    const checked = count(statuses, 401);
    s.check(
      'every attempt answered 401 (checked) or 429 (refused unchecked)',
      checked + count(statuses, 429) === 200,
      {
        statuses: [...new Set(statuses)],
      },
    );
    s.check('at most 10 passwords checked (per-username limit)', checked <= 10, { checked });
    s.check('attempts recorded = passwords checked', (await attempts(admin.username)) === checked, {
      recorded: await attempts(admin.username),
      checked,
    });
    // The same burst from a single address: the per-address wait stops it after 5.
    const other = await createAdmin(db.pool);
    const single = (
      await Promise.all(
        Array.from({ length: 200 }, (_, i) => login(other.username, `guess-${i}`, '127.0.20.2')),
      )
    ).map((a) => a.status);
    s.requests += 200;
    s.check('one address: at most 5 passwords checked', count(single, 401) <= 5, {
      checked: count(single, 401),
    });
    expect(s.finish()).toEqual([]);
  });

  it('failures from other addresses do not lock the administrator out of their own address', async () => {
    const s = scenario('attack: admin lockout by wrong passwords from other addresses');
    const admin = await createAdmin(db.pool);
    const home = '127.0.30.2';
    s.requests++;
    s.check(
      'the administrator signs in from their usual address',
      (await login(admin.username, ADMIN_PASSWORD, home)).status === 200,
    );
    const wrong = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(admin.username, `wrong-${i}`, `127.0.31.${i + 2}`)),
    );
    s.requests += 40;
    s.check(
      'the attack is slowed: at most 10 of its 40 passwords checked',
      count(
        wrong.map((a) => a.status),
        401,
      ) <= 10,
    );
    const own = await login(admin.username, ADMIN_PASSWORD, home);
    s.requests++;
    s.check('the right password from the usual address still signs in', own.status === 200, own);
    const elsewhere = await login(admin.username, ADMIN_PASSWORD, '127.0.32.2');
    s.requests++;
    s.check('an address the username never signed in from waits (429)', elsewhere.status === 429, elsewhere);
    expect(s.finish()).toEqual([]);
  });

  it('npm run admin:create with a new password ends the sessions of the old one', async () => {
    const s = scenario('attack: stolen admin session after a password reset');
    const admin = await createAdmin(db.pool);
    const stolen = await login(admin.username, ADMIN_PASSWORD, '127.0.40.2');
    s.requests++;
    const before = await call(server.url, 'GET', '/api/admin/dashboard.php', { cookie: stolen.cookie! });
    s.requests++;
    s.check('the stolen session works before the reset', before.status === 200, before);
    const reset = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/scripts/admin-create.ts',
        '--username',
        admin.username,
        '--password',
        'a-brand-new-password',
      ],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: db.url }, encoding: 'utf8', timeout: 120_000 },
    );
    s.check('admin:create succeeded', reset.status === 0, {
      status: reset.status,
      out: reset.stdout,
      err: reset.stderr,
    });
    for (const [name, cookie] of [
      ['the stolen sign-in session', stolen.cookie!],
      ['a session made outside sign-in', admin.cookie],
    ] as const) {
      const after = await call(server.url, 'GET', '/api/admin/dashboard.php', { cookie });
      s.requests++;
      s.check(`${name} is refused (401) after the reset`, after.status === 401, after);
    }
    const fresh = await login(admin.username, 'a-brand-new-password', '127.0.40.2');
    s.requests++;
    s.check('the new password signs in', fresh.status === 200, fresh);
    expect(s.finish()).toEqual([]);
  });

  it('an idle admin session ends after 30 minutes; expired sessions are purged at start', async () => {
    const s = scenario('attack: replaying an idle admin session');
    const admin = await createAdmin(db.pool);
    const live = await call(server.url, 'GET', '/api/admin/dashboard.php', { cookie: admin.cookie });
    s.requests++;
    s.check('the session works while in use', live.status === 200, live);
    // 31 minutes without activity (moved in the database rather than waited for).
    await db.pool.query(
      `update sessions set last_seen_at = now() - interval '31 minutes' where admin_id = $1`,
      [admin.id],
    );
    const idle = await call(server.url, 'GET', '/api/admin/dashboard.php', { cookie: admin.cookie });
    s.requests++;
    s.check('the idle session is refused (401)', idle.status === 401, idle);
    await db.pool.query(`update sessions set expires_at = now() - interval '1 minute' where kind = 'member'`);
    const stale = (
      await db.pool.query<{ n: number }>(
        `select count(*)::int as n from sessions where expires_at < now() or (kind = 'admin' and last_seen_at < now() - interval '30 minutes')`,
      )
    ).rows[0]!.n;
    s.check('there are expired sessions to purge', stale > 0, { stale });
    const second = await ServerProcess.start(db.url);
    try {
      let left = stale;
      for (let i = 0; i < 300 && left > 0; i++) {
        left = (
          await db.pool.query<{ n: number }>(
            `select count(*)::int as n from sessions where expires_at < now() or (kind = 'admin' and last_seen_at < now() - interval '30 minutes')`,
          )
        ).rows[0]!.n;
        if (left > 0) await new Promise((r) => setTimeout(r, 200));
      }
      s.check('a starting process purged every expired session', left === 0, { left });
    } finally {
      await second.stop();
    }
    expect(s.finish()).toEqual([]);
  });
});
