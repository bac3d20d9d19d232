import { describe, expect, it } from "vitest";
import { type AdverseEventRow, TERM_MISSING } from "../adverse-events/rows";
import { aeDataset } from "./ae";
import { pick, recordsOf } from "./testing";

const event = (key: string, subjectId: string | null, over: Partial<AdverseEventRow> = {}): AdverseEventRow => ({
  key,
  subjectId,
  sequence: 1,
  term: "Nausea",
  grade: 2,
  ctcaeVersion: "5.0",
  start: "2024-01-05",
  end: "2024-01-09",
  ongoing: false,
  outcome: "Resolved",
  causality: "Possible",
  suspectProduct: "Drug X",
  verified: true,
  ...over,
});

// S1's first dose, day 1 of its study days; S2 has none known.
const exposure = new Map([
  ["S1", { firstDose: "2024-01-01", lastDose: "2024-03-01", ongoing: false }],
  ["S2", { firstDose: null, lastDose: null, ongoing: false }],
]);
const ae = (study: string, events: AdverseEventRow[]) => recordsOf(aeDataset({ study, events, exposure }));

describe("AE", () => {
  it("writes every variable of an event as sent, the term as AEDECOD, its SOC and its study days", () => {
    const [row] = ae("ONC-101", [event("ONC-101-MRN1-4-1", "S1")]);
    expect(row).toEqual({
      STUDYID: "ONC-101",
      DOMAIN: "AE",
      USUBJID: "ONC-101-S1",
      AESEQ: 1,
      AESPID: "ONC-101-MRN1-4-1",
      AETERM: "Nausea",
      AEDECOD: "Nausea",
      // CTCAE v5.0 files Nausea under Gastrointestinal disorders.
      AEBODSYS: "Gastrointestinal disorders",
      AEREL: "Possible",
      AEOUT: "Resolved",
      AETOXGR: "2",
      AESTDTC: "2024-01-05",
      AEENDTC: "2024-01-09",
      // Day 1 is 2024-01-01: the 5th is 4 days later, day 5; the 9th day 9.
      AESTDY: 5,
      AEENDY: 9,
      AETOXGRV: "5.0",
      AEONGO: "N",
    });
  });

  it("counts study days with no day 0, and leaves them empty without a first dose", () => {
    const rows = ae("S", [
      event("A", "S1", { start: "2023-12-31", end: "2024-01-01" }),
      event("B", "S2"),
      event("C", "S9"),
      event("D", null),
    ]);
    // 2023-12-31 is the day before day 1: day -1. S2's first dose is unknown, S9 has no exposure, D no subject.
    expect(pick(rows, "AESPID", "AESTDY", "AEENDY")).toEqual([
      { AESPID: "A", AESTDY: -1, AEENDY: 1 },
      { AESPID: "B", AESTDY: null, AEENDY: null },
      { AESPID: "C", AESTDY: null, AEENDY: null },
      { AESPID: "D", AESTDY: null, AEENDY: null },
    ]);
  });

  it("gives a term CTCAE v5.0 does not have no SOC, and a missing term neither AEDECOD nor SOC", () => {
    const rows = ae("S", [event("A", "S1", { term: "Feeling odd" }), event("B", "S1", { term: TERM_MISSING })]);
    expect(pick(rows, "AETERM", "AEDECOD", "AEBODSYS")).toEqual([
      { AETERM: "Feeling odd", AEDECOD: "Feeling odd", AEBODSYS: null },
      { AETERM: null, AEDECOD: null, AEBODSYS: null },
    ]);
  });

  it("leaves what an event does not carry empty, never guessed", () => {
    const bare = event("K", "S1", {
      term: TERM_MISSING,
      grade: null,
      ctcaeVersion: null,
      start: null,
      end: null,
      ongoing: null,
      outcome: null,
      causality: null,
    });
    const ongoing = event("K2", "S1", { ongoing: true, end: null, grade: 5 });
    const rows = ae("S", [bare, ongoing]);
    expect(
      pick(rows, "AESPID", "AETERM", "AETOXGR", "AESTDTC", "AEENDTC", "AEOUT", "AEREL", "AETOXGRV", "AEONGO"),
    ).toEqual([
      {
        AESPID: "K2",
        AETERM: "Nausea",
        AETOXGR: "5",
        AESTDTC: "2024-01-05",
        AEENDTC: null,
        AEOUT: "Resolved",
        AEREL: "Possible",
        AETOXGRV: "5.0",
        AEONGO: "Y",
      },
      {
        AESPID: "K",
        AETERM: null,
        AETOXGR: null,
        AESTDTC: null,
        AEENDTC: null,
        AEOUT: null,
        AEREL: null,
        AETOXGRV: null,
        AEONGO: null,
      },
    ]);
  });

  it("orders by subject, then start date (none last), then key, and numbers AESEQ within each subject", () => {
    const events = [
      event("E5", null, { start: "2023-01-01" }),
      event("E4", "S2", { start: "2024-02-01" }),
      event("E3", "S1", { start: null }),
      event("E2b", "S1", { start: "2024-01-05" }),
      event("E2a", "S1", { start: "2024-01-05" }),
      event("E1", "S1", { start: "2023-12-31" }),
      event("E6", "S10", { start: "2020-01-01" }),
    ];
    const rows = ae("ONC-101", events);
    // Subject IDs in code-point order: S1 < S10 < S2; the event naming no subject last, numbered on its own.
    expect(pick(rows, "USUBJID", "AESEQ", "AESPID")).toEqual([
      { USUBJID: "ONC-101-S1", AESEQ: 1, AESPID: "E1" },
      { USUBJID: "ONC-101-S1", AESEQ: 2, AESPID: "E2a" },
      { USUBJID: "ONC-101-S1", AESEQ: 3, AESPID: "E2b" },
      { USUBJID: "ONC-101-S1", AESEQ: 4, AESPID: "E3" },
      { USUBJID: "ONC-101-S10", AESEQ: 1, AESPID: "E6" },
      { USUBJID: "ONC-101-S2", AESEQ: 1, AESPID: "E4" },
      { USUBJID: null, AESEQ: 1, AESPID: "E5" },
    ]);
  });

  it("gives the same records whatever order the events came in", () => {
    const events = [event("A", "S1"), event("B", "S1", { start: null }), event("C", "S2")];
    const forward = ae("X", events);
    expect(ae("X", [...events].reverse())).toEqual(forward);
  });
});
