import { describe, expect, it } from "vitest";
import { responseTerm, rsDataset } from "./rs";
import { pick, recordsOf } from "./testing";
import { ASSESSMENTS } from "./tumour-test-rows";

describe("RS", () => {
  it("writes each assessment's signed conclusion, in RECIST terms beside it", () => {
    const rows = recordsOf(rsDataset({ study: "ONC-101", assessments: ASSESSMENTS }));
    expect(rows[0]).toEqual({
      STUDYID: "ONC-101",
      DOMAIN: "RS",
      USUBJID: "ONC-101-S1",
      RSSEQ: 1,
      RSLNKGRP: "A2",
      RSTESTCD: "OVRLRESP",
      RSTEST: "Overall Response",
      RSCAT: "RECIST 1.1",
      RSORRES: "Partial Response",
      RSSTRESC: "PR",
      RSSTAT: null,
      RSEVAL: "INVESTIGATOR",
      VISITNUM: 1,
      VISIT: "Follow-up 1",
      RSDTC: "2024-02-21",
    });
    // S1's baseline (A1) has no overall response: no record; no conclusion is NOT DONE.
    expect(pick(rows, "USUBJID", "RSSEQ", "RSLNKGRP", "RSORRES", "RSSTRESC", "RSSTAT", "VISITNUM")).toEqual([
      {
        USUBJID: "ONC-101-S1",
        RSSEQ: 1,
        RSLNKGRP: "A2",
        RSORRES: "Partial Response",
        RSSTRESC: "PR",
        RSSTAT: null,
        VISITNUM: 1,
      },
      {
        USUBJID: "ONC-101-S3",
        RSSEQ: 1,
        RSLNKGRP: "A5",
        RSORRES: null,
        RSSTRESC: null,
        RSSTAT: "NOT DONE",
        VISITNUM: 2,
      },
    ]);
  });

  // Every conclusion docs/partner-service.md lists, and the case of one.
  const terms: [string | null, string | null][] = [
    ["Complete Response", "CR"],
    ["Partial Response", "PR"],
    ["Stable Disease", "SD"],
    ["Progressive Disease", "PD"],
    ["Not Evaluable", "NE"],
    ["Non-CR/Non-PD", "NON-CR/NON-PD"],
    ["complete RESPONSE", "CR"],
    ["Undefined", null],
    ["No", null],
    ["Yes", null],
    ["constructor", null],
    [null, null],
  ];
  it.each(terms)("reads %s as %s", (conclusion, term) => {
    expect(responseTerm(conclusion)).toBe(term);
  });

  it("leaves out every assessment marked as a baseline: timepoint 0, named Baseline, or concluded Undefined", () => {
    const [followUp] = ASSESSMENTS;
    const marked = [
      { ...followUp, key: "B1", timepoint: 0 },
      { ...followUp, key: "B2", name: "baseline" },
      { ...followUp, key: "B3", conclusion: "UNDEFINED" },
    ];
    const rows = recordsOf(rsDataset({ study: "ONC-101", assessments: [...marked, followUp] }));
    expect(pick(rows, "RSLNKGRP", "RSSEQ")).toEqual([{ RSLNKGRP: "A2", RSSEQ: 1 }]);
  });
});
