import type { ServedResource } from "@/partner-api/resources";
import { type BuildContext, ext } from "./build-context";

export interface SubjectRow {
  subject_id: string;
  study_number: string;
  subject_study_id: string;
  gender: string;
  birth_year: number;
  race: string;
  ethnicity: string;
}

export function patientResource(r: SubjectRow, ctx: BuildContext): ServedResource<"Patient"> {
  return {
    resourceType: "Patient",
    id: r.subject_id,
    extension: [
      ext(ctx, "IDB.Protocol", "valueString", ctx.study.studyNumber),
      ext(ctx, "Race", "valueString", r.race),
      ext(ctx, "Ethnicity", "valueString", r.ethnicity),
      ext(ctx, "SponsorID", "valueString", ctx.study.sponsorStudyNumber),
    ],
    identifier: [{ system: `${ctx.structureBase}#SubjectStudyId`, value: r.subject_study_id }],
    gender: r.gender,
    birthDate: String(r.birth_year).padStart(4, "0"),
  };
}

export const patientFullUrl = (r: SubjectRow, ctx: BuildContext) =>
  `${ctx.api}/patient/${encodeURIComponent(r.subject_id)}`;

export function groupResource(memberStudyIds: string[], ctx: BuildContext): ServedResource<"Group"> {
  return {
    resourceType: "Group",
    identifier: [{ use: "usual", system: `${ctx.structureBase}#IDB.Protocol`, value: ctx.study.studyNumber }],
    type: "person",
    member: memberStudyIds.map((id) => ({ entity: { reference: `Patient/${id}` } })),
  };
}
