import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PRESET_NAMES,
  SIGNATURE_ALGORITHMS,
  type ConfigOverrides,
  type NetworkConfig,
  type PresetName,
} from '../../shared/networks/config';
import { configFromPreset } from './presets';
import { requestFrom } from './test-request';
import { NETWORK_POSTBACK_LIMITS, signPostback, verifyPostback, type PostbackRequest } from './verify';

const NOW = new Date('2026-11-24T12:00:00Z');
const ORIGIN = 'https://rewards.example';

function build(preset: PresetName | 'custom', overrides: ConfigOverrides): NetworkConfig {
  const r = configFromPreset(preset, { name: 'Test', ...overrides });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.config;
}

/** A postback any configuration accepts: its mapped parameters, its extra ones, an approved status. */
function sampleParams(config: NetworkConfig): Record<string, string> {
  const p = config.params;
  const out: Record<string, string> = {};
  out[(p.clickId ?? p.subId)!] = 'Mq7cS2xV';
  out[p.transactionId] = 'tx-1';
  if (p.payout) out[p.payout] = '0.50';
  if (p.status && config.statuses.approved[0]) out[p.status] = config.statuses.approved[0];
  for (const extra of config.extraParams) out[extra] = '1';
  return out;
}

/** An address the configuration's allowlist lets in. */
const allowedIp = (config: NetworkConfig) => config.ipAllowlist[0]?.split('/')[0] ?? '203.0.113.10';

function signedRequest(
  config: NetworkConfig,
  params: Record<string, string>,
  secret?: string,
): PostbackRequest {
  const signed = signPostback(config, params, { secret, origin: ORIGIN });
  return requestFrom(signed.url, { headers: signed.headers, origin: ORIGIN, ip: allowedIp(config) });
}

describe('verifyPostback: refusals before the signature', () => {
  const config = build('native', { slug: 'native', secret: 'test-secret' });
  const good = signedRequest(config, sampleParams(config));

  it('accepts the sample postback (the baseline of what follows)', () => {
    expect(verifyPostback(config, good, NOW).ok).toBe(true);
  });

  it('refuses everything for an inactive network', () => {
    expect(verifyPostback({ ...config, isActive: false }, good, NOW)).toEqual({
      ok: false,
      reason: 'inactive',
      detail: 'Network "native" is not active',
      verified: false,
    });
  });

  it('refuses a parameter sent twice, a nested value, and a query and body that disagree', () => {
    const twice = requestFrom(`${good.url}&status=reversed`);
    expect(verifyPostback(config, twice, NOW)).toMatchObject({
      reason: 'malformed',
      detail: 'Malformed postback: parameter "status" was sent more than once',
    });
    expect(verifyPostback(config, { ...good, body: { extra: { a: 1 } } }, NOW)).toMatchObject({
      reason: 'malformed',
    });
    expect(verifyPostback(config, { ...good, body: { status: 'reversed' } }, NOW)).toMatchObject({
      reason: 'malformed',
      detail: 'Malformed postback: parameter "status" differs between the query string and the body',
    });
    expect(verifyPostback(config, { ...good, body: 'status=reversed' }, NOW)).toMatchObject({
      reason: 'malformed',
    });
  });

  it('reads a form or JSON body, numbers included', () => {
    const params = { click_id: 'Zk3q9v', transaction_id: 'tx-9', payout: '2.5', status: 'approved' };
    const signed = signPostback(config, params);
    const body = { ...params, payout: 2.5, sig: signed.query.sig };
    const r = verifyPostback(
      config,
      { method: 'POST', url: '/api/postback/native', query: {}, body, headers: {}, ip: '192.0.2.1' },
      NOW,
    );
    expect(r).toMatchObject({ ok: true, event: { payout: 2.5, transactionId: 'tx-9' } });
  });

  it('refuses text that cannot be stored', () => {
    expect(verifyPostback(config, { ...good, body: { note: 'a\u0000b' } }, NOW)).toMatchObject({
      reason: 'malformed',
    });
    expect(verifyPostback(config, { ...good, body: { note: '\ud800' } }, NOW)).toMatchObject({
      reason: 'malformed',
    });
  });

  it('refuses beyond the caps on parameter count, name, value and URL size', () => {
    const L = NETWORK_POSTBACK_LIMITS;
    const many = Object.fromEntries(Array.from({ length: L.maxParams + 1 }, (_, i) => [`p${i}`, '1']));
    const cases: [Record<string, string>, string][] = [
      [many, `at most ${L.maxParams} parameters`],
      [{ ['k'.repeat(L.maxKeyLength + 1)]: '1' }, `names are at most ${L.maxKeyLength}`],
      [{ note: 'v'.repeat(L.maxValueLength + 1) }, `values are at most ${L.maxValueLength}`],
    ];
    for (const [body, detail] of cases)
      expect(verifyPostback(config, { ...good, body }, NOW)).toMatchObject({
        reason: 'malformed',
        detail: expect.stringContaining(detail),
      });
    const longUrl = { ...good, url: `${good.url}&${'x'.repeat(L.maxUrlLength)}` };
    expect(verifyPostback(config, longUrl, NOW)).toMatchObject({ reason: 'malformed' });
    // Just within the caps (the sample's 4 parameters and its signature, and 27 more): not refused.
    const within: Record<string, string> = Object.fromEntries(
      Array.from({ length: L.maxParams - 5 }, (_, i) => [`p${i}`, 'v']),
    );
    within.p0 = 'v'.repeat(L.maxValueLength);
    within['k'.repeat(L.maxKeyLength)] = within.p1!;
    delete within.p1;
    expect(
      verifyPostback(config, signedRequest(config, { ...sampleParams(config), ...within }), NOW).ok,
    ).toBe(true);
  });

  it('checks the address before the signature', () => {
    const listed = { ...config, ipAllowlist: ['192.0.2.0/24'] };
    expect(verifyPostback(listed, { ...good, ip: '192.0.3.1', query: {} }, NOW)).toMatchObject({
      reason: 'ip_not_allowed',
      detail: "Address 192.0.3.1 is not in the network's IP allowlist",
    });
  });
});

describe('verifyPostback: the signature', () => {
  const secret = 'Sup3r-secret-value-77';
  const config = build('native', { slug: 'native', secret });

  it('never puts the secret or the expected signature in a refusal', () => {
    const params = sampleParams(config);
    const expected = signPostback(config, params).query.sig!;
    const attempts: PostbackRequest[] = [
      requestFrom(`/api/postback/native?click_id=a&transaction_id=b&status=approved&sig=${'0'.repeat(64)}`),
      requestFrom('/api/postback/native?click_id=a&transaction_id=b&status=approved'),
      requestFrom(`/api/postback/native?click_id=a&transaction_id=b&status=approved&sig=${secret}`),
      { ...signedRequest(config, params), query: { ...signedRequest(config, params).query, payout: '9' } },
    ];
    for (const req of attempts) {
      const r = verifyPostback(config, req, NOW);
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.detail).not.toContain(secret);
      expect(r.detail).not.toContain(expected);
    }
  });

  it('holds to the configured hex case', () => {
    const lower = signedRequest(config, sampleParams(config));
    const upper = { ...lower, query: { ...lower.query, sig: String(lower.query.sig).toUpperCase() } };
    expect(verifyPostback(config, upper, NOW)).toMatchObject({ reason: 'bad_signature' });
    const anyCase = { ...config, signature: { ...config.signature, hexCase: 'any' as const } };
    expect(verifyPostback(anyCase, upper, NOW).ok).toBe(true);
    const upperOnly = { ...config, signature: { ...config.signature, hexCase: 'upper' as const } };
    expect(verifyPostback(upperOnly, signedRequest(upperOnly, sampleParams(config)), NOW).ok).toBe(true);
    expect(verifyPostback(upperOnly, lower, NOW)).toMatchObject({ reason: 'bad_signature' });
  });

  it('refuses a signature that is not hex, too short, or too long', () => {
    const good = signedRequest(config, sampleParams(config));
    const sig = String(good.query.sig);
    for (const bad of [`${sig.slice(0, -1)}g`, sig.slice(0, -2), `${sig}00`, 'f'.repeat(300)])
      expect(verifyPostback(config, { ...good, query: { ...good.query, sig: bad } }, NOW).ok).toBe(false);
  });
});

describe('secret rotation, for every preset', () => {
  const until = new Date(NOW.getTime() + 60_000);
  it.each(PRESET_NAMES)('%s: the previous secret until its deadline, never after', (preset) => {
    const config = build(preset, {
      secret: 'new-secret-0123456789',
      previousSecret: 'old-secret-0123456789',
      previousSecretValidUntil: until.toISOString(),
    });
    const params = sampleParams(config);
    const withOld = signedRequest(config, params, 'old-secret-0123456789');
    expect(verifyPostback(config, withOld, NOW)).toMatchObject({ ok: true, usedPreviousSecret: true });
    expect(verifyPostback(config, withOld, new Date(until.getTime() - 1))).toMatchObject({ ok: true });
    expect(verifyPostback(config, withOld, until)).toMatchObject({ ok: false, reason: 'bad_signature' });
    expect(verifyPostback(config, signedRequest(config, params), until)).toMatchObject({
      ok: true,
      usedPreviousSecret: false,
    });
    expect(verifyPostback(config, signedRequest(config, params, 'another-secret-98765'), NOW)).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    });
  });
});

// Property tests: a generated configuration (every algorithm, scope, place and encoding) and generated
// parameter values (any Unicode text, URL-reserved characters included).
const NAMES = ['click_id', 'tx', 'amount', 'state', 'ip', 'reward'] as const;
const value = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 12 })
  .filter((s) => !s.includes('\u0000'));
const hashed = SIGNATURE_ALGORITHMS.filter((a) => a !== 'none');

const configArb = (algorithms: readonly NetworkConfig['signature']['algorithm'][]) =>
  fc
    .record({
      algorithm: fc.constantFrom(...algorithms),
      scope: fc.constantFrom('template', 'sorted-params', 'full-url') as fc.Arbitrary<
        NetworkConfig['signature']['scope']
      >,
      encoding: fc.constantFrom('uri-component', 'php-urlencode') as fc.Arbitrary<
        'uri-component' | 'php-urlencode'
      >,
      inHeader: fc.boolean(),
      hexCase: fc.constantFrom('lower', 'upper') as fc.Arbitrary<'lower' | 'upper'>,
      order: fc.shuffledSubarray([...NAMES, 'secret'], { minLength: NAMES.length + 1 }),
      separator: fc.constantFrom('', '-', ':', '|'),
      secret: fc.string({ unit: 'grapheme', minLength: 16, maxLength: 24 }).filter((s) => s.trim() !== ''),
    })
    .map((g) =>
      build('custom', {
        slug: 'generated',
        secret: g.secret,
        params: { clickId: 'click_id', transactionId: 'tx', payout: 'amount', status: 'state' },
        extraParams: ['ip', 'reward'],
        statuses: { approved: ['ok'], whenAbsent: 'refuse' },
        tokenParam: g.algorithm === 'none' ? 'token' : null,
        signature: {
          algorithm: g.algorithm,
          // A plain digest signs a template that holds the secret (the schema refuses the rest).
          scope: g.algorithm.startsWith('hmac-') ? g.scope : 'template',
          template: g.order.map((n) => `{${n}}`).join(g.separator),
          encoding: g.encoding,
          in: g.inHeader && g.scope !== 'full-url' ? 'header' : 'param',
          name: g.inHeader && g.scope !== 'full-url' ? 'X-Signature' : 'signature',
          hexCase: g.hexCase,
        },
      }),
    );

const paramsArb = fc.record({
  click_id: value,
  tx: value,
  amount: fc.constantFrom('0', '1.5', '12.25'),
  state: fc.constant('ok'),
  ip: value,
  reward: value,
});

describe('properties', () => {
  it('sign then verify round-trips for every algorithm and scope', () => {
    fc.assert(
      fc.property(configArb(SIGNATURE_ALGORITHMS), paramsArb, (config, params) => {
        const r = verifyPostback(config, signedRequest(config, params), NOW);
        expect(r).toMatchObject({
          ok: true,
          event: {
            clickRef: { kind: 'click', value: params.click_id },
            transactionId: params.tx,
            status: 'approved',
          },
        });
      }),
      { numRuns: 300 },
    );
  });

  it('refuses any single-character change to a signed request', () => {
    const replacement = fc.constantFrom('a', 'Z', '0', '9', '-', '%', '&', '=', '+', '.', '~', '?');
    fc.assert(
      fc.property(configArb(hashed), paramsArb, fc.nat(), replacement, (config, params, at, ch) => {
        const good = signedRequest(config, params);
        // Full-URL signatures cover the path too; the others cover the parameters (the path is the
        // route, which selects the network).
        const from = config.signature.scope === 'full-url' ? 0 : good.url.indexOf('?') + 1;
        const i = from + (at % (good.url.length - from));
        fc.pre(good.url[i] !== ch);
        const changed = requestFrom(good.url.slice(0, i) + ch + good.url.slice(i + 1), {
          headers: good.headers,
          origin: ORIGIN,
          ip: good.ip,
        });
        // "%2F" and "%2f" are the same parameters: a change only a full-URL signature can see.
        if (config.signature.scope !== 'full-url')
          fc.pre(JSON.stringify(changed.query) !== JSON.stringify(good.query));
        const r = verifyPostback(config, changed, NOW);
        expect(r.ok ? 'accepted' : r.reason).toMatch(/^(bad_signature|malformed)$/);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses any single-character change to the signature header', () => {
    fc.assert(
      fc.property(
        configArb(hashed),
        paramsArb,
        fc.nat(),
        fc.constantFrom('0', 'a', 'F', 'g'),
        (config, params, at, ch) => {
          fc.pre(config.signature.in === 'header');
          const good = signedRequest(config, params);
          const sig = good.headers['x-signature'] as string;
          const i = at % sig.length;
          fc.pre(sig[i] !== ch);
          const headers = { 'x-signature': sig.slice(0, i) + ch + sig.slice(i + 1) };
          expect(verifyPostback(config, { ...good, headers }, NOW)).toMatchObject({
            ok: false,
            reason: 'bad_signature',
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});
