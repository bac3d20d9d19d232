import { createHash } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { keepContentHashes } from "@/lib/study-cache/content-hashes";
import { contentHash, isIndexOf, recordIndex, recordIndexInSlices } from "./content";

it("hashes a row as the first 16 hex digits of the SHA-256 of its JSON", () => {
  const row = { id: "lab-1", value: 4.2, unit: "U/L" };
  const json = '{"id":"lab-1","value":4.2,"unit":"U/L"}';
  expect(contentHash(row)).toBe(createHash("sha256").update(json).digest("hex").slice(0, 16));
  expect(contentHash({ ...row, value: 4.3 })).not.toBe(contentHash(row));
});

it("finds each record by its key, and none whose key is missing or given to two records", () => {
  const rows = [{ id: "a" }, { id: "b" }, { id: "" }, { id: "b", v: 2 }, { id: "c" }, { id: "b", v: 3 }];
  const index = recordIndex("laboratory", rows);
  expect([index.at("a"), index.at("c"), index.at("b"), index.at("")]).toEqual([0, 4, undefined, undefined]);
  expect([...index.repeated]).toEqual(["b"]);
  // a and c; the keyless one and the three b's cannot be marked.
  expect(index.markable).toBe(2);
  expect(index.hashAt(4)).toBe(contentHash({ id: "c" }));
  expect(recordIndex("laboratory", rows)).toBe(index);
});

it("reads the hashes kept with the rows (the loading thread's) rather than hashing them again", () => {
  const rows = [{ id: "a" }, { id: "b" }];
  const hashes = new Uint8Array(16);
  hashes.set([1, 2, 3, 4, 5, 6, 7, 8, 0xf0, 0xe1, 0xd2, 0xc3, 0xb4, 0xa5, 0x96, 0x87]);
  keepContentHashes(rows, hashes);
  const index = recordIndex("laboratory", rows);
  expect([index.hashAt(0), index.hashAt(1)]).toEqual(["0102030405060708", "f0e1d2c3b4a59687"]);
  expect(() => keepContentHashes([{ id: "c" }], hashes)).toThrow("16 bytes of content hashes for 1 rows.");
});

it("builds a rows array's index once per process, for pages and route handlers alike", async () => {
  const rows = [{ id: "a" }, { id: "b" }];
  const index = recordIndex("laboratory", rows);
  vi.resetModules();
  const copy = await import("./content");
  expect(copy.recordIndex).not.toBe(recordIndex);
  expect(copy.recordIndex("laboratory", rows)).toBe(index);
});

describe("an index built in slices", () => {
  /** Rows with a key missing and one given twice, past several pause points. */
  const rowsOf = (n: number) => {
    const rows: { id: string }[] = Array.from({ length: n }, (_, i) => ({ id: `r${i}` }));
    rows[5] = { id: "" };
    rows[n - 1] = { id: "r7" };
    return rows;
  };

  it("finds the records recordIndex finds, and is the one kept for the rows", async () => {
    const rows = rowsOf(20_000);
    const index = await recordIndexInSlices("laboratory", rows);
    expect([index.at("r0"), index.at("r19998"), index.at("r7"), index.at("r5"), index.at("")]).toEqual([
      0,
      19_998,
      undefined,
      undefined,
      undefined,
    ]);
    expect([...index.repeated]).toEqual(["r7"]);
    // 20,000 rows less the keyless one and the two r7s.
    expect(index.markable).toBe(19_997);
    expect(recordIndex("laboratory", rows)).toBe(index);
    expect(isIndexOf(index, rows)).toBe(true);
    expect(isIndexOf(index, rows.slice(0, 10))).toBe(false);
  });

  it("gives way to other work while it builds, and builds once for requests that ask at once", async () => {
    const rows = rowsOf(400_000);
    const order: string[] = [];
    setImmediate(() => order.push("other work"));
    const [a, b] = await Promise.all([
      recordIndexInSlices("laboratory", rows).then((index) => {
        order.push("built");
        return index;
      }),
      recordIndexInSlices("laboratory", rows),
    ]);
    expect(order).toEqual(["other work", "built"]);
    expect(b).toBe(a);
    expect(a.markable).toBe(399_997);
  });
});
