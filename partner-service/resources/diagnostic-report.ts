import type { ServedResource } from "@/partner-api/resources";
import { type BuildContext, changeText, ext, SYSTEMS, searchUrl, subjectRef } from "./build-context";

export interface AssessmentRow {
  row_id: number;
  assessment_id: string;
  case_id: number;
  subject_id: string;
  case_revision: number;
  assessment_revision: number;
  revision_date: string;
  name: string;
  timepoint: number;
  current_value: number | null;
  change_previous: number | null;
  change_baseline: number | null;
  change_nadir: number | null;
  effective_at: string;
  conclusion: string;
  /** Served lesion IDs of this assessment, attached by the search before building. */
  lesions?: string[];
}

export function diagnosticReportResource(r: AssessmentRow, ctx: BuildContext): ServedResource<"DiagnosticReport"> {
  const s = ctx.study;
  const extension = [
    ext(ctx, "IDB.Protocol", "valueString", s.studyNumber),
    ext(ctx, "SponsorId", "valueString", s.sponsorStudyNumber),
    ext(ctx, "CaseId", "valueInteger", r.case_id),
    ext(ctx, "TrialName", "valueString", s.trialName),
    ext(ctx, "TrialArmName", "valueString", s.criteria),
    // Two extensions share this URL; the specification tells them apart by order: case revision first
    // (docs/partner-service.md, Decisions where the specification is silent).
    ext(ctx, "RevisionNumber", "valueInteger", r.case_revision),
    ext(ctx, "RevisionDate", "valueDateTime", r.revision_date),
    ext(ctx, "RevisionNumber", "valueInteger", r.assessment_revision),
    ext(ctx, "Name", "valueString", r.name),
    ext(ctx, "Timepoint", "valueInteger", r.timepoint),
    ext(ctx, "CumulativeQuantityId", "valueString", "targetsum"),
    ...(r.current_value === null ? [] : [ext(ctx, "CurrentValue", "valueDecimal", r.current_value)]),
    ext(ctx, "Unit", "valueString", "mm"),
    ext(ctx, "ChangeFromPrevious", "valueString", changeText(r.change_previous)),
    ext(ctx, "ChangeFromBaseline", "valueString", changeText(r.change_baseline)),
    ext(ctx, "ChangeFromNadir", "valueString", changeText(r.change_nadir)),
  ];
  return {
    resourceType: "DiagnosticReport",
    extension,
    identifier: [{ system: `${ctx.structureBase}#AssessmentId`, value: r.assessment_id }],
    status: "final",
    category: [
      { coding: [{ system: SYSTEMS.diagnosticServiceSection, code: "RAD", display: "Radiology" }], text: "Radiology" },
    ],
    subject: subjectRef(r.subject_id),
    effectiveDateTime: r.effective_at,
    result: (r.lesions ?? []).map((id) => ({
      reference:
        `Observation?researchstudy=${encodeURIComponent(s.studyNumber)}` +
        `&category=imaging&id=${encodeURIComponent(id)}`,
      display: id,
    })),
    conclusion: r.conclusion,
  };
}

export const diagnosticReportFullUrl = (r: AssessmentRow, ctx: BuildContext) =>
  searchUrl(ctx, "DiagnosticReport", { researchstudy: ctx.study.studyNumber, _Id: r.assessment_id });
