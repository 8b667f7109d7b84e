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
