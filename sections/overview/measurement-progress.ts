import type { TableColumn } from "@/lib/tables/server-table";
import type { TableDef } from "@/lib/tables/table-def";
import { visitResultsHref } from "@/sections/frame/addresses";
import { RESULTS_PREFIX } from "@/sections/frame/measurement-columns";
import { recordTypeLabel } from "@/sections/frame/record-type-labels";
import type { OverviewView } from "./load";
import type { TestProgress, VisitProgress } from "./progress";
import { statusFilter, testHref } from "./progress-hrefs";
import { OVERVIEW_PLACES, PAGE_SIZES, statusColumns } from "./tables";

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
