/**
 * Response assessments and lesion readings for the TU, TR and RS tests: subject S1 with a baseline (A1) and one
 * follow-up (A2), subject S2 with a reading of no assessment, subject S3 with an assessment without sum or
 * conclusion.
 */
import type { AssessmentRow } from "../response/assessments";
import { isNodeSite, type LesionCategory, type LesionRow } from "../response/lesion-rows";
import { responseRecords } from "../response/subject-records";
import { assessmentRow } from "../response/test-rows";
import type { TumourInput } from "./lesions";

const PR = "Partial Response";

export const ASSESSMENTS: AssessmentRow[] = [
  assessmentRow("A2", "2024-02-21", { name: "Follow-up 1", timepoint: 1, targetSum: 30, conclusion: PR }),
  assessmentRow("A1", "2024-01-10", { name: "Baseline", timepoint: 0, targetSum: 45, conclusion: "Undefined" }),
  assessmentRow("A5", "2024-05-01", { subjectId: "S3", name: "Follow-up 2", timepoint: 2, unit: null }),
];

const reading = (
  key: string,
  subjectId: string,
  date: string,
  category: LesionCategory,
  organ: string,
  value: number | null,
  state = "Present",
): LesionRow => {
  const [, assessmentKey, label] = key.split("-");
  return {
    key,
    subjectId,
    assessmentKey,
    label,
    category,
    categoryText: category,
    organ,
    node: isNodeSite(organ),
    state,
    value,
    unit: value === null ? null : "mm",
    date,
  };
};

export const LESIONS: LesionRow[] = [
  reading("C1-A2-NL1", "S1", "2024-02-21", "New lesion", "Bone", null),
  reading("C1-A2-T2", "S1", "2024-02-21", "Target", "Lymph node", 12),
  reading("C1-A2-T1", "S1", "2024-02-21", "Target", "Liver", 18),
  reading("C1-A2-NT1", "S1", "2024-02-21", "Non-target", "Lung", null, "Not assessed"),
  reading("C1-A1-T1", "S1", "2024-01-10", "Target", "Liver", 25),
  reading("C1-A1-T2", "S1", "2024-01-10", "Target", "Lymph node", 20),
  reading("C1-A1-NT1", "S1", "2024-01-10", "Non-target", "Lung", null),
  reading("C2-A9-T1", "S2", "2024-03-01", "Target", "Kidney", 14.5),
];

export const TUMOUR_INPUT: TumourInput = {
  study: "ONC-101",
  assessments: ASSESSMENTS,
  lesions: LESIONS,
  placed: responseRecords(ASSESSMENTS, LESIONS).subjects,
};
