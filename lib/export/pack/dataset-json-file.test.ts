import { describe, expect, it } from "vitest";
import { emptyVariable, type SdtmDataset, variable } from "@/lib/clinical/sdtm/dataset";
import { datasetJsonFile } from "./dataset-json-file";

const about = {
  createdAt: "2026-01-02T03:04:05.000Z",
  dataAsOf: "2026-01-02T03:00:00.000Z",
  study: "S-1",
  portalVersion: "1.2.3",
};

function dataset(n: number): SdtmDataset {
  const rows = Array.from({ length: n }, (_, i) => ({
    STUDYID: "S-1",
    XXSEQ: i + 1,
    XXORRES: i % 2 ? null : `v"${i}`,
  }));
  return {
    name: "XX",
    label: "Test Domain",
    variables: [
      variable("STUDYID", "Study Identifier", "string", "s"),
      variable("XXSEQ", "Sequence Number", "integer", "s"),
      variable("XXORRES", "Result", "string", "s"),
      emptyVariable("XXSTRESC", "Standard Result", "string", "never sent"),
    ],
    keys: ["STUDYID", "XXSEQ"],
    count: rows.length,
    records: () => rows,
  };
}

const written = (d: SdtmDataset) => [...datasetJsonFile("x.json", d, about).chunks(() => {})].join("");

describe("Dataset-JSON 1.1", () => {
  it("has the required top-level attributes in the specification's order, then the rows as arrays", () => {
    const json = JSON.parse(written(dataset(2)));
    expect(Object.keys(json)).toEqual([
      "datasetJSONCreationDateTime",
      "datasetJSONVersion",
      "fileOID",
      "dbLastModifiedDateTime",
      "originator",
      "sourceSystem",
      "studyOID",
      "itemGroupOID",
      "records",
      "name",
      "label",
      "columns",
      "rows",
    ]);
    expect(json).toMatchObject({
      datasetJSONCreationDateTime: "2026-01-02T03:04:05.000Z",
      datasetJSONVersion: "1.1.0",
      dbLastModifiedDateTime: "2026-01-02T03:00:00.000Z",
      sourceSystem: { name: "Study Portal", version: "1.2.3" },
      studyOID: "S-1",
      itemGroupOID: "IG.XX",
      records: 2,
      name: "XX",
      label: "Test Domain",
    });
    expect(json.columns).toEqual([
      { itemOID: "IT.XX.STUDYID", name: "STUDYID", label: "Study Identifier", dataType: "string", keySequence: 1 },
      { itemOID: "IT.XX.XXSEQ", name: "XXSEQ", label: "Sequence Number", dataType: "integer", keySequence: 2 },
      { itemOID: "IT.XX.XXORRES", name: "XXORRES", label: "Result", dataType: "string" },
      { itemOID: "IT.XX.XXSTRESC", name: "XXSTRESC", label: "Standard Result", dataType: "string" },
    ]);
    // Numbers as JSON numbers, a missing value as null, text escaped; a variable always empty null in every row.
    expect(json.rows).toEqual([
      ["S-1", 1, 'v"0', null],
      ["S-1", 2, null, null],
    ]);
  });

  it("matches the creation time pattern of the specification", () => {
    const pattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?((\+|-)\d{2}:\d{2}|Z)?$/;
    const json = JSON.parse(written(dataset(0)));
    expect(json.datasetJSONCreationDateTime).toMatch(pattern);
    expect(json.dbLastModifiedDateTime).toMatch(pattern);
    expect([json.records, json.rows]).toEqual([0, []]);
  });

  it("stays one valid document across many pieces, every row in order", () => {
    const d = dataset(30_000);
    let told = 0;
    const pieces = [...datasetJsonFile("x.json", d, about).chunks((n) => (told += n))];
    expect(pieces.length).toBeGreaterThan(5);
    const json = JSON.parse(pieces.join(""));
    expect(json.rows).toHaveLength(30_000);
    expect(json.rows.map((r: unknown[]) => r[1])).toEqual(Array.from({ length: 30_000 }, (_, i) => i + 1));
    expect(told).toBe(30_000);
  });
});
