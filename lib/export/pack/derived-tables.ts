/**
 * The portal's derived tables in the pack (docs/export-pack.md, Derived tables), as their sections compute them
 * (sections/export-pack/load.ts): the AE table by term and worst grade, each subject's best overall response
 * as signed and as recomputed, and the data-check findings. Each is a CSV; its columns are in the data dictionary.
 */
import { GRADE_COLUMNS, type GradeColumn } from "@/lib/clinical/adverse-events/summary";
import { ruleOf } from "@/lib/clinical/checks/finding";
import { percentOf } from "@/lib/clinical/common/percent";
import { extraVariable, type SdtmDataType, type SdtmVariable, usubjid } from "@/lib/clinical/sdtm/dataset";
import type { CsvValue } from "./csv-file";
import type { ExportPackData } from "./pack-data";

export interface PackTable {
  /** The file's name in the pack, without the folder. */
  name: string;
  title: string;
  columns: SdtmVariable[];
  rows: CsvValue[][];
}

const column = (name: string, label: string, dataType: SdtmDataType, source: string) =>
  extraVariable(name, label, dataType, source);

const yesNo = (b: boolean) => (b ? "Y" : "N");
/** To one decimal, as the Tumour response section's table of subjects shows a percent change. */
const oneDecimal = (x: number | null) => (x === null ? null : Math.round(x * 10) / 10);

const GRADE_LABEL: Readonly<Record<GradeColumn, string>> = {
  any: "any grade",
  g1: "grade 1",
  g2: "grade 2",
  g3: "grade 3",
  g4: "grade 4",
  g5: "grade 5",
  ge3: "grade 3 or more",
  missing: "grade missing",
};

/** The Adverse events section's table by term: subjects counted once per term at their worst grade, n and % of N. */
export function aeSummaryTable(data: ExportPackData): PackTable {
  const { n, rows } = data.aeByTerm;
  const source = "the Adverse events section's table by term and worst grade";
  const columns = [
    column("term", "Adverse event term", "string", "AETERM"),
    column("events", "Events of the Group's members", "integer", source),
    column("n", "N: the Group's members", "integer", source),
    ...GRADE_COLUMNS.flatMap((g) => [
      column(`subjects_${g}`, `Subjects, ${GRADE_LABEL[g]}`, "integer", source),
      column(`percent_${g}`, `% of N, ${GRADE_LABEL[g]}`, "float", `100 x subjects_${g} / n, one decimal`),
    ]),
    column("graded_and_ungraded", "Subjects with graded and ungraded events", "integer", source),
  ];
  return {
    name: "ae-summary-by-worst-grade.csv",
    title: "Adverse events by term and worst grade",
    columns,
    rows: rows.map((r) => [
      r.term,
      r.events,
      n,
      ...GRADE_COLUMNS.flatMap((g) => [r.counts[g], percentOf(r.counts[g], n)]),
      r.mixed,
    ]),
  };
}

/** The Tumour response section's best overall response per subject, as signed and as recomputed. */
export function borTable(data: ExportPackData): PackTable {
  const source = "the Tumour response section (RECIST 1.1, recomputed by the portal)";
  const { confirm, minSdDays } = data.responseOptions;
  const options = `confirmation ${confirm ? "on" : "off"}, SD from ${minSdDays} days`;
  const columns = [
    column("subject_id", "Subject ID", "string", "Patient.id"),
    column("usubjid", "Unique subject identifier", "string", "as USUBJID"),
    column("evaluable", "Evaluable", "string", `${source}: Y or N`),
    column("not_evaluable_reason", "Why not evaluable", "string", source),
    column("baseline_sum_mm", "Baseline target sum (mm)", "float", `${source}, from the lesions`),
    column("best_percent_change", "Best % change from baseline", "float", `${source}, one decimal`),
    column("bor_signed", "Best overall response as signed", "string", `the signed conclusions; ${options}`),
    column("bor_recomputed", "Best overall response as recomputed", "string", `${source}; ${options}`),
    column("bor_differs", "Signed and recomputed differ", "string", "Y for an evaluable subject whose two differ"),
    column("progression_by", "What made the first progression", "string", "target, non-target, new lesion"),
    column("time_on_study_days", "Days from baseline to last assessment", "integer", source),
  ];
  return {
    name: "bor-per-subject.csv",
    title: "Best overall response per subject",
    columns,
    rows: data.responses.map((r) => [
      r.subjectId,
      usubjid(data.study, r.subjectId),
      yesNo(r.notEvaluable === null),
      r.notEvaluable,
      r.baselineSum,
      oneDecimal(r.bestPercent),
      r.signed.bor,
      r.recomputed.bor,
      yesNo(data.responsesDiffer.has(r.subjectId)),
      r.progressionBy.join(", ") || null,
      r.timeOnStudy,
    ]),
  };
}

/** The Data checks section's findings, every rule. */
export function findingsTable(data: ExportPackData): PackTable {
  const source = "the Data checks section";
  const columns = [
    column("rule", "Rule", "string", `${source}: the rule's ID`),
    column("rule_title", "Rule in words", "string", source),
    column("subject_id", "Subject ID", "string", "Patient.id"),
    column("date", "Date", "date", "the assessment's, the event's start or the collection's date"),
    column("records", "Records", "string", "the keys of the records that break the rule, the main one first"),
    column("found", "Found", "string", "what the partner's data say"),
    column("expected", "Expected", "string", "what the rule or the recomputation gives"),
  ];
  return {
    name: "data-check-findings.csv",
    title: "Data-check findings",
    columns,
    rows: data.findings.map((f) => [
      f.rule,
      ruleOf(f.rule).title,
      f.subjectId,
      f.date,
      f.records.map((r) => r.key).join(" "),
      f.found,
      f.expected,
    ]),
  };
}

/** The derived tables of a study: the BOR table only for a study with response data. */
export const derivedTables = (data: ExportPackData): PackTable[] =>
  data.recist
    ? [aeSummaryTable(data), borTable(data), findingsTable(data)]
    : [aeSummaryTable(data), findingsTable(data)];
