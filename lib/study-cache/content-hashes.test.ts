import { expect, it, vi } from "vitest";
import { contentHashesOf, keepContentHashes } from "./content-hashes";

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
