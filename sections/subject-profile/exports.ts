/**
 * A subject profile's exports (view "subject", the subject from the page's path): its adverse events,
 * medications and response assessments, and its timeline's plotted items.
 */
import { labGrid } from "@/lib/clinical/laboratory/grid";
import { plainTableExport, tableExport } from "@/lib/export/table-export";
import type { PlainTable } from "@/lib/tables/table-def";
import type { Source, Sources } from "@/sections/frame/export-source";
import { subjectIdOf } from "@/sections/frame/subject-id";
import { loadSubjectProfile, type SubjectProfile } from "@/sections/subject-profile/load";
import { labGridCaption, labGridDef } from "./lab-grid-table";
import { type RecordKind, recordTable, timelineOf } from "./profile-tables";
import { timelineTable } from "./timeline-table";
import { trendTable } from "./trend-table";
import { trendOf } from "./ui/trend-of";

const ofSubject =
  (label: string, table: (view: SubjectProfile, params: URLSearchParams) => PlainTable | undefined): Source =>
  async (access, { params, subject }) => {
    if (!subject) return undefined;
    const view = await loadSubjectProfile(access, subjectIdOf(subject), params);
    if (!view.found) return undefined;
    const t = table(view, params);
    return (
      t && plainTableExport(t, params, { fileLabel: `subject-${view.subject.subjectId}-${label}`, asOf: view.asOf })
    );
  };

const records = (kind: RecordKind) => (view: SubjectProfile) =>
  kind === "assessments" && !view.studyHasAssessments ? undefined : recordTable(view, kind, "");

export const SUBJECT_PROFILE_SOURCES: Sources = {
  "subject:lab-grid": async (access, { params, subject }) => {
    if (!subject) return undefined;
    const view = await loadSubjectProfile(access, subjectIdOf(subject), params);
    if (!view.found) return undefined;
    const id = view.subject.subjectId;
    const grid = view.memo("lab grid", () => labGrid(view.labs));
    return tableExport(labGridDef(grid), params, {
      title: labGridCaption(id, grid),
      fileLabel: `subject-${id}-laboratory`,
      asOf: view.asOf,
    });
  },
  "subject:adverse-events": ofSubject("adverse-events", records("adverseEvents")),
  "subject:medications": ofSubject("medications", records("medications")),
  "subject:assessments": ofSubject("assessments", records("assessments")),
  "subject:timeline": ofSubject("timeline", (view) => {
    const plotted = timelineOf(view);
    return plotted ? timelineTable(plotted.items, plotted.lanes) : undefined;
  }),
  "subject:trend": ofSubject("trend", (view, params) => {
    const t = trendOf({ ...view, labs: view.labs, vitals: view.vitals }, params);
    return t.chosen ? trendTable(t.trend, t.onsets, view.subject.subjectId) : undefined;
  }),
};
