import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatPercent,
  formatTime,
  formatRupees,
  groupIndian,
  initials,
} from './format';

describe('formatRupees', () => {
  it('shows the rupee sign without decimals, en-IN grouping', () => {
    expect(formatRupees(100)).toBe('₹100');
    expect(formatRupees(99.6)).toBe('₹100');
    expect(formatRupees('250.00')).toBe('₹250');
    expect(formatRupees(150000)).toBe('₹1,50,000');
  });
  it('groups every integer exactly as Intl does for en-IN (without building a formatter at load)', () => {
    const intl = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
    for (const n of [0, 7, 999, 1000, 99999, 100000, 1234567, 123456789, -1, -1000, -1234567])
      expect(groupIndian(n)).toBe(intl.format(n));
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(groupIndian(n)).toBe(intl.format(n));
      }),
      { numRuns: 2000 },
    );
    expect(formatRupees(-0.4)).toBe('₹0');
  });
  it('puts the minus sign before the rupee sign (a negative margin reads -₹417)', () => {
    expect(formatRupees(-417)).toBe('-₹417');
    expect(formatRupees('-417.2')).toBe('-₹417');
    expect(formatRupees(-150000)).toBe('-₹1,50,000');
    expect(formatRupees(-0.6)).toBe('-₹1');
  });
  it('shows ₹0 for empty or invalid values', () => {
    for (const v of [null, undefined, '', 'abc', NaN, Infinity, {}]) expect(formatRupees(v)).toBe('₹0');
  });
});

describe('dates', () => {
  it('formats en-IN with short month, day, year, hour and minute', () => {
    const s = formatDateTime('2026-03-05T10:07:00Z');
    expect(s).toMatch(/Mar/);
    expect(s).toMatch(/2026/);
    expect(s).toMatch(/\d{1,2}:\d{2}/);
  });
  it("shows 'Invalid Date' for bad input", () => {
    expect(formatDateTime('not a date')).toBe('Invalid Date');
    expect(formatDate(null)).toBe('Invalid Date');
    expect(formatTime('')).toBe('Invalid Date');
  });
  it('splits into the day and the time of day, which together read as the date and time', () => {
    const at = '2026-03-05T10:07:00Z';
    expect(formatTime(at)).toMatch(/^\d{2}:\d{2}\s?(am|pm)$/i);
    expect(formatDate(at)).not.toMatch(/:/);
    expect(formatDateTime(at).replace(/\s+/g, ' ')).toContain(formatTime(at).replace(/\s+/g, ' '));
  });
});

describe('initials', () => {
  it('takes the first letters of the first two words, uppercase', () => {
    expect(initials('asha devi patel')).toBe('AD');
    expect(initials('  Rahul  ')).toBe('R');
    expect(initials('')).toBe('');
    expect(initials(null)).toBe('');
  });
});

describe('formatPercent', () => {
  it('shows one decimal by default and 0.0% for bad input', () => {
    expect(formatPercent(33.333)).toBe('33.3%');
    expect(formatPercent('x')).toBe('0.0%');
  });
});
