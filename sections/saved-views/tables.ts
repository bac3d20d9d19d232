/**
 * The saved views' tables (docs/review.md, Saved views), page and export alike: the study's views, each with what
 * changed in the records it shows since it was saved (each count opening those changes in the Changes section) and
 * its page as saved or with the latest data; and one view's changes by record type.
 */
import { utcDateTimeWords } from "@/lib/clinical/common/date-time";
import type { ChangeKind } from "@/lib/snapshots/changes";
import type { TableColumn } from "@/lib/tables/server-table";
import type { TableDef } from "@/lib/tables/table-def";
import { changesHref, sectionHref } from "@/sections/frame/addresses";
import { exportKeys } from "@/sections/frame/export-keys";
import { recordTypeLabel } from "@/sections/frame/record-type-labels";
import type { TypeCount } from "@/sections/frame/study-changes";
import {
  parseStudyFilter,
  STUDY_FILTER_PARAMS,
  studyFilterChips,
  withStudyFilter,
} from "@/sections/frame/study-filter";
import { scopeOf, viewPageHref } from "./address";
import type { ViewWithChanges } from "./load";

export const VIEWS_TABLES = exportKeys("views", ["views", "types"]);
export const VIEWS_PREFIX = "sv_";
export const VIEW_TYPES_PREFIX = "vt_";
const PAGE_SIZES = [25, 50, 100];

const KINDS: readonly ChangeKind[] = ["added", "changed", "removed"];
const KIND_WORDS: Record<ChangeKind, string> = { added: "Added", changed: "Changed", removed: "Removed" };

/** A saved view's own page in the study. */
export const savedViewHref = (studyHref: string, id: number) => `${sectionHref(studyHref, "views")}/${id}`;

/** The page a view names, in words: "Adverse events", "Subjects › 101-0001", "Overview". */
export function pageWords(path: string): string {
  if (path === "") return "Overview";
  const [slug, ...below] = path.split("/");
  const title = slug.charAt(0).toUpperCase() + slug.slice(1).replaceAll("-", " ");
  const rest = below.map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  return [title, ...rest].join(" › ");
}

/** The view's study filter in words; "Whole study" where it has none. */
export function filterWords(query: string): string {
  const chips = studyFilterChips(parseStudyFilter(new URLSearchParams(query)));
  return chips.length === 0 ? "Whole study" : chips.map((c) => c.label).join("; ");
}

/** Whether the view keeps settings of its page's tables (filters, sorting, paging) besides the study filter. */
export function settingsWords(query: string): string {
  const params = [...new URLSearchParams(query).keys()];
  return params.some((name) => !STUDY_FILTER_PARAMS.includes(name)) ? "Kept" : "None";
}

/** "As saved, 20 Nov 2026, 14:05 UTC" */
const snapshotWords = (v: ViewWithChanges) =>
  v.snapshot === null ? "No snapshot kept" : `${utcDateTimeWords(v.snapshot.at)} UTC`;

/** What changed since the view was saved, in words. */
export function sinceWords(v: ViewWithChanges): string {
  switch (v.since.kind) {
    case "no-snapshot":
      return "Cannot be told: no snapshot was kept when it was saved";
    case "gone":
      return "Cannot be told: the snapshot it was saved at is no longer kept";
    case "unchanged":
      return "Unchanged";
    case "changed": {
      const n = (kind: ChangeKind) => (v.since.kind === "changed" ? v.since[kind] : 0).toLocaleString("en");
      return `${n("added")} added, ${n("changed")} changed, ${n("removed")} removed`;
    }
  }
}

/** The changes of the view of one kind (and record type) in the Changes section, narrowed as the view is. */
export function viewChangesHref(
  studyHref: string,
  v: ViewWithChanges,
  kind: ChangeKind | null,
  recordType: string | null,
): string | null {
  if (v.since.kind !== "changed") return null;
  const scope = scopeOf(v.path);
  const types = scope?.recordTypes ?? [];
  const base = withStudyFilter(sectionHref(studyHref, "changes"), parseStudyFilter(new URLSearchParams(v.query)));
  const href = changesHref(
    base,
    { from: v.since.saved.id, to: v.since.latest.id },
    { kind, type: recordType ?? (types.length === 1 ? types[0] : null), subject: scope?.subject ?? null },
  );
  return href;
}

export function viewsDef(views: readonly ViewWithChanges[], studyHref: string): TableDef<ViewWithChanges> {
  const kindColumns: TableColumn<ViewWithChanges>[] = KINDS.map((kind) => ({
    id: kind,
    header: KIND_WORDS[kind],
    type: "number" as const,
    value: (v) => (v.since.kind === "changed" ? v.since[kind] : null),
    link: (v) => (v.since.kind === "changed" && v.since[kind] > 0 ? viewChangesHref(studyHref, v, kind, null) : null),
  }));
  const columns: TableColumn<ViewWithChanges>[] = [
    { id: "name", header: "View", value: (v) => v.name, link: (v) => savedViewHref(studyHref, v.id) },
    { id: "page", header: "Page", value: (v) => pageWords(v.path) },
    { id: "filter", header: "Study filter", value: (v) => filterWords(v.query) },
    { id: "settings", header: "Table settings", value: (v) => settingsWords(v.query) },
    { id: "owner", header: "Saved by", value: (v) => (v.mine ? `${v.owner} (you)` : v.owner) },
    { id: "shared", header: "Shared", value: (v) => (v.shared ? "Organisation" : "Only the owner") },
    { id: "snapshot", header: "Snapshot", nowrap: true, value: snapshotWords },
    { id: "since", header: "Since saved", value: sinceWords },
    ...kindColumns,
    {
      id: "saved",
      header: "Open as saved",
      value: (v) => (v.since.kind === "changed" || v.since.kind === "unchanged" ? "As saved" : null),
      link: (v) =>
        v.snapshot && (v.since.kind === "changed" || v.since.kind === "unchanged")
          ? viewPageHref(studyHref, v, v.snapshot.id)
          : null,
    },
    { id: "latest", header: "Open latest", value: () => "Latest", link: (v) => viewPageHref(studyHref, v, null) },
  ];
  return {
    columns,
    rows: views,
    state: { columns: columns.map((c) => c.id), pageSizes: PAGE_SIZES, prefix: VIEWS_PREFIX },
  };
}

export const viewsCaption = (study: string, count: number) =>
  `Saved views of study ${study} (${count.toLocaleString("en")})`;

/** The view's changes by record type it shows, each count opening its changes. */
export function viewTypesDef(v: ViewWithChanges, studyHref: string): TableDef<TypeCount> {
  const types = v.since.kind === "changed" ? v.since.types : [];
  const columns: TableColumn<TypeCount>[] = [
    { id: "type", header: "Record type", value: (t) => recordTypeLabel(t.recordType) },
    ...KINDS.map(
      (kind): TableColumn<TypeCount> => ({
        id: kind,
        header: KIND_WORDS[kind],
        type: "number",
        value: (t) => (t.uncompared === null ? t[kind] : null),
        link: (t) => (t[kind] > 0 ? viewChangesHref(studyHref, v, kind, t.recordType) : null),
      }),
    ),
    { id: "subjects", header: "Subjects", type: "number", value: (t) => (t.uncompared === null ? t.subjects : null) },
    {
      id: "compared",
      header: "Compared",
      value: (t) => (t.uncompared === null ? "Yes" : UNCOMPARED_WORDS[t.uncompared]),
    },
  ];
  return {
    columns,
    rows: types,
    state: { columns: columns.map((c) => c.id), pageSizes: PAGE_SIZES, prefix: VIEW_TYPES_PREFIX },
  };
}

const UNCOMPARED_WORDS = {
  "not-reloaded": "Not loaded again since",
  "not-in-older": "Not loaded when saved",
  "not-in-newer": "Not in the latest data",
} as const;

export const viewTypesCaption = (v: ViewWithChanges) => `Changes since saved in view ${v.name}, by record type`;
