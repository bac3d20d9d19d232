/**
 * CSV as RFC 4180 describes it (CRLF line ends, quotes doubled), made safe
 * to open in a spreadsheet (OWASP "CSV injection"):
 * - Every text field is quoted. A spreadsheet whose locale separates lists
 *   with `;` (or that guesses tab) would split an unquoted `a;=1+1` into a
 *   second cell starting with `=`; inside quotes no separator splits a cell.
 * - Text that a spreadsheet would run as a formula (starting with = + - @,
 *   or a tab or carriage return) gets a leading single quote.
 * Numbers are written bare: they cannot carry a formula, and a negative
 * value must stay a number. The server's export files (./write-csv.ts) follow
 * the same rules through csv-stringify, with defuseFormula below.
 */
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** Text a spreadsheet would run as a formula, with a leading single quote; other text as it is. */
export const defuseFormula = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return String(value);
  return `"${defuseFormula(value).replaceAll('"', '""')}"`;
}

/** A header row and the data rows, each line ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  let out = `${header.map(csvField).join(",")}\r\n`;
  for (const row of rows) out += `${row.map(csvField).join(",")}\r\n`;
  return out;
}

/** A file name made of safe characters only, for the download attribute. */
export function csvFileName(...parts: string[]): string {
  const base = parts
    .map((p) => p.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, ""))
    .filter(Boolean)
    .join("_");
  return `${base || "export"}.csv`;
}
