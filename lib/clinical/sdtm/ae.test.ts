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

describe("AE", () => {
  it("writes every variable of an event as sent", () => {
    const [row] = recordsOf(aeDataset({ study: "ONC-101", events: [event("ONC-101-MRN1-4-1", "S1")] }));
    expect(row).toEqual({
      STUDYID: "ONC-101",
      DOMAIN: "AE",
      USUBJID: "ONC-101-S1",
      AESEQ: 1,
      AESPID: "ONC-101-MRN1-4-1",
      AETERM: "Nausea",
      AETOXGR: "2",
      AESTDTC: "2024-01-05",
      AEENDTC: "2024-01-09",
      AEOUT: "Resolved",
      AEREL: "Possible",
      AETOXGRV: "5.0",
      AEONGO: "N",
    });
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
    const rows = recordsOf(aeDataset({ study: "S", events: [bare, ongoing] }));
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
    const rows = recordsOf(aeDataset({ study: "ONC-101", events }));
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
    const forward = recordsOf(aeDataset({ study: "X", events }));
    expect(recordsOf(aeDataset({ study: "X", events: [...events].reverse() }))).toEqual(forward);
  });
});
