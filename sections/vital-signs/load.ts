/**
 * The vital-signs view of a study, from the cached vital-signs Observations
 * only: the study's groups and their summaries (computed once per cached
 * entry), the group the URL chose, and the records its listing shows; the
 * records of every item that a data note counts or that one visit holds
 * (`issue=`, `at=`). The listings' rows stay on the server: the page hands
 * one page of them to the browser.
 */

import { dayReader } from "@/lib/clinical/common/visit-order";
import { resultFlag } from "@/lib/clinical/laboratory/reference-range";
import { hasIssue, type MeasurementIssue } from "@/lib/clinical/measurements/issues";
import type { MeasurementRow } from "@/lib/clinical/measurements/rows";
import type { VitalGroupKey } from "@/lib/clinical/vital-signs/groups";
import { type VitalDataCounts, type VitalGroupSummary, vitalStudySliced } from "@/lib/clinical/vital-signs/study";
import { derivedInSlices, derivedOf } from "@/lib/study/derived";
import { type SectionData, sectionData } from "@/lib/study/section-data";
import type { StudyData } from "@/lib/study/study-rows";
import type { ParamSource } from "@/lib/tables/url-state";
import { type VisitRecords, visitRecords } from "@/sections/frame/visit-listing";
import { parseVitalQuery, type VitalQuery } from "./query";

export interface VitalGroupChoice extends VitalGroupKey {
  records: number;
}

export interface VitalSignsView extends SectionData {
  /** Every group of the study, for the chooser. */
  groups: VitalGroupChoice[];
  /** The chosen group with its summary by visit; null when the study has no vital signs. */
  chosen: VitalGroupSummary | null;
  /** The listing's exact filters that the URL gave and the data has (undefined: not filtered). */
  filter: { visit?: string | null; value?: string | null; ranged?: boolean; counted?: boolean };
  /** The chosen group's records that pass the filters (server only). */
  listing: readonly MeasurementRow[];
  counts: VitalDataCounts;
  /** The records of every item that a data note counts, when the URL names the note's issue (server only). */
  issue: { issue: MeasurementIssue; rows: readonly MeasurementRow[] } | null;
  /**
   * Without an issue listing (which shares its table's state), every item's records at the visit the URL names
   * (`at=`), when the study's records have that visit; `at=` lists those without a visit, perhaps none (server only).
   */
  visit: VisitRecords | null;
  /** The URL named a visit that no record has (it is not repeated back). */
  unknownVisit: boolean;
}

/** The study's vital signs and their summary by group (computed once per cached entry). */
async function vitalSummary(study: StudyData) {
  const hit = await study.rows("vital-signs");
  const summary = await derivedInSlices("vital-signs:study", [hit.value], () => vitalStudySliced(hit.value.rows));
  return { hit, summary };
}

/** The group a page's listing shows, as its address chooses it (the reviewer's queue: where they are). */
export async function listedVitalGroup(study: StudyData, params: ParamSource): Promise<VitalGroupKey | null> {
  const chosen = chooseGroup((await vitalSummary(study)).summary.groups, parseVitalQuery(params));
  return chosen && { test: chosen.test, unit: chosen.unit, kind: chosen.kind };
}

export async function loadVitalSigns(study: StudyData, query: VitalQuery): Promise<VitalSignsView> {
  const { hit, summary } = await vitalSummary(study);
  const chosen = chooseGroup(summary.groups, query);
  const filter = chosen ? listingFilter(chosen, query) : {};
  const listing = chosen ? filteredRows(hit.value, chosen, filter) : [];
  const named = query.issue ? undefined : query.at;
  const visit = named === undefined ? null : await visitRecords("vital-signs", hit.value, named);
  return {
    ...sectionData({ "vital-signs": hit }),
    groups: summary.groups.map(({ test, unit, kind, rows }) => ({ test, unit, kind, records: rows.length })),
    chosen,
    filter,
    listing,
    counts: summary.counts,
    issue: query.issue ? { issue: query.issue, rows: issueRows(hit.value, query.issue) } : null,
    visit,
    unknownVisit: named !== undefined && !visit,
  };
}

/** The records a data note counts, in the partner's order: one array per issue (a handful) and cached entry. */
function issueRows(entry: { rows: MeasurementRow[] }, issue: MeasurementIssue) {
  return derivedOf("vital-signs:issue", issue, [entry], () => {
    // A date is read as the counts read it (lib/clinical/vital-signs/study.ts): what orders the visits.
    const dayOf = dayReader();
    return entry.rows.filter((r) => hasIssue(r, issue, (row) => !Number.isNaN(dayOf(row.collectedAt))));
  });
}

/** The URL's group when the data has it; else the item's first group of that kind; else the first numeric group. */
export function chooseGroup(groups: readonly VitalGroupSummary[], q: VitalQuery): VitalGroupSummary | null {
  const kind = q.text ? "text" : "number";
  const ofItem = groups.filter((g) => g.test === q.item);
  const exact = ofItem.find((g) => g.kind === kind && (kind === "text" || q.unit === undefined || g.unit === q.unit));
  return exact ?? ofItem[0] ?? groups.find((g) => g.kind === "number") ?? groups[0] ?? null;
}

function listingFilter(group: VitalGroupSummary, q: VitalQuery): VitalSignsView["filter"] {
  const filter: VitalSignsView["filter"] = {};
  if (q.visit !== undefined && group.rows.some((r) => r.visit === q.visit)) filter.visit = q.visit;
  if (group.kind === "text" && q.value !== undefined && group.rows.some((r) => r.text === q.value))
    filter.value = q.value;
  if (group.kind === "number" && q.ranged) filter.ranged = true;
  // The readings left out are asked for only where there are some; the counted ones always mean something.
  if (q.counted === true || (q.counted === false && group.leftOut.size > 0)) filter.counted = q.counted;
  return filter;
}

/**
 * The group's rows that pass the filters: the same array for the same filters while the entry is cached, so that
 * the server table's sorted order is kept between pages. Only names the data has reach here, kept in a bounded family.
 */
function filteredRows(entry: { rows: MeasurementRow[] }, group: VitalGroupSummary, f: VitalSignsView["filter"]) {
  if (f.visit === undefined && f.value === undefined && !f.ranged && f.counted === undefined) return group.rows;
  // An undefined filter is left out of the name, a null one ("none recorded") is kept: the two never meet.
  const { test, unit, kind } = group;
  const key = { test, unit, kind, visit: f.visit, value: f.value, r: f.ranged, c: f.counted };
  return derivedOf("vital-signs:listing", JSON.stringify(key), [entry], () =>
    group.rows.filter(
      (r) =>
        (f.visit === undefined || r.visit === f.visit) &&
        (f.value === undefined || r.text === f.value) &&
        (!f.ranged || resultFlag(r.value, r.range) !== null) &&
        (f.counted === undefined || f.counted !== group.leftOut.has(r)),
    ),
  );
}
