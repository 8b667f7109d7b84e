// Test support for the admin API suites: a database and app per suite, an administrator, a signed-in
// admin cookie, JSON calls.
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../db/client';
import { upsertAdmin } from '../../services/admin/auth';
import { cookieFrom, createTestApp, createTestDatabase, type TestDatabase } from '../../test/helpers';

export const ADMIN_USERNAME = 'root';
export const ADMIN_PASSWORD = 'correct horse battery staple';

export async function createAdmin(db: Db, username = ADMIN_USERNAME, password = ADMIN_PASSWORD) {
  return upsertAdmin(db, { username, password, email: `${username}@example.com` });
}

export async function adminLogin(
  app: FastifyInstance,
  username = ADMIN_USERNAME,
  password = ADMIN_PASSWORD,
  remoteAddress = '127.0.0.1',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/admin/login.php',
    payload: { username, password },
    remoteAddress,
  });
}

export async function adminCookie(
  app: FastifyInstance,
  username = ADMIN_USERNAME,
  password = ADMIN_PASSWORD,
) {
  return cookieFrom(await adminLogin(app, username, password), 'admin_sid');
}

export interface Client {
  get(url: string): Promise<LightMyRequestResponse>;
  put(url: string, body: unknown): Promise<LightMyRequestResponse>;
  post(url: string, body: unknown): Promise<LightMyRequestResponse>;
}

export function client(app: FastifyInstance, cookie?: string): Client {
  const headers = cookie ? { cookie } : {};
  return {
    get: (url) => app.inject({ method: 'GET', url, headers }),
    put: (url, body) => app.inject({ method: 'PUT', url, headers, payload: body as object }),
    post: (url, body) => app.inject({ method: 'POST', url, headers, payload: body as object }),
  };
}

/** A client signed in as the administrator createAdmin made. */
export async function adminClient(app: FastifyInstance): Promise<Client> {
  return client(app, await adminCookie(app));
}

/**
 * For the suite it is called in: before its tests, a fresh database of `kind` and an app over it
 * with the administrator created, handed to `ready` (which signs in or seeds as the suite needs);
 * after them, the app closed and the database dropped.
 */
export function adminTestApp(
  kind: 'pglite' | 'postgres',
  ready: (setup: { app: FastifyInstance; db: Db }) => Promise<void> | void,
): void {
  let tdb: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    tdb = await createTestDatabase(kind);
    app = await createTestApp(tdb.database);
    await createAdmin(tdb.database.db);
    await ready({ app, db: tdb.database.db });
  });
  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
  });
}
