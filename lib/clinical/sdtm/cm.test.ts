import { describe, expect, it } from "vitest";
import { DRUG_MISSING, type MedicationRow } from "../medications/rows";
import { cmDataset } from "./cm";
import { pick, recordsOf } from "./testing";

const med = (id: string, over: Partial<MedicationRow> = {}): MedicationRow => ({
  id,
  subjectId: "S1",
  drug: "Ondansetron 8 MG Oral Tablet",
  dose: 8,
  doseUnit: "mg",
  route: "Oral",
  method: "Swallow",
  directions: "1 tablet every 8 hours as needed",
  start: "2024-01-03",
  end: "2024-01-10",
  unreadableStart: null,
  unreadableEnd: null,
  sourceType: "Prescription",
  ...over,
});

const cm = (...rows: MedicationRow[]) => recordsOf(cmDataset({ study: "ONC-101", rows }));

describe("CM", () => {
  it("writes a medication as sent, with its dates", () => {
    expect(cm(med("m1"))).toEqual([
      {
        STUDYID: "ONC-101",
        DOMAIN: "CM",
        USUBJID: "ONC-101-S1",
        CMSEQ: 1,
        CMSPID: "m1",
        CMTRT: "Ondansetron 8 MG Oral Tablet",
        CMCAT: "Prescription",
        CMDOSE: 8,
        CMDOSU: "mg",
        CMROUTE: "Oral",
        CMSTDTC: "2024-01-03",
        CMENDTC: "2024-01-10",
        // The directions as sent, beside CMDOSE: SDTMIG writes CMDOSTXT only when there is no CMDOSE.
        CMDOSINS: "1 tablet every 8 hours as needed",
        CMONGO: "N",
        CMSTRAW: null,
        CMENRAW: null,
      },
    ]);
  });

  // What CM says of the dose and the dates: an end not sent is ongoing; an unreadable end is not.
  const cases: [string, Partial<MedicationRow>, Record<string, string | number | null>][] = [
    ["no end sent: ongoing", { end: null }, { CMDOSE: 8, CMENDTC: null, CMONGO: "Y", CMSTRAW: null, CMENRAW: null }],
    [
      "an end sent that is no date: kept as sent, not ongoing",
      { end: null, unreadableEnd: "soon" },
      { CMDOSE: 8, CMENDTC: null, CMONGO: "N", CMSTRAW: null, CMENRAW: "soon" },
    ],
    [
      "a start that is no date, no dose",
      { start: null, unreadableStart: "2024-02-30T00:00:00", dose: null, doseUnit: null },
      { CMDOSE: null, CMENDTC: "2024-01-10", CMONGO: "N", CMSTRAW: "2024-02-30T00:00:00", CMENRAW: null },
    ],
    [
      "a dose of 0 is a dose",
      { dose: 0 },
      { CMDOSE: 0, CMENDTC: "2024-01-10", CMONGO: "N", CMSTRAW: null, CMENRAW: null },
    ],
  ];
  it.each(cases)("%s", (_name, over, expected) => {
    expect(pick(cm(med("m", over)), "CMDOSE", "CMENDTC", "CMONGO", "CMSTRAW", "CMENRAW")).toEqual([expected]);
  });

  it("leaves a drug that is not named empty, and orders by start (none last), then drug, then ID", () => {
    const rows = cm(
      med("d", { start: null }),
      med("c", { drug: DRUG_MISSING }),
      med("b", { drug: "Aspirin" }),
      med("a", { start: "2023-12-01" }),
      med("e", { subjectId: null }),
    );
    expect(pick(rows, "USUBJID", "CMSEQ", "CMSPID", "CMTRT")).toEqual([
      { USUBJID: "ONC-101-S1", CMSEQ: 1, CMSPID: "a", CMTRT: "Ondansetron 8 MG Oral Tablet" },
      { USUBJID: "ONC-101-S1", CMSEQ: 2, CMSPID: "b", CMTRT: "Aspirin" },
      { USUBJID: "ONC-101-S1", CMSEQ: 3, CMSPID: "c", CMTRT: null },
      { USUBJID: "ONC-101-S1", CMSEQ: 4, CMSPID: "d", CMTRT: "Ondansetron 8 MG Oral Tablet" },
      { USUBJID: null, CMSEQ: 1, CMSPID: "e", CMTRT: "Ondansetron 8 MG Oral Tablet" },
    ]);
  });
});
