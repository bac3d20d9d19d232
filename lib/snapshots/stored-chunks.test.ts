/**
 * Chunks are compressed only where the store lacks them: the same data kept again, or a data cut that changed one
 * subject, compresses nothing more, or that subject's chunk alone.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Store } from "@/lib/store/store";
import { testStore } from "@/lib/store/testing";
import { rowDigests } from "@/lib/study-cache/content-hashes";
import * as chunks from "./chunks";
import { nameChunks, readChunks, writeChunks } from "./stored-chunks";

vi.mock("./chunks", async (original) => {
  const actual = await original<typeof import("./chunks")>();
  return { ...actual, encodeChunk: vi.fn(actual.encodeChunk) };
});

/** `subjects` subjects of 40 results each: a chunk each. */
const rows = (subjects: number, changed?: string) =>
  Array.from({ length: subjects * 40 }, (_, i) => {
    const id = `r-${Math.floor(i / 40)}-${i % 40}`;
    return { id, subjectId: `S-${Math.floor(i / 40)}`, code: "ALT", value: id === changed ? 99 : i / 10 };
  });

describe("writing chunks", () => {
  let store: Store;
  beforeEach(async () => {
    store = await testStore("sqlite");
    vi.mocked(chunks.encodeChunk).mockClear();
  });
  afterEach(async () => store.close());

  const keep = async (r: unknown[]) => {
    const named = await nameChunks(r);
    const bytes = await writeChunks(store, "laboratory", { rows: r, rowHashes: undefined }, named, "2026-12-02T10:00Z");
    return { named, bytes };
  };

  it("compresses only the chunks the store does not hold", async () => {
    const first = await keep(rows(12));
    expect(first.named).toHaveLength(12);
    expect(chunks.encodeChunk).toHaveBeenCalledTimes(12);
    const again = await keep(rows(12));
    expect(again.bytes).toBe(0);
    expect(chunks.encodeChunk).toHaveBeenCalledTimes(12);
    const cut = await keep(rows(12, "r-3-7"));
    expect(cut.bytes).toBeGreaterThan(0);
    expect(chunks.encodeChunk).toHaveBeenCalledTimes(13);
    const back = await readChunks(
      store,
      cut.named.map((c) => c.hash),
    );
    expect(back.rows).toEqual(rows(12, "r-3-7"));
  });

  it("names chunks alike from the load's digests and from the rows themselves", async () => {
    const r = rows(3);
    // A subject of 300 rows: two chunks (ROWS_PER_CHUNK), one ending within the subject.
    const long = Array.from({ length: 300 }, (_, i) => ({ id: `l-${i}`, subjectId: "S-9", value: i }));
    for (const these of [r, long, [...r, ...long]]) {
      const named = await nameChunks(these);
      expect(await nameChunks(these, rowDigests(these))).toEqual(named);
    }
    expect((await nameChunks(long)).map((c) => [c.start, c.end])).toEqual([
      [0, 256],
      [256, 300],
    ]);
    await expect(nameChunks(r, new Uint8Array(32))).rejects.toThrow("32 bytes of row digests for 120 rows");
  });
});
