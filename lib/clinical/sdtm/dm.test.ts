import { describe, expect, it } from "vitest";
import type { SubjectDemographics } from "../subjects/demographics";
import { dmDataset } from "./dm";
import { ageAt } from "./dm-variables";
import { recordsOf } from "./testing";

const patient = (
  subjectId: string,
  subjectStudyNumber: string | null,
  over: Partial<SubjectDemographics> = {},
): SubjectDemographics => ({
  subjectId,
  subjectStudyNumber,
  sex: "Female",
  birthYear: 1961,
  race: "White",
  ethnicity: "Not Hispanic or Latino",
  sponsorStudyNumber: "SP-1",
  ...over,
});

const base = { STUDYID: "ONC-101", DOMAIN: "DM", ARMNRS: "NOT IN SOURCE DATA" };
const noDose = { RFSTDTC: null, RFENDTC: null, RFXSTDTC: null, RFXENDTC: null, AGE: null, AGEU: null };

// S1 dosed from 2024-03-10 to 2024-06-30; S2 on drug at the data cut, last dose known 2024-02-01; S4's study-drug
// records have no readable start. The others have no study-drug record.
const exposure = new Map([
  ["S1", { firstDose: "2024-03-10", lastDose: "2024-06-30", ongoing: false }],
  ["S2", { firstDose: "2024-02-01", lastDose: "2024-02-01", ongoing: true }],
  ["S4", { firstDose: null, lastDose: null, ongoing: false }],
]);

describe("DM", () => {
  it("lists the Group's members in its order, then the Patients no member matched", () => {
    const dm = dmDataset({
      study: "ONC-101",
      exposure,
      members: ["N1", "N2", "N9", "N1"],
      patients: [
        patient("S3", "N3", { sex: "Other", race: null, ethnicity: null }),
        patient("S2", "N2", { sex: "Male", birthYear: null, race: "9999-9", ethnicity: "Unknown" }),
        patient("S1", "N1", { race: "Other Race", ethnicity: "Hispanic or Latino" }),
        patient("S4", "N1", { sex: "Unknown", race: "Native Hawaiian or Other Pacific Islander" }),
        patient("S5", null, { sex: null, race: "Black or African American" }),
      ],
    });
    expect(recordsOf(dm)).toEqual([
      {
        ...base,
        USUBJID: "ONC-101-S1",
        SUBJID: "S1",
        RFSTDTC: "2024-03-10",
        RFENDTC: "2024-06-30",
        RFXSTDTC: "2024-03-10",
        RFXENDTC: "2024-06-30",
        BRTHDTC: "1961",
        // 2024 - 1961.
        AGE: 63,
        AGEU: "YEARS",
        SEX: "F",
        RACE: "OTHER",
        ETHNIC: "HISPANIC OR LATINO",
        SUBJSTNO: "N1",
        GRPMEMFL: "Y",
      },
      {
        ...base,
        USUBJID: "ONC-101-S2",
        SUBJID: "S2",
        // On drug at the data cut: the reference period has not ended; the last dose so far is RFXENDTC.
        RFSTDTC: "2024-02-01",
        RFENDTC: null,
        RFXSTDTC: "2024-02-01",
        RFXENDTC: "2024-02-01",
        BRTHDTC: null,
        AGE: null,
        AGEU: null,
        SEX: "M",
        RACE: "9999-9",
        ETHNIC: "UNKNOWN",
        SUBJSTNO: "N2",
        GRPMEMFL: "Y",
      },
      // A member whose number no Patient has: kept, with what is known of it.
      {
        ...base,
        USUBJID: null,
        SUBJID: null,
        ...noDose,
        BRTHDTC: null,
        SEX: null,
        RACE: null,
        ETHNIC: null,
        SUBJSTNO: "N9",
        GRPMEMFL: "Y",
      },
      {
        ...base,
        USUBJID: "ONC-101-S3",
        SUBJID: "S3",
        ...noDose,
        BRTHDTC: "1961",
        SEX: "Other",
        RACE: null,
        ETHNIC: null,
        SUBJSTNO: "N3",
        GRPMEMFL: "N",
      },
      // The second Patient with number N1: the member matched the first one.
      {
        ...base,
        USUBJID: "ONC-101-S4",
        SUBJID: "S4",
        ...noDose,
        BRTHDTC: "1961",
        SEX: "U",
        RACE: "NATIVE HAWAIIAN OR OTHER PACIFIC ISLANDER",
        ETHNIC: "NOT HISPANIC OR LATINO",
        SUBJSTNO: "N1",
        GRPMEMFL: "N",
      },
      {
        ...base,
        USUBJID: "ONC-101-S5",
        SUBJID: "S5",
        ...noDose,
        BRTHDTC: "1961",
        SEX: null,
        RACE: "BLACK OR AFRICAN AMERICAN",
        ETHNIC: "NOT HISPANIC OR LATINO",
        SUBJSTNO: null,
        GRPMEMFL: "N",
      },
    ]);
  });

  it("is empty for a study without members or Patients", () => {
    const dm = dmDataset({ study: "X", members: [], patients: [], exposure: new Map() });
    expect(recordsOf(dm)).toEqual([]);
  });

  // The year of RFSTDTC minus the birth year, worked by hand.
  const ages: [number | null, string | null, number | null][] = [
    [1961, "2024-03-10", 63],
    [1961, "2024-12-31", 63],
    [2024, "2024-01-01", 0],
    [2025, "2024-06-01", null],
    [null, "2024-06-01", null],
    [1961, null, null],
  ];
  it.each(ages)("gives a subject born in %s with RFSTDTC %s the age %s", (born, start, age) => {
    expect(ageAt(born, start)).toBe(age);
  });
});
