/**
 * CSV as RFC 4180 describes it (CRLF line ends; a field holding a comma, a
 * quote or a line break is quoted, its quotes doubled), made safe to open in
 * a spreadsheet: text that a spreadsheet would run as a formula (starting
 * with = + - @, or a tab or carriage return) gets a leading single quote
 * (OWASP "CSV injection"). Numbers are written as numbers: they cannot carry
 * a formula, and a negative value must stay a number.
 */
export type CsvCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
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
