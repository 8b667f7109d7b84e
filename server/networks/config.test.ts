import { describe, expect, it } from 'vitest';
import { PRESET_NAMES, secretHint, type ConfigOverrides } from '../../shared/networks/config';
import { configFromPreset, presetConfig } from './presets';
import { postbackUrlTemplate } from './verify';

const SECRET = 'a-long-enough-test-secret';

function errorsOf(preset: Parameters<typeof configFromPreset>[0], overrides: ConfigOverrides) {
  const r = configFromPreset(preset, { name: 'Test', slug: 'test', secret: SECRET, ...overrides });
  return r.ok ? [] : r.errors;
}

describe('presets', () => {
  it.each(PRESET_NAMES)('%s is a valid configuration once it has a secret', (name) => {
    const r = configFromPreset(name, { secret: SECRET });
    expect(r.ok ? r.config : r.errors).toMatchObject({ preset: name, slug: name, isActive: true });
  });

  it('asks for the secret a hashed preset needs, and for a long URL token', () => {
    expect(errorsOf('cpx', { secret: '' })).toEqual([
      { path: 'secret', message: "Enter the secret from the network's dashboard" },
    ]);
    expect(errorsOf('tune', { secret: 'short' })).toEqual([
      {
        path: 'secret',
        message: 'A URL token is at least 16 characters (it is the only credential besides the IP allowlist)',
      },
    ]);
  });

  it('merges overrides over the preset field by field, replacing lists whole', () => {
    const r = configFromPreset('cpx', {
      secret: SECRET,
      slug: 'cpx-eu',
      params: { subId: 'ext_user_id' },
      ipAllowlist: ['203.0.113.0/24'],
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.config.slug).toBe('cpx-eu');
    expect(r.config.params).toMatchObject({
      subId: 'ext_user_id',
      transactionId: 'trans_id',
      status: 'status',
    });
    expect(r.config.ipAllowlist).toEqual(['203.0.113.0/24']);
    // The preset's own value is untouched for the next network made from it.
    expect(presetConfig('cpx').params.subId).toBe('user_id');
  });

  it("starts 'custom' from nothing but the defaults", () => {
    const r = configFromPreset('custom', {
      name: 'Acme CPA',
      slug: 'acme',
      secret: SECRET,
      params: { clickId: 'cid', transactionId: 'txn' },
      signature: { algorithm: 'hmac-sha256', scope: 'sorted-params', name: 'signature' },
    });
    expect(r.ok ? r.config.preset : r.errors).toBe('custom');
  });
});

describe('validation messages a person can act on', () => {
  it('names a bad slug', () => {
    for (const slug of ['CPX', 'my_network', '-cpx', 'cpx-', 'a--b', ''])
      expect(errorsOf('cpx', { slug })).toEqual([
        {
          path: 'slug',
          message:
            'The slug is lowercase letters, digits and single hyphens between them (e.g. cpx or my-network)',
        },
      ]);
  });

  it('names each bad allowlist entry', () => {
    expect(errorsOf('tune', { ipAllowlist: ['203.0.113.0/24', '10.1.2.3/8', 'office'] })).toEqual([
      { path: 'ipAllowlist.1', message: '"10.1.2.3/8" has host bits set after /8: did you mean 10.0.0.0/8?' },
      {
        path: 'ipAllowlist.2',
        message:
          '"office" is not an IPv4 or IPv6 address or CIDR range (e.g. 203.0.113.7, 203.0.113.0/24 or 2001:db8::/32)',
      },
    ]);
  });

  it('refuses a plain hash whose template lacks {secret}, but not an HMAC', () => {
    expect(errorsOf('cpx', { signature: { template: '{trans_id}' } })).toEqual([
      {
        path: 'signature.template',
        message: 'A md5 hash must include {secret} in its template, or anyone could compute it',
      },
    ]);
    expect(errorsOf('cpx', { signature: { algorithm: 'hmac-sha1', template: '{trans_id}' } })).toEqual([]);
  });

  it('refuses a plain hash of the sorted parameters or the URL, which holds no secret', () => {
    expect(errorsOf('ayetstudios', { signature: { algorithm: 'sha256' } })).toEqual([
      {
        path: 'signature.scope',
        message:
          'A sha256 hash of the sorted parameters contains no secret, so anyone could compute it: use hmac-sha256, or a template with {secret}',
      },
    ]);
    expect(errorsOf('bitlabs', { signature: { algorithm: 'md5' } }).map((e) => e.path)).toEqual([
      'signature.scope',
    ]);
  });

  it('names an unknown placeholder and the ones that exist', () => {
    expect(errorsOf('cpx', { signature: { template: '{transId}-{secret}' } })).toEqual([
      {
        path: 'signature.template',
        message:
          'Unknown placeholder {transId}: use {secret} or a parameter name ({user_id}, {trans_id}, {amount_usd}, {status}), adding others to the extra parameters',
      },
    ]);
    expect(errorsOf('cpx', { signature: { template: '{trans_id-{secret}' } })[0]?.message).toMatch(
      /Unknown placeholder \{trans_id-\{secret\}|unmatched/,
    );
  });

  it('refuses an unsigned network with neither a URL token nor an allowlist', () => {
    expect(errorsOf('tune', { tokenParam: null })).toEqual([
      {
        path: 'signature.algorithm',
        message:
          'With no signature, set a URL token or an IP allowlist: otherwise anyone can credit conversions',
      },
    ]);
    expect(errorsOf('tune', { tokenParam: null, ipAllowlist: ['198.18.0.0/15'] })).toEqual([]);
  });

  it('refuses a previous secret without its deadline, a parameter used twice, a status listed twice', () => {
    expect(errorsOf('cpx', { previousSecret: 'old' }).map((e) => e.path)).toEqual([
      'previousSecretValidUntil',
    ]);
    expect(errorsOf('cpx', { params: { payout: 'trans_id' } })).toEqual([
      { path: 'params.payout', message: 'Parameter "trans_id" is already used for transactionId' },
    ]);
    expect(errorsOf('cpx', { statuses: { reversed: ['2', '1'] } })).toEqual([
      { path: 'statuses.reversed.1', message: 'Status value "1" is already listed as approved' },
    ]);
  });

  it('refuses a network that names neither a click id nor a member sub-id', () => {
    expect(errorsOf('tune', { params: { clickId: null, subId: null } }).map((e) => e.path)).toEqual([
      'params.clickId',
    ]);
  });

  it('refuses a JSON answer that is not JSON and a success that is not 2xx', () => {
    const errors = errorsOf('native', {
      answers: {
        success: { body: 'ok', contentType: 'application/json' },
        duplicate: { status: 302 },
      },
    });
    expect(errors).toEqual([
      { path: 'answers.duplicate.status', message: 'A success answer is a 2xx status' },
      {
        path: 'answers.success.body',
        message: 'This body is declared application/json but is not valid JSON',
      },
    ]);
  });
});

describe('postbackUrlTemplate', () => {
  const build = (name: Parameters<typeof presetConfig>[0], overrides: ConfigOverrides = {}) => {
    const r = configFromPreset(name, { secret: SECRET, ...overrides });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    return r.config;
  };

  it("writes the network's own macros", () => {
    expect(postbackUrlTemplate(build('cpx'), 'https://rewards.example/')).toBe(
      'https://rewards.example/api/postback/cpx?status={status}&trans_id={trans_id}&user_id={user_id}' +
        '&amount_local={amount_local}&amount_usd={amount_usd}&type={type}&secure_hash={secure_hash}',
    );
    expect(postbackUrlTemplate(build('bitlabs'), 'https://rewards.example')).toBe(
      'https://rewards.example/api/postback/bitlabs?uid=[%USER:UID%]&tx=[%TX%]&usd=[%VALUE:USD%]' +
        '&val=[%VALUE:CURRENCY%]&type=[%TYPE%]&offer_id=[%OFFER:ID%]&ref=[%REF%]',
    );
  });

  it('leaves the query to a network that appends its own (Tapjoy)', () => {
    expect(postbackUrlTemplate(build('tapjoy'), 'https://rewards.example')).toBe(
      'https://rewards.example/api/postback/tapjoy',
    );
  });

  it('shows a URL token only when asked to', () => {
    const tune = build('tune', { slug: 'acme-tune' });
    expect(postbackUrlTemplate(tune, 'https://rewards.example')).toMatch(
      /\?aff_click_id=\{aff_click_id\}.*&token=YOUR_TOKEN$/,
    );
    expect(postbackUrlTemplate(tune, 'https://rewards.example')).not.toContain(SECRET);
    expect(postbackUrlTemplate(tune, 'https://rewards.example', { revealToken: true })).toMatch(
      new RegExp(`^https://rewards\\.example/api/postback/acme-tune\\?.*&token=${SECRET}$`),
    );
  });
});

describe('secretHint', () => {
  it('shows the last 4 characters only, and none of a secret shorter than 16 (issue 32, item 8)', () => {
    expect(secretHint('cpx-secure-hash-key')).toBe('••••-key');
    expect(secretHint('cpxsecurehash')).toBe('••••');
    expect(secretHint('abcd')).toBe('••••');
  });
});
