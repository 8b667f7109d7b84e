// Test support for the admin API suites: an administrator, a signed-in admin cookie, JSON calls, and
// the suite setup of helpers.ts with the administrator created.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/client';
import { upsertAdmin } from '../admin/auth/service';
import { cookieFrom, testAppPerSuite, type SuiteApp } from './helpers';

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

/** The suite setup of helpers.ts (`testAppPerSuite`), with the administrator createAdmin makes. */
export function adminTestApp(
  kind: 'pglite' | 'postgres',
  ready: (setup: SuiteApp) => Promise<void> | void,
): void {
  testAppPerSuite(kind, async (setup) => {
    await createAdmin(setup.db);
    await ready(setup);
  });
}
