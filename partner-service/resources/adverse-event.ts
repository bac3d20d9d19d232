import type { ServedResource } from "@/partner-api/resources";
import { type BuildContext, ext, SYSTEMS, searchUrl, usDate } from "./build-context";

export interface AdverseEventRow {
  ae_key: string;
  subject_id: string;
  seq_no: number;
  term: string;
  grade: number | null;
  ctcae_version: number;
  start_at: string;
  end_date: string | null;
  ongoing: number;
  outcome: string;
  causality: string;
  verified: number;
}

// A Map, so that no stored value (constructor, __proto__) finds an inherited property.
const OUTCOME_DISPLAY = new Map([
  ["resolved", "Resolved"],
  ["recovering", "Recovering"],
  ["ongoing", "Ongoing"],
  ["resolvedWithSequelae", "Resolved with Sequelae"],
  ["fatal", "Fatal"],
  ["unknown", "Unknown"],
]);

export function adverseEventResource(r: AdverseEventRow, ctx: BuildContext): ServedResource<"AdverseEvent"> {
  const extension = [
    ext(ctx, "SponsorID", "valueString", ctx.study.sponsorStudyNumber),
    ext(ctx, "StartDate", "valueString", usDate(r.start_at)),
    ...(r.end_date ? [ext(ctx, "EndDate", "valueString", usDate(r.end_date))] : []),
    ext(ctx, "AdverseEventSequenceNumber", "valueInteger", r.seq_no),
    ext(ctx, "VerifiedIndicator", "valueInteger", r.verified),
    ...(r.grade === null ? [] : [{ url: `${ctx.ctcBase}#Grade`, valueInteger: r.grade }]),
    { url: ctx.ctcBase, valueDecimal: r.ctcae_version },
    ext(ctx, "AEOngoing", "valueInteger", r.ongoing),
  ];
  return {
    resourceType: "AdverseEvent",
    id: r.subject_id,
    extension,
    identifier: { system: `${ctx.structureBase}/`, value: r.ae_key },
    actuality: "actual",
    event: { coding: [{ system: ctx.systems.aeTerm, display: r.term }] },
    subject: { reference: `Patient/${r.subject_id}`, display: r.subject_id },
    date: r.start_at,
    outcome: {
      coding: [{ system: SYSTEMS.aeOutcome, code: r.outcome, display: OUTCOME_DISPLAY.get(r.outcome) ?? r.outcome }],
    },
    suspectEntity: [
      {
        causality: [
          {
            assessment: { coding: [{ system: SYSTEMS.aeCausality, display: r.causality }] },
            productRelatedness: ctx.study.agent,
          },
        ],
      },
    ],
    study: [{ reference: `Study/${ctx.study.studyNumber}` }],
  };
}

export const adverseEventFullUrl = (r: AdverseEventRow, ctx: BuildContext) =>
  searchUrl(ctx, "AdverseEvent", { researchstudy: ctx.study.studyNumber, _Id: r.ae_key });
