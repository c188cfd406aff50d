/**
 * CSV as RFC 4180 says (quoted when needed, quotes doubled, CRLF), and safe
 * to open in a spreadsheet: a cell that starts like a formula (= + - @, or a
 * tab or carriage return) is prefixed with an apostrophe so it stays text; so
 * is one that starts with an apostrophe, which spreadsheets would hide.
 * Control characters other than tab and line breaks are dropped (rows stored
 * before names and details refused them may hold a NUL or an escape).
 */
import { multiLine } from "~/lib/plain-text";

const FORMULA_START = /^[=+\-@\t\r']/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | boolean | Date | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  text = multiLine(text);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
