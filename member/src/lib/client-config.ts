import type { ClientConfig } from '../../../shared/contract/system';
import { api } from './api-client';

// GET /api/client-config.json: brand, Firebase web config and whether to use the Auth Emulator
// come from the server at run time, so one build serves demo and production. Parsed once and
// failing loudly on a malformed answer (configuration is parsed with a schema at start).

export class ConfigError extends Error {}

function str(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new ConfigError(`client-config: ${name} must be a non-empty string`);
  return value;
}

export function parseClientConfig(raw: unknown): ClientConfig {
  if (!raw || typeof raw !== 'object') throw new ConfigError('client-config: expected an object');
  const r = raw as Record<string, unknown>;
  const fb = (r.firebase ?? {}) as Record<string, unknown>;
  const emulator = r.authEmulatorHost;
  if (emulator !== null && emulator !== undefined && typeof emulator !== 'string') {
    throw new ConfigError('client-config: authEmulatorHost must be a string or null');
  }
  const accounts = Array.isArray(r.demoAccounts) ? r.demoAccounts : [];
  return {
    brand: typeof r.brand === 'string' && r.brand ? r.brand : 'SpinRewards',
    firebase: {
      apiKey: str(fb.apiKey, 'firebase.apiKey'),
      authDomain: str(fb.authDomain, 'firebase.authDomain'),
      projectId: str(fb.projectId, 'firebase.projectId'),
      ...(typeof fb.appId === 'string' ? { appId: fb.appId } : {}),
    },
    authEmulatorHost: typeof emulator === 'string' && emulator ? emulator : null,
    demoAccounts: accounts
      .filter((a): a is Record<string, unknown> => !!a && typeof a === 'object')
      .map((a) => ({
        sub: str(a.sub, 'demoAccounts.sub'),
        name: str(a.name, 'demoAccounts.name'),
        email: str(a.email, 'demoAccounts.email'),
      })),
  };
}

let pending: Promise<ClientConfig> | null = null;

export function loadClientConfig(): Promise<ClientConfig> {
  if (!pending) {
    pending = api.get<unknown>('/client-config.json').then(parseClientConfig);
    pending.catch(() => {
      pending = null;
    });
  }
  return pending;
}

export function resetClientConfig(): void {
  pending = null;
}
