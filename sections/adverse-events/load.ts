/**
 * The adverse-events section of a study, from the cached Group, Patient and AdverseEvent rows. Every aggregate
 * is computed once per cached entry and reused by every request, so that paging or sorting the listing of 17,600
 * events does not count them again: the study's own aggregates (distinct events, listing rows, overview, the
 * report's table by term, data notes) in slices at the first request (docs/performance.md, Derived values), the table
 * by term per subgroup and each filtered listing as requests name them.
 */
import { type AeAggregates, aeAggregatesSliced } from "@/lib/clinical/adverse-events/aggregates";
import { type AeListingRow, filterListing, subjectsOf } from "@/lib/clinical/adverse-events/listing";
import type { AeQuality } from "@/lib/clinical/adverse-events/quality";
import { subgroupValues } from "@/lib/clinical/adverse-events/study";
import { type AeByTerm, type AeOverview, aeByTerm, type TermRow } from "@/lib/clinical/adverse-events/summary";
import { chartTerms, orderTerms, termSortKeys } from "@/lib/clinical/adverse-events/term-order";
import { derived, derivedInSlices, derivedOf } from "@/lib/study/derived";
import { type SectionData, sectionData } from "@/lib/study/section-data";
import type { StudyData } from "@/lib/study/study-rows";
import { type AeQuery, checkAgainstData, filterKey } from "./query";

/** How many terms the chart shows: the most frequent. */
export const CHART_TERMS = 20;

export interface AdverseEventsView extends SectionData {
  /** The query as applied: values the data does not have are dropped and named in `ignored`. */
  query: AeQuery;
  overview: AeOverview;
  /** The table by term with the query's subgroup columns; `terms` are its rows as filtered and ordered. */
  byTerm: AeByTerm;
  terms: TermRow[];
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
  // All three at once: each is its own cache entry and single flight.
  const [group, patients, adverseEvents] = await Promise.all([
    study.rows("Group"),
    study.rows("Patient"),
    study.rows("AdverseEvent"),
  ]);
  // The AdverseEvent rows hold the memo; a reload of any of the three computes again.
  const deps = [adverseEvents.value, group.value, patients.value] as const;
  const base = await derivedInSlices("adverse-events:aggregates", deps, () =>
    aeAggregatesSliced({
      members: group.value.rows.flatMap((g) => g.members),
      patients: patients.value.rows,
      events: adverseEvents.value.rows,
    }),
  );
  const ae = base.study;
  const byTerm = raw.by ? derived(`adverse-events:by-term:${raw.by}`, deps, () => aeByTerm(ae, raw.by)) : base.report;
  const query = checkedQuery(raw, base, byTerm, deps);
  // One per filter that the data has (checked above): a family of its own (./derived.ts).
  const listing = derivedOf("adverse-events:listing", filterKey(query.filter), deps, () => {
    const chosen = filterListing(ae, base.rows, query.filter);
    return { rows: chosen, subjects: subjectsOf(chosen) };
  });
  return {
    ...sectionData({ Group: group, Patient: patients, AdverseEvent: adverseEvents }),
    query,
    overview: base.overview,
    byTerm,
    terms: orderTerms(byTerm, query.order),
    chart: chartTerms(base.report, query.order.minPercent, CHART_TERMS),
    listing: listing.rows,
    listingSubjects: listing.subjects,
    events: base.rows.length,
    quality: base.quality,
    unreadableMembers: group.value.rows.reduce((n, g) => n + g.unreadable, 0),
  };
}

/** The query with the values the data does not have dropped (terms, subjects, subgroups, sort keys, versions). */
function checkedQuery(raw: AeQuery, base: AeAggregates, byTerm: AeByTerm, deps: readonly [object, ...object[]]) {
  return checkAgainstData(raw, {
    terms: base.terms,
    subjects: base.subjects,
    subgroupValues: (kind) =>
      derived(`adverse-events:subgroups:${kind}`, deps, () => subgroupValues(base.study, kind)).map((s) => s.value),
    sortKeys: termSortKeys(byTerm),
    versions: base.versions,
  });
}
