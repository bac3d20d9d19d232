/**
 * One file of the study export pack (docs/export-pack.md): its name in the ZIP, how many rows it holds (known
 * before it is written, so that progress has a total), and its text made piece by piece while it is written, so
 * that no file is ever held whole in memory (a study's laboratory data is a million rows).
 */
export interface PackFile {
  name: string;
  rows: number;
  /** The text in pieces of about CHUNK_CHARS; `wrote(n)` is told each time n more rows are made. */
  chunks(wrote: (rows: number) => void): Iterable<string>;
}

/** About how much text one piece holds: large enough that streams are not flooded with tiny pieces. */
export const CHUNK_CHARS = 64 * 1024;

/** Rows' texts joined into pieces of about CHUNK_CHARS, telling `wrote` the rows of each piece. */
export function* pieces(texts: Iterable<string>, wrote: (rows: number) => void, separator = ""): Generator<string> {
  let piece = "";
  let rows = 0;
  let first = true;
  for (const text of texts) {
    piece += first ? text : separator + text;
    first = false;
    rows++;
    if (piece.length >= CHUNK_CHARS) {
      yield piece;
      wrote(rows);
      piece = "";
      rows = 0;
    }
  }
  if (piece !== "") yield piece;
  if (rows > 0) wrote(rows);
}
