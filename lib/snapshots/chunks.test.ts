/**
 * A chunk's name depends on its rows' values only: the same rows read by two identities, their strings held by V8
 * in one or two bytes a character depending on the page they came from, are one chunk.
 */
import { createHash } from "node:crypto";
import { serialize } from "node:v8";
import { describe, expect, it } from "vitest";
import { rowDigests } from "@/lib/study-cache/content-hashes";
import { chunkName, chunkNameOfDigests, decodeChunk, encodeChunk } from "./chunks";

const UNIT = "mmol/L per litre of plasma";
// The same characters, held two bytes a character: cut from a string with a character beyond Latin-1 in it.
const twoByte = `${UNIT}\u2079`.slice(0, UNIT.length);

describe("a snapshot chunk", () => {
  it("is named by its rows' values, however V8 holds their strings", async () => {
    const a = [{ subjectId: "S-1", unit: UNIT, value: 4.2 }];
    const b = [{ subjectId: "S-1", unit: twoByte, value: 4.2 }];
    // What the name must not depend on: V8's own serialization of the two differs.
    expect(serialize(a).equals(serialize(b))).toBe(false);
    expect(chunkName(a)).toBe(chunkName(b));
    expect(chunkName(a)).not.toBe(chunkName([{ ...a[0], value: 4.3 }]));
    expect(await decodeChunk(await encodeChunk(b))).toEqual(a);
  });

  it("is named by the SHA-256 of its rows' digests, each the SHA-256 of a row's JSON", () => {
    const rows = [
      { id: "r-1", subjectId: "S-1", value: 4.2 },
      { id: "r-2", subjectId: "S-1", value: null },
    ];
    const sha = (b: string | Buffer) => createHash("sha256").update(b).digest();
    const digests = Buffer.concat([
      sha('{"id":"r-1","subjectId":"S-1","value":4.2}'),
      sha('{"id":"r-2","subjectId":"S-1","value":null}'),
    ]);
    const expected = sha(digests).toString("hex");
    expect(chunkName(rows)).toBe(expected);
    expect(chunkNameOfDigests(rowDigests(rows))).toBe(expected);
    expect(() => chunkNameOfDigests(new Uint8Array(33))).toThrow("not whole row digests");
  });
});
