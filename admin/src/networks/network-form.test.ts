import { describe, expect, it } from 'vitest';
import { customPreset, network, preset } from '../testing/fixtures';
import {
  applyPreset,
  formFromNetwork,
  formFromPreset,
  rotationHoursFor,
  slugify,
  toCreateRequest,
  toUpdateRequest,
  validateNetwork,
} from './network-form';
import { createNetworkRefusal, updateNetworkRefusal } from '../../../shared/contract/admin/network-form';

describe('slugify', () => {
  it('lowercase letters and digits with single hyphens, at most 64 characters', () => {
    expect(slugify('  CPX Research (EU)! ')).toBe('cpx-research-eu');
    expect(slugify('Ünïcode—Wall')).toBe('unicode-wall');
    expect(slugify('a'.repeat(63) + ' b')).toBe('a'.repeat(63));
  });
});

describe('presets', () => {
  it('custom starts blank but for its defaults; a preset brings its settings, label, slug and addresses', () => {
    const blank = formFromPreset(customPreset());
    expect(blank).toMatchObject({ preset: 'custom', name: '', slug: '', ip_allowlist: '' });
    expect(blank.settings.signature.algorithm).toBe('none');
    expect(blank.settings.params.transactionId).toBe('transaction_id');
    const cpx = formFromPreset(preset());
    expect(cpx).toMatchObject({
      preset: 'cpx',
      name: 'CPX Research',
      slug: 'cpx',
      ip_allowlist: '188.40.3.73',
    });
    expect(cpx.lists).toMatchObject({ approved: '1', reversed: '2' });
  });

  it('switching preset keeps the secret and what the operator typed, replaces the rest', () => {
    const typed = { ...formFromPreset(customPreset()), name: 'My wall', slug: 'my-wall', secret: 's3cret' };
    const next = applyPreset(typed, preset(), { name: true, slug: false });
    expect(next).toMatchObject({ name: 'My wall', slug: 'cpx', secret: 's3cret', preset: 'cpx' });
    expect(next.settings.signature.template).toBe('{trans_id}-{secret}');
  });
});

describe('validateNetwork', () => {
  it('needs a name, a valid slug and, for a signed network, a secret on create', () => {
    const cpx = formFromPreset(preset());
    expect(validateNetwork({ ...cpx, name: ' ', slug: 'Bad Slug' }, 'create')).toEqual({
      name: 'app.networks.form.errors.name',
      slug: 'app.networks.form.errors.slug',
      secret: 'app.networks.form.errors.secret',
    });
    expect(validateNetwork({ ...cpx, secret: 'x' }, 'create')).toEqual({});
    // Edit: the slug is fixed and a blank secret keeps the current one.
    expect(validateNetwork({ ...formFromNetwork(network(1)), slug: 'ANY' }, 'edit')).toEqual({});
  });
});

describe('request bodies', () => {
  it('create: the allowlist one per line, lists split on commas, blank parameter names as null', () => {
    const values = formFromPreset(preset());
    const body = toCreateRequest({
      ...values,
      secret: 'k',
      ip_allowlist: ' 203.0.113.7 \n\n198.51.100.0/24\n',
      lists: { ...values.lists, approved: '1, completed ,', extra_params: 'ip, reward' },
      settings: { ...values.settings, params: { ...values.settings.params, currency: '  ' } },
    });
    expect(body).toMatchObject({
      name: 'CPX Research',
      slug: 'cpx',
      preset: 'cpx',
      secret: 'k',
      is_active: true,
      ip_allowlist: ['203.0.113.7', '198.51.100.0/24'],
      extra_params: ['ip', 'reward'],
    });
    expect(body.statuses!.approved).toEqual(['1', 'completed']);
    expect(body.params!.currency).toBeNull();
  });

  it('edit: no slug; a secret and its rotation window only when a new secret was typed', () => {
    const values = formFromNetwork(network(3));
    expect(values.secret).toBe('');
    const kept = toUpdateRequest(values);
    expect(kept).not.toHaveProperty('slug');
    expect(kept).not.toHaveProperty('secret');
    expect(kept).not.toHaveProperty('rotation_hours');
    expect(toUpdateRequest({ ...values, secret: 'new', rotation_hours: '0' })).toMatchObject({
      secret: 'new',
      rotation_hours: 0,
    });
  });

  it('a leak starts the previous secret with no time, a routine change with 3 days; the reason is sent', () => {
    expect(rotationHoursFor('leak')).toBe('0');
    expect(rotationHoursFor('routine')).toBe('72');
    const values = formFromNetwork(network(3));
    expect(values.rotation_reason).toBe('routine');
    expect(
      toUpdateRequest({ ...values, secret: 'new', rotation_reason: 'leak', rotation_hours: '0' }),
    ).toMatchObject({ secret: 'new', rotation_hours: 0, rotation_reason: 'leak' });
    expect(toUpdateRequest(values)).not.toHaveProperty('rotation_reason');
  });
});

describe("the API's rules, checked before sending (shared/contract/admin/network-form.ts)", () => {
  const cpx = () => ({ ...formFromPreset(preset()), secret: 'a-long-enough-secret-1234' });

  it('a complete form from a preset passes, as the server would take it', () => {
    expect(createNetworkRefusal(toCreateRequest(cpx()))).toBeNull();
  });

  it("refuses with the server's sentences: a bad range, a weak secret, an unknown field", () => {
    expect(createNetworkRefusal(toCreateRequest({ ...cpx(), ip_allowlist: '1.2.3.4\n10.0.0.0/33' }))).toMatch(
      /^ip_allowlist\.1: /,
    );
    expect(createNetworkRefusal(toCreateRequest({ ...cpx(), slug: 'Bad Slug' }))).toMatch(/^slug: /);
    expect(createNetworkRefusal({ ...toCreateRequest(cpx()), colour: 'red' })).toMatch(
      /^Unknown field "colour"/,
    );
    expect(createNetworkRefusal({ ...toCreateRequest(cpx()), preset: 'nope' })).toMatch(
      /^preset must be one of: native, cpx/,
    );
  });

  it('an edit: the rotation window must be whole hours within 90 days', () => {
    const values = { ...formFromNetwork(network(1)), secret: 'a-new-secret-abcdefgh' };
    expect(updateNetworkRefusal({ network_id: 1, ...toUpdateRequest(values) })).toBeNull();
    expect(
      updateNetworkRefusal({ network_id: 1, ...toUpdateRequest({ ...values, rotation_hours: '1.5' }) }),
    ).toMatch(/^rotation_hours must be a whole number of hours/);
  });
});
