/**
 * DM (Demographics): one record per subject of the study, from the Group's members and the Patients, joined as the
 * subject list joins them (docs/clinical-rules.md, Group members and the join to Patients): members in the Group's
 * order, then Patients that no member matched. Sex, race and ethnicity in SDTM's controlled terms where the
 * partner's value has one, else as the portal reads it (docs/export-pack.md, DM).
 */
import type { SubjectDemographics } from "../subjects/demographics";
import { buildSubjectList, NOTE_NO_PATIENT } from "../subjects/subject-list";
import { extraVariable, type SdtmDataset, type SdtmRecord, subjectVariables, usubjid, variable } from "./dataset";

export const DM_VARIABLES = [
  ...subjectVariables("DM", null),
  variable("SUBJID", "Subject Identifier for the Study", "string", "Patient.id (the sponsor subject ID)"),
  variable("BRTHDTC", "Date/Time of Birth", "date", "Patient.birthDate: its year only (YYYY), as the partner sends"),
  variable("SEX", "Sex", "string", "Patient.gender: male M, female F, unknown U; another value as sent"),
  variable("RACE", "Race", "string", "Patient #Race (a CDC Race & Ethnicity code) in SDTM terms; another as sent"),
  variable("ETHNIC", "Ethnicity", "string", "Patient #Ethnicity (a CDC code) in SDTM terms; another as sent"),
  extraVariable("SUBJSTNO", "Subject Study Number", "string", "Patient identifier #SubjectStudyId, or the member"),
  extraVariable("GRPMEMFL", "Member of the Study's Group", "string", "Y when a Group member names the subject"),
];

// Maps, so that no value sent (constructor, __proto__) finds an inherited property.
const SEX = new Map([
  ["Male", "M"],
  ["Female", "F"],
  ["Unknown", "U"],
]);
const RACE = new Map([
  ["White", "WHITE"],
  ["Black or African American", "BLACK OR AFRICAN AMERICAN"],
  ["Asian", "ASIAN"],
  ["American Indian or Alaska Native", "AMERICAN INDIAN OR ALASKA NATIVE"],
  ["Native Hawaiian or Other Pacific Islander", "NATIVE HAWAIIAN OR OTHER PACIFIC ISLANDER"],
  ["Other Race", "OTHER"],
  ["Unknown", "UNKNOWN"],
]);
const ETHNIC = new Map([
  ["Hispanic or Latino", "HISPANIC OR LATINO"],
  ["Not Hispanic or Latino", "NOT HISPANIC OR LATINO"],
  ["Unknown", "UNKNOWN"],
]);

/** The SDTM term of a label the portal shows, or the label itself when SDTM has none for it. */
const term = (terms: ReadonlyMap<string, string>, label: string | null) =>
  label === null ? null : (terms.get(label) ?? label);

export interface DmInput {
  study: string;
  /** The Group's members (subject study numbers), in its order. */
  members: readonly string[];
  patients: readonly SubjectDemographics[];
}

export function dmDataset(input: DmInput): SdtmDataset {
  const { rows } = buildSubjectList({ ...input, adverseEvents: [], assessments: [] });
  const records: SdtmRecord[] = rows.map((r) => {
    const subjectId = r.subjectId === "" ? null : r.subjectId;
    return {
      STUDYID: input.study,
      DOMAIN: "DM",
      USUBJID: usubjid(input.study, subjectId),
      SUBJID: subjectId,
      BRTHDTC: r.birthYear === null ? null : String(r.birthYear).padStart(4, "0"),
      SEX: term(SEX, r.sex),
      RACE: term(RACE, r.race),
      ETHNIC: term(ETHNIC, r.ethnicity),
      SUBJSTNO: r.subjectStudyNumber,
      GRPMEMFL: r.note === null || r.note === NOTE_NO_PATIENT ? "Y" : "N",
    };
  });
  return { name: "DM", label: "Demographics", variables: DM_VARIABLES, count: records.length, records: () => records };
}
