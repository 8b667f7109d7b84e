import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://db/rewards',
  FIREBASE_PROJECT_ID: 'rewards-prod',
  FIREBASE_WEB_CONFIG: JSON.stringify({
    apiKey: 'k',
    authDomain: 'rewards-prod.firebaseapp.com',
    projectId: 'rewards-prod',
  }),
  POSTBACK_SECRET: 'a-very-long-postback-secret',
  PUBLIC_URL: 'https://rewards.example.com',
  SESSION_SECRET: 'session-secret',
};

describe('configuration', () => {
  it('runs in demo mode with no configuration at all', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      mode: 'demo',
      port: 3000,
      databaseUrl: null,
      firebaseProjectId: 'demo-spinrewards',
      publicUrl: 'http://localhost:3000',
    });
    expect(c.dataDir).toMatch(/data$/);
  });

  it('honours PORT, DATA_DIR and POSTBACK_SECRET in demo mode', () => {
    const c = loadConfig({ PORT: '4100', DATA_DIR: '/tmp/x', POSTBACK_SECRET: '0123456789abcdef' });
    expect(c).toMatchObject({
      port: 4100,
      dataDir: '/tmp/x',
      postbackSecret: '0123456789abcdef',
      publicUrl: 'http://localhost:4100',
    });
  });

  it('accepts a complete production configuration, with secure cookies behind https', () => {
    const c = loadConfig(production);
    expect(c).toMatchObject({
      mode: 'production',
      authEmulatorHost: null,
      secureCookies: true,
      firebaseProjectId: 'rewards-prod',
    });
  });

  it.each([
    'DATABASE_URL',
    'FIREBASE_PROJECT_ID',
    'FIREBASE_WEB_CONFIG',
    'POSTBACK_SECRET',
    'PUBLIC_URL',
    'SESSION_SECRET',
  ])('stops a production start without %s, naming it', (name) => {
    const env: Record<string, string> = { ...production };
    delete env[name];
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('refuses FIREBASE_AUTH_EMULATOR_HOST in production', () => {
    expect(() => loadConfig({ ...production, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST/,
    );
  });

  it('names an invalid value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ ...production, FIREBASE_WEB_CONFIG: '{nope' })).toThrow(/FIREBASE_WEB_CONFIG/);
    expect(() => loadConfig({ POSTBACK_SECRET: 'short' })).toThrow(/POSTBACK_SECRET/);
  });

  // `Production` used to run demo mode (unsigned emulator tokens accepted).
  it.each(['Production', 'prod', 'staging', 'PRODUCTION', ' production'])(
    'refuses NODE_ENV=%j instead of running demo mode, naming the value',
    (value) => {
      const env = { ...production, NODE_ENV: value };
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(`NODE_ENV: "${value}"`);
    },
  );

  it.each([undefined, 'development', 'test'])('runs demo mode for NODE_ENV=%j', (value) => {
    expect(loadConfig(value === undefined ? {} : { NODE_ENV: value }).mode).toBe('demo');
  });

  // `TRUST_PROXY=1` used to trust every X-Forwarded-For hop.
  it.each([
    [undefined, false],
    ['0', false],
    ['false', false],
    ['1', 1],
    ['true', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.7,::1,fd00::/8', ['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8']],
    ['loopback', ['loopback']],
  ])('reads TRUST_PROXY=%j as %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['yes', '-1', '0.5', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1,', '999'])(
    'refuses TRUST_PROXY=%j, naming it',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    },
  );

  it('reads METRICS_TOKEN, refusing a short one', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 'metrics-token-0123456789' }).metricsToken).toBe(
      'metrics-token-0123456789',
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('releases due holds every minute unless HOLD_RELEASE_INTERVAL_SECONDS says otherwise', () => {
    expect(loadConfig({}).holdReleaseIntervalMs).toBe(60_000);
    expect(loadConfig({ HOLD_RELEASE_INTERVAL_SECONDS: '5' }).holdReleaseIntervalMs).toBe(5_000);
    for (const bad of ['0', '1.5', '3601', 'soon'])
      expect(() => loadConfig({ HOLD_RELEASE_INTERVAL_SECONDS: bad })).toThrow(
        /HOLD_RELEASE_INTERVAL_SECONDS/,
      );
  });

  it('limits live-update streams per address, per process and by age, with defaults', () => {
    expect(loadConfig({}).memberEvents).toMatchObject({
      streamsPerMember: 10,
      streamsPerAddress: 100,
      maxStreams: 10_000,
      maxAgeMs: 60 * 60_000,
    });
    expect(
      loadConfig({
        MEMBER_EVENT_STREAMS_PER_ADDRESS: '20',
        MEMBER_EVENT_STREAMS_MAX: '500',
        MEMBER_EVENT_STREAM_MAX_MINUTES: '15',
      }).memberEvents,
    ).toMatchObject({ streamsPerAddress: 20, maxStreams: 500, maxAgeMs: 15 * 60_000 });
    expect(() => loadConfig({ MEMBER_EVENT_STREAMS_PER_ADDRESS: '0' })).toThrow(
      /MEMBER_EVENT_STREAMS_PER_ADDRESS/,
    );
    expect(() => loadConfig({ MEMBER_EVENT_STREAM_MAX_MINUTES: '2000' })).toThrow(
      /MEMBER_EVENT_STREAM_MAX_MINUTES/,
    );
  });

  it('reads the session secret, the pool size, SKIP_BUILD and the demo administrator', () => {
    const c = loadConfig({
      SESSION_SECRET: 'a-session-secret',
      DB_POOL_MAX: '25',
      SKIP_BUILD: '1',
      ADMIN_USERNAME: 'alice',
      ADMIN_PASSWORD: 'alice-password',
    });
    expect(c).toMatchObject({
      sessionSecret: 'a-session-secret',
      dbPoolMax: 25,
      skipBuild: true,
      demoAdmin: { username: 'alice', password: 'alice-password' },
    });
    expect(loadConfig(production).sessionSecret).toBe('session-secret');
  });

  it('defaults them in demo mode, an empty value counting as unset', () => {
    for (const env of [{}, { SESSION_SECRET: '', DB_POOL_MAX: '', SKIP_BUILD: '', ADMIN_PASSWORD: '' }]) {
      expect(loadConfig(env)).toMatchObject({
        sessionSecret: 'demo-session-secret-not-for-production',
        dbPoolMax: 10,
        skipBuild: false,
        demoAdmin: { username: undefined, password: undefined },
      });
    }
  });

  it.each(['zero', '0', '-3', '2.5'])('refuses DB_POOL_MAX=%j, naming it', (value) => {
    expect(() => loadConfig({ DB_POOL_MAX: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DB_POOL_MAX: value })).toThrow(/DB_POOL_MAX/);
  });
});
