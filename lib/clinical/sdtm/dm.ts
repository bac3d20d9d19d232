/**
 * DM (Demographics): one record per subject of the study, from the Group's members and the Patients, joined as the
 * subject list joins them (docs/clinical-rules.md, Group members and the join to Patients): members in the Group's
 * order, then Patients that no member matched. Sex, race and ethnicity in SDTM's controlled terms where the
 * partner's value has one, else as the portal reads it; the reference dates from the study drug's exposure; what the
 * partner does not send (site, country, arm) present and empty, with the reason (docs/export-pack.md, DM).
 */
import type { SubjectDemographics } from "../subjects/demographics";
import { buildSubjectList, NOTE_NO_PATIENT } from "../subjects/subject-list";
import { type SdtmDataset, type SdtmRecord, usubjid } from "./dataset";
import { ARM_NULL_REASON, ageAt, DM_VARIABLES, ETHNIC, RACE, SEX, term } from "./dm-variables";
import type { ExposureBySubject } from "./study-days";

export { DM_VARIABLES } from "./dm-variables";

export interface DmInput {
  study: string;
  /** The Group's members (subject study numbers), in its order. */
  members: readonly string[];
  patients: readonly SubjectDemographics[];
  /** Per subject ID, its exposure to the study drug: the reference dates. */
  exposure: ExposureBySubject;
}

export function dmDataset(input: DmInput): SdtmDataset {
  const { rows } = buildSubjectList({ ...input, adverseEvents: [], assessments: [] });
  const records: SdtmRecord[] = rows.map((r) => {
    const subjectId = r.subjectId === "" ? null : r.subjectId;
    const dosed = subjectId === null ? undefined : input.exposure.get(subjectId);
    const first = dosed?.firstDose ?? null;
    const last = dosed?.lastDose ?? null;
    const age = ageAt(r.birthYear, first);
    return {
      STUDYID: input.study,
      DOMAIN: "DM",
      USUBJID: usubjid(input.study, subjectId),
      SUBJID: subjectId,
      RFSTDTC: first,
      // The reference period has not ended while the subject is on drug at the data cut.
      RFENDTC: dosed?.ongoing ? null : last,
      RFXSTDTC: first,
      RFXENDTC: last,
      BRTHDTC: r.birthYear === null ? null : String(r.birthYear).padStart(4, "0"),
      AGE: age,
      AGEU: age === null ? null : "YEARS",
      SEX: term(SEX, r.sex),
      RACE: term(RACE, r.race),
      ETHNIC: term(ETHNIC, r.ethnicity),
      ARMNRS: ARM_NULL_REASON,
      SUBJSTNO: r.subjectStudyNumber,
      GRPMEMFL: r.note === null || r.note === NOTE_NO_PATIENT ? "Y" : "N",
    };
  });
  return {
    name: "DM",
    label: "Demographics",
    variables: DM_VARIABLES,
    keys: ["STUDYID", "USUBJID"],
    count: records.length,
    records: () => records,
  };
}
