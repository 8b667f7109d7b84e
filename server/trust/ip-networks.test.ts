import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  addressPrefix,
  addressSignalOptionsFromEnv,
  createAddressSignals,
  DEFAULT_HOSTING_ASNS_FILE,
  isPrivateAddress,
  loadHostingAsns,
  lookupAddress,
} from './ip-networks';

// Expected figures read from @ip-location-db/asn 2.3.2026061719 (grep of asn-ipv4.csv / asn-ipv6.csv):
//   8.8.8.0,8.8.8.255,15169,Google LLC
//   3.5.32.0–3.7.255.255 and 52.95.104.0,52.95.244.255: 16509,"Amazon.com, Inc."
//   104.131.0.0,104.131.255.255,14061,"DigitalOcean, LLC"
//   49.36.0.0–49.36.255.255 (824180736,825033727): 55836,Reliance Jio Infocomm Limited
//   2001:4860:480d::,2001:4860:ffff:…,15169,Google LLC
//   2a03:b0c0::,2a03:b0c0::1051:ffff:…,14061,"DigitalOcean, LLC"
//   1.1.1.0,1.1.1.255,13335,"Cloudflare, Inc."
describe('lookupAddress', () => {
  it('finds the network of public IPv4 addresses', () => {
    expect(lookupAddress('8.8.8.8')).toEqual({
      asn: 15169,
      org: 'Google LLC',
      hosting: false,
      prefix: '8.8.8.0/24',
      private: false,
    });
    expect(lookupAddress('49.36.0.1')).toEqual({
      asn: 55836,
      org: 'Reliance Jio Infocomm Limited',
      hosting: false,
      prefix: '49.36.0.0/24',
      private: false,
    });
  });

  it('marks cloud, hosting and VPN networks as hosting', () => {
    for (const ip of ['3.5.140.2', '52.95.110.1']) {
      expect(lookupAddress(ip)).toMatchObject({ asn: 16509, org: 'Amazon.com, Inc.', hosting: true });
    }
    expect(lookupAddress('104.131.0.1')).toMatchObject({
      asn: 14061,
      org: 'DigitalOcean, LLC',
      hosting: true,
    });
    expect(lookupAddress('1.1.1.1')).toMatchObject({ asn: 13335, hosting: true, prefix: '1.1.1.0/24' });
  });

  it('finds the network of IPv6 addresses, with their /48', () => {
    expect(lookupAddress('2001:4860:4860::8888')).toEqual({
      asn: 15169,
      org: 'Google LLC',
      hosting: false,
      prefix: '2001:4860:4860::/48',
      private: false,
    });
    expect(lookupAddress('2a03:b0c0:0:1010::1')).toMatchObject({
      asn: 14061,
      hosting: true,
      prefix: '2a03:b0c0::/48',
    });
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(lookupAddress('::ffff:8.8.8.8')).toEqual(lookupAddress('8.8.8.8'));
    expect(lookupAddress('::ffff:104.131.0.1')).toMatchObject({ asn: 14061, prefix: '104.131.0.0/24' });
  });

  it('gives private addresses no address evidence', () => {
    const none = { asn: null, org: null, hosting: false, prefix: null, private: true };
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.1.1',
      '100.64.0.1',
      '100.127.255.254',
      '0.0.0.0',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:192.168.1.10',
      'fc00::1',
      'fd12:3456:789a::1',
      'fe80::1%eth0',
    ]) {
      expect(lookupAddress(ip), ip).toEqual(none);
    }
  });

  it('keeps the neighbours of private ranges public', () => {
    for (const ip of ['172.32.0.1', '100.128.0.1', '11.0.0.1', '192.169.0.1', 'fe00::1']) {
      expect(isPrivateAddress(ip), ip).toBe(false);
    }
  });

  it('answers no evidence for a missing or malformed address', () => {
    const none = { asn: null, org: null, hosting: false, prefix: null, private: false };
    for (const ip of [null, undefined, '', 'not an ip', '256.1.1.1', '1.2.3', '2001:db8::g']) {
      expect(lookupAddress(ip)).toEqual(none);
    }
  });

  it('gives an address outside every announced range its prefix and no ASN', () => {
    expect(lookupAddress('203.0.113.9')).toEqual({
      asn: null,
      org: null,
      hosting: false,
      prefix: '203.0.113.0/24',
      private: false,
    });
  });
});

describe('addressPrefix', () => {
  it('is the /24 of IPv4 and the normalised /48 of IPv6', () => {
    expect(addressPrefix('203.0.113.77')).toBe('203.0.113.0/24');
    expect(addressPrefix('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
    expect(addressPrefix('2001:0DB8:0001:0002::5')).toBe('2001:db8:1::/48');
    expect(addressPrefix('2001:db8:0:ffff::1')).toBe('2001:db8::/48');
    expect(addressPrefix('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1::/48');
    expect(addressPrefix('::1')).toBe('::/48');
    expect(addressPrefix('nonsense')).toBeNull();
  });

  it('puts addresses of one /24 or /48 together and the next one apart', () => {
    expect(addressPrefix('198.51.100.1')).toBe(addressPrefix('198.51.100.254'));
    expect(addressPrefix('198.51.100.1')).not.toBe(addressPrefix('198.51.101.1'));
    expect(addressPrefix('2001:db8:1:aaaa::1')).toBe(addressPrefix('2001:db8:1:bbbb::2'));
    expect(addressPrefix('2001:db8:1::1')).not.toBe(addressPrefix('2001:db8:2::1'));
  });
});

describe('configuration', () => {
  it('reads the dataset folder and the override file from the environment', () => {
    expect(addressSignalOptionsFromEnv({})).toEqual({ asnDatasetDir: null, hostingAsnsFile: null });
    expect(
      addressSignalOptionsFromEnv({
        TRUST_ASN_DATASET_DIR: '/data/asn',
        TRUST_HOSTING_ASNS_FILE: '/etc/h.json',
      }),
    ).toEqual({ asnDatasetDir: '/data/asn', hostingAsnsFile: '/etc/h.json' });
  });

  it('curates well over 150 hosting ASNs, with named sources', () => {
    const list = JSON.parse(readFileSync(DEFAULT_HOSTING_ASNS_FILE, 'utf8')) as {
      sources: string[];
      asns: Record<string, string>;
    };
    expect(list.sources.length).toBeGreaterThanOrEqual(2);
    expect(Object.keys(list.asns).length).toBeGreaterThanOrEqual(150);
    const asns = loadHostingAsns();
    for (const asn of [16509, 14618, 396982, 8075, 14061, 16276, 24940, 63949, 20473, 51167, 9009, 39351]) {
      expect(asns.has(asn), String(asn)).toBe(true);
    }
    // Google's own network (also its public services and users' traffic) and home ISPs are not hosting.
    for (const asn of [15169, 55836, 24560, 9829]) expect(asns.has(asn), String(asn)).toBe(false);
  });

  it("merges an operator's hosting list: adds, renames and removes ASNs", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'trust-'));
    const file = path.join(dir, 'hosting.json');
    writeFileSync(
      file,
      JSON.stringify({ sources: ['ops'], asns: { '55836': 'Test: Jio as hosting', '14061': null } }),
    );
    const signals = createAddressSignals({ hostingAsnsFile: file });
    expect(signals.lookup('49.36.0.1')).toMatchObject({ asn: 55836, hosting: true });
    expect(signals.lookup('104.131.0.1')).toMatchObject({ asn: 14061, hosting: false });
    expect(signals.hostingProvider(55836)).toBe('Test: Jio as hosting');
    expect(signals.hostingProvider(16509)).toBe('Amazon AWS');
  });

  it('refuses a malformed hosting list with a clear message', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'trust-'));
    const file = path.join(dir, 'hosting.json');
    writeFileSync(file, JSON.stringify({ asns: ['16509'] }));
    expect(() => createAddressSignals({ hostingAsnsFile: file }).lookup('8.8.8.8')).toThrow(
      /no "asns" object/,
    );
  });

  it('reads the ASN dataset from another folder', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'trust-'));
    writeFileSync(
      path.join(dir, 'asn-ipv4-num.csv'),
      // 198.51.100.0/24 and 203.0.113.0/24 (documentation ranges), with a quoted organisation.
      '3325256704,3325256959,64500,"Example ""Docs"", Inc."\n3405803776,3405804031,64501,Other\n',
    );
    writeFileSync(
      path.join(dir, 'asn-ipv6.csv'),
      '2001:db8::,2001:db8:ffff:ffff:ffff:ffff:ffff:ffff,64502,V6 Docs\n',
    );
    const signals = createAddressSignals({ asnDatasetDir: dir });
    expect(signals.lookup('198.51.100.7')).toMatchObject({ asn: 64500, org: 'Example "Docs", Inc.' });
    expect(signals.lookup('203.0.113.255')).toMatchObject({ asn: 64501, org: 'Other' });
    expect(signals.lookup('203.0.114.0')).toMatchObject({ asn: null, prefix: '203.0.114.0/24' });
    expect(signals.lookup('2001:db8:5::1')).toMatchObject({ asn: 64502, prefix: '2001:db8:5::/48' });
    expect(signals.lookup('2001:db9::1')).toMatchObject({ asn: null });
  });

  it('says which file is missing when the dataset folder is wrong', () => {
    const signals = createAddressSignals({ asnDatasetDir: '/nonexistent/asn' });
    expect(() => signals.lookup('8.8.8.8')).toThrow(/asn-ipv4-num\.csv.*TRUST_ASN_DATASET_DIR/);
    // Private addresses never need the dataset.
    expect(signals.lookup('10.0.0.1').private).toBe(true);
  });
});
