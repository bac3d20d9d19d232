/**
 * A subject profile's exports (the subject from the page's path): its laboratory grid with every visit, its adverse
 * events, medications and response assessments, its timeline's plotted items and its trend's plotted values. Made
 * with the page's parts of other sections (./load.ts, ProfileParts), so that the timeline's file holds each
 * assessment against its recomputed response as the page's data table does, and the subject's values computed for
 * the page serve its files.
 */
import { labGrid } from "@/lib/clinical/laboratory/grid";
import { isLiverPanel } from "@/lib/clinical/liver/liver-panel";
import { plainTableExport, tableExport } from "@/lib/export/table-export";
import type { PlainTable } from "@/lib/tables/table-def";
import { type Source, sourcesOf } from "@/sections/frame/export-source";
import { reviewedPlainTable } from "@/sections/frame/reviewed-table";
import { subjectIdOf } from "@/sections/frame/subject-id";
import { liverPanelTable } from "./liver-panel-table";
import { loadSubjectProfile, type ProfileParts, type SubjectProfile } from "./load";
import { labGridCaption, labGridDef, type RecordKind, recordTable, SUBJECT_PROFILE_TABLES } from "./tables";
import { timelineOf, timelineTable } from "./timeline-table";
import { trendTable } from "./trend-table";
import { trendOf } from "./ui/trend-of";

type Table = (view: SubjectProfile, searchParams: URLSearchParams) => PlainTable | undefined;

const ofSubject =
  (label: string, table: Table, parts?: ProfileParts): Source =>
  async (access, { params: searchParams, subject }) => {
    if (!subject) return undefined;
    const view = await loadSubjectProfile(access, subjectIdOf(subject), searchParams, parts);
    if (!view.found) return undefined;
    const t = table(view, searchParams);
    if (!t) return undefined;
    // A table of records has its Review column, as on the page (docs/review.md).
    const shown = await reviewedPlainTable(t, access);
    return plainTableExport(shown, searchParams, {
      fileLabel: `subject-${view.subject.subjectId}-${label}`,
      asOf: view.asOf,
    });
  };

const records = (kind: RecordKind) => (view: SubjectProfile) =>
  kind === "assessments" && !view.studyHasAssessments ? undefined : recordTable(view, kind, "");

/** The profile's export sources; `parts`: what the page takes from other sections (./load.ts, ProfileParts). */
export const subjectProfileSources = (parts?: ProfileParts) =>
  sourcesOf(SUBJECT_PROFILE_TABLES, {
    "lab-grid": async (access, { params: searchParams, subject }) => {
      if (!subject) return undefined;
      // With the parts too: the subject's values are computed once for the page and its files alike (./load.ts).
      const view = await loadSubjectProfile(access, subjectIdOf(subject), searchParams, parts);
      if (!view.found) return undefined;
      const id = view.subject.subjectId;
      const grid = view.memo("lab grid", () => labGrid(view.labs));
      return tableExport(labGridDef(grid), searchParams, {
        title: labGridCaption(id, grid),
        fileLabel: `subject-${id}-laboratory`,
        asOf: view.asOf,
      });
    },
    "adverse-events": ofSubject("adverse-events", records("adverseEvents"), parts),
    medications: ofSubject("medications", records("medications"), parts),
    assessments: ofSubject("assessments", records("assessments"), parts),
    timeline: ofSubject("timeline", timelineFile, parts),
    trend: ofSubject("trend", trendFile, parts),
  });

function timelineFile(view: SubjectProfile): PlainTable | undefined {
  const plotted = timelineOf(view);
  return plotted ? timelineTable(plotted.items, plotted.lanes) : undefined;
}

function trendFile(view: SubjectProfile, searchParams: URLSearchParams): PlainTable | undefined {
  const t = trendOf({ ...view, labs: view.labs, vitals: view.vitals }, searchParams);
  if (!t.chosen) return undefined;
  const id = view.subject.subjectId;
  const dayOne = view.reference?.date ?? null;
  // The liver panel's file is its own table (./liver-panel-table.ts), as on the page.
  if (isLiverPanel(t.trend)) return liverPanelTable(t.trend, t.onsets, id, dayOne);
  return trendTable(t.trend, t.onsets, id, dayOne);
}
