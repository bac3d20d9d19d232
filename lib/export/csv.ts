/**
 * The rules that make a CSV file safe to open in a spreadsheet (OWASP "CSV injection"), applied by the export
 * writer (./write-csv.ts, which quotes every text field through csv-stringify):
 * - Every text field is quoted. A spreadsheet whose locale separates lists with `;` (or that guesses tab) would
 *   split an unquoted `a;=1+1` into a second cell starting with `=`; inside quotes no separator splits a cell.
 * - Text that a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return) gets a
 *   leading single quote.
 * Numbers are written bare: they cannot carry a formula, and a negative value must stay a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text a spreadsheet would run as a formula, with a leading single quote; other text as it is. */
export const defuseFormula = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);
