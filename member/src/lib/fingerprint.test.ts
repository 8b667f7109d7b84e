import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRupees, initials } from '../../../shared/format';
import {
  INSTALL_ID_STORAGE_KEY,
  deviceFingerprint,
  fingerprintFrom,
  type FingerprintParts,
} from './fingerprint';

const parts: FingerprintParts = {
  userAgent: 'Mozilla/5.0 Test',
  language: 'en-IN',
  screen: '390x844',
  timezoneOffset: -330,
  canvas: 'data:image/png;base64,AAAA',
};

describe('device fingerprint', () => {
  it('is a base-36 string, stable for the same browser', () => {
    expect(fingerprintFrom(parts)).toMatch(/^[0-9a-z]+$/);
    expect(fingerprintFrom(parts)).toBe(fingerprintFrom({ ...parts }));
  });
  it('changes with each ingredient', () => {
    const base = fingerprintFrom(parts);
    expect(fingerprintFrom({ ...parts, userAgent: 'Other' })).not.toBe(base);
    expect(fingerprintFrom({ ...parts, language: 'hi-IN' })).not.toBe(base);
    expect(fingerprintFrom({ ...parts, screen: '1280x800' })).not.toBe(base);
    expect(fingerprintFrom({ ...parts, timezoneOffset: 0 })).not.toBe(base);
    expect(fingerprintFrom({ ...parts, canvas: 'other' })).not.toBe(base);
  });
  it('works in a browser without canvas support', () => {
    expect(deviceFingerprint()).toMatch(/^[0-9a-z]+-[0-9a-z]+$/);
  });
  it("ends with this browser's install id: the same for every account on it, another on another browser", () => {
    const first = deviceFingerprint();
    expect(deviceFingerprint()).toBe(first);
    expect(first.endsWith(`-${window.localStorage.getItem(INSTALL_ID_STORAGE_KEY)}`)).toBe(true);
    // Another browser of the same model (same agent, screen, canvas): another install id.
    window.localStorage.removeItem(INSTALL_ID_STORAGE_KEY);
    const other = deviceFingerprint();
    expect(other.split('-')[0]).toBe(first.split('-')[0]);
    expect(other).not.toBe(first);
  });
});

describe('formatters the member app shows', () => {
  it('rupees without decimals, ₹0 for empty or invalid values', () => {
    expect(formatRupees(1234.6)).toBe('₹1,235');
    expect(formatRupees('50')).toBe('₹50');
    expect(formatRupees(null)).toBe('₹0');
    expect(formatRupees('abc')).toBe('₹0');
    expect(formatRupees(undefined)).toBe('₹0');
  });
  it('en-IN dates with short month, day, year, hour and minute', () => {
    const text = formatDateTime('2026-11-20T10:30:00Z');
    expect(text).toMatch(/Nov/);
    expect(text).toMatch(/2026/);
    expect(formatDate('2026-11-20T10:30:00Z')).toMatch(/^\d{1,2} Nov 2026$/);
    expect(formatDateTime('garbage')).toBe('Invalid Date');
  });
  it('initials from the first two words, uppercase', () => {
    expect(initials('asha rani verma')).toBe('AR');
    expect(initials('Ravi')).toBe('R');
    expect(initials('')).toBe('');
  });
});
