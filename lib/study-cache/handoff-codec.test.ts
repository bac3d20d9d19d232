/**
 * A load through the handoff's chunks and back: every row as it was (strings, numbers, nulls, absent values, the
 * order), across chunk boundaries; the load's counts and start with it; each repeated string sent once.
 */
import { createHash } from "node:crypto";
import { serialize } from "node:v8";
import { describe, expect, it } from "vitest";
import { contentHashesOf, keepContentHashes } from "./content-hashes";
import { handoffCodec, ROWS_PER_CHUNK } from "./handoff-codec";

/** Rows shaped as a mapper makes them: an ID of the row's own, repeated codes and units, numbers and nulls. */
function rows(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    id: `obs-${i}`,
    subject: `SUBJ-${String(i % 97).padStart(4, "0")}`,
    code: i % 3 === 0 ? "ALT" : "AST",
    unit: "units per litre of serum, as the laboratory reported them",
    value: i % 11 === 0 ? null : i / 4,
    visit: i % 5 === 0 ? undefined : `Cycle ${i % 7} Day 1`,
  }));
}

const load = (n: number) => ({
  loaded: {
    value: { rows: rows(n), received: n + 2, rejected: { count: 2, reasons: [{ reason: "no subject", count: 2 }] } },
    bytes: 1234,
  },
  startedAt: 1_700_000_000_000,
});

describe("the handoff codec", () => {
  it("gives back every row and the load's counts, across chunks", async () => {
    const handed = load(ROWS_PER_CHUNK * 2 + 17);
    const chunks = await handoffCodec.toChunks(handed);
    // The head, then three slices of rows.
    expect(chunks).toHaveLength(4);
    const back = await handoffCodec.fromChunks(chunks);
    expect(back.startedAt).toBe(1_700_000_000_000);
    expect(back.loaded.bytes).toBe(1234);
    expect(back.loaded.value.received).toBe(ROWS_PER_CHUNK * 2 + 19);
    expect(back.loaded.value.rejected).toEqual({ count: 2, reasons: [{ reason: "no subject", count: 2 }] });
    expect(back.loaded.value.rows).toEqual(handed.loaded.value.rows);
    // Absent stays absent, not null: a row's shape is the mapper's.
    expect(back.loaded.value.rows[5]).toHaveProperty("visit", undefined);
    expect(back.loaded.value.rows[11]).toHaveProperty("value", null);
  });

  it("sends a repeated string once, not once a row", async () => {
    const handed = load(ROWS_PER_CHUNK);
    const [, slice] = await handoffCodec.toChunks(handed);
    // The unit alone is 58 characters in every row: about 2.9 MB of the rows as objects.
    const asObjects = serialize(handed.loaded.value.rows).length;
    expect(asObjects).toBeGreaterThan(ROWS_PER_CHUNK * 58);
    expect(slice.length).toBeLessThan(asObjects / 2);
  });

  it("hands on the rows' content hashes where the load made them, kept beside the rows read back", async () => {
    const handed = load(ROWS_PER_CHUNK + 3);
    const rowsIn = handed.loaded.value.rows;
    // The first 8 bytes of each row's SHA-256 (docs/review.md), as the loading thread makes them.
    const hashes = Buffer.concat(
      rowsIn.map((r) => createHash("sha256").update(JSON.stringify(r)).digest().subarray(0, 8)),
    );
    keepContentHashes(rowsIn, hashes);
    const chunks = await handoffCodec.toChunks(handed);
    // The head, two slices of rows, the hashes.
    expect(chunks).toHaveLength(4);
    const back = await handoffCodec.fromChunks(chunks);
    expect(back.loaded.value.rows).toEqual(rowsIn);
    expect(contentHashesOf(back.loaded.value.rows as object[])).toEqual(hashes);
    // A load without them hands on none: its rows are hashed where they are read.
    const bare = await handoffCodec.fromChunks(await handoffCodec.toChunks(load(3)));
    expect(contentHashesOf(bare.loaded.value.rows as object[])).toBeUndefined();
  });

  it("hands on a load without rows", async () => {
    const back = await handoffCodec.fromChunks(await handoffCodec.toChunks(load(0)));
    expect(back.loaded.value.rows).toEqual([]);
    expect(back.loaded.value.received).toBe(2);
  });
});
