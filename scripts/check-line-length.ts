/**
 * `npm run check:lines` (part of `npm test`): no line of a tracked source file
 * is wider than 120 columns. Biome formats code to that width but cannot wrap
 * string literals or comments, so this check covers what it leaves. Markdown is
 * not checked (its tables may be wider). Prints every long line and exits 1 if
 * there is any.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

export const MAX_COLUMNS = 120;
const PATTERNS = ["*.ts", "*.tsx", "*.mts", "*.mjs", "*.cjs", "*.sh", "*.css"];

/** The width of a line in columns: its characters (code points), not its UTF-16 units or bytes. */
export function columnsOf(line: string): number {
  let count = 0;
  for (const _ of line) count++;
  return count;
}

/** Every line of a file's text wider than `max` columns, numbered from 1. */
export function longLines(text: string, max = MAX_COLUMNS): { line: number; columns: number }[] {
  return text
    .split(/\r?\n/)
    .map((l, i) => ({ line: i + 1, columns: columnsOf(l) }))
    .filter((l) => l.columns > max);
}

function main(): void {
  // Tracked and new files alike, as the work tree has them (a tracked file deleted there is gone).
  const files = execFileSync("git", ["ls-files", "-z", "-co", "--exclude-standard", "--", ...PATTERNS], {
    encoding: "utf8",
  })
    .split("\0")
    .filter((file) => file && existsSync(file));
  const problems = files.flatMap((file) =>
    longLines(readFileSync(file, "utf8")).map((l) => `${file}:${l.line}: ${l.columns} columns`),
  );
  if (problems.length === 0) {
    console.log(`Line length: ${files.length} files, no line over ${MAX_COLUMNS} columns.`);
    return;
  }
  console.error(`Line length: ${problems.length} line(s) over ${MAX_COLUMNS} columns:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}

if (process.argv[1]?.endsWith("check-line-length.ts")) main();
