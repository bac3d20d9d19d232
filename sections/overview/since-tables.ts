/**
 * The study overview's tables of what changed since the user's last review (docs/review.md, The study overview):
 * the new safety signals, each opening its record, and the records added, changed and removed by record type and by
 * subject, each count opening those changes in the Changes section.
 */
import type { ChangeKind } from "@/lib/snapshots/changes";
import { exactFilter } from "@/lib/tables/filters";
import type { TableColumn } from "@/lib/tables/server-table";
import type { TableDef } from "@/lib/tables/table-def";
import {
  changesHref,
  LIVER_PANEL_TREND,
  SUBJECT_TREND_ANCHOR,
  sectionHref,
  subjectHref,
} from "@/sections/frame/addresses";
import { recordTypeLabel } from "@/sections/frame/record-type-labels";
import { changedRecordHref, type SubjectCount, type TypeCount } from "@/sections/frame/study-changes";
import type { ChangesSince, OverviewView } from "./load";
import { type SafetySignal, SIGNAL_WORDS, type SignalKind } from "./signals";
import { OVERVIEW_PLACES, PAGE_SIZES } from "./tables";

/** The new safety signals since the last review; none where nothing changed since. */
export const signalsOf = (view: OverviewView): SafetySignal[] =>
  view.since.kind === "changed" ? view.since.signals : [];

/** Where a signal's record is: the adverse event's row, the assessment's; a subject's liver panel for Hy's law. */
function signalHref(studyHref: string, s: SafetySignal): string | null {
  if (s.change) return changedRecordHref(studyHref, s.change);
  const trend = new URLSearchParams({ trend: LIVER_PANEL_TREND });
  return `${subjectHref(studyHref, s.subjectId)}?${trend}#${SUBJECT_TREND_ANCHOR}`;
}

export function signalsDef(signals: readonly SafetySignal[], studyHref: string): TableDef<SafetySignal> {
  const columns: TableColumn<SafetySignal>[] = [
    { id: "kind", header: "Signal", value: (s) => SIGNAL_WORDS[s.kind] },
    {
      id: "subject",
      header: "Subject",
      nowrap: true,
      value: (s) => s.subjectId,
      link: (s) => subjectHref(studyHref, s.subjectId),
    },
    {
      id: "record",
      header: "Record",
      nowrap: true,
      value: (s) => s.change?.key ?? "liver peaks",
      link: (s) => signalHref(studyHref, s),
    },
    { id: "what", header: "What", value: (s) => s.words },
    { id: "since", header: "Since", value: (s) => (s.change ? s.change.kind : "newly in the quadrant") },
  ];
  return {
    columns,
    rows: signals,
    state: { columns: columns.map((c) => c.id), pageSizes: PAGE_SIZES, prefix: OVERVIEW_PLACES.signals.prefix },
  };
}

export const signalsCaption = (study: string, count: number) =>
  `New safety signals in study ${study} since your last review (${count.toLocaleString("en")})`;

/** The signals of one kind, in the overview's table of signals. */
export function signalKindHref(kind: SignalKind): string {
  const filter = new URLSearchParams({ [`${OVERVIEW_PLACES.signals.prefix}f_kind`]: exactFilter(SIGNAL_WORDS[kind]) });
  return `?${filter}#${OVERVIEW_PLACES.signals.anchor}`;
}

const KIND_WORDS: Record<ChangeKind, string> = { added: "Added", changed: "Changed", removed: "Removed" };
const KINDS: readonly ChangeKind[] = ["added", "changed", "removed"];

/** Each count of changes since the last review opens those changes in the Changes section. */
function kindColumns<R extends { added: number; changed: number; removed: number }>(
  link: (row: R, kind: ChangeKind) => string | null,
): TableColumn<R>[] {
  return KINDS.map((kind) => ({
    id: kind,
    header: KIND_WORDS[kind],
    type: "number" as const,
    value: (row: R) => row[kind],
    link: (row: R) => (row[kind] > 0 ? link(row, kind) : null),
  }));
}

const changesOf = (studyHref: string, since: ChangesSince) => (filter: Parameters<typeof changesHref>[2]) =>
  changesHref(sectionHref(studyHref, "changes"), { from: since.older.id, to: since.newer.id }, filter);

export function sinceTypesDef(since: ChangesSince, studyHref: string): TableDef<TypeCount> {
  const link = changesOf(studyHref, since);
  const columns: TableColumn<TypeCount>[] = [
    { id: "type", header: "Record type", value: (t) => recordTypeLabel(t.recordType) },
    ...kindColumns<TypeCount>((t, kind) => link({ type: t.recordType, kind })),
    {
      id: "subjects",
      header: "Subjects",
      type: "number",
      value: (t) => t.subjects,
      link: (t) => (t.subjects > 0 ? link({ type: t.recordType }) : null),
    },
  ];
  const rows = since.types.filter((t) => t.added + t.changed + t.removed > 0);
  return { columns, rows, state: { columns: columns.map((c) => c.id), pageSizes: [10], prefix: "st_" } };
}

export const sinceTypesCaption = (study: string, since: ChangesSince) =>
  `Records of study ${study} added, changed or removed since your last review, by record type: ` +
  `${since.total.toLocaleString("en")} in all`;

export function sinceSubjectsDef(since: ChangesSince, studyHref: string): TableDef<SubjectCount> {
  const link = changesOf(studyHref, since);
  const columns: TableColumn<SubjectCount>[] = [
    {
      id: "subject",
      header: "Subject",
      nowrap: true,
      value: (s) => s.subjectId ?? "(no subject)",
      link: (s) => (s.subjectId === null ? null : subjectHref(studyHref, s.subjectId)),
    },
    ...kindColumns<SubjectCount>((s, kind) => (s.subjectId === null ? null : link({ kind, subject: s.subjectId }))),
    { id: "types", header: "Record types", value: (s) => s.recordTypes.map(recordTypeLabel).join(", ") },
  ];
  return {
    columns,
    rows: since.subjects,
    state: { columns: columns.map((c) => c.id), pageSizes: PAGE_SIZES, prefix: "ss_" },
  };
}

export const sinceSubjectsCaption = (study: string, since: ChangesSince) =>
  `Subjects of study ${study} with records added, changed or removed since your last review: ` +
  `${since.subjects.length.toLocaleString("en")}`;
