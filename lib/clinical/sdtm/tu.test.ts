import { describe, expect, it } from "vitest";
import { pick, recordsOf } from "./testing";
import { tuDataset } from "./tu";
import { TUMOUR_INPUT } from "./tumour-test-rows";

describe("TU", () => {
  const rows = recordsOf(tuDataset(TUMOUR_INPUT));

  it("identifies each lesion once, by its first reading", () => {
    expect(rows[1]).toEqual({
      STUDYID: "ONC-101",
      DOMAIN: "TU",
      USUBJID: "ONC-101-S1",
      TUSEQ: 2,
      TUREFID: "C1-A1-T1",
      TULNKID: "T1",
      TUTESTCD: "TUMIDENT",
      TUTEST: "Tumor Identification",
      TUORRES: "Target",
      TUSTRESC: "TARGET",
      TULOC: "Liver",
      VISITNUM: 0,
      VISIT: "Baseline",
      TUDTC: "2024-01-10",
    });
  });

  it("orders a subject's lesions by date, then label; a reading of no assessment has no visit", () => {
    // S1: NT1, T1 and T2 at baseline, NL1 at the follow-up; S2's lesion is under no assessment.
    expect(pick(rows, "USUBJID", "TUSEQ", "TULNKID", "TUREFID", "TUSTRESC", "TULOC", "VISIT", "TUDTC")).toEqual([
      r("S1", 1, "NT1", "C1-A1-NT1", "NON-TARGET", "Lung", "Baseline", "2024-01-10"),
      r("S1", 2, "T1", "C1-A1-T1", "TARGET", "Liver", "Baseline", "2024-01-10"),
      r("S1", 3, "T2", "C1-A1-T2", "TARGET", "Lymph node", "Baseline", "2024-01-10"),
      r("S1", 4, "NL1", "C1-A2-NL1", "NEW", "Bone", "Follow-up 1", "2024-02-21"),
      r("S2", 1, "T1", "C2-A9-T1", "TARGET", "Kidney", null, "2024-03-01"),
    ]);
  });
});

function r(
  subject: string,
  seq: number,
  label: string,
  ref: string,
  term: string,
  loc: string,
  visit: string | null,
  dtc: string,
) {
  return {
    USUBJID: `ONC-101-${subject}`,
    TUSEQ: seq,
    TULNKID: label,
    TUREFID: ref,
    TUSTRESC: term,
    TULOC: loc,
    VISIT: visit,
    TUDTC: dtc,
  };
}
