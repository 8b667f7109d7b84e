import { describe, expect, it } from 'vitest';
import { ipAllowlist, parseIp, parseIpRange } from './ip';

describe('parseIp', () => {
  it('reads IPv4 and IPv6, reducing an IPv4-mapped IPv6 address to IPv4', () => {
    expect(Array.from(parseIp('203.0.113.7')!)).toEqual([203, 0, 113, 7]);
    expect(parseIp('2001:db8::1')!.length).toBe(16);
    expect(Array.from(parseIp('::ffff:203.0.113.7')!)).toEqual([203, 0, 113, 7]);
    expect(Array.from(parseIp('::FFFF:cb00:7107')!)).toEqual([203, 0, 113, 7]);
    expect(Array.from(parseIp('::')!)).toEqual(Array(16).fill(0));
  });

  it.each([
    '',
    '203.0.113',
    '203.0.113.256',
    '203.0.113.07', // a leading zero: octal to some parsers
    '203.0.113.7.1',
    ' 203.0.113.7',
    '1::2::3',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7',
    '12345::1',
    'fe80::1%eth0',
    '::ffff:203.0.113.300',
    'localhost',
  ])('refuses %j', (text) => {
    expect(parseIp(text)).toBeNull();
  });
});

describe('parseIpRange', () => {
  it('explains what is wrong with an entry', () => {
    expect(parseIpRange('10.0.0.1/24')).toEqual({
      error: '"10.0.0.1/24" has host bits set after /24: did you mean 10.0.0.0/24?',
    });
    expect(parseIpRange('10.0.0.0/33')).toMatchObject({ error: expect.stringContaining('between 0 and 32') });
    expect(parseIpRange('2001:db8::/129')).toMatchObject({
      error: expect.stringContaining('between 0 and 128'),
    });
    expect(parseIpRange('10.0.0.0/x')).toMatchObject({ error: expect.stringContaining('must be a number') });
    expect(parseIpRange('example.com')).toMatchObject({ error: expect.stringContaining('e.g. 203.0.113.7') });
    expect(parseIpRange('10.0.0.0/8/8')).toMatchObject({
      error: expect.stringContaining('not an IP address'),
    });
  });
});

describe('ipAllowlist', () => {
  it('allows any address when empty', () => {
    expect(ipAllowlist([])('198.51.100.1')).toBe(true);
    expect(ipAllowlist([])('not an address')).toBe(true);
  });

  it('matches addresses and the edges of CIDR ranges, IPv4 and IPv6 apart', () => {
    const allowed = ipAllowlist(['52.42.57.125', '198.51.100.0/25', '2001:db8:10::/48']);
    expect(allowed('52.42.57.125')).toBe(true);
    expect(allowed('52.42.57.124')).toBe(false);
    expect(allowed('198.51.100.0')).toBe(true);
    expect(allowed('198.51.100.127')).toBe(true);
    expect(allowed('198.51.100.128')).toBe(false);
    expect(allowed('2001:db8:10:ffff::1')).toBe(true);
    expect(allowed('2001:db8:11::1')).toBe(false);
    // An IPv4 client reported by a dual-stack socket.
    expect(allowed('::ffff:52.42.57.125')).toBe(true);
    expect(allowed('garbage')).toBe(false);
  });

  it('reads a range written as IPv4-mapped IPv6', () => {
    const allowed = ipAllowlist(['::ffff:192.0.2.0/120']);
    expect(allowed('192.0.2.200')).toBe(true);
    expect(allowed('192.0.3.1')).toBe(false);
  });
});
