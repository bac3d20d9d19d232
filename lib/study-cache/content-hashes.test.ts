import { expect, it, vi } from "vitest";
import {
  contentHashes,
  contentHashesOf,
  contentHashesOfDigests,
  keepContentHashes,
  rowDigests,
} from "./content-hashes";

it("keeps a rows array's hashes once per process, seen by every copy of the module", async () => {
  const rows = [{ id: "a" }, { id: "b" }];
  const hashes = new Uint8Array(16).fill(7);
  keepContentHashes(rows, hashes);
  // Next.js bundles pages and route handlers apart: a load kept in one bundle is read in another's copy.
  vi.resetModules();
  const copy = await import("./content-hashes");
  expect(copy.contentHashesOf).not.toBe(contentHashesOf);
  expect(copy.contentHashesOf(rows)).toBe(hashes);
  expect(copy.contentHashesOf([{ id: "a" }, { id: "b" }])).toBeUndefined();
});

it("makes a row's content hash the first 8 bytes of its digest", () => {
  const rows = [
    { id: "a", value: 1.5 },
    { id: "b", text: "é" },
  ];
  const digests = rowDigests(rows);
  expect(digests.length).toBe(64);
  expect(Buffer.from(contentHashesOfDigests(digests)).equals(Buffer.from(contentHashes(rows)))).toBe(true);
  expect(Buffer.from(digests.subarray(32, 40)).equals(Buffer.from(contentHashes(rows).subarray(8, 16)))).toBe(true);
});
