import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('writes a header and quotes what needs quoting', () => {
    const csv = toCsv(
      [
        { a: 'plain', b: 1 },
        { a: 'with, comma', b: 'say "hi"' },
        { a: null, b: -5 },
      ],
      [
        { header: 'A', value: (r) => r.a },
        { header: 'B', value: (r) => r.b },
      ],
    );
    expect(csv).toBe('A,B\r\nplain,1\r\n"with, comma","say ""hi"""\r\n,-5');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(toCsv([{ a: '=HYPERLINK("x")' }], [{ header: 'A', value: (r) => r.a }])).toBe(
      'A\r\n"\'=HYPERLINK(""x"")"',
    );
  });
});
