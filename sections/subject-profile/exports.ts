/**
 * A subject profile's exports (the subject from the page's path): its laboratory grid with every visit, its adverse
 * events, medications and response assessments, its timeline's plotted items and its trend's plotted values.
 */
import { labGrid } from "@/lib/clinical/laboratory/grid";
import { plainTableExport, tableExport } from "@/lib/export/table-export";
import type { PlainTable } from "@/lib/tables/table-def";
import { type Source, sourcesOf } from "@/sections/frame/export-source";
import { subjectIdOf } from "@/sections/frame/subject-id";
import { loadSubjectProfile, type SubjectProfile } from "./load";
import {
  labGridCaption,
  labGridDef,
  type RecordKind,
  recordTable,
  SUBJECT_PROFILE_TABLES,
  timelineOf,
  timelineTable,
  trendTable,
} from "./tables";
import { trendOf } from "./ui/trend-of";

const ofSubject =
  (label: string, table: (view: SubjectProfile, searchParams: URLSearchParams) => PlainTable | undefined): Source =>
  async (access, { params: searchParams, subject }) => {
    if (!subject) return undefined;
    const view = await loadSubjectProfile(access, subjectIdOf(subject), searchParams);
    if (!view.found) return undefined;
    const t = table(view, searchParams);
    return (
      t &&
      plainTableExport(t, searchParams, { fileLabel: `subject-${view.subject.subjectId}-${label}`, asOf: view.asOf })
    );
  };

const records = (kind: RecordKind) => (view: SubjectProfile) =>
  kind === "assessments" && !view.studyHasAssessments ? undefined : recordTable(view, kind, "");

export const SUBJECT_PROFILE_SOURCES = sourcesOf(SUBJECT_PROFILE_TABLES, {
  "lab-grid": async (access, { params: searchParams, subject }) => {
    if (!subject) return undefined;
    const view = await loadSubjectProfile(access, subjectIdOf(subject), searchParams);
    if (!view.found) return undefined;
    const id = view.subject.subjectId;
    const grid = view.memo("lab grid", () => labGrid(view.labs));
    return tableExport(labGridDef(grid), searchParams, {
      title: labGridCaption(id, grid),
      fileLabel: `subject-${id}-laboratory`,
      asOf: view.asOf,
    });
  },
  "adverse-events": ofSubject("adverse-events", records("adverseEvents")),
  medications: ofSubject("medications", records("medications")),
  assessments: ofSubject("assessments", records("assessments")),
  timeline: ofSubject("timeline", (view) => {
    const plotted = timelineOf(view);
    return plotted ? timelineTable(plotted.items, plotted.lanes) : undefined;
  }),
  trend: ofSubject("trend", (view, searchParams) => {
    const t = trendOf({ ...view, labs: view.labs, vitals: view.vitals }, searchParams);
    return t.chosen ? trendTable(t.trend, t.onsets, view.subject.subjectId) : undefined;
  }),
});
