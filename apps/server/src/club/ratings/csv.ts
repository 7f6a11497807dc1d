import { stringify } from 'csv-stringify/sync';
import { RU_HEADERS, type CsvLang } from './csvLang.js';

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
 * rounds numbers for display and leaves ids out. `lang` 'ru' writes what Russian Excel opens in
 * columns (csvLang.ts); 'en' (the default) keeps `,` and `.`.
 */
export function csvText(columns: readonly string[], records: readonly (readonly (string | number | boolean)[])[], lang: CsvLang = 'en'): string {
  const cells = [[...columns], ...records].map((r) => r.map(csvCell));
  if (lang === 'en') return `\ufeff${stringify(cells, { record_delimiter: 'windows', quoted_match: /\r/ })}`;
  // Russian Excel: `;` between cells, `,` as the decimal mark (numbers only: text columns keep their dots).
  const header = columns.map((c) => csvCell(RU_HEADERS[c] ?? c));
  const body = cells.slice(1).map((r) => r.map((cell, i) => (TEXT_COLUMNS.has(columns[i] ?? '') || !PLAIN_NUMBER.test(cell) ? cell : cell.replace('.', ','))));
  return `\ufeff${stringify([header, ...body], { delimiter: ';', record_delimiter: 'windows', quoted_match: /\r/ })}`;
}

/** Columns that hold text even when it looks like a number (a nickname «1.5» stays «1.5»). */
const TEXT_COLUMNS = new Set(['nickname', 'role', 'team', 'winner', 'track', 'endedAt', 'startsAt']);
