import { stringify } from 'csv-stringify/sync';

/**
 * A table as CSV (RFC 4180: CRLF line ends, a field quoted only when it holds a comma, a quote or
 * a line end, quotes doubled), with a byte-order mark so Excel reads Russian text as UTF-8. The
 * caller rounds numbers for display and leaves ids out.
 */
export function csvText(columns: readonly string[], records: readonly (readonly (string | number | boolean)[])[]): string {
  return `\ufeff${stringify([[...columns], ...records.map((r) => r.map(String))], { record_delimiter: 'windows' })}`;
}
