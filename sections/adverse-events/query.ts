/**
 * The adverse-event page's state in the URL, so that a link reproduces the page. Every parameter is checked on
 * the way in; one that does not fit falls back to its default alone and its NAME (never its value) is reported:
 *
 *   whole page      teae=1 (treatment-emergent events only)   relatedness=conservative (which causality is related)
 *   table by term   by=sex|age|race   min=<0-100>   tsort=<column>   tdir=asc|desc   layout=soc (grouped by SOC)
 *   listing         scope=group|outside   subject=<subject ID>   term=<term>   soc=<system organ class>|Unmapped
 *                   worst=1..5|missing   grade=1..5|ge3|missing
 *                   related=1   ongoing=1   sex=<value>   age=<value>   race=<value>
 *                   flag=end-before-start|no-start|mixed-grades   ctcae=<version>|none   (the data notes' counts)
 *   listing table   ev_sort, ev_f_<column>, ev_q, ev_page, ev_size (lib/tables/url-state.ts)
 *   chart           aechart_table=1 (its data table open)
 *
 * What the filters select is in lib/clinical/adverse-events/listing.ts; values that depend on the data (a term, a
 * subgroup value, a subgroup's column) are checked against it by the loader (checkAgainstData). Below the query:
 * the page's addresses (what its links and its form carry), and the anchors they open. Nothing here reads the
 * server: safe for client components (the chart's).
 */

import {
  type AeListingFilter,
  FLAG_FILTERS,
  type FlagFilter,
  type GradeFilter,
  NO_CTCAE_VERSION,
  type WorstFilter,
} from "@/lib/clinical/adverse-events/listing-filter";
import type { Grade, Relatedness } from "@/lib/clinical/adverse-events/rows";
import { SUBGROUP_KINDS, type SubgroupKind } from "@/lib/clinical/adverse-events/study";
import { DEFAULT_TERM_ORDER, type TermOrder } from "@/lib/clinical/adverse-events/term-order";
import { type ParamSource, parseTableState, serializeTableState, type UrlStateOptions } from "@/lib/tables/url-state";
import { AE_LISTING } from "@/sections/frame/addresses";

/** The table by term's rows: terms alone, or terms under their system organ class. */
export type TermLayout = "term" | "soc";

export interface AeQuery {
  /** Subgroup columns of the table by term. */
  by: SubgroupKind | null;
  layout: TermLayout;
  order: TermOrder;
  filter: AeListingFilter;
  /** Parameters whose value was not understood and is ignored. */
  ignored: string[];
}

/** The listing table's parameter prefix (its sort, column filters, search and page). */
export const LISTING_PREFIX = AE_LISTING.prefix;
/** The listing's section on the page. */
export const LISTING_ANCHOR = AE_LISTING.anchor;
/** The table by term on the page. */
export const BY_TERM_ANCHOR = "ae-by-term";
/** The chart's name in the URL (its open data table: `aechart_table=1`). */
export const CHART_ID = "aechart";
const CHART_OPEN = `${CHART_ID}_table`;

export const LISTING_PARAMS = [
  "scope",
  "subject",
  "term",
  "soc",
  "worst",
  "grade",
  "related",
  "ongoing",
  "flag",
  "ctcae",
  ...SUBGROUP_KINDS,
] as const;

const MAX_TEXT = 200;
const GRADES = new Map<string, Grade>([
  ["1", 1],
  ["2", 2],
  ["3", 3],
  ["4", 4],
  ["5", 5],
]);

/** The value of a parameter if `accept` takes it; its default (and a note in `ignored`) otherwise. */
type Read = <T>(name: string, accept: (v: string) => T | undefined, fallback: T) => T;

function paramReader(searchParams: ParamSource, ignored: string[]): Read {
  return (name, accept, fallback) => {
    const raw = searchParams.get(name)?.trim();
    if (raw === undefined || raw === "") return fallback;
    const value = raw.length <= MAX_TEXT ? accept(raw) : undefined;
    if (value === undefined) ignored.push(name);
    return value ?? fallback;
  };
}

const text = (v: string) => v;
const flag = (v: string) => (v === "1" ? true : undefined);

/** The query from the page's search parameters, each checked for its form. */
export function parseAeQuery(searchParams: ParamSource): AeQuery {
  const ignored: string[] = [];
  const read = paramReader(searchParams, ignored);
  const sort = read<string | null>("tsort", text, null);
  const subgroup: Partial<Record<SubgroupKind, string>> = {};
  for (const kind of SUBGROUP_KINDS) {
    const value = read<string | null>(kind, text, null);
    if (value !== null) subgroup[kind] = value;
  }
  const query: AeQuery = {
    by: read<SubgroupKind | null>("by", (v) => SUBGROUP_KINDS.find((k) => k === v), null),
    layout: read<TermLayout>("layout", (v) => (v === "soc" || v === "term" ? v : undefined), "term"),
    order: {
      sort: sort ?? DEFAULT_TERM_ORDER.sort,
      desc: read("tdir", (v) => (v === "asc" ? false : v === "desc" ? true : undefined), sort !== "term"),
      minPercent: read("min", percent, 0),
    },
    filter: readFilter(read, subgroup),
    ignored,
  };
  return query;
}

/** The listing's filters (the subgroup values read before them). */
function readFilter(read: Read, subgroup: AeListingFilter["subgroup"]): AeListingFilter {
  return {
    scope: read<AeListingFilter["scope"]>(
      "scope",
      (v) => (["all", "group", "outside"] as const).find((s) => s === v),
      "all",
    ),
    subject: read<string | null>("subject", text, null),
    term: read<string | null>("term", text, null),
    soc: read<string | null>("soc", text, null),
    teae: read("teae", flag, false),
    relatedness: read<Relatedness>(
      "relatedness",
      (v) => (v === "assessed" || v === "conservative" ? v : undefined),
      "assessed",
    ),
    worst: read<WorstFilter | null>("worst", (v) => (v === "missing" ? v : GRADES.get(v)), null),
    grade: read<GradeFilter | null>("grade", (v) => (v === "missing" || v === "ge3" ? v : GRADES.get(v)), null),
    related: read("related", flag, false),
    ongoing: read("ongoing", flag, false),
    flag: read<FlagFilter | null>(
      "flag",
      (v) => (Object.hasOwn(FLAG_FILTERS, v) ? (v as FlagFilter) : undefined),
      null,
    ),
    ctcae: read<string | null>("ctcae", text, null),
    subgroup,
  };
}

/** A percentage 0-100 with at most two decimals. */
function percent(v: string): number | undefined {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(v)) return undefined;
  const n = Number(v);
  return n <= 100 ? n : undefined;
}

/** Whether the listing is narrowed by any of its filters. */
export function isFiltered(f: AeListingFilter): boolean {
  return (
    f.scope !== "all" ||
    f.subject !== null ||
    f.term !== null ||
    f.soc !== null ||
    f.worst !== null ||
    f.grade !== null ||
    f.related ||
    f.ongoing ||
    f.flag !== null ||
    f.ctcae !== null ||
    Object.keys(f.subgroup).length > 0
  );
}

/** A stable name of a filter, for the memo of its rows. */
export function filterKey(f: AeListingFilter): string {
  const subgroup = Object.entries(f.subgroup).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([
    f.scope,
    f.subject,
    f.term,
    f.soc,
    f.teae,
    f.relatedness,
    f.worst,
    f.grade,
    f.related,
    f.ongoing,
    f.flag,
    f.ctcae,
    subgroup,
  ]);
}

export interface AeQueryData {
  terms: ReadonlySet<string>;
  /** The system organ classes of the terms ("Unmapped" among them when a term has none). */
  socs: ReadonlySet<string>;
  /** The subjects that have events. */
  subjects: ReadonlySet<string>;
  subgroupValues: (kind: SubgroupKind) => readonly string[];
  /** The sort keys of the table by term as the query's subgroup makes it. */
  sortKeys: readonly string[];
  /** The CTCAE versions of the events as sent (null: none). */
  versions: ReadonlySet<string | null>;
}

/** The query with the values the data does not have dropped (and named in `ignored`). */
export function checkAgainstData(q: AeQuery, data: AeQueryData): AeQuery {
  const ignored = [...q.ignored];
  let { term, soc, subject, ctcae } = q.filter;
  if (ctcae !== null && !data.versions.has(ctcae === NO_CTCAE_VERSION ? null : ctcae)) {
    ignored.push("ctcae");
    ctcae = null;
  }
  if (term !== null && !data.terms.has(term)) {
    ignored.push("term");
    term = null;
  }
  if (soc !== null && !data.socs.has(soc)) {
    ignored.push("soc");
    soc = null;
  }
  if (subject !== null && !data.subjects.has(subject)) {
    ignored.push("subject");
    subject = null;
  }
  const subgroup: Partial<Record<SubgroupKind, string>> = {};
  for (const [kind, value] of Object.entries(q.filter.subgroup) as [SubgroupKind, string][]) {
    if (data.subgroupValues(kind).includes(value)) subgroup[kind] = value;
    else ignored.push(kind);
  }
  let order = q.order;
  if (!data.sortKeys.includes(order.sort)) {
    ignored.push("tsort");
    order = { ...DEFAULT_TERM_ORDER, minPercent: order.minPercent };
  }
  return { ...q, order, filter: { ...q.filter, term, soc, subject, ctcae, subgroup }, ignored };
}

/**
 * The parameters of a checked query, defaults left out: what the page's links carry of the query, so that a value
 * the page ignored (or a parameter it does not know) is never written back into them.
 */
export function aeQueryParams(q: AeQuery): URLSearchParams {
  const out = new URLSearchParams();
  const { order, filter: f } = q;
  if (f.teae) out.set("teae", "1");
  if (f.relatedness !== "assessed") out.set("relatedness", f.relatedness);
  if (q.by !== null) out.set("by", q.by);
  if (q.layout !== "term") out.set("layout", q.layout);
  if (order.minPercent > 0) out.set("min", String(order.minPercent));
  if (order.sort !== DEFAULT_TERM_ORDER.sort || order.desc !== DEFAULT_TERM_ORDER.desc) {
    out.set("tsort", order.sort);
    out.set("tdir", order.desc ? "desc" : "asc");
  }
  if (f.scope !== "all") out.set("scope", f.scope);
  if (f.subject !== null) out.set("subject", f.subject);
  if (f.term !== null) out.set("term", f.term);
  if (f.soc !== null) out.set("soc", f.soc);
  if (f.worst !== null) out.set("worst", String(f.worst));
  if (f.grade !== null) out.set("grade", String(f.grade));
  if (f.related) out.set("related", "1");
  if (f.ongoing) out.set("ongoing", "1");
  if (f.flag !== null) out.set("flag", f.flag);
  if (f.ctcae !== null) out.set("ctcae", f.ctcae);
  for (const kind of SUBGROUP_KINDS) {
    const value = f.subgroup[kind];
    if (value !== undefined) out.set(kind, value);
  }
  return out;
}

/**
 * The page's state as its links and its form carry it: the query as the page understood it (after its checks
 * against the data), the listing table's state as read (`listing`: its URL state's options), and whether the
 * chart's data table is open. Nothing else of the address is repeated: a parameter the page does not know, or a
 * value it ignored, would otherwise be written into every count's link (hundreds of them), and a long address would
 * make a response of megabytes.
 */
export function carriedParams(query: AeQuery, searchParams: ParamSource, listing: UrlStateOptions): URLSearchParams {
  const carried = aeQueryParams(query);
  serializeTableState(parseTableState(searchParams, listing), new URLSearchParams(), listing).forEach((value, key) => {
    carried.append(key, value);
  });
  if (searchParams.get(CHART_OPEN) === "1") carried.set(CHART_OPEN, "1");
  return carried;
}

/*
 * The addresses below take the page's carried state (carriedParams). A count opens the listing filtered to the
 * records behind it: the link replaces the listing's filters, its column filters, search and page (they could hide
 * some of those records) and keeps the rest of the page (subgroup, minimum incidence, the orders, the page size).
 */

export type ListingParams = Partial<Record<(typeof LISTING_PARAMS)[number], string>>;

const href = (base: string, searchParams: URLSearchParams, hash = "") => {
  const search = searchParams.toString();
  return `${base}${search ? `?${search}` : ""}${hash}`;
};

/** The listing filtered by exactly these parameters. */
export function listingHref(base: string, carried: URLSearchParams, filter: ListingParams): string {
  const next = new URLSearchParams();
  const dropped = (key: string) =>
    (LISTING_PARAMS as readonly string[]).includes(key) ||
    key === `${LISTING_PREFIX}page` ||
    key === `${LISTING_PREFIX}q` ||
    key.startsWith(`${LISTING_PREFIX}f_`);
  carried.forEach((value, key) => {
    if (!dropped(key)) next.append(key, value);
  });
  for (const [key, value] of Object.entries(filter)) if (value !== undefined) next.set(key, value);
  return href(base, next, `#${LISTING_ANCHOR}`);
}

/** The listing with its current filters changed (a quick filter on or off, one filter removed); page 1. */
export function listingChangeHref(base: string, carried: URLSearchParams, change: Record<string, string | null>) {
  return pageHref(base, carried, { ...change, [`${LISTING_PREFIX}page`]: null }, `#${LISTING_ANCHOR}`);
}

/** The page with some of its other parameters set or removed (null), the listing untouched. */
export function pageHref(base: string, carried: URLSearchParams, change: Record<string, string | null>, hash = "") {
  const next = new URLSearchParams(carried);
  for (const [key, value] of Object.entries(change)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  return href(base, next, hash);
}
