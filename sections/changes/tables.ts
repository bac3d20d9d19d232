/**
 * The Changes section's tables as the page shows them and its exports write them: the counts per record type, the
 * counts per subject, and the listing of changes, each changed record with its differing fields before and after,
 * an added or removed one with all its fields on its one side.
 */
import { utcDateTimeWords } from "@/lib/clinical/common/date-time";
import { recordReference, SEVERAL_TYPES } from "@/lib/review/review-argument";
import type { ChangeKind } from "@/lib/snapshots/changes";
import type { TableColumn } from "@/lib/tables/server-table";
import type { TableDef } from "@/lib/tables/table-def";
import { DEFAULT_PAGE_SIZES } from "@/lib/tables/url-state";
import { subjectHref } from "@/sections/frame/addresses";
import { exportKeys } from "@/sections/frame/export-keys";
import { recordTypeLabel } from "@/sections/frame/record-type-labels";
import { changedRecordHref } from "@/sections/frame/study-changes";
import { subjectColumn } from "@/sections/frame/subject-column";
import type { ChangeRow, ChangesView, SubjectCount, TypeCount, Uncompared } from "./load";
import { CHANGES_LISTING, changesHref } from "./query";

export const CHANGES_TABLES = exportKeys("changes", ["listing", "types", "subjects"]);

export const KIND_WORDS: Record<ChangeKind, string> = { added: "Added", changed: "Changed", removed: "Removed" };

export const UNCOMPARED_WORDS: Record<Uncompared, string> = {
  "not-reloaded": "not loaded again between the two snapshots",
  "not-in-older": "not loaded in the older snapshot",
  "not-in-newer": "not loaded in the newer snapshot",
};

/** "12 Nov 2026, 14:05 UTC" */
export const snapshotWords = (at: number) => `${utcDateTimeWords(at)} UTC`;

/** "between 6 Nov 2026, 09:00 UTC and 13 Nov 2026, 09:00 UTC" */
export function comparedWords(view: ChangesView): string {
  if (!view.older || !view.newer) return "";
  return `between ${snapshotWords(view.older.takenAt)} and ${snapshotWords(view.newer.takenAt)}`;
}

/** A field's name in words: "collectedAt" -> "collected at". */
export const fieldWords = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();

function valueText(value: unknown): string {
  if (value === null || value === undefined) return "(none)";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/** The named fields of a row, "field: value" joined; the subject and the record key stand in their own columns. */
function fieldsText(row: Record<string, unknown> | null, names: readonly string[]): string | null {
  if (!row) return null;
  return names.map((n) => `${fieldWords(n)}: ${valueText(row[n])}`).join("; ");
}

const OWN_COLUMNS = new Set(["subjectId", "key", "id"]);

/** What a change shows of its record: the differing fields of a changed one, every field of an added or removed. */
export function shownFields(c: ChangeRow): string[] {
  if (c.kind === "changed") return c.fields;
  return Object.keys(c.after ?? c.before ?? {}).filter((n) => !OWN_COLUMNS.has(n));
}

export function changeColumns(studyHref: string): TableColumn<ChangeRow>[] {
  return [
    { id: "type", header: "Record type", value: (c) => recordTypeLabel(c.recordType) },
    subjectColumn(studyHref),
    { id: "record", header: "Record", nowrap: true, value: (c) => c.key, link: (c) => changedRecordHref(studyHref, c) },
    { id: "change", header: "Change", value: (c) => KIND_WORDS[c.kind] },
    {
      id: "fields",
      header: "Fields changed",
      value: (c) => (c.kind === "changed" ? c.fields.map(fieldWords).join(", ") : null),
    },
    { id: "before", header: "Before", value: (c) => fieldsText(c.before, shownFields(c)) },
    { id: "after", header: "After", value: (c) => fieldsText(c.after, shownFields(c)) },
  ];
}

/** Whether the newer of the two compared is the latest snapshot: its records are those marked reviewed now. */
export const comparesLatest = (view: ChangesView) => view.newer !== null && view.newer.id === view.snapshots[0]?.id;

export function changesListingDef(view: ChangesView, studyHref: string): TableDef<ChangeRow> {
  const columns = changeColumns(studyHref);
  return {
    columns,
    rows: view.listing,
    // Rows of several record types, each naming its record by reference; a removed record is in no data to review.
    records: {
      recordType: SEVERAL_TYPES,
      key: (c) => (c.kind === "removed" ? null : recordReference(c.recordType, c.key)),
      markable: comparesLatest(view),
    },
    state: { columns: columns.map((c) => c.id), pageSizes: [...DEFAULT_PAGE_SIZES], prefix: CHANGES_LISTING.prefix },
  };
}

/** The listing's caption: the two snapshots and the filters, which the export's title repeats. */
export function changesListingCaption(view: ChangesView, study: string): string {
  const { type, kind, subject } = view.filter;
  const chosen = [
    ...(type ? [recordTypeLabel(type).toLowerCase()] : []),
    ...(kind ? [`${kind} only`] : []),
    ...(subject ? [`subject ${subject}`] : []),
  ];
  return `Changes in study ${study} ${comparedWords(view)}${chosen.length ? `: ${chosen.join(", ")}` : ""}`;
}

/** The page's own addresses, with the snapshots compared (base ""; an export has no links). */
function linker(view: ChangesView, base: string) {
  const pair = { from: view.older?.id ?? null, to: view.newer?.id ?? null };
  return (n: number, filter: Parameters<typeof changesHref>[2]) =>
    base === "" || n === 0 ? null : changesHref(base, pair, filter);
}

/** The count of one kind of change of a record type, opening those changes. */
function kindColumn(kind: ChangeKind, link: ReturnType<typeof linker>): TableColumn<TypeCount> {
  return {
    id: kind,
    header: KIND_WORDS[kind],
    type: "number",
    value: (t) => (t.uncompared ? null : t[kind]),
    link: (t) => link(t[kind], { type: t.recordType, kind }),
  };
}

export function typeCountsDef(view: ChangesView, base: string): TableDef<TypeCount> {
  const link = linker(view, base);
  return {
    columns: [
      { id: "type", header: "Record type", value: (t) => recordTypeLabel(t.recordType) },
      kindColumn("added", link),
      kindColumn("changed", link),
      kindColumn("removed", link),
      {
        id: "subjects",
        header: "Subjects",
        type: "number",
        value: (t) => (t.uncompared ? null : t.subjects),
        link: (t) => link(t.subjects, { type: t.recordType }),
      },
      { id: "note", header: "Note", value: (t) => (t.uncompared ? UNCOMPARED_WORDS[t.uncompared] : null) },
    ],
    rows: view.types,
    state: { columns: ["type", "added", "changed", "removed", "subjects", "note"], pageSizes: [10], prefix: "ct_" },
  };
}

export const typeCountsCaption = (view: ChangesView, study: string) =>
  `Changes per record type in study ${study} ${comparedWords(view)}: ${view.total.toLocaleString("en")} in all`;

export function subjectCountsDef(view: ChangesView, base: string, studyHref: string): TableDef<SubjectCount> {
  const link = linker(view, base);
  const { type } = view.filter;
  const count = (kind: ChangeKind): TableColumn<SubjectCount> => ({
    id: kind,
    header: KIND_WORDS[kind],
    type: "number",
    value: (s) => s[kind],
    link: (s) => (s.subjectId === null ? null : link(s[kind], { type, kind, subject: s.subjectId })),
  });
  return {
    columns: [
      {
        id: "subject",
        header: "Subject",
        nowrap: true,
        value: (s) => s.subjectId ?? "(no subject)",
        link: (s) => (s.subjectId === null || base === "" ? null : subjectHref(studyHref, s.subjectId)),
      },
      count("added"),
      count("changed"),
      count("removed"),
      { id: "types", header: "Record types", value: (s) => s.recordTypes.map(recordTypeLabel).join(", ") },
    ],
    rows: view.subjects,
    state: {
      columns: ["subject", "added", "changed", "removed", "types"],
      pageSizes: [...DEFAULT_PAGE_SIZES],
      prefix: "cs_",
    },
  };
}

export function subjectCountsCaption(view: ChangesView, study: string): string {
  const { type, kind } = view.filter;
  const of = [...(type ? [recordTypeLabel(type).toLowerCase()] : []), ...(kind ? [`${kind} only`] : [])];
  const subjects = view.subjects.length.toLocaleString("en");
  return `Changes per subject in study ${study}${of.length ? ` (${of.join(", ")})` : ""}: ${subjects} subjects`;
}
