/** Patient and Group records to the compact rows the portal keeps per study. */
import type { GroupResource, PatientResource } from "@/partner-api/resources";
import { extensionText, type Intern, identifierByName, noIntern, referenceId } from "../common/fhir";
import { cdcLabel, sexLabel } from "./cdc";

export interface SubjectDemographics {
  /** Patient.id: the sponsor subject ID that every subject.reference uses. */
  subjectId: string;
  /** The `#SubjectStudyId` identifier: what Group members point at. */
  subjectStudyNumber: string | null;
  sex: string | null;
  birthYear: number | null;
  race: string | null;
  ethnicity: string | null;
  /** The `#SponsorID` extension: the sponsor's number for the study (the export pack's manifest names it). */
  sponsorStudyNumber: string | null;
}

/** The year of a FHIR date (`YYYY`, `YYYY-MM`, `YYYY-MM-DD`); null when it has none. */
export function birthYearOf(birthDate: string | undefined): number | null {
  const match = /^(\d{4})(?:$|-)/.exec(birthDate?.trim() ?? "");
  return match ? Number(match[1]) : null;
}

export function patientDemographics(p: PatientResource, intern: Intern = noIntern): SubjectDemographics {
  const label = (value: string | undefined) => (value === undefined ? null : intern(value));
  return {
    subjectId: p.id,
    subjectStudyNumber: identifierByName(p.identifier, "SubjectStudyId") ?? null,
    sex: label(sexLabel(p.gender)),
    birthYear: birthYearOf(p.birthDate),
    race: label(cdcLabel(extensionText(p.extension, "Race"))),
    ethnicity: label(cdcLabel(extensionText(p.extension, "Ethnicity"))),
    sponsorStudyNumber: label(extensionText(p.extension, "SponsorID")),
  };
}

export interface GroupMembers {
  /** Subject study numbers, in the Group's order. */
  members: string[];
  /** Members whose reference names no Patient, counted rather than dropped. */
  unreadable: number;
}

/** The subject study numbers of a Group: `member[].entity.reference` is `Patient/<subject_study_id>`. */
export function groupMembers(g: GroupResource): GroupMembers {
  const members: string[] = [];
  let unreadable = 0;
  for (const m of g.member ?? []) {
    const id = referenceId(m.entity.reference, "Patient");
    if (id === undefined) unreadable++;
    else members.push(id);
  }
  return { members, unreadable };
}
