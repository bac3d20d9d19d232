/**
 * A response body read with a count of its bytes, up to a limit: an answer of the partner service is never buffered
 * whole before its size is known, so that one endless or enormous page cannot take the server's memory.
 */

/**
 * The most bytes one answer may have. A search page of 1,000 records is a few MB (docs/benchmarks.md): 32 MiB leaves
 * room for records several times larger while bounding what each of the 16 pages in flight may hold.
 */
export const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/** A body longer than the limit (or announced so by its Content-Length): not read further, never retried. */
export class BodyTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`The answer is larger than ${limitBytes} bytes; it was not read.`);
    this.name = "BodyTooLargeError";
  }
}

/** The body as text (UTF-8), or a BodyTooLargeError once more than `limitBytes` have arrived. */
export async function readBounded(response: Response, limitBytes = MAX_RESPONSE_BYTES): Promise<string> {
  const announced = Number(response.headers.get("content-length"));
  if (announced > limitBytes) {
    await response.body?.cancel();
    throw new BodyTooLargeError(limitBytes);
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > limitBytes) {
      await reader.cancel();
      throw new BodyTooLargeError(limitBytes);
    }
    chunks.push(value);
  }
  // As Response.text(): UTF-8, a leading byte order mark dropped.
  return new TextDecoder().decode(Buffer.concat(chunks, bytes));
}
