/**
 * TU (Tumor/Lesion Identification): one record per lesion of a subject, a lesion being its label from one
 * assessment to the next (docs/clinical-rules.md, Lesions followed from baseline), identified by its first
 * reading: the earliest by date (then by the visit number of its assessment, then by lesion ID). The category,
 * organ and date are that reading's.
 */
import type { AssessmentRow } from "../response/assessments";
import type { LesionRow } from "../response/lesion-rows";
import { type SdtmDataset, subjectVariables, usubjid, variable } from "./dataset";
import { baselineFlagVariable } from "./findings";
import {
  categoryTerm,
  METHOD_VARIABLES,
  placedAssessments,
  type TumourInput,
  VISIT_VARIABLES,
  visitCells,
} from "./lesions";
import { byKeys, compareNumber, compareText, sequencedDataset } from "./sequence";

export const TU_VARIABLES = [
  ...subjectVariables("TU", "by TUDTC, then TULNKID"),
  variable("TUREFID", "Reference ID", "string", "the first reading's identifier #LesionIdentifier"),
  variable("TULNKID", "Link ID", "string", "the lesion's label (#Label: T1, NT2, NL1); TR's TRLNKID names it"),
  variable("TUTESTCD", "Tumor/Lesion ID Short Name", "string", "always TUMIDENT"),
  variable("TUTEST", "Tumor/Lesion ID Test Name", "string", "always Tumor Identification"),
  variable("TUORRES", "Tumor/Lesion ID Result", "string", "#Category as sent (Target, Non-target, New lesion)"),
  variable("TUSTRESC", "Tumor/Lesion ID Result Std. Format", "string", "#Category as TARGET, NON-TARGET or NEW"),
  variable("TULOC", "Location of the Tumor/Lesion", "string", "#Organ, as sent"),
  METHOD_VARIABLES.TUMETHOD,
  baselineFlagVariable("TU"),
  METHOD_VARIABLES.TUEVAL,
  ...VISIT_VARIABLES,
  variable("TUDTC", "Date/Time of Tumor/Lesion Identification", "date", "the date of effectiveDateTime"),
];

interface Lesion {
  first: LesionRow;
  assessment: AssessmentRow | undefined;
}

export function tuDataset(input: TumourInput): SdtmDataset {
  const keys = ["STUDYID", "USUBJID", "TULNKID", "TUREFID"];
  const meta = { name: "TU", label: "Tumor/Lesion Identification", variables: TU_VARIABLES, keys };
  return sequencedDataset(meta, firstReadings(input), {
    subjectOf: (l) => l.first.subjectId,
    compare: byKeys(
      (a, b) => compareText(a.first.date, b.first.date),
      (a, b) => compareText(a.first.label, b.first.label),
    ),
    record: ({ first, assessment }, seq) => ({
      STUDYID: input.study,
      DOMAIN: "TU",
      USUBJID: usubjid(input.study, first.subjectId),
      TUSEQ: seq,
      TUREFID: first.key,
      TULNKID: first.label,
      TUTESTCD: "TUMIDENT",
      TUTEST: "Tumor Identification",
      TUORRES: first.categoryText,
      TUSTRESC: categoryTerm(first),
      TULOC: first.organ,
      ...visitCells(assessment),
      TUDTC: first.date,
    }),
  });
}

/** Each lesion (subject and label; a reading without a label is a lesion of its own) by its first reading. */
function firstReadings({ lesions, placed }: TumourInput): Lesion[] {
  const assessmentOf = placedAssessments(placed);
  const earlier = byKeys<Lesion>(
    (a, b) => compareText(a.first.date, b.first.date),
    (a, b) => compareNumber(a.assessment?.timepoint ?? null, b.assessment?.timepoint ?? null),
    (a, b) => compareText(a.first.key, b.first.key),
  );
  const byLesion = new Map<string, Lesion>();
  lesions.forEach((first, i) => {
    const id = `${first.subjectId}\u0000${first.label ?? `#${i}`}`;
    const candidate = { first, assessment: assessmentOf.get(first) };
    const known = byLesion.get(id);
    if (!known || earlier(candidate, known) < 0) byLesion.set(id, candidate);
  });
  return [...byLesion.values()];
}
