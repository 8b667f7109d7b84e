// Configuration, parsed once at start with a schema; a missing or contradictory value stops the start
// with a message that names it (issue: server core, item 7).
import path from 'node:path';
import { z } from 'zod';

export interface Config {
  mode: 'demo' | 'production';
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | null;
  dataDir: string;
  postbackSecret: string | null;
  firebaseProjectId: string;
  firebaseWebConfig: { apiKey: string; authDomain: string; projectId: string; appId?: string };
  authEmulatorHost: string | null;
  logLevel: string;
  trustProxy: boolean;
  secureCookies: boolean;
  memberSessionDays: number;
  adminSessionHours: number;
  /** Member sign-ins per IP per minute (a cheap first line; tokens are verified anyway). */
  memberLoginRateLimit: number;
  distDir: string;
}

export class ConfigError extends Error {}

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).optional(),
  HOST: z.string().optional(),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().optional(),
  POSTBACK_SECRET: z.string().min(16, 'POSTBACK_SECRET must be at least 16 characters').optional(),
  FIREBASE_PROJECT_ID: z.string().optional(),
  FIREBASE_WEB_CONFIG: z.string().optional(),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  SESSION_SECRET: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  TRUST_PROXY: z.enum(['0', '1', 'true', 'false']).optional(),
  MEMBER_LOGIN_RATE_LIMIT: z.coerce.number().int().positive().optional(),
});

export const DEMO_PROJECT_ID = 'demo-spinrewards';
export const DEMO_EMULATOR_HOST = '127.0.0.1:9099';

function blankToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(env)) out[k] = v === '' ? undefined : v;
  return out;
}

export function loadConfig(rawEnv: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(blankToUndefined(rawEnv));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])}: ${issue.message}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  const port = env.PORT ?? 3000;

  if (production) {
    const required = [
      'DATABASE_URL',
      'FIREBASE_PROJECT_ID',
      'FIREBASE_WEB_CONFIG',
      'POSTBACK_SECRET',
      'PUBLIC_URL',
      'SESSION_SECRET',
    ] as const;
    for (const name of required) {
      if (!env[name]) throw new ConfigError(`Missing required configuration in production: ${name}`);
    }
    // Unsigned emulator tokens must never be accepted in production.
    if (env.FIREBASE_AUTH_EMULATOR_HOST) {
      throw new ConfigError(
        'FIREBASE_AUTH_EMULATOR_HOST must not be set in production (it makes the server accept unsigned tokens)',
      );
    }
  }

  let firebaseWebConfig: Config['firebaseWebConfig'];
  const projectId = env.FIREBASE_PROJECT_ID ?? DEMO_PROJECT_ID;
  if (env.FIREBASE_WEB_CONFIG) {
    const webSchema = z.object({
      apiKey: z.string().min(1),
      authDomain: z.string().min(1),
      projectId: z.string().min(1),
      appId: z.string().optional(),
    });
    let json: unknown;
    try {
      json = JSON.parse(env.FIREBASE_WEB_CONFIG);
    } catch {
      throw new ConfigError(
        'Invalid configuration: FIREBASE_WEB_CONFIG must be JSON with apiKey, authDomain and projectId',
      );
    }
    const web = webSchema.safeParse(json);
    if (!web.success)
      throw new ConfigError(
        'Invalid configuration: FIREBASE_WEB_CONFIG must be JSON with apiKey, authDomain and projectId',
      );
    firebaseWebConfig = web.data;
  } else {
    firebaseWebConfig = { apiKey: 'demo-api-key', authDomain: `${projectId}.firebaseapp.com`, projectId };
  }

  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    mode: production ? 'production' : 'demo',
    port,
    host: env.HOST ?? (production ? '0.0.0.0' : 'localhost'),
    publicUrl,
    databaseUrl: env.DATABASE_URL ?? null,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    postbackSecret: env.POSTBACK_SECRET ?? null,
    firebaseProjectId: projectId,
    firebaseWebConfig,
    authEmulatorHost: production ? null : (env.FIREBASE_AUTH_EMULATOR_HOST ?? null),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    secureCookies: publicUrl.startsWith('https://'),
    memberSessionDays: 30,
    adminSessionHours: 12,
    memberLoginRateLimit: env.MEMBER_LOGIN_RATE_LIMIT ?? 30,
    distDir: path.resolve('dist'),
  };
}
