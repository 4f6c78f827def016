// CSV export of what a chart or table shows. Values are written machine-readable (ISO
// times, '.' decimals) so a spreadsheet or script reads exactly what the API answered. Every CSV the
// console writes goes through here, so no text of anyone's (a plant's or a device's name, an e-mail,
// an error message) opens as a formula in a spreadsheet: OWASP's CSV injection rule.
export type CsvCell = string | number | boolean | null | undefined;

/** Text a spreadsheet would take as a formula or strip: = + - @ at its start, or a tab or carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number written as text (a negative one starts with '-', yet is no formula). */
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Neutralises text that would run as a formula, as OWASP advises: a leading single quote makes the
 * spreadsheet show it as the text it is. Numbers (and numbers written as text) are left as they are.
 */
export function neutralised(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? neutralised(value) : String(value);
  // RFC 4180: quote a field holding a separator, a quote or a line break; double inner quotes.
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Saves the text as a file through a temporary link (no server round trip). */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName.endsWith('.csv') ? fileName : `${fileName}.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
