/**
 * The vital-signs section's URL contract: its query, the addresses its counts and data notes open, where its
 * listings are on the page, and the URL prefixes of its tables' state.
 *
 *   item=<item>  unit=<unit> (unit= : no unit)  text=1 (the item's results without a number)
 *   visit=<visit> (visit= : no visit)  value=<text> (value= : no result)  range=1 (numbers flagged against a range)
 *   counted=1 (the readings the summary counts, one per subject and visit)  counted=0 (the records it leaves out)
 *   issue=no-unit  (the records a data note counts, over every item: lib/clinical/measurements/issues.ts)
 *   at=Week 4 (at= : no visit)  (without an issue: every item's records at one visit, VISIT_LISTING)
 *   listing   vs_sort, vs_f_<column>, vs_q, vs_page, vs_size (lib/tables/url-state.ts)
 *   an issue's or a visit's records   res.sort, ... (sections/frame/measurement-columns.ts)
 *   summary   sum_...    distribution chart   vsdist_table=1, vsdist_... (components/charts/ChartPanel.tsx)
 *
 * Values are read as they are, bounded in length; whether they name anything is decided against the data
 * (./load.ts), and what does not falls back to the default, never to an error.
 */
import { type MeasurementIssue, parseIssue } from "@/lib/clinical/measurements/issues";
import type { VitalGroupKey } from "@/lib/clinical/vital-signs/groups";
import type { ParamSource } from "@/lib/tables/url-state";
import { VISIT_LISTING, VITAL_LISTING, vitalGroupParams } from "@/sections/frame/addresses";

export interface VitalQuery {
  item?: string;
  /** undefined: not given; null: numbers without a unit. */
  unit?: string | null;
  text: boolean;
  visit?: string | null;
  value?: string | null;
  /** Only the numbers whose record has a range with a bound (flagged L, N or H). */
  ranged?: boolean;
  /** true: only the readings the summary counts; false: only the records it leaves out; undefined: every record. */
  counted?: boolean;
  issue: MeasurementIssue | null;
  /** Every item's records at one visit (null: those without a visit); undefined: no such listing. */
  at?: string | null;
}

const MAX_PARAM = 200;

/** A parameter as given: undefined when absent or too long; null when empty. */
function param(searchParams: ParamSource, name: string): string | null | undefined {
  const v = searchParams.get(name);
  if (v === null || v.length > MAX_PARAM) return undefined;
  return v === "" ? null : v;
}

export function parseVitalQuery(searchParams: ParamSource): VitalQuery {
  const item = param(searchParams, "item");
  return {
    item: item ?? undefined,
    unit: param(searchParams, "unit"),
    text: searchParams.get("text") === "1",
    visit: param(searchParams, "visit"),
    value: param(searchParams, "value"),
    ranged: searchParams.get("range") === "1",
    counted: countedParam(searchParams.get("counted")),
    issue: parseIssue(searchParams.get("issue")),
    at: param(searchParams, VISIT_LISTING.param),
  };
}

function countedParam(value: string | null): boolean | undefined {
  return value === "1" ? true : value === "0" ? false : undefined;
}

/** Where the listing of the chosen group's records is on the page, and the URL prefix of its table state. */
export const LISTING_ANCHOR = VITAL_LISTING.anchor;
export const LISTING_PREFIX = VITAL_LISTING.prefix;
/** The URL prefix of the summary by visit's table state. */
export const SUMMARY_PREFIX = "sum_";
/** The distribution chart's name in the URL (its data table's state). */
export const DISTRIBUTION_ID = "vsdist";
/** Where the page lists the records a data note counts (`?issue=`). */
export const ISSUE_ANCHOR = "vital-issue";

/**
 * Where the listing filters lead: a group, and optionally one visit, one text of it, its numbers with a range, and
 * the readings its summary counts (or leaves out).
 */
export interface VitalTarget extends VitalGroupKey {
  visit?: string | null;
  value?: string | null;
  ranged?: boolean;
  counted?: boolean;
}

/**
 * The section's address for a group and listing filter, with `more` parameters (a listing column's filter) and an
 * `#anchor`; any other table state starts afresh.
 */
export function vitalHref(base: string, target: VitalTarget, more: Record<string, string> = {}, anchor?: string) {
  const searchParams = vitalGroupParams(target);
  if (target.visit !== undefined) searchParams.set("visit", target.visit ?? "");
  if (target.value !== undefined) searchParams.set("value", target.value ?? "");
  if (target.ranged) searchParams.set("range", "1");
  if (target.counted !== undefined) searchParams.set("counted", target.counted ? "1" : "0");
  for (const [k, v] of Object.entries(more)) searchParams.set(k, v);
  return `${base}?${searchParams.toString()}${anchor ? `#${anchor}` : ""}`;
}

/**
 * The listing of a group's records at one visit (and text), optionally narrowed by its table's flag filter: the
 * readings a summary's count counts (`counted`, given where the group has records its summary leaves out).
 */
export function visitListingHref(
  base: string,
  group: VitalGroupKey,
  at: { visit: string | null; value?: string | null; flag?: string; ranged?: boolean; counted?: boolean },
) {
  const { test, unit, kind } = group;
  const target = { test, unit, kind, visit: at.visit, value: at.value, ranged: at.ranged, counted: at.counted };
  return vitalHref(base, target, at.flag ? { [`${LISTING_PREFIX}f_flag`]: at.flag } : {}, LISTING_ANCHOR);
}

/** The listing of every item's records with a data note's issue. */
export const issueHref = (base: string, issue: MeasurementIssue) => `${base}?issue=${issue}#${ISSUE_ANCHOR}`;
