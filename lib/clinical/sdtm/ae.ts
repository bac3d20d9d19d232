/**
 * AE (Adverse Events): one record per distinct adverse event (each `identifier.value` once, the first sent, as
 * every adverse-event view counts them: docs/clinical-rules.md, Adverse events in a study), members' or not.
 * Values as sent: the term, the CTCAE grade and version, outcome and causality; dates ISO 8601. The term is the
 * CTCAE term the partner sends, not coded to MedDRA: AEDECOD repeats it and AEBODSYS is the system organ class
 * CTCAE files it under (docs/export-pack.md, AE).
 */
import { type AdverseEventRow, TERM_MISSING } from "../adverse-events/rows";
import { SOC_SOURCE, systemOrganClass } from "../adverse-events/soc";
import { emptyVariable, extraVariable, type SdtmDataset, subjectVariables, usubjid, variable } from "./dataset";
import { byKeys, compareText, sequencedDataset } from "./sequence";
import { dayOf, dayOneOf, type ExposureBySubject } from "./study-days";

const NO_MEDDRA = "empty: the partner sends a CTCAE term, no MedDRA coding";
/** The SOC mapping's version (SOC_SOURCE is its version, a full stop, then where it comes from). */
const SOC_VERSION = SOC_SOURCE.split(". ")[0];
const NOT_SENT = "empty: the partner service sends no";

export const AE_VARIABLES = [
  ...subjectVariables("AE", "by AESTDTC (none last), then AESPID"),
  variable("AESPID", "Sponsor-Defined Identifier", "string", "identifier.value, the event's key"),
  variable(
    "AETERM",
    "Reported Term for the Adverse Event",
    "string",
    "event.text, else event.coding[0].display or code",
  ),
  emptyVariable("AELLT", "Lowest Level Term", "string", NO_MEDDRA),
  emptyVariable("AELLTCD", "Lowest Level Term Code", "integer", NO_MEDDRA),
  variable("AEDECOD", "Dictionary-Derived Term", "string", "AETERM: the CTCAE term as sent, not coded to a MedDRA PT"),
  emptyVariable("AEPTCD", "Preferred Term Code", "integer", NO_MEDDRA),
  emptyVariable("AEHLT", "High Level Term", "string", NO_MEDDRA),
  emptyVariable("AEHLTCD", "High Level Term Code", "integer", NO_MEDDRA),
  emptyVariable("AEHLGT", "High Level Group Term", "string", NO_MEDDRA),
  emptyVariable("AEHLGTCD", "High Level Group Term Code", "integer", NO_MEDDRA),
  variable(
    "AEBODSYS",
    "Body System or Organ Class",
    "string",
    `the MedDRA SOC that ${SOC_VERSION} files AETERM under; empty for a term it does not have`,
  ),
  emptyVariable("AEBDSYCD", "Body System or Organ Class Code", "integer", NO_MEDDRA),
  emptyVariable("AESOC", "Primary System Organ Class", "string", `${NO_MEDDRA} (AEBODSYS is CTCAE's SOC)`),
  emptyVariable("AESOCCD", "Primary System Organ Class Code", "integer", NO_MEDDRA),
  emptyVariable("AESER", "Serious Event", "string", `${NOT_SENT} seriousness`),
  emptyVariable("AEACN", "Action Taken with Study Treatment", "string", `${NOT_SENT} action taken`),
  variable("AEREL", "Causality", "string", "suspectEntity[0].causality[0].assessment display, as sent"),
  variable("AEOUT", "Outcome of Adverse Event", "string", "outcome.coding[0].display, as sent"),
  variable("AETOXGR", "Standard Toxicity Grade", "string", "the CTCAE grade (<ctc_base>#Grade), 1 to 5"),
  variable("AESTDTC", "Start Date/Time of Adverse Event", "date", "the date of `date`, else of #StartDate"),
  variable("AEENDTC", "End Date/Time of Adverse Event", "date", "#EndDate (MM/DD/YYYY) as YYYY-MM-DD"),
  variable("AESTDY", "Study Day of Start of Adverse Event", "integer", "AESTDTC's study day, DM's RFSTDTC day 1"),
  variable("AEENDY", "Study Day of End of Adverse Event", "integer", "AEENDTC's study day, DM's RFSTDTC day 1"),
  extraVariable("AETOXGRV", "CTCAE Version", "string", "the extension at <ctc_base> (4.03, 5.0)"),
  extraVariable("AEONGO", "Ongoing", "string", "#AEOngoing: 1 Y, 0 N"),
];

const flag = (value: boolean | null) => (value === null ? null : value ? "Y" : "N");

export interface AeInput {
  study: string;
  /** The study's distinct events: each key once. */
  events: readonly AdverseEventRow[];
  /** Per subject ID, its exposure to the study drug: RFSTDTC, the first dose, is day 1. */
  exposure: ExposureBySubject;
}

export function aeDataset({ study, events, exposure }: AeInput): SdtmDataset {
  const meta = { name: "AE", label: "Adverse Events", variables: AE_VARIABLES, keys: ["STUDYID", "USUBJID", "AESPID"] };
  return sequencedDataset(meta, events, {
    subjectOf: (e) => e.subjectId,
    compare: byKeys(
      (a, b) => compareText(a.start, b.start),
      (a, b) => compareText(a.key, b.key),
    ),
    record: (e, seq) => {
      const term = e.term === TERM_MISSING ? null : e.term;
      const dayOne = dayOneOf(exposure, e.subjectId);
      return {
        STUDYID: study,
        DOMAIN: "AE",
        USUBJID: usubjid(study, e.subjectId),
        AESEQ: seq,
        AESPID: e.key,
        AETERM: term,
        AEDECOD: term,
        AEBODSYS: term === null ? null : systemOrganClass(term),
        AEREL: e.causality,
        AEOUT: e.outcome,
        AETOXGR: e.grade === null ? null : String(e.grade),
        AESTDTC: e.start,
        AEENDTC: e.end,
        AESTDY: dayOf(e.start, dayOne),
        AEENDY: dayOf(e.end, dayOne),
        AETOXGRV: e.ctcaeVersion,
        AEONGO: flag(e.ongoing),
      };
    },
  });
}
