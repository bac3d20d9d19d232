/**
 * The adverse-events section of a study, from the cached Group, Patient and AdverseEvent rows. Every aggregate
 * goes through derived(): the study's distinct events, the overview, the table by term (per subgroup), the
 * listing's rows and each filtered listing are computed once per cached entry and reused by every request, so
 * that paging or sorting the listing of 17,600 events does not count them again.
 */
import { type AeListingRow, aeListingRows, filterListing, subjectsOf } from "@/lib/clinical/ae-listing";
import { type AeQuality, aeQuality } from "@/lib/clinical/ae-quality";
import { type AeStudy, aeStudy, subgroupValues } from "@/lib/clinical/ae-study";
import { type AeByTerm, type AeOverview, aeByTerm, aeOverview, type TermRow } from "@/lib/clinical/ae-summary";
import { chartTerms, orderTerms, termSortKeys } from "@/lib/clinical/ae-term-order";
import { type AeQuery, checkAgainstData, filterKey } from "./adverse-events-query";
import { derived, derivedOf } from "./derived";
import { type SectionData, sectionData } from "./section-data";
import type { StudyData } from "./study-rows";

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
  const memo: Memo = (name, compute) => derived(`adverse-events:${name}`, deps, compute);
  const ae: AeStudy = memo("study", () =>
    aeStudy({
      members: group.value.rows.flatMap((g) => g.members),
      patients: patients.value.rows,
      events: adverseEvents.value.rows,
    }),
  );
  const rows = memo("listing-rows", () => aeListingRows(ae));
  const byTerm = memo(`by-term:${raw.by ?? "none"}`, () => aeByTerm(ae, raw.by));
  const query = checkedQuery(raw, ae, rows, byTerm, memo);
  // One per filter that the data has (checked above): a family of its own (./derived.ts).
  const listing = derivedOf("adverse-events:listing", filterKey(query.filter), deps, () => {
    const chosen = filterListing(ae, rows, query.filter);
    return { rows: chosen, subjects: subjectsOf(chosen) };
  });
  const report = memo("by-term:none", () => aeByTerm(ae, null));
  return {
    ...sectionData({ Group: group, Patient: patients, AdverseEvent: adverseEvents }),
    query,
    overview: memo("overview", () => aeOverview(ae)),
    byTerm,
    terms: orderTerms(byTerm, query.order),
    chart: chartTerms(report, query.order.minPercent, CHART_TERMS),
    listing: listing.rows,
    listingSubjects: listing.subjects,
    events: rows.length,
    quality: memo("quality", () => aeQuality(ae, rows)),
    unreadableMembers: group.value.rows.reduce((n, g) => n + g.unreadable, 0),
  };
}

/** A value computed once per cached entry of the section's rows. */
type Memo = <T>(name: string, compute: () => T) => T;

/** The query with the values the data does not have dropped (terms, subjects, subgroups, sort keys, versions). */
function checkedQuery(raw: AeQuery, ae: AeStudy, rows: readonly AeListingRow[], byTerm: AeByTerm, memo: Memo) {
  const terms = memo("terms", () => new Set(ae.events.map((e) => e.term)));
  const subjects = memo(
    "subjects",
    () => new Set(ae.events.flatMap((e) => (e.subjectId === null ? [] : [e.subjectId]))),
  );
  return checkAgainstData(raw, {
    terms,
    subjects,
    subgroupValues: (kind) => memo(`subgroups:${kind}`, () => subgroupValues(ae, kind)).map((s) => s.value),
    sortKeys: termSortKeys(byTerm),
    versions: memo("versions", () => new Set(rows.map((r) => r.ctcaeVersion))),
  });
}
