import { describe, expect, it } from 'vitest';
import type { TranslateFunction } from 'react-admin';
import { dateRangeChoices, plainChoices, sortChoices, translatedChoices, withAll } from './choices';

const t = ((key: string) => `<${key}>`) as TranslateFunction;

describe('choices helpers', () => {
  it('names translated choices by prefix and id, in order', () => {
    expect(translatedChoices(t, 'app.x', ['all', 'a'])).toEqual([
      { id: 'all', name: '<app.x.all>' },
      { id: 'a', name: '<app.x.a>' },
    ]);
    expect(dateRangeChoices(t, ['all', 'today'])).toEqual([
      { id: 'all', name: '<app.date_ranges.all>' },
      { id: 'today', name: '<app.date_ranges.today>' },
    ]);
  });

  it("puts the 'all' choice first and names plain choices by their id", () => {
    expect(withAll('Everything', plainChoices(['CPA', 'CPR']))).toEqual([
      { id: 'all', name: 'Everything' },
      { id: 'CPA', name: 'CPA' },
      { id: 'CPR', name: 'CPR' },
    ]);
  });

  it('builds named sorts from [id, field, order]', () => {
    expect(sortChoices(t, 'app.s', [['newest', 'created_at', 'DESC']])).toEqual([
      { id: 'newest', name: '<app.s.newest>', field: 'created_at', order: 'DESC' },
    ]);
  });
});
