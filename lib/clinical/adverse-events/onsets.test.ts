import { describe, expect, it } from "vitest";
import { aeOnsets } from "./onsets";
import type { AdverseEventRow } from "./rows";

const ae = (key: string, start: string | null, term = "Headache"): AdverseEventRow => ({
  key,
  subjectId: "S1",
  sequence: 1,
  term,
  grade: 2,
  ctcaeVersion: "5.0",
  start,
  end: null,
  ongoing: true,
  outcome: null,
  causality: null,
  suspectProduct: null,
  verified: true,
});

describe("aeOnsets", () => {
  it("places each event once by its key at midnight UTC of its start, in date order, and counts undated ones", () =>
    expect(
      aeOnsets([
        ae("E2", "2023-03-05", "Fatigue"),
        ae("E1", "2023-01-20"),
        ae("E2", "2023-03-05", "Fatigue"),
        ae("E3", null, "Nausea"),
      ]),
    ).toEqual({
      onsets: [
        { key: "E1", t: new Date("2023-01-20T00:00:00Z").getTime(), start: "2023-01-20", term: "Headache", grade: 2 },
        { key: "E2", t: new Date("2023-03-05T00:00:00Z").getTime(), start: "2023-03-05", term: "Fatigue", grade: 2 },
      ],
      withoutStart: 1,
    }));
});
