import { describe, expect, it } from 'vitest';
import { NETWORK_POSTBACK_LIMITS } from '../networks/verify';
import {
  POSTBACK_LIMITS,
  canonicalString,
  flattenParams,
  junkBudget,
  logParams,
  paramLimitProblem,
  signPostback,
  verifySignature,
} from './postbacks';

// The postback receiver's rules that run before any database work (docs/product-rules.md#postbacks):
// which signatures pass, which parameter sets are refused and with which message, what a log row keeps
// and how many junk rows a minute may store. Written for the mutants npm run test:mutation found alive
// (docs/testing.md).
const SECRET = 'edge-secret-0123456789';
const params = { click_id: 'c 1', transaction_id: 't/1', payout: '2.5', status: 'approved' };

describe('the signature', () => {
  it('covers every parameter but sig, sorted by name and encoded', () => {
    expect(canonicalString({ b: '2', sig: 'x', a: 'é&=' })).toBe('a=%C3%A9%26%3D&b=2');
  });

  it('passes only the exact lowercase hex HMAC of those parameters', () => {
    const sig = signPostback(params, SECRET);
    expect(verifySignature({ ...params, sig }, SECRET)).toBe(true);
    expect(verifySignature({ ...params, sig }, `${SECRET}x`)).toBe(false);
    expect(verifySignature({ ...params, payout: '2.6', sig }, SECRET)).toBe(false);
    expect(verifySignature({ ...params, sig: sig.toUpperCase() }, SECRET)).toBe(false);
    expect(verifySignature({ ...params, sig: sig.slice(0, 63) }, SECRET)).toBe(false);
    expect(verifySignature({ ...params, sig: `${sig}0` }, SECRET)).toBe(false);
    expect(verifySignature({ ...params, sig: ` ${sig}` }, SECRET)).toBe(false);
    expect(verifySignature(params, SECRET)).toBe(false);
  });
});

describe('the parameters', () => {
  it('flattens strings and numbers; nothing at all is no parameters', () => {
    expect(flattenParams({ a: 'x', b: 3 })).toEqual({ a: 'x', b: '3' });
    expect(flattenParams(undefined)).toEqual({});
    expect(flattenParams(null)).toEqual({});
    expect(flattenParams('a=b')).toEqual({});
  });

  it('refuses repeated, nested or unstorable values (null: malformed)', () => {
    expect(flattenParams({ a: ['x', 'y'] })).toBeNull();
    expect(flattenParams({ a: { b: 'c' } })).toBeNull();
    expect(flattenParams({ a: true })).toBeNull();
    expect(flattenParams({ a: 'x\u0000' })).toBeNull();
    expect(flattenParams({ 'a\uD800': 'x' })).toBeNull();
  });

  it("uses every receiver's parameter bounds (the network receivers' core)", () => {
    expect(POSTBACK_LIMITS).toMatchObject({
      maxParams: NETWORK_POSTBACK_LIMITS.maxParams,
      maxKeyLength: NETWORK_POSTBACK_LIMITS.maxKeyLength,
      maxValueLength: NETWORK_POSTBACK_LIMITS.maxValueLength,
    });
  });

  it('accepts the limits exactly and names the first one passed', () => {
    const L = POSTBACK_LIMITS;
    const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, 'v']));
    expect(paramLimitProblem(many(L.maxParams))).toBeNull();
    expect(paramLimitProblem(many(L.maxParams + 1))).toBe('at most 32 parameters are accepted');
    expect(paramLimitProblem({ ['k'.repeat(L.maxKeyLength)]: 'v' })).toBeNull();
    expect(paramLimitProblem({ ['k'.repeat(L.maxKeyLength + 1)]: 'v' })).toBe(
      'parameter names are at most 64 characters',
    );
    // One name or value too long among short ones is enough.
    expect(paramLimitProblem({ a: 'v', ['k'.repeat(L.maxKeyLength + 1)]: 'v' })).toBe(
      'parameter names are at most 64 characters',
    );
    expect(paramLimitProblem({ a: 'v', b: 'v'.repeat(L.maxValueLength + 1) })).toBe(
      'parameter values are at most 1024 characters',
    );
    expect(paramLimitProblem({ a: 'v'.repeat(L.maxValueLength) })).toBeNull();
    expect(paramLimitProblem({ a: 'v'.repeat(L.maxValueLength + 1) })).toBe(
      'parameter values are at most 1024 characters',
    );
  });
});

describe('what a log row keeps', () => {
  it('of a verified attempt: every parameter as text, bounded, the first 32', () => {
    const raw = {
      click_id: 'c1',
      payout: 2.5,
      nested: { a: 1 },
      ['k'.repeat(70)]: 'v'.repeat(300),
      nul: 'a\u0000b',
    };
    expect(logParams(raw, true)).toEqual({
      click_id: 'c1',
      payout: '2.5',
      nested: '[object]',
      ['k'.repeat(64)]: 'v'.repeat(256),
      nul: 'ab',
    });
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`p${i}`, 'v']));
    expect(Object.keys(logParams(many, true))).toHaveLength(32);
  });

  it('of a junk attempt: the known parameters cut to 128 characters, and a count of the others', () => {
    expect(
      logParams({ click_id: 'c'.repeat(200), status: 'approved', evil: 'x', other: 'y' }, false),
    ).toEqual({ click_id: 'c'.repeat(128), status: 'approved', _other_params: '2' });
    expect(logParams({ sig: 'abc' }, false)).toEqual({ sig: 'abc' });
    expect(logParams(null, false)).toEqual({});
    expect(logParams('text', true)).toEqual({});
  });
});

describe('the junk-row budget', () => {
  it('admits perMinute rows a minute, then counts the dropped ones and reports them in the next minute', () => {
    const budget = junkBudget(2);
    const t0 = 1_000_000;
    expect(budget.admit(t0)).toEqual({ admitted: true, droppedInLastWindow: 0 });
    expect(budget.admit(t0 + 1)).toEqual({ admitted: true, droppedInLastWindow: 0 });
    expect(budget.admit(t0 + 2)).toEqual({ admitted: false, droppedInLastWindow: 0 });
    expect(budget.admit(t0 + 59_999)).toEqual({ admitted: false, droppedInLastWindow: 0 });
    expect(budget.admit(t0 + 60_000)).toEqual({ admitted: true, droppedInLastWindow: 2 });
    expect(budget.admit(t0 + 60_001)).toEqual({ admitted: true, droppedInLastWindow: 0 });
  });

  it(`defaults to ${POSTBACK_LIMITS.junkRowsPerMinute} rows a minute`, () => {
    const budget = junkBudget();
    const t0 = 5_000_000;
    const admitted = Array.from({ length: 130 }, (_, i) => budget.admit(t0 + i).admitted);
    expect(admitted.filter(Boolean)).toHaveLength(120);
  });
});
