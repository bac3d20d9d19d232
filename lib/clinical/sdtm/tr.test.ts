import { describe, expect, it } from "vitest";
import { pick, recordsOf } from "./testing";
import { trDataset } from "./tr";
import { TUMOUR_INPUT } from "./tumour-test-rows";

describe("TR", () => {
  const rows = recordsOf(trDataset(TUMOUR_INPUT));

  it("writes a node's short axis with its unit, visit and assessment", () => {
    expect(rows.find((x) => x.TRREFID === "C1-A1-T2" && x.TRTESTCD === "SAXIS")).toEqual({
      STUDYID: "ONC-101",
      DOMAIN: "TR",
      USUBJID: "ONC-101-S1",
      TRSEQ: 6,
      TRGRPID: "TARGET",
      TRREFID: "C1-A1-T2",
      TRLNKID: "T2",
      TRLNKGRP: "A1",
      TRTESTCD: "SAXIS",
      TRTEST: "Short Axis",
      TRORRES: "20",
      TRORRESU: "mm",
      TRSTAT: null,
      VISITNUM: 0,
      VISIT: "Baseline",
      TRDTC: "2024-01-10",
    });
  });

  it("has per assessment the reported sum first, then per lesion by label its measurement and its state", () => {
    // 3 assessments and 8 readings: 3 + 2 x 8 records.
    expect(rows).toHaveLength(19);
    expect(pick(rows, "USUBJID", "TRSEQ", "TRLNKGRP", "TRLNKID", "TRTESTCD", "TRORRES", "TRORRESU", "TRSTAT")).toEqual([
      r("S1", 1, "A1", null, "SUMDIAM", "45", "mm", null),
      r("S1", 2, "A1", "NT1", "LDIAM", null, null, "NOT DONE"),
      r("S1", 3, "A1", "NT1", "TUMSTATE", "Present", null, null),
      r("S1", 4, "A1", "T1", "LDIAM", "25", "mm", null),
      r("S1", 5, "A1", "T1", "TUMSTATE", "Present", null, null),
      r("S1", 6, "A1", "T2", "SAXIS", "20", "mm", null),
      r("S1", 7, "A1", "T2", "TUMSTATE", "Present", null, null),
      r("S1", 8, "A2", null, "SUMDIAM", "30", "mm", null),
      r("S1", 9, "A2", "NL1", "LDIAM", null, null, "NOT DONE"),
      r("S1", 10, "A2", "NL1", "TUMSTATE", "Present", null, null),
      r("S1", 11, "A2", "NT1", "LDIAM", null, null, "NOT DONE"),
      r("S1", 12, "A2", "NT1", "TUMSTATE", "Not assessed", null, null),
      r("S1", 13, "A2", "T1", "LDIAM", "18", "mm", null),
      r("S1", 14, "A2", "T1", "TUMSTATE", "Present", null, null),
      r("S1", 15, "A2", "T2", "SAXIS", "12", "mm", null),
      r("S1", 16, "A2", "T2", "TUMSTATE", "Present", null, null),
      // A reading the join places under no assessment: no group, no visit.
      r("S2", 1, null, "T1", "LDIAM", "14.5", "mm", null),
      r("S2", 2, null, "T1", "TUMSTATE", "Present", null, null),
      // An assessment that reports no sum.
      r("S3", 1, "A5", null, "SUMDIAM", null, null, "NOT DONE"),
    ]);
  });

  it("groups by category, and names the assessment of a sum", () => {
    expect(pick(rows.slice(7, 11), "TRGRPID", "TRREFID", "VISITNUM", "VISIT")).toEqual([
      { TRGRPID: "TARGET", TRREFID: "A2", VISITNUM: 1, VISIT: "Follow-up 1" },
      { TRGRPID: "NEW", TRREFID: "C1-A2-NL1", VISITNUM: 1, VISIT: "Follow-up 1" },
      { TRGRPID: "NEW", TRREFID: "C1-A2-NL1", VISITNUM: 1, VISIT: "Follow-up 1" },
      { TRGRPID: "NON-TARGET", TRREFID: "C1-A2-NT1", VISITNUM: 1, VISIT: "Follow-up 1" },
    ]);
  });
});

function r(
  subject: string,
  seq: number,
  group: string | null,
  label: string | null,
  test: string,
  result: string | null,
  unit: string | null,
  stat: string | null,
) {
  return {
    USUBJID: `ONC-101-${subject}`,
    TRSEQ: seq,
    TRLNKGRP: group,
    TRLNKID: label,
    TRTESTCD: test,
    TRORRES: result,
    TRORRESU: unit,
    TRSTAT: stat,
  };
}
