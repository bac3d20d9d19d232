import { describe, expect, it } from "vitest";
import { RowEncoder } from "./row-codec";
import { RowDecoder } from "./row-decoder";

/** Encodes pages on one side and decodes them on the other, as the two threads do (structuredClone between). */
function roundTrip(pages: object[][], intern?: (s: string) => string) {
  const encoder = new RowEncoder();
  const decoder = new RowDecoder(intern);
  return pages.map((rows, index) => {
    const { page, transfer } = encoder.encode(
      index,
      rows.map((r) => internAll(r, encoder.intern)),
    );
    expect(page.index).toBe(index);
    return decoder.decode(structuredClone(page, { transfer }));
  });
}

/** A mapper's interning: every string but `id` (a record ID is not repeated, and the mappers do not intern it). */
function internAll(row: object, intern: (s: string) => string): object {
  return Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, typeof v === "string" && k !== "id" ? intern(v) : v]),
  );
}

/** An intern that notes each string it is given. */
const keeping = (kept: string[]) => (s: string) => {
  kept.push(s);
  return s;
};

const lab = (id: string, value: number | null, unit: string | null) => ({
  id,
  subjectId: "ONC-101-001",
  test: "ALT",
  value,
  unit,
  range: null,
});

describe("rows as columns between the threads", () => {
  it("gives back rows equal to the mapped ones, property order and absent values included", () => {
    const rows = [
      lab("o-1", 31.5, "U/L"),
      lab("o-2", null, null),
      { ...lab("o-3", -0, "U/L"), range: undefined },
      lab("o-4", 1e-300, "U/L"),
    ];
    const [decoded] = roundTrip([rows]);
    expect(decoded).toEqual(rows);
    expect(decoded.map((r) => Object.keys(r))).toEqual(rows.map((r) => Object.keys(r)));
    expect(Object.is(decoded[2].value, -0)).toBe(true);
    expect("range" in decoded[2] && decoded[2].range === undefined).toBe(true);
  });

  it("gives back the rows' own strings (IDs) from their one text, empty, astral and interned look-alikes too", () => {
    const ids = ["obs-1", "", "obs-😀-2", "ALT", "U/L", "obs-3"];
    const rows = ids.map((id, i) => lab(id, i, "U/L"));
    // "ALT" and "U/L" are interned strings of other columns; as IDs they are the rows' own, with the same text.
    expect(roundTrip([rows])[0]).toEqual(rows);
    // A page whose first ID happens to be an interned text: each ID is looked up, and the others are still sent.
    const alike = ["ALT", "obs-9", ""].map((id, i) => lab(id, i, "U/L"));
    expect(roundTrip([alike])[0]).toEqual(alike);
  });

  it("keeps booleans, arrays and other values as they are", () => {
    const rows = [
      { key: "AE-1", ongoing: true, verified: null, grade: 3 },
      { key: "AE-2", ongoing: false, verified: true, grade: null },
    ];
    const groups = [{ members: ["ONC-101-001", "ONC-101-002"], unreadable: 1 }];
    const [ae, group] = roundTrip([rows, groups]);
    expect(ae).toEqual(rows);
    expect(group).toEqual(groups);
  });

  it("sends each interned string once, so that rows of later pages share the first page's copy", () => {
    const encoder = new RowEncoder();
    const first = encoder.encode(0, [internAll(lab("o-1", 1, "U/L"), encoder.intern)]).page;
    const second = encoder.encode(1, [internAll(lab("o-2", 2, "U/L"), encoder.intern)]).page;
    expect(first.strings).toEqual(["ONC-101-001", "ALT", "U/L"]);
    // The second page names the same strings by their place in the table; only its record ID travels.
    expect(second.strings).toEqual([]);
    const kept: string[] = [];
    const decoder = new RowDecoder(keeping(kept));
    const [a] = decoder.decode(structuredClone(first));
    const [b] = decoder.decode(structuredClone(second));
    expect(b).toEqual(lab("o-2", 2, "U/L"));
    expect(kept).toEqual(["ONC-101-001", "ALT", "U/L"]);
    expect(a.unit).toBe(b.unit);
  });

  it("keeps the rows of a page whose rows differ in shape, whole", () => {
    const rows = [{ a: 1, b: "x" }, { b: "y", a: 2 }, { a: 3 }];
    expect(roundTrip([rows])[0]).toEqual(rows);
  });

  it("gives no rows for an empty page, and still takes its strings", () => {
    const encoder = new RowEncoder();
    encoder.intern("kept");
    const page = encoder.encode(3, []).page;
    const kept: string[] = [];
    expect(new RowDecoder(keeping(kept)).decode(page)).toEqual([]);
    expect(kept).toEqual(["kept"]);
  });

  it("makes rows from property names that are not identifiers, quoted, never run as code", () => {
    const rows = [{ "a b": 1, 'x"); throw new Error("no': "ok", "": null }];
    expect(roundTrip([rows])[0]).toEqual(rows);
  });
});
