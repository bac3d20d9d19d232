/**
 * How many bytes of a streamed worksheet wait to be compressed. exceljs's streaming writer (4.4.0, pinned) writes
 * each committed row into the sheet's buffer and on into the ZIP's deflate stream without waiting: a writer faster
 * than deflate piles the whole sheet up in memory (about 330 MB for 500,000 rows of the laboratory listing). The
 * writer waits while this is above a few megabytes. It reads exceljs's internals (the sheet's StreamBuf, its
 * buffers and its pipes), so a unit test checks that it sees rows waiting: an upgrade that changed them fails there.
 */

interface Measured {
  length?: number;
  _writableState?: { length?: number };
  _readableState?: { length?: number };
}

interface SheetStream {
  buffers?: Measured[];
  pipes?: Measured[];
}

const waiting = (s: Measured) => (s._writableState?.length ?? 0) + (s._readableState?.length ?? 0);

export function xlsxBacklog(worksheet: unknown): number {
  const stream = (worksheet as { stream?: SheetStream }).stream;
  let bytes = 0;
  for (const b of stream?.buffers ?? []) bytes += b.length ?? 0;
  for (const p of stream?.pipes ?? []) bytes += waiting(p);
  return bytes;
}
