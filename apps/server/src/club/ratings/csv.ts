import { stringify } from 'csv-stringify/sync';

// A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV Injection"),
// fullwidth forms included because some spreadsheets fold them.
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
// Our numbers arrive as display strings (displayPoints: "-5.00"); a plain decimal is no formula,
// and a penalty must stay a number the spreadsheet can sum.
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** One cell as text, a leading apostrophe before anything a spreadsheet would evaluate. */
export function csvCell(value: string | number | boolean): string {
  const text = String(value);
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/**
 * A table as CSV (RFC 4180: CRLF line ends, a field quoted only when it holds a comma, a quote or
 * a line end (a lone CR too), quotes doubled), with a byte-order mark so Excel reads Russian text as UTF-8. Every
 * CSV the server writes goes through here, so every cell is neutralised by csvCell. The caller
 * rounds numbers for display and leaves ids out.
 */
export function csvText(columns: readonly string[], records: readonly (readonly (string | number | boolean)[])[]): string {
  return `\ufeff${stringify([[...columns], ...records].map((r) => r.map(csvCell)), { record_delimiter: 'windows', quoted_match: /\r/ })}`;
}
