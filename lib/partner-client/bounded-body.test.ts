import { describe, expect, it } from "vitest";
import { BodyTooLargeError, MAX_RESPONSE_BYTES, readBounded } from "./bounded-body";

const MiB = 1024 * 1024;

/** A body of `chunk`-byte pieces that never ends; `pulled` counts the bytes the reader asked for. */
function endless(chunk: number) {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      seen.pulled += chunk;
      controller.enqueue(new Uint8Array(chunk).fill(0x20));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { response: new Response(body), seen };
}

describe("a response body read with a limit", () => {
  it("refuses an endless body once it passes the limit, having read no more than one piece beyond it", async () => {
    expect(MAX_RESPONSE_BYTES).toBe(32 * MiB);
    const { response, seen } = endless(MiB);
    const error = await readBounded(response).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BodyTooLargeError);
    expect(error).toMatchObject({ limitBytes: MAX_RESPONSE_BYTES });
    expect(seen.cancelled).toBe(true);
    // A piece or two more may have been asked for ahead of the reader (the stream's buffer).
    expect(seen.pulled).toBeLessThanOrEqual(MAX_RESPONSE_BYTES + 3 * MiB);
  });

  it("refuses a body whose Content-Length is over the limit without reading it", async () => {
    const { response, seen } = endless(1024);
    const announced = new Response(response.body, { headers: { "content-length": String(100 * 1024 + 1) } });
    await expect(readBounded(announced, 100 * 1024)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(seen.cancelled).toBe(true);
    // Only what the stream filled its buffer with before anyone read: nothing was read.
    expect(seen.pulled).toBeLessThanOrEqual(1024);
  });

  it("reads a body within the limit as Response.text() does (UTF-8, byte order mark dropped)", async () => {
    const text = '{"name":"Zoë"}';
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
    expect(await readBounded(new Response(bytes), bytes.length)).toBe(text);
    expect(await readBounded(new Response(null))).toBe("");
    await expect(readBounded(new Response(bytes), bytes.length - 1)).rejects.toBeInstanceOf(BodyTooLargeError);
  });
});
