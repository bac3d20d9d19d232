/**
 * RS (Disease Response): one record per response assessment (DiagnosticReport) the partner sent after baseline: the
 * overall response as the investigator signed it (`conclusion`), and in RECIST 1.1 terms (docs/export-pack.md, RS).
 * A baseline assessment has no overall response (RECIST 1.1 measures response against it): it is TR's baseline sum,
 * not an RS record. The portal's recomputed responses are in the pack's derived tables, not here: RS is the
 * partner's data.
 */
import { isBaselineRow } from "../response/assessment-response";
import type { AssessmentRow } from "../response/assessments";
import { notDone, type SdtmDataset, subjectVariables, usubjid, variable } from "./dataset";
import { VISIT_VARIABLES, visitCells } from "./lesions";
import { byKeys, compareNumber, compareText, sequencedDataset } from "./sequence";

export const RS_VARIABLES = [
  ...subjectVariables("RS", "by RSDTC, then VISITNUM, then RSLNKGRP"),
  variable("RSLNKGRP", "Link Group ID", "string", "identifier #AssessmentId (TR's TRLNKGRP names it too)"),
  variable("RSTESTCD", "Assessment Short Name", "string", "always OVRLRESP"),
  variable("RSTEST", "Assessment Name", "string", "always Overall Response"),
  variable("RSCAT", "Category for Assessment", "string", "always RECIST 1.1 (the only criteria served)"),
  variable("RSORRES", "Result or Finding in Original Units", "string", "conclusion, as signed"),
  variable("RSSTRESC", "Character Result/Finding in Std Format", "string", "conclusion as CR, PR, SD, PD, NE..."),
  variable("RSSTAT", "Completion Status", "string", "NOT DONE when the assessment has no conclusion"),
  variable("RSEVAL", "Evaluator", "string", "always INVESTIGATOR (only PI-signed assessments are served)"),
  ...VISIT_VARIABLES,
  variable("RSDTC", "Date/Time of Assessment", "date", "the date of effectiveDateTime"),
];

// Lower case: the conclusion is compared in any case.
const RESPONSE_TERM = new Map([
  ["complete response", "CR"],
  ["partial response", "PR"],
  ["stable disease", "SD"],
  ["progressive disease", "PD"],
  ["not evaluable", "NE"],
  ["non-cr/non-pd", "NON-CR/NON-PD"],
]);

/** The conclusion in RECIST 1.1 terms; null for `Undefined` (a baseline's, not in RS) and any other text. */
export const responseTerm = (conclusion: string | null) =>
  conclusion === null ? null : (RESPONSE_TERM.get(conclusion.toLowerCase()) ?? null);

export function rsDataset(input: { study: string; assessments: readonly AssessmentRow[] }): SdtmDataset {
  const { study, assessments } = input;
  const keys = ["STUDYID", "USUBJID", "RSTESTCD", "RSLNKGRP"];
  const meta = { name: "RS", label: "Disease Response", variables: RS_VARIABLES, keys };
  // Marked as a baseline as the Tumour response section reads it (docs/clinical-rules.md, Baseline, order and days).
  const responses = assessments.filter((a) => !isBaselineRow(a));
  return sequencedDataset(meta, responses, {
    subjectOf: (a) => a.subjectId,
    compare: byKeys(
      (a, b) => compareText(a.date, b.date),
      (a, b) => compareNumber(a.timepoint, b.timepoint),
      (a, b) => compareText(a.key, b.key),
    ),
    record: (a, seq) => ({
      STUDYID: study,
      DOMAIN: "RS",
      USUBJID: usubjid(study, a.subjectId),
      RSSEQ: seq,
      RSLNKGRP: a.key,
      RSTESTCD: "OVRLRESP",
      RSTEST: "Overall Response",
      RSCAT: "RECIST 1.1",
      RSORRES: a.conclusion,
      RSSTRESC: responseTerm(a.conclusion),
      RSSTAT: notDone(a.conclusion),
      RSEVAL: "INVESTIGATOR",
      ...visitCells(a),
      RSDTC: a.date,
    }),
  });
}
