// The operator's fair-play settings (issue 37, docs/operations.md "Fair play"): demo defaults, the
// free daily spin off in production unless turned on, and each value checked with a message naming it.
import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_EXCLUDED_STATES, loadConfig } from '../config';
import { DEFAULT_SLOT_CONFIG } from '../../shared/slot';

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

describe('fair-play configuration', () => {
  it('demo mode: the daily free spin on, demo excluded states and operator placeholders', () => {
    const { fairPlay } = loadConfig({});
    expect(fairPlay.dailySpin).toEqual({ enabled: true, perDay: 1, table: DEFAULT_SLOT_CONFIG });
    expect(fairPlay.excludedStates).toEqual(DEMO_EXCLUDED_STATES);
    expect(fairPlay.operator.supportEmail).toMatch(/@/);
  });

  it('production: the daily free spin off and no excluded state unless configured', () => {
    const { fairPlay } = loadConfig(production);
    expect(fairPlay.dailySpin.enabled).toBe(false);
    expect(fairPlay.excludedStates).toEqual([]);
  });

  it("reads the operator's settings", () => {
    const { fairPlay } = loadConfig({
      ...production,
      OPERATOR_NAME: 'Acme Rewards Pvt Ltd',
      OPERATOR_ADDRESS: '1 Main Road, Pune',
      GRIEVANCE_OFFICER_NAME: 'R. Officer',
      GRIEVANCE_OFFICER_EMAIL: 'grievance@acme.example',
      SUPPORT_EMAIL: 'help@acme.example',
      SUPPORT_PHONE: '+91 80 1234 5678',
      EXCLUDED_STATES: 'tn, IN-AS ,TN',
      FREE_DAILY_SPIN: 'on',
      FREE_DAILY_SPINS_PER_DAY: '2',
      FREE_DAILY_SPIN_TABLE: '{"reels":[{"amount":10,"probability":5}]}',
      TERMS_VERSION: '2027.2',
    });
    expect(fairPlay).toEqual({
      operator: {
        name: 'Acme Rewards Pvt Ltd',
        address: '1 Main Road, Pune',
        grievanceOfficerName: 'R. Officer',
        grievanceOfficerEmail: 'grievance@acme.example',
        supportEmail: 'help@acme.example',
        supportPhone: '+91 80 1234 5678',
      },
      excludedStates: ['AS', 'TN'],
      dailySpin: { enabled: true, perDay: 2, table: { reels: [{ amount: 10, probability: 5 }] } },
      termsVersion: '2027.2',
    });
    expect(loadConfig({ EXCLUDED_STATES: 'none' }).fairPlay.excludedStates).toEqual([]);
  });

  it.each([
    [{ EXCLUDED_STATES: 'KA,XX' }, 'EXCLUDED_STATES'],
    [{ FREE_DAILY_SPIN: 'yes' }, 'FREE_DAILY_SPIN'],
    [{ FREE_DAILY_SPINS_PER_DAY: '0' }, 'FREE_DAILY_SPINS_PER_DAY'],
    [{ FREE_DAILY_SPIN_TABLE: '{"reels":[{"amount":10,"probability":120}]}' }, 'FREE_DAILY_SPIN_TABLE'],
    [{ FREE_DAILY_SPIN_TABLE: 'not json' }, 'FREE_DAILY_SPIN_TABLE'],
    [{ SUPPORT_EMAIL: 'nobody' }, 'SUPPORT_EMAIL'],
    [{ TERMS_VERSION: 'v 2' }, 'TERMS_VERSION'],
  ])('refuses %o, naming it', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
