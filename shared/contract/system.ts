// Liveness, readiness and the run-time client configuration (one build serves demo and
// production).
import { z } from 'zod';
import { API_BASE, CLIENT_CONFIG_PATH, HEALTH_PATH } from './paths';
import { endpoint, errorBody, type ResponseOf } from './common';

/** The Firebase web app settings the member app signs in with. */
export const firebaseWebConfig = z.object({
  apiKey: z.string().min(1),
  authDomain: z.string().min(1),
  projectId: z.string().min(1),
  appId: z.string().optional(),
});

/** Readiness: the database answers; `?live=1` is liveness only (the process is up). */
export const health = endpoint('GET', `${API_BASE}${HEALTH_PATH}`, {
  response: {
    200: z.union([
      z.strictObject({ success: z.literal(true), status: z.literal('alive') }),
      z.strictObject({
        success: z.literal(true),
        status: z.literal('ready'),
        database: z.enum(['pglite', 'postgres']),
      }),
    ]),
    503: z.object({ success: z.literal(false), error: z.string(), status: z.literal('unready') }),
    500: errorBody,
  },
});

export const clientConfig = endpoint('GET', `${API_BASE}${CLIENT_CONFIG_PATH}`, {
  response: {
    200: z.object({
      brand: z.string(),
      firebase: firebaseWebConfig,
      /** 'host:port' of the Firebase Auth Emulator when the server trusts emulator tokens, else null. */
      authEmulatorHost: z.string().nullable(),
      /** Demo accounts offered by the app's own account chooser in emulator mode. */
      demoAccounts: z.array(z.object({ sub: z.string(), name: z.string(), email: z.string() })),
    }),
    500: errorBody,
  },
});
/** GET /api/client-config.json. */
export type ClientConfig = ResponseOf<typeof clientConfig>;
