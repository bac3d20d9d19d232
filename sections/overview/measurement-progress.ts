/**
 * The study overview's review progress of laboratory results and vital signs (docs/review.md, The study overview),
 * page and export alike: by test (or vital sign), each count opening the test's listing filtered to that status, and
 * by visit, each count opening the section's listing of every test at that visit, filtered to that status.
 */
import type { ReviewStatus } from "@/lib/review/study-review";
import type { TableColumn } from "@/lib/tables/server-table";
import type { TableDef } from "@/lib/tables/table-def";
import {
  LAB_RESULTS_ANCHOR,
  sectionHref,
  VITAL_LISTING,
  visitResultsHref,
  vitalGroupParams,
} from "@/sections/frame/addresses";
import { RESULTS_PREFIX } from "@/sections/frame/measurement-columns";
import { recordTypeLabel } from "@/sections/frame/record-type-labels";
import type { OverviewView, TestProgress, VisitProgress } from "./load";
import { OVERVIEW_PLACES, PAGE_SIZES, statusColumns, statusFilter } from "./tables";

function testHref(studyHref: string, t: TestProgress, status: ReviewStatus): string {
  if (t.recordType === "laboratory") {
    const params = { test: t.test, ...statusFilter(RESULTS_PREFIX, status) };
    return `${sectionHref(studyHref, "laboratory")}?${new URLSearchParams(params)}#${LAB_RESULTS_ANCHOR}`;
  }
  const params = vitalGroupParams({ test: t.test, unit: t.unit ?? null, kind: t.kind ?? "number" });
  for (const [k, v] of Object.entries(statusFilter(VITAL_LISTING.prefix, status))) params.set(k, v);
  return `${sectionHref(studyHref, "vital-signs")}?${params}#${VITAL_LISTING.anchor}`;
}

export function testsDef(view: OverviewView, studyHref: string): TableDef<TestProgress> {
  const columns: TableColumn<TestProgress>[] = [
    { id: "test", header: "Test", value: (t) => t.label },
    { id: "type", header: "Record type", value: (t) => recordTypeLabel(t.recordType) },
    ...statusColumns<TestProgress>(
      (t) => t.counts,
      (t, status) => testHref(studyHref, t, status),
    ),
  ];
  return {
    columns,
    rows: view.tests,
    state: {
      columns: columns.map((c) => c.id),
      pageSizes: PAGE_SIZES,
      prefix: OVERVIEW_PLACES.tests.prefix,
    },
  };
}

export const testsCaption = (study: string) => `Your review of study ${study} by laboratory test and vital sign`;

/** "(no visit)": the records without a visit, as the sections' tables name them. */
export const visitWords = (visit: string | null) => visit ?? "(no visit)";

export function visitsDef(view: OverviewView, studyHref: string): TableDef<VisitProgress> {
  const columns: TableColumn<VisitProgress>[] = [
    { id: "visit", header: "Visit", value: (v) => visitWords(v.visit) },
    { id: "type", header: "Record type", value: (v) => recordTypeLabel(v.recordType) },
    ...statusColumns<VisitProgress>(
      (v) => v.counts,
      (v, status) => visitResultsHref(studyHref, v.recordType, v.visit, statusFilter(RESULTS_PREFIX, status)),
    ),
  ];
  return {
    columns,
    rows: view.visits,
    state: { columns: columns.map((c) => c.id), pageSizes: PAGE_SIZES, prefix: OVERVIEW_PLACES.visits.prefix },
  };
}

export const visitsCaption = (study: string) =>
  `Your review of study ${study} by visit (laboratory results and vital signs, visits in schedule order)`;
