/**
 * AE (Adverse Events): one record per distinct adverse event (each `identifier.value` once, the first sent, as
 * every adverse-event view counts them: docs/clinical-rules.md, Adverse events in a study), members' or not.
 * Values as sent: the term, the CTCAE grade and version, outcome and causality; dates ISO 8601.
 */
import { type AdverseEventRow, TERM_MISSING } from "../adverse-events/rows";
import { extraVariable, type SdtmDataset, subjectVariables, usubjid, variable } from "./dataset";
import { byKeys, compareText, sequencedDataset } from "./sequence";

export const AE_VARIABLES = [
  ...subjectVariables("AE", "by AESTDTC (none last), then AESPID"),
  variable("AESPID", "Sponsor-Defined Identifier", "string", "identifier.value, the event's key"),
  variable(
    "AETERM",
    "Reported Term for the Adverse Event",
    "string",
    "event.text, else event.coding[0].display or code",
  ),
  variable("AETOXGR", "Standard Toxicity Grade", "string", "the CTCAE grade (<ctc_base>#Grade), 1 to 5"),
  variable("AESTDTC", "Start Date/Time of Adverse Event", "date", "the date of `date`, else of #StartDate"),
  variable("AEENDTC", "End Date/Time of Adverse Event", "date", "#EndDate (MM/DD/YYYY) as YYYY-MM-DD"),
  variable("AEOUT", "Outcome of Adverse Event", "string", "outcome.coding[0].display, as sent"),
  variable("AEREL", "Causality", "string", "suspectEntity[0].causality[0].assessment display, as sent"),
  extraVariable("AETOXGRV", "CTCAE Version", "string", "the extension at <ctc_base> (4.03, 5.0)"),
  extraVariable("AEONGO", "Ongoing", "string", "#AEOngoing: 1 Y, 0 N"),
];

const flag = (value: boolean | null) => (value === null ? null : value ? "Y" : "N");

export interface AeInput {
  study: string;
  /** The study's distinct events: each key once. */
  events: readonly AdverseEventRow[];
}

export function aeDataset({ study, events }: AeInput): SdtmDataset {
  return sequencedDataset({ name: "AE", label: "Adverse Events", variables: AE_VARIABLES }, events, {
    subjectOf: (e) => e.subjectId,
    compare: byKeys(
      (a, b) => compareText(a.start, b.start),
      (a, b) => compareText(a.key, b.key),
    ),
    record: (e, seq) => ({
      STUDYID: study,
      DOMAIN: "AE",
      USUBJID: usubjid(study, e.subjectId),
      AESEQ: seq,
      AESPID: e.key,
      AETERM: e.term === TERM_MISSING ? null : e.term,
      AETOXGR: e.grade === null ? null : String(e.grade),
      AESTDTC: e.start,
      AEENDTC: e.end,
      AEOUT: e.outcome,
      AEREL: e.causality,
      AETOXGRV: e.ctcaeVersion,
      AEONGO: flag(e.ongoing),
    }),
  });
}
