/**
 * What the study export pack is made of (docs/export-pack.md), from the cached rows every study view uses: the
 * SDTM-shaped datasets (lib/clinical/sdtm/), and the portal's own derived tables as the study's sections show
 * them: the AE table by term and worst grade (the Adverse events section), each subject's best overall response
 * as signed and as recomputed (the Tumour response section, default options), and the data-check findings (the
 * Data checks section). Nothing is derived a second way here: the section loaders give their views.
 */
import type { AeListingRow } from "@/lib/clinical/adverse-events/listing";
import type { AeByTerm } from "@/lib/clinical/adverse-events/summary";
import type { Finding } from "@/lib/clinical/checks/finding";
import { DEFAULT_RESPONSE_OPTIONS, type ResponseOptions } from "@/lib/clinical/response/best-response";
import type { SubjectRecords } from "@/lib/clinical/response/subject-records";
import type { SubjectResponse } from "@/lib/clinical/response/subject-response";
import { aeDataset } from "@/lib/clinical/sdtm/ae";
import { cmDataset } from "@/lib/clinical/sdtm/cm";
import { dmDataset } from "@/lib/clinical/sdtm/dm";
import { exDataset } from "@/lib/clinical/sdtm/ex";
import { lbDataset } from "@/lib/clinical/sdtm/lb";
import { splitMedications } from "@/lib/clinical/sdtm/medication-records";
import { rsDataset } from "@/lib/clinical/sdtm/rs";
import { trDataset } from "@/lib/clinical/sdtm/tr";
import { tuDataset } from "@/lib/clinical/sdtm/tu";
import { vsDataset } from "@/lib/clinical/sdtm/vs";
import type { ExportPackData } from "@/lib/export/pack/pack-data";
import { sectionData } from "@/lib/study/section-data";
import { loadStudyExposure } from "@/lib/study/study-exposure";
import type { StudyData } from "@/lib/study/study-rows";

/**
 * The other sections' views the pack is made of, each as its section's loader gives it for the section's default
 * query. The registry wires them (sections/exports.ts): a section imports no other section.
 */
export interface ExportPackParts {
  /** The Adverse events section without filters: every distinct event, and the table by term and worst grade. */
  adverseEvents(study: StudyData): Promise<{ asOf: number; listing: readonly AeListingRow[]; byTerm: AeByTerm }>;
  /** The Tumour response section with the given options. */
  tumourResponse(
    study: StudyData,
    options: ResponseOptions,
  ): Promise<{
    asOf: number;
    hasResponseData: boolean;
    options: ResponseOptions;
    subjects: readonly SubjectResponse[];
    study: { differ: readonly string[] };
    records: ReadonlyMap<string, SubjectRecords>;
  }>;
  /** The Data checks section without filters. */
  dataChecks(study: StudyData): Promise<{ asOf: number; findings: readonly Finding[] }>;
}

export async function loadExportPack(
  study: StudyData,
  studyNumber: string,
  parts: ExportPackParts,
): Promise<ExportPackData> {
  const [ae, response, checks, exposure, ...hits] = await Promise.all([
    parts.adverseEvents(study),
    parts.tumourResponse(study, DEFAULT_RESPONSE_OPTIONS),
    parts.dataChecks(study),
    loadStudyExposure(study),
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
  // The study drug's records are EX's, every other medication CM's (docs/clinical-rules.md, Study drug and exposure).
  const medications = splitMedications(meds.value.rows, exposure.products);
  const dosed = exposure.bySubject;
  return {
    // The oldest load of all the rows the pack is made of, the sections' own included.
    asOf: Math.min(loaded.asOf, ae.asOf, response.asOf, checks.asOf, ...exposure.sources.map((h) => h.loadedAt)),
    rejected: loaded.rejected,
    study: s,
    sponsorStudyNumbers: [...new Set(patients.value.rows.flatMap((p) => p.sponsorStudyNumber ?? []))].sort(),
    recist,
    datasets: [
      dmDataset({
        study: s,
        members: group.value.rows.flatMap((g) => g.members),
        patients: patients.value.rows,
        exposure: dosed,
      }),
      // The section's listing without filters: every distinct event, each key once.
      aeDataset({ study: s, events: ae.listing, exposure: dosed }),
      lbDataset({ study: s, rows: labs.value.rows }),
      vsDataset({ study: s, rows: vitals.value.rows }),
      cmDataset({ study: s, rows: medications.other }),
      exDataset({ study: s, rows: medications.studyDrug, exposure: dosed }),
      ...(recist ? [tuDataset(tumour), trDataset(tumour), rsDataset(tumour)] : []),
    ],
    aeByTerm: ae.byTerm,
    responseOptions: response.options,
    responses: recist ? response.subjects : [],
    responsesDiffer: new Set(response.study.differ),
    findings: checks.findings,
  };
}
