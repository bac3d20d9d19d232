/**
 * The adverse-events section of a study, from the cached Group, Patient, AdverseEvent and MedicationStatement rows
 * (the study drug's first dose per subject, for treatment-emergent events and study days). Every aggregate is
 * computed once per cached entry and reused by every request, so that paging or sorting the listing of 17,600
 * events does not count them again: the study's own aggregates (distinct events, listing rows, overview, the
 * report's table by term, data notes) in slices at the first request (docs/performance.md, Derived values); the
 * tables of the treatment-emergent events, per subgroup and by system organ class, and each filtered listing as
 * requests name them.
 */
import { type AeAggregates, aeAggregatesSliced } from "@/lib/clinical/adverse-events/aggregates";
import { type AeListingRow, filterListing, subjectsOf } from "@/lib/clinical/adverse-events/listing";
import type { AeQuality } from "@/lib/clinical/adverse-events/quality";
import { aeBySoc, groupBySoc, type SocGroup } from "@/lib/clinical/adverse-events/soc-table";
import { type AeStudy, subgroupValues, treatmentEmergentOnly } from "@/lib/clinical/adverse-events/study";
import {
  type AeByTerm,
  type AeOverview,
  aeByTerm,
  aeOverview,
  type TermRow,
} from "@/lib/clinical/adverse-events/summary";
import { chartTerms, orderTerms, termSortKeys } from "@/lib/clinical/adverse-events/term-order";
import { derived, derivedInSlices, derivedOf } from "@/lib/study/derived";
import { type SectionData, sectionData } from "@/lib/study/section-data";
import { loadStudyExposure } from "@/lib/study/study-exposure";
import type { StudyData } from "@/lib/study/study-rows";
import { wholeStudyAgeYear } from "@/sections/frame/filtered-study";
import { type AeQuery, checkAgainstData, filterKey } from "./query";

/** How many terms the chart shows: the most frequent. */
export const CHART_TERMS = 20;

type Deps = readonly [object, ...object[]];

export interface AdverseEventsView extends SectionData {
  /** The query as applied: values the data does not have are dropped and named in `ignored`. */
  query: AeQuery;
  /** The overview of the events the page counts (all, or the treatment-emergent), related as the query reads it. */
  overview: AeOverview;
  /** The table by term with the query's subgroup columns; `terms` are its rows as filtered and ordered. */
  byTerm: AeByTerm;
  terms: TermRow[];
  /** With `layout=soc`: the terms shown, under their system organ classes; null otherwise. */
  socGroups: SocGroup[] | null;
  /**
   * The most frequent terms (at most CHART_TERMS) among those the minimum incidence keeps, in the report's order;
   * how many the minimum keeps, and how many terms there are.
   */
  chart: { rows: readonly TermRow[]; kept: number; of: number };
  /** The listing's rows that pass the query's filters (the same array for the same filters and data). */
  listing: readonly AeListingRow[];
  listingSubjects: readonly string[];
  /** Every distinct event, before the listing's filters. */
  events: number;
  quality: AeQuality;
  /** Group members whose reference names no Patient. */
  unreadableMembers: number;
}

export async function loadAdverseEvents(study: StudyData, raw: AeQuery): Promise<AdverseEventsView> {
  // All at once: each is its own cache entry and single flight.
  const [group, patients, adverseEvents, medications, exposure, ageReferenceYear] = await Promise.all([
    study.rows("Group"),
    study.rows("Patient"),
    study.rows("AdverseEvent"),
    study.rows("MedicationStatement"),
    loadStudyExposure(study),
    // A study narrowed by the study filter keeps the whole study's age groups.
    wholeStudyAgeYear(study),
  ]);
  // The AdverseEvent rows hold the memo; a reload of any of the four computes again.
  const deps = [adverseEvents.value, group.value, patients.value, medications.value] as const;
  const base = await derivedInSlices("adverse-events:aggregates", deps, () =>
    aeAggregatesSliced({
      members: group.value.rows.flatMap((g) => g.members),
      patients: patients.value.rows,
      events: adverseEvents.value.rows,
      firstDoses: new Map([...exposure.bySubject].map(([id, e]) => [id, e.firstDose])),
      ageReferenceYear,
    }),
  );
  const { teae, relatedness } = raw.filter;
  const counted = teae ? derived("adverse-events:teae", deps, () => treatmentEmergentOnly(base.study)) : base.study;
  const tables = countedTables(base, counted, raw, deps);
  const query = checkedQuery(raw, base, tables.byTerm, deps);
  // One per filter that the data has (checked above): a family of its own (./derived.ts).
  const listing = derivedOf("adverse-events:listing", filterKey(query.filter), deps, () => {
    const chosen = filterListing(base.study, base.rows, query.filter);
    return { rows: chosen, subjects: subjectsOf(chosen) };
  });
  const terms = orderTerms(tables.byTerm, query.order);
  const bySoc =
    raw.layout === "soc"
      ? derived(`adverse-events:by-soc:${raw.by}:${teae}`, deps, () => aeBySoc(counted, raw.by))
      : null;
  return {
    ...sectionData({ Group: group, Patient: patients, AdverseEvent: adverseEvents, MedicationStatement: medications }),
    query,
    overview:
      teae || relatedness !== "assessed"
        ? derived(`adverse-events:overview:${teae}:${relatedness}`, deps, () => aeOverview(counted, relatedness))
        : base.overview,
    byTerm: tables.byTerm,
    terms,
    socGroups: bySoc ? groupBySoc(bySoc, terms, query.order) : null,
    chart: chartTerms(tables.report, query.order.minPercent, CHART_TERMS),
    listing: listing.rows,
    listingSubjects: listing.subjects,
    events: base.rows.length,
    quality: base.quality,
    unreadableMembers: group.value.rows.reduce((n, g) => n + g.unreadable, 0),
  };
}

/** The report's table by term (the chart's) and the one with the query's subgroup, of the events counted. */
function countedTables(base: AeAggregates, counted: AeStudy, raw: AeQuery, deps: Deps) {
  const { teae } = raw.filter;
  const report = teae ? derived("adverse-events:report:teae", deps, () => aeByTerm(counted, null)) : base.report;
  const byTerm = raw.by
    ? derived(`adverse-events:by-term:${raw.by}:${teae}`, deps, () => aeByTerm(counted, raw.by))
    : report;
  return { report, byTerm };
}

/** The query with the values the data does not have dropped (terms, SOCs, subjects, subgroups, sort keys...). */
function checkedQuery(raw: AeQuery, base: AeAggregates, byTerm: AeByTerm, deps: Deps) {
  return checkAgainstData(raw, {
    terms: base.terms,
    socs: base.socs,
    subjects: base.subjects,
    subgroupValues: (kind) =>
      derived(`adverse-events:subgroups:${kind}`, deps, () => subgroupValues(base.study, kind)).map((s) => s.value),
    sortKeys: termSortKeys(byTerm),
    versions: base.versions,
  });
}
