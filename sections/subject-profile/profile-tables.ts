/**
 * A subject profile's tables as the page shows them and their exports write them: the subject's adverse events,
 * medications and response assessments (rows made once per subject, the links added per request), and the
 * timeline's plotted items.
 */
import { labGrid } from "@/lib/clinical/laboratory/grid";
import type { PlainTable } from "@/lib/tables/table-def";
import type { DataColumn, DataRow } from "@/lib/tables/types";
import { responseAssessmentHref } from "@/sections/frame/addresses";
import { aeRows, assessmentRows, medicationRows } from "@/sections/frame/record-rows";
import type { SubjectProfile } from "@/sections/subject-profile/load";
import { AE_COLUMNS, ASSESSMENT_COLUMNS, MEDICATION_COLUMNS, RECORD_TABLES } from "./record-tables";
import { laneNames, timelineItems } from "./ui/timeline-items";
import type { TimelineItem } from "./ui/timeline-targets";

export type RecordKind = "adverseEvents" | "medications" | "assessments";

export const RECORD_TITLE: Record<RecordKind, string> = {
  adverseEvents: "Adverse events",
  medications: "Medications",
  assessments: "Response assessments",
};

function recordRows(view: SubjectProfile, kind: RecordKind, studyHref: string): DataRow[] {
  const reference = view.reference?.date ?? null;
  if (kind === "adverseEvents") return view.memo("adverse-event rows", () => aeRows(view.adverseEvents, reference));
  if (kind === "medications")
    return view.memo("medication rows", () => medicationRows(view.medications, view.products, reference));
  // The links are added per request: the memo is shared by every connection to the partner, each its own address.
  const id = view.subject.subjectId;
  return view
    .memo("assessment rows", () => assessmentRows(view.assessments, reference))
    .map((r) => ({ ...r, responseHref: responseAssessmentHref(studyHref, id, String(r.key)) }));
}

const COLUMNS: Record<RecordKind, DataColumn[]> = {
  adverseEvents: AE_COLUMNS,
  medications: MEDICATION_COLUMNS,
  assessments: ASSESSMENT_COLUMNS,
};

export function recordTable(view: SubjectProfile, kind: RecordKind, studyHref: string): PlainTable {
  const rows = recordRows(view, kind, studyHref);
  return {
    caption: `${RECORD_TITLE[kind]} of subject ${view.subject.subjectId} (${rows.length})`,
    columns: COLUMNS[kind],
    rows,
    urlPrefix: RECORD_TABLES[kind].prefix,
  };
}

/** The timeline's items and lanes, once per subject; null without a timeline (no dated record). */
export function timelineOf(view: SubjectProfile): { items: TimelineItem[]; lanes: string[] } | null {
  const { timeline } = view;
  if (!view.reference || !timeline) return null;
  return {
    items: view.memo("timeline items", () =>
      // The grid as the laboratory section below has it (one memo): a laboratory visit opens its column there.
      timelineItems(timeline, { ...view, gridColumns: view.memo("lab grid", () => labGrid(view.labs)).columns }),
    ),
    lanes: view.memo("timeline lanes", () => laneNames(timeline)),
  };
}
