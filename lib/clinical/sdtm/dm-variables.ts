/**
 * DM's variables in SDTMIG 3.4's order, and the readings DM makes: SDTM's terms for sex, race and ethnicity, the age
 * from the birth year, and the reason the arm is empty (docs/export-pack.md, DM).
 */
import { emptyVariable, extraVariable, subjectVariables, variable } from "./dataset";

const NOT_SENT = "empty: the partner service sends no";
const FIRST_DOSE = "the first dose of the study drug (docs/clinical-rules.md, Exposure per subject)";
const LAST_DOSE = "the last dose of the study drug: the latest EXENDTC, else EXSTDTC";

/** ARMNRS: the partner sends no arm or treatment assignment, so none of ARMNULRS's reasons can be told. */
export const ARM_NULL_REASON = "NOT IN SOURCE DATA";

export const DM_VARIABLES = [
  ...subjectVariables("DM", null),
  variable("SUBJID", "Subject Identifier for the Study", "string", "Patient.id (the sponsor subject ID)"),
  variable("RFSTDTC", "Subject Reference Start Date/Time", "date", FIRST_DOSE),
  variable("RFENDTC", "Subject Reference End Date/Time", "date", `${LAST_DOSE}; empty while on drug`),
  variable("RFXSTDTC", "Date/Time of First Study Treatment", "date", `${FIRST_DOSE}, EX's earliest EXSTDTC`),
  variable("RFXENDTC", "Date/Time of Last Study Treatment", "date", LAST_DOSE),
  emptyVariable("RFICDTC", "Date/Time of Informed Consent", "date", `${NOT_SENT} informed consent`),
  emptyVariable("RFPENDTC", "Date/Time of End of Participation", "date", `${NOT_SENT} end of participation`),
  emptyVariable("DTHDTC", "Date/Time of Death", "date", `${NOT_SENT} death record (a fatal outcome is AEOUT's)`),
  emptyVariable("DTHFL", "Subject Death Flag", "string", `${NOT_SENT} death record (a fatal outcome is AEOUT's)`),
  emptyVariable("SITEID", "Study Site Identifier", "string", `${NOT_SENT} site`),
  variable("BRTHDTC", "Date/Time of Birth", "date", "Patient.birthDate: its year only (YYYY), as the partner sends"),
  variable("AGE", "Age", "integer", "the year of RFSTDTC minus the birth year: the age reached that year"),
  variable("AGEU", "Age Units", "string", "YEARS where AGE is known"),
  variable("SEX", "Sex", "string", "Patient.gender: male M, female F, unknown U; another value as sent"),
  variable("RACE", "Race", "string", "Patient #Race (a CDC Race & Ethnicity code) in SDTM terms; another as sent"),
  variable("ETHNIC", "Ethnicity", "string", "Patient #Ethnicity (a CDC code) in SDTM terms; another as sent"),
  emptyVariable("ARMCD", "Planned Arm Code", "string", `${NOT_SENT} arm (ARMNRS says so)`),
  emptyVariable("ARM", "Description of Planned Arm", "string", `${NOT_SENT} arm (ARMNRS says so)`),
  emptyVariable("ACTARMCD", "Actual Arm Code", "string", `${NOT_SENT} arm (ARMNRS says so)`),
  emptyVariable("ACTARM", "Description of Actual Arm", "string", `${NOT_SENT} arm (ARMNRS says so)`),
  variable("ARMNRS", "Reason Arm and/or Actual Arm is Null", "string", `always ${ARM_NULL_REASON}: no arm is sent`),
  emptyVariable("ACTARMUD", "Description of Unplanned Actual Arm", "string", `${NOT_SENT} arm`),
  emptyVariable("COUNTRY", "Country", "string", `${NOT_SENT} site or country`),
  extraVariable("SUBJSTNO", "Subject Study Number", "string", "Patient identifier #SubjectStudyId, or the member"),
  extraVariable("GRPMEMFL", "Member of the Study's Group", "string", "Y when a Group member names the subject"),
];

// Maps, so that no value sent (constructor, __proto__) finds an inherited property.
export const SEX = new Map([
  ["Male", "M"],
  ["Female", "F"],
  ["Unknown", "U"],
]);
export const RACE = new Map([
  ["White", "WHITE"],
  ["Black or African American", "BLACK OR AFRICAN AMERICAN"],
  ["Asian", "ASIAN"],
  ["American Indian or Alaska Native", "AMERICAN INDIAN OR ALASKA NATIVE"],
  ["Native Hawaiian or Other Pacific Islander", "NATIVE HAWAIIAN OR OTHER PACIFIC ISLANDER"],
  ["Other Race", "OTHER"],
  ["Unknown", "UNKNOWN"],
]);
export const ETHNIC = new Map([
  ["Hispanic or Latino", "HISPANIC OR LATINO"],
  ["Not Hispanic or Latino", "NOT HISPANIC OR LATINO"],
  ["Unknown", "UNKNOWN"],
]);

/** The SDTM term of a label the portal shows, or the label itself when SDTM has none for it. */
export const term = (terms: ReadonlyMap<string, string>, label: string | null) =>
  label === null ? null : (terms.get(label) ?? label);

/**
 * AGE: the year of the reference start (RFSTDTC) minus the birth year. Only the birth year is known, so this is the
 * age the subject reaches during that year, one year above its age on RFSTDTC when the birthday comes later in the
 * year (the portal's one reading of age, docs/clinical-rules.md, The worst-grade rule). Null without a birth year or
 * a reference start, and for a birth year after it.
 */
export function ageAt(birthYear: number | null, referenceStart: string | null): number | null {
  if (birthYear === null || referenceStart === null) return null;
  const age = Number(referenceStart.slice(0, 4)) - birthYear;
  return Number.isInteger(age) && age >= 0 ? age : null;
}
