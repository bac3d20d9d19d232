/**
 * TR (Tumor/Lesion Results): per lesion reading (imaging Observation) its state as sent and, for a target lesion,
 * its measurement (longest diameter, or short axis for a lymph node); per assessment (DiagnosticReport) one record,
 * the target sum the partner reports (docs/export-pack.md, TR). RECIST 1.1 measures target lesions only: non-target
 * and new lesions are assessed by their state, and have a measurement record only when the partner sent one. Values
 * and units as sent; nothing recomputed.
 */
import type { AssessmentRow } from "../response/assessments";
import type { LesionRow } from "../response/lesion-rows";
import { notDone, numberText, type SdtmDataset, subjectVariables, usubjid, variable } from "./dataset";
import { baselineFlagVariable, standardResultVariables } from "./findings";
import {
  categoryTerm,
  METHOD_VARIABLES,
  placedAssessments,
  type TumourInput,
  VISIT_VARIABLES,
  visitCells,
} from "./lesions";
import { byKeys, compareNumber, compareText, sequencedDataset } from "./sequence";

export const TR_VARIABLES = [
  ...subjectVariables("TR", "by TRDTC, TRLNKGRP, TRLNKID (the sum first), the measurement before the state"),
  variable("TRGRPID", "Group ID", "string", "the lesion's #Category: TARGET, NON-TARGET or NEW; TARGET for a sum"),
  variable("TRREFID", "Reference ID", "string", "#LesionIdentifier of the reading; #AssessmentId for a sum"),
  variable("TRLNKID", "Link ID", "string", "the lesion's label (#Label), as TU's TULNKID; none for a sum"),
  variable("TRLNKGRP", "Link Group", "string", "#AssessmentId of the reading's assessment (RS's RSLNKGRP)"),
  variable("TRTESTCD", "Tumor/Lesion Assessment Short Name", "string", "LDIAM, SAXIS (a node), TUMSTATE, SUMDIAM"),
  variable("TRTEST", "Tumor/Lesion Assessment Test Name", "string", "the name of TRTESTCD"),
  variable("TRORRES", "Result or Finding in Original Units", "string", "valueQuantity.value; #State; #CurrentValue"),
  variable("TRORRESU", "Original Units", "string", "valueQuantity.unit; the assessment's #Unit for a sum"),
  ...standardResultVariables("TR"),
  variable("TRSTAT", "Completion Status", "string", "NOT DONE when a measurement, state or sum has no result"),
  METHOD_VARIABLES.TRMETHOD,
  baselineFlagVariable("TR"),
  METHOD_VARIABLES.TREVAL,
  ...VISIT_VARIABLES,
  variable("TRDTC", "Date/Time of Tumor/Lesion Measurement", "date", "the date of effectiveDateTime"),
];

const TESTS = {
  LDIAM: "Longest Diameter",
  SAXIS: "Short Axis",
  TUMSTATE: "Tumor State",
  SUMDIAM: "Sum of Diameter",
} as const;
type TestCode = keyof typeof TESTS;
/** Within one reading: the measurement, then the state. */
const TEST_ORDER: Readonly<Record<TestCode, number>> = { SUMDIAM: 0, LDIAM: 1, SAXIS: 1, TUMSTATE: 2 };

interface Item {
  test: TestCode;
  subjectId: string | null;
  date: string | null;
  assessment: AssessmentRow | undefined;
  lesion: LesionRow | null;
}

const groupOf = (i: Item) => i.assessment?.key ?? null;

export function trDataset(input: TumourInput): SdtmDataset {
  const keys = ["STUDYID", "USUBJID", "TRLNKGRP", "TRLNKID", "TRTESTCD", "TRREFID"];
  const meta = { name: "TR", label: "Tumor/Lesion Results", variables: TR_VARIABLES, keys };
  return sequencedDataset(meta, trItems(input), {
    subjectOf: (i) => i.subjectId,
    compare: byKeys(
      (a, b) => compareText(a.date, b.date),
      (a, b) => compareText(groupOf(a), groupOf(b)),
      (a, b) => compareText(a.lesion?.label ?? "", b.lesion?.label ?? ""),
      (a, b) => compareNumber(TEST_ORDER[a.test], TEST_ORDER[b.test]),
      (a, b) => compareText(a.lesion?.key ?? null, b.lesion?.key ?? null),
    ),
    record: (i, seq) => {
      const result = resultOf(i);
      return {
        STUDYID: input.study,
        DOMAIN: "TR",
        USUBJID: usubjid(input.study, i.subjectId),
        TRSEQ: seq,
        TRGRPID: i.lesion ? categoryTerm(i.lesion) : "TARGET",
        TRREFID: i.lesion ? i.lesion.key : (i.assessment?.key ?? null),
        TRLNKID: i.lesion?.label ?? null,
        TRLNKGRP: groupOf(i),
        TRTESTCD: i.test,
        TRTEST: TESTS[i.test],
        TRORRES: result,
        TRORRESU: unitOf(i),
        TRSTAT: notDone(result),
        ...visitCells(i.assessment),
        TRDTC: i.date,
      };
    },
  });
}

function unitOf(i: Item): string | null {
  if (i.test === "TUMSTATE") return null;
  return i.lesion ? i.lesion.unit : (i.assessment?.unit ?? null);
}

function resultOf(i: Item): string | null {
  if (i.test === "TUMSTATE") return i.lesion?.state ?? null;
  const value = i.lesion ? i.lesion.value : (i.assessment?.targetSum ?? null);
  return value === null ? null : numberText(value);
}

function trItems({ assessments, lesions, placed }: TumourInput): Item[] {
  const assessmentOf = placedAssessments(placed);
  const items: Item[] = assessments.map((a) => ({
    test: "SUMDIAM",
    subjectId: a.subjectId,
    date: a.date,
    assessment: a,
    lesion: null,
  }));
  for (const lesion of lesions) {
    const at = { subjectId: lesion.subjectId, date: lesion.date, assessment: assessmentOf.get(lesion), lesion };
    if (isMeasured(lesion)) items.push({ ...at, test: lesion.node ? "SAXIS" : "LDIAM" });
    items.push({ ...at, test: "TUMSTATE" });
  }
  return items;
}

/**
 * Whether a reading has a measurement record: a target lesion always (NOT DONE without a value: RECIST 1.1 measures
 * every target), any other lesion only when the partner sent a value (non-target and new lesions are assessed by
 * their state, not measured).
 */
export const isMeasured = (lesion: LesionRow) => lesion.category === "Target" || lesion.value !== null;
