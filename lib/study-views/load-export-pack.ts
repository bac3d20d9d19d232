/**
 * What the study export pack is made of (docs/export-pack.md), from the cached rows every study view uses: the
 * SDTM-shaped datasets (lib/clinical/sdtm/), and the portal's own derived tables as the study's sections show
 * them: the AE table by term and worst grade (the Adverse events section), each subject's best overall response
 * as signed and as recomputed (the Tumour response section, default options), and the data-check findings (the
 * Data checks section). Nothing is derived a second way here: the section loaders give their views.
 */
import type { AeByTerm } from "@/lib/clinical/adverse-events/summary";
import type { Finding } from "@/lib/clinical/checks/finding";
import { DEFAULT_RESPONSE_OPTIONS, type ResponseOptions } from "@/lib/clinical/response/best-response";
import type { SubjectResponse } from "@/lib/clinical/response/subject-response";
import { aeDataset } from "@/lib/clinical/sdtm/ae";
import { cmDataset } from "@/lib/clinical/sdtm/cm";
import type { SdtmDataset } from "@/lib/clinical/sdtm/dataset";
import { dmDataset } from "@/lib/clinical/sdtm/dm";
import { lbDataset } from "@/lib/clinical/sdtm/lb";
import { rsDataset } from "@/lib/clinical/sdtm/rs";
import { trDataset } from "@/lib/clinical/sdtm/tr";
import { tuDataset } from "@/lib/clinical/sdtm/tu";
import { vsDataset } from "@/lib/clinical/sdtm/vs";
import { parseAeQuery } from "./adverse-events-query";
import { loadAdverseEvents } from "./load-adverse-events";
import { loadDataChecks, NO_CHECKS_FILTER } from "./load-data-checks";
import { loadTumourResponse } from "./load-tumour-response";
import { type SectionData, sectionData } from "./section-data";
import type { StudyData } from "./study-rows";

export interface ExportPackData extends SectionData {
  study: string;
  /** Every distinct #SponsorID the study's Patients carry (one, when the partner's data agree). */
  sponsorStudyNumbers: string[];
  /** Whether the study sent response assessments or lesions: TU, TR, RS and the BOR table only then. */
  recist: boolean;
  /** DM, AE, LB, VS, CM and, for a RECIST study, TU, TR and RS. */
  datasets: SdtmDataset[];
  aeByTerm: AeByTerm;
  responseOptions: ResponseOptions;
  /** Every subject's response; empty without response data. */
  responses: readonly SubjectResponse[];
  /** Evaluable subjects whose best overall response as signed differs from the recomputed one. */
  responsesDiffer: ReadonlySet<string>;
  findings: readonly Finding[];
}

export async function loadExportPack(study: StudyData, studyNumber: string): Promise<ExportPackData> {
  const [ae, response, checks, ...hits] = await Promise.all([
    loadAdverseEvents(study, parseAeQuery(new URLSearchParams())),
    loadTumourResponse(study, DEFAULT_RESPONSE_OPTIONS),
    loadDataChecks(study, NO_CHECKS_FILTER),
    study.rows("Group"),
    study.rows("Patient"),
    study.rows("AdverseEvent"),
    study.rows("laboratory"),
    study.rows("vital-signs"),
    study.rows("MedicationStatement"),
    study.rows("DiagnosticReport"),
    study.rows("imaging"),
  ] as const);
  const [group, patients, events, labs, vitals, meds, reports, imaging] = hits;
  const loaded = sectionData({
    Group: group,
    Patient: patients,
    AdverseEvent: events,
    laboratory: labs,
    "vital-signs": vitals,
    MedicationStatement: meds,
    DiagnosticReport: reports,
    imaging,
  });
  const s = studyNumber;
  const tumour = { study: s, assessments: reports.value.rows, lesions: imaging.value.rows, placed: response.records };
  const recist = response.hasResponseData;
  return {
    // The oldest load of all the rows the pack is made of, the sections' own included.
    asOf: Math.min(loaded.asOf, ae.asOf, response.asOf, checks.asOf),
    rejected: loaded.rejected,
    study: s,
    sponsorStudyNumbers: [...new Set(patients.value.rows.flatMap((p) => p.sponsorStudyNumber ?? []))].sort(),
    recist,
    datasets: [
      dmDataset({ study: s, members: group.value.rows.flatMap((g) => g.members), patients: patients.value.rows }),
      // The section's listing without filters: every distinct event, each key once.
      aeDataset({ study: s, events: ae.listing }),
      lbDataset({ study: s, rows: labs.value.rows }),
      vsDataset({ study: s, rows: vitals.value.rows }),
      cmDataset({ study: s, rows: meds.value.rows }),
      ...(recist ? [tuDataset(tumour), trDataset(tumour), rsDataset(tumour)] : []),
    ],
    aeByTerm: ae.byTerm,
    responseOptions: response.options,
    responses: recist ? response.subjects : [],
    responsesDiffer: new Set(response.study.differ),
    findings: checks.findings,
  };
}
