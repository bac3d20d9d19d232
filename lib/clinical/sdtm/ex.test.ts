import { describe, expect, it } from "vitest";
import { DRUG_MISSING, type MedicationRow } from "../medications/rows";
import { exDataset } from "./ex";
import { splitMedications } from "./medication-records";
import { pick, recordsOf } from "./testing";

const med = (id: string, over: Partial<MedicationRow> = {}): MedicationRow => ({
  id,
  subjectId: "S1",
  drug: "Zanolimab 200 MG Injection",
  dose: 200,
  doseUnit: "mg",
  route: "Intravenous",
  method: "Infusion",
  directions: "200 mg IV every 3 weeks",
  start: "2024-01-03",
  end: "2024-01-03",
  unreadableStart: null,
  unreadableEnd: null,
  sourceType: "Administered in clinic",
  ...over,
});

// S1's first dose, day 1 of its study days.
const exposure = new Map([["S1", { firstDose: "2024-01-03", lastDose: "2024-02-14", ongoing: true }]]);
const ex = (...rows: MedicationRow[]) => recordsOf(exDataset({ study: "ONC-101", rows, exposure }));

describe("EX", () => {
  it("writes a study-drug record as a dosing period, as sent, with its study days", () => {
    expect(ex(med("m1"))).toEqual([
      {
        STUDYID: "ONC-101",
        DOMAIN: "EX",
        USUBJID: "ONC-101-S1",
        EXSEQ: 1,
        EXSPID: "m1",
        EXTRT: "Zanolimab 200 MG Injection",
        EXCAT: "Administered in clinic",
        EXDOSE: 200,
        EXDOSU: "mg",
        EXROUTE: "Intravenous",
        EXSTDTC: "2024-01-03",
        EXENDTC: "2024-01-03",
        // The first dose is day 1.
        EXSTDY: 1,
        EXENDY: 1,
        EXDOSINS: "200 mg IV every 3 weeks",
        EXONGO: "N",
        EXSTRAW: null,
        EXENRAW: null,
      },
    ]);
  });

  it("keeps an ongoing period open, and a record without a readable start, numbered by start (none last)", () => {
    const rows = ex(
      med("c", { start: null, end: null, unreadableStart: "Jan 2024" }),
      med("b", { start: "2024-02-14", end: null }),
      med("a", { start: "2024-01-24", end: "2024-01-24", drug: DRUG_MISSING, dose: null }),
      med("z", { subjectId: "S2", start: "2024-03-01" }),
    );
    // S1: 2024-01-24 is 21 days after day 1: day 22; 2024-02-14 is 42 days after: day 43. S2 has no exposure.
    expect(
      pick(rows, "USUBJID", "EXSEQ", "EXSPID", "EXTRT", "EXDOSE", "EXSTDY", "EXENDY", "EXONGO", "EXSTRAW"),
    ).toEqual([
      r("S1", 1, "a", null, null, 22, 22, "N", null),
      r("S1", 2, "b", "Zanolimab 200 MG Injection", 200, 43, null, "Y", null),
      // No end sent: open-ended, whatever its start.
      r("S1", 3, "c", "Zanolimab 200 MG Injection", 200, null, null, "Y", "Jan 2024"),
      r("S2", 1, "z", "Zanolimab 200 MG Injection", 200, null, null, "N", null),
    ]);
  });
});

describe("the medications of EX and CM", () => {
  it("puts the study drug (a product the adverse events name, or a study-drug source) in EX, every other in CM", () => {
    const rows = [
      med("a"),
      med("b", { drug: "ondansetron 8 MG Oral Tablet", sourceType: "Prescription" }),
      med("c", { drug: "Placebo", sourceType: "Study drug" }),
      med("d", { drug: "ZANOLIMAB 100 MG", subjectId: null }),
    ];
    const { studyDrug, other } = splitMedications(rows, ["zanolimab"]);
    expect([studyDrug.map((m) => m.id), other.map((m) => m.id)]).toEqual([["a", "c", "d"], ["b"]]);
    expect(splitMedications(rows, []).studyDrug.map((m) => m.id)).toEqual(["c"]);
  });
});

function r(
  subject: string,
  seq: number,
  id: string,
  drug: string | null,
  dose: number | null,
  stdy: number | null,
  endy: number | null,
  ongoing: string,
  rawStart: string | null,
) {
  return {
    USUBJID: `ONC-101-${subject}`,
    EXSEQ: seq,
    EXSPID: id,
    EXTRT: drug,
    EXDOSE: dose,
    EXSTDY: stdy,
    EXENDY: endy,
    EXONGO: ongoing,
    EXSTRAW: rawStart,
  };
}
