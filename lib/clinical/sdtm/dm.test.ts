import { describe, expect, it } from "vitest";
import type { SubjectDemographics } from "../subjects/demographics";
import { dmDataset } from "./dm";
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

const base = { STUDYID: "ONC-101", DOMAIN: "DM" };

describe("DM", () => {
  it("lists the Group's members in its order, then the Patients no member matched", () => {
    const dm = dmDataset({
      study: "ONC-101",
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
        BRTHDTC: "1961",
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
        BRTHDTC: null,
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
    const dm = dmDataset({ study: "X", members: [], patients: [] });
    expect(recordsOf(dm)).toEqual([]);
  });
});
