import { downloadCSV, type Exporter } from 'react-admin';

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => unknown;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/** Whether a spreadsheet would run this text (a cell, or a part of one it may split off) as a formula. */
function isFormula(segment: string): boolean {
  return /^[=+\-@]/.test(segment) && !NUMBER.test(segment);
}

/**
 * CSV injection: a spreadsheet runs a cell starting with `= + - @` as a formula, and one that splits
 * cells on `;` or tabs (or takes a pasted line break as a new row) runs any such part of a cell too. Each
 * such part gets a leading quote (`x;=1+1` -> `x;'=1+1`), as does a cell starting with a tab or a
 * carriage return, and such a cell is always quoted so that it stays one cell.
 */
function neutralise(text: string): { text: string; risky: boolean } {
  let risky = /^[\t\r]/.test(text);
  const parts = text.split(/([;\t\r\n])/);
  const out = parts
    .map((part, i) => {
      if (i % 2 === 1 || !isFormula(part)) return part;
      risky = true;
      return `'${part}`;
    })
    .join('');
  return { text: /^[\t\r]/.test(out) ? `'${out}` : out, risky };
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const { text, risky } = neutralise(typeof value === 'object' ? JSON.stringify(value) : String(value));
  return risky || /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
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
