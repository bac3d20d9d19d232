import { describe, expect, it } from "vitest";
import { responseRecords } from "../response/subject-records";
import { pick, recordsOf } from "./testing";
import { trDataset } from "./tr";
import { ASSESSMENTS, LESIONS, TUMOUR_INPUT } from "./tumour-test-rows";

describe("TR", () => {
  const rows = recordsOf(trDataset(TUMOUR_INPUT));

  it("writes a node's short axis with its unit, visit and assessment", () => {
    expect(rows.find((x) => x.TRREFID === "C1-A1-T2" && x.TRTESTCD === "SAXIS")).toEqual({
      STUDYID: "ONC-101",
      DOMAIN: "TR",
      USUBJID: "ONC-101-S1",
      TRSEQ: 5,
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
    // 3 assessments, 8 readings (5 of target lesions): 3 sums + 8 states + 5 measurements. The non-target and new
    // lesions, sent without a value, are assessed by their state only: no NOT DONE measurement.
    expect(rows).toHaveLength(16);
    expect(pick(rows, "USUBJID", "TRSEQ", "TRLNKGRP", "TRLNKID", "TRTESTCD", "TRORRES", "TRORRESU", "TRSTAT")).toEqual([
      r("S1", 1, "A1", null, "SUMDIAM", "45", "mm", null),
      r("S1", 2, "A1", "NT1", "TUMSTATE", "Present", null, null),
      r("S1", 3, "A1", "T1", "LDIAM", "25", "mm", null),
      r("S1", 4, "A1", "T1", "TUMSTATE", "Present", null, null),
      r("S1", 5, "A1", "T2", "SAXIS", "20", "mm", null),
      r("S1", 6, "A1", "T2", "TUMSTATE", "Present", null, null),
      r("S1", 7, "A2", null, "SUMDIAM", "30", "mm", null),
      r("S1", 8, "A2", "NL1", "TUMSTATE", "Present", null, null),
      r("S1", 9, "A2", "NT1", "TUMSTATE", "Not assessed", null, null),
      r("S1", 10, "A2", "T1", "LDIAM", "18", "mm", null),
      r("S1", 11, "A2", "T1", "TUMSTATE", "Present", null, null),
      r("S1", 12, "A2", "T2", "SAXIS", "12", "mm", null),
      r("S1", 13, "A2", "T2", "TUMSTATE", "Present", null, null),
      // A reading the join places under no assessment: no group, no visit.
      r("S2", 1, null, "T1", "LDIAM", "14.5", "mm", null),
      r("S2", 2, null, "T1", "TUMSTATE", "Present", null, null),
      // An assessment that reports no sum.
      r("S3", 1, "A5", null, "SUMDIAM", null, null, "NOT DONE"),
    ]);
  });

  it("groups by category, and names the assessment of a sum", () => {
    expect(pick(rows.slice(6, 10), "TRGRPID", "TRREFID", "VISITNUM", "VISIT")).toEqual([
      { TRGRPID: "TARGET", TRREFID: "A2", VISITNUM: 1, VISIT: "Follow-up 1" },
      { TRGRPID: "NEW", TRREFID: "C1-A2-NL1", VISITNUM: 1, VISIT: "Follow-up 1" },
      { TRGRPID: "NON-TARGET", TRREFID: "C1-A2-NT1", VISITNUM: 1, VISIT: "Follow-up 1" },
      { TRGRPID: "TARGET", TRREFID: "C1-A2-T1", VISITNUM: 1, VISIT: "Follow-up 1" },
    ]);
  });

  it("measures a target even without a value (NOT DONE), any other lesion only when a value was sent", () => {
    const [newLesion, , , nonTarget, target] = LESIONS;
    const lesions = [
      { ...nonTarget, value: 9, unit: "mm" },
      { ...newLesion, value: 15, unit: "mm" },
      { ...target, value: null, unit: null },
      { ...target, key: "C1-A1-T9", label: "T9", category: null, categoryText: "Other", value: null, unit: null },
    ];
    const input = { ...TUMOUR_INPUT, lesions, placed: responseRecords(ASSESSMENTS, lesions).subjects };
    const measured = recordsOf(trDataset(input)).filter((x) => x.TRTESTCD !== "TUMSTATE" && x.TRTESTCD !== "SUMDIAM");
    expect(pick(measured, "TRREFID", "TRGRPID", "TRTESTCD", "TRORRES", "TRSTAT")).toEqual([
      { TRREFID: "C1-A1-T1", TRGRPID: "TARGET", TRTESTCD: "LDIAM", TRORRES: null, TRSTAT: "NOT DONE" },
      { TRREFID: "C1-A2-NL1", TRGRPID: "NEW", TRTESTCD: "LDIAM", TRORRES: "15", TRSTAT: null },
      { TRREFID: "C1-A2-NT1", TRGRPID: "NON-TARGET", TRTESTCD: "LDIAM", TRORRES: "9", TRSTAT: null },
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
