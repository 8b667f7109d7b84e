import { describe, expect, it, vi } from 'vitest';
import { downloadCSV, type DataProvider } from 'react-admin';
import { csvExporter, toCsv } from './csv';

vi.mock('react-admin', () => ({ downloadCSV: vi.fn() }));

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

  it('defuses formulas after a semicolon, a tab or a line break inside a cell, and quotes the cell', () => {
    const column = [{ header: 'A', value: (r: { a: string }) => r.a }];
    const one = (a: string) => toCsv([{ a }], column).split('\r\n').slice(1).join('\r\n');
    expect(one('x;=1+1')).toBe('"x;\'=1+1"');
    expect(one('x\t=1+1')).toBe('"x\t\'=1+1"');
    expect(one('x\t@SUM(A1)')).toBe('"x\t\'@SUM(A1)"');
    expect(one('x\n+cmd|calc')).toBe('"x\n\'+cmd|calc"');
    expect(one('x\r\n-2+3')).toBe('"x\r\n\'-2+3"');
    expect(one('a;b;=HYPERLINK("y")')).toBe('"a;b;\'=HYPERLINK(""y"")"');
    expect(one('\t=1+1')).toBe('"\'\t\'=1+1"');
    expect(one('\tplain')).toBe('"\'\tplain"');
  });

  it('leaves numbers and harmless text as they are', () => {
    const column = [{ header: 'A', value: (r: { a: string }) => r.a }];
    const one = (a: string) => toCsv([{ a }], column).split('\r\n')[1];
    expect(one('-5')).toBe('-5');
    expect(one('a;-5')).toBe('a;-5');
    expect(one('a;b')).toBe('a;b');
    expect(one('mail@example.com')).toBe('mail@example.com');
  });
});

describe('csvExporter', () => {
  it('takes field names as columns headed by the name, next to computed columns, in order', async () => {
    type Row = { id: number; name: string; blocked: boolean };
    const exporter = csvExporter<Row>('people', [
      'id',
      { header: 'status', value: (r) => (r.blocked ? 'Blocked' : 'Active') },
      'name',
    ]);
    await exporter([{ id: 1, name: 'Ann', blocked: true }], vi.fn(), {} as DataProvider, 'people');
    expect(downloadCSV).toHaveBeenCalledWith(
      'id,status,name\r\n1,Blocked,Ann',
      expect.stringMatching(/^people-\d{4}-\d{2}-\d{2}$/),
    );
  });
});
