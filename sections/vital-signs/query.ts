/**
 * The vital-signs view's own URL state, besides its tables' sort, filters and
 * pages: the chosen group (`item`, `unit`, `text=1` for an item's results
 * without a number) and the listing's exact filters (`visit`, `value` for a
 * text, `range=1` for the numbers flagged against a range); `issue` the records a data note counts, over every item
 * (lib/clinical/measurements/issues.ts). An empty `unit`, `visit` or `value` means "none recorded". Values are
 * read as they are, bounded in length; whether they name anything is decided
 * against the data (load-vital-signs.ts), and what does not falls back to the
 * default, never to an error.
 */
import { type MeasurementIssue, parseIssue } from "@/lib/clinical/measurements/issues";
import type { VitalGroupKey } from "@/lib/clinical/vital-signs/groups";
import type { ParamSource } from "@/lib/tables/url-state";

export interface VitalQuery {
  item?: string;
  /** undefined: not given; null: numbers without a unit. */
  unit?: string | null;
  text: boolean;
  visit?: string | null;
  value?: string | null;
  /** Only the numbers whose record has a range with a bound (flagged L, N or H). */
  ranged?: boolean;
  issue: MeasurementIssue | null;
}

const MAX_PARAM = 200;

/** A parameter as given: undefined when absent or too long; null when empty. */
function param(params: ParamSource, name: string): string | null | undefined {
  const v = params.get(name);
  if (v === null || v.length > MAX_PARAM) return undefined;
  return v === "" ? null : v;
}

export function parseVitalQuery(params: ParamSource): VitalQuery {
  const item = param(params, "item");
  return {
    item: item ?? undefined,
    unit: param(params, "unit"),
    text: params.get("text") === "1",
    visit: param(params, "visit"),
    value: param(params, "value"),
    ranged: params.get("range") === "1",
    issue: parseIssue(params.get("issue")),
  };
}

/** Where the listing filters lead: a group, and optionally one visit, one text of it, or its numbers with a range. */
export interface VitalTarget extends VitalGroupKey {
  visit?: string | null;
  value?: string | null;
  ranged?: boolean;
}

/**
 * The section's address for a group and listing filter, with `more` parameters (a listing column's filter) and an
 * `#anchor`; any other table state starts afresh.
 */
export function vitalHref(base: string, target: VitalTarget, more: Record<string, string> = {}, anchor?: string) {
  const q = new URLSearchParams({ item: target.test });
  if (target.kind === "text") q.set("text", "1");
  else q.set("unit", target.unit ?? "");
  if (target.visit !== undefined) q.set("visit", target.visit ?? "");
  if (target.value !== undefined) q.set("value", target.value ?? "");
  if (target.ranged) q.set("range", "1");
  for (const [k, v] of Object.entries(more)) q.set(k, v);
  return `${base}?${q.toString()}${anchor ? `#${anchor}` : ""}`;
}
