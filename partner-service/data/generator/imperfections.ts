/**
 * Deliberate real-world flaws of the data set. Each is rare and placed
 * deterministically; the exact records are stored in dataset_info under
 * 'imperfections' so tests and documentation can point at them.
 */

export const IMPERFECTIONS = [
  {
    kind: "assessment_conclusion_mismatch",
    description:
      "A PI-signed conclusion 'Partial Response' where the target sum fell only about 15-25 % from baseline " +
      "(the measurements say Stable Disease).",
  },
  {
    kind: "assessment_sum_mismatch",
    description:
      "A reported target sum (current_value, and the changes derived from it) that differs by 1.5-4 mm " +
      "from the sum of its target lesions.",
  },
  {
    kind: "assessment_missed_follow_up",
    description:
      "A scheduled tumour assessment that never happened: " +
      "the next one comes about 12 weeks after the previous instead of 6.",
  },
  {
    kind: "lab_missing_unit",
    description: "A numeric laboratory result whose unit is missing (unit NULL).",
  },
  {
    kind: "ae_end_before_start",
    description: "An adverse event whose end date lies 1-3 days before its start date (a data-entry error).",
  },
  {
    kind: "ae_missing_grade",
    description:
      "An adverse event recorded without a CTCAE grade (grade NULL); summaries must count it in its own column.",
  },
] as const;

export type ImperfectionKind = (typeof IMPERFECTIONS)[number]["kind"];

export interface ImperfectionRecord {
  study_number: string;
  table: "assessments" | "lab_results" | "adverse_events";
  /** assessment_id, lab_results.id or ae_key. */
  key: string;
}

export interface ImperfectionSummary {
  kind: ImperfectionKind;
  description: string;
  records: ImperfectionRecord[];
}

export class ImperfectionRecorder {
  private readonly byKind = new Map<ImperfectionKind, ImperfectionRecord[]>();

  add(kind: ImperfectionKind, record: ImperfectionRecord): void {
    const list = this.byKind.get(kind) ?? [];
    list.push(record);
    this.byKind.set(kind, list);
  }

  summary(): ImperfectionSummary[] {
    return IMPERFECTIONS.map(({ kind, description }) => ({ kind, description, records: this.byKind.get(kind) ?? [] }));
  }
}
