import { describe, expect, it } from 'vitest';
import { pageNumbers, showingRange } from './pages';
import { categoryLabel, formatPayout, hostOf, underscoreToSpace } from './format';

describe('pageNumbers', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, 4, 5]],
    [2, 10, [1, 2, 3, 4, 5]],
    [5, 10, [3, 4, 5, 6, 7]],
    [9, 10, [6, 7, 8, 9, 10]],
    [10, 10, [6, 7, 8, 9, 10]],
    [3, 0, []],
  ])('page %i of %i → %j', (current, total, expected) => {
    expect(pageNumbers(current, total)).toEqual(expected);
  });
});

describe('showingRange', () => {
  it('bounds the last page by the total', () => {
    expect(showingRange(1, 20, 45)).toEqual({ from: 1, to: 20 });
    expect(showingRange(3, 20, 45)).toEqual({ from: 41, to: 45 });
    expect(showingRange(1, 20, 0)).toEqual({ from: 0, to: 0 });
  });
});

describe('format helpers', () => {
  it('formats payouts in their currency, USD by default', () => {
    expect(formatPayout(2.5)).toBe('$2.50');
    expect(formatPayout(null)).toBe('$0.00');
  });
  it('labels categories as the product rules name them', () => {
    expect(categoryLabel('Health')).toBe('Health & Fitness');
    expect(categoryLabel('Food')).toBe('Food & Delivery');
    expect(categoryLabel(null)).toBe('No Category');
  });
  it('shows underscores as spaces and hosts of URLs', () => {
    expect(underscoreToSpace('top_referrer')).toBe('top referrer');
    expect(hostOf('https://a.test/x')).toBe('a.test');
    expect(hostOf('/partner/demo/1')).toBe(window.location.host);
    expect(hostOf('http://[bad')).toBe('Invalid URL');
  });
});
