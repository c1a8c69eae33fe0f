// CSV files that spreadsheet programs in Argentina open as they are: UTF-8 with a byte-order mark (so accents
// survive), ';' between cells (the list separator of Spanish locales, where ',' is the decimal mark), CRLF rows.
// Cells that a spreadsheet would read as a formula are prefixed with an apostrophe (advertisers write names).
export type CsvCell = string | number | boolean | null | undefined;

export interface CsvTable {
  columns: string[];
  rows: CsvCell[][];
}

const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'sí' : 'no';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(table: CsvTable): string {
  const lines = [table.columns, ...table.rows].map((row) => row.map(cell).join(';'));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** Starts the browser download of `table` as `fileName`. */
export function downloadCsv(fileName: string, table: CsvTable): void {
  const url = URL.createObjectURL(new Blob([toCsv(table)], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
