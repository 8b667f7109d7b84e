import { downloadCSV, type Exporter } from 'react-admin';

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => unknown;
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  // A cell a spreadsheet would run as a formula is prefixed with a quote (CSV injection).
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV with a header row. */
export function toCsv<T>(rows: T[], columns: CsvColumn<T>[]): string {
  const lines = [columns.map((c) => cell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row))).join(','));
  return lines.join('\r\n');
}

/**
 * A react-admin exporter writing `{name}-{yyyy-mm-dd}.csv` with the given columns, in order. A column
 * given as a field name is that field as it is, headed by its name.
 */
export function csvExporter<T>(name: string, columns: (CsvColumn<T> | (keyof T & string))[]): Exporter {
  const resolved = columns.map((c): CsvColumn<T> =>
    typeof c === 'string' ? { header: c, value: (row) => row[c] } : c,
  );
  return (records) =>
    downloadCSV(toCsv(records as T[], resolved), `${name}-${new Date().toISOString().slice(0, 10)}`);
}
