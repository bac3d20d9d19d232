/**
 * VS (Vital Signs): one record per vital-sign Observation the partner sent, the result and unit as sent. The
 * partner names each item in words (`Blood Pressure BP Systolic`) with a code of its own (`VS0001`): VSTESTCD is
 * that code, VSTEST the name; without a code, both are the name (docs/export-pack.md, VS).
 */
import type { MeasurementRow } from "../measurement-rows";
import { identityVariables, type SdtmDataset, type SdtmRecord, USUBJID_SOURCE, usubjid, variable } from "./dataset";
import { type MeasurementInput, measurementOrder, resultCells, resultVariables, testOf } from "./findings";
import { sequenceBySubject, sequencedRecords } from "./sequence";

const result = resultVariables("VS", "record");

export const VS_VARIABLES = [
  ...identityVariables("VS"),
  variable("USUBJID", "Unique Subject Identifier", "string", USUBJID_SOURCE),
  variable("VSSEQ", "Sequence Number", "integer", "per subject, by VSDTC, then VSTEST, then VSREFID"),
  variable("VSREFID", "Reference ID", "string", "Observation.id"),
  variable("VSTESTCD", "Vital Signs Test Short Name", "string", "code.coding[0].code, else code.text"),
  variable("VSTEST", "Vital Signs Test Name", "string", "code.text: the item type as the source names it"),
  result.ORRES,
  result.ORRESU,
  result.STAT,
  result.VISIT,
  result.DTC,
];

export function vsDataset({ study, rows }: MeasurementInput): SdtmDataset {
  const sequenced = sequenceBySubject(rows, (r) => r.subjectId, measurementOrder);
  const record = (r: MeasurementRow, seq: number): SdtmRecord => {
    const test = testOf(r);
    return {
      STUDYID: study,
      DOMAIN: "VS",
      USUBJID: usubjid(study, r.subjectId),
      VSSEQ: seq,
      VSREFID: r.id,
      VSTESTCD: r.code ?? test,
      VSTEST: test,
      ...resultCells("VS", r),
    };
  };
  return {
    name: "VS",
    label: "Vital Signs",
    variables: VS_VARIABLES,
    count: rows.length,
    records: () => sequencedRecords(rows, sequenced, record),
  };
}
