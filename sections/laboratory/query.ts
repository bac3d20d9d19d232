/**
 * The laboratory section's URL contract, so that a link reproduces the page: the chosen test, and for its results
 * listing a unit, a visit, a quick choice and a shift-table cell; the subjects whose lines the charts show; the
 * addresses its counts, charts and data notes open, where its parts are on the page, and the URL prefixes of its
 * tables' state. Every value is checked on the way in; one that does not fit falls back to its default alone.
 * Whether a test, unit or visit exists is the loader's business (it knows the data).
 *
 *   test=code:LB0214  unit=U/L (unit= : no unit)  visit=Screening (visit= : no visit)  show=abnormal
 *   shift=low.N.L  subject=101-0001&subject=101-0002
 *   shift=high.N.*  (a row total: baseline N, any category after)  shift=high.*.H  (a column total)
 *   window=30  (days after the last dose that count after baseline, 0 to 365)
 *   scale=log  (the distribution charts' value axis: log; linear when absent)
 *   value_max=0  (the listing's numeric results of at most this value: the ones a log axis leaves out)
 *   phase=late  (the results after the on-treatment window; baseline, baseline-first-dose, baseline-fallback, after)
 *   issue=no-unit  (without a test: the study's results a data note counts, lib/clinical/measurements/issues.ts)
 *   at=Week 4 (at= : no visit)  (without a test or issue: every test's results at one visit, VISIT_LISTING)
 *   overview  tests.sort, tests.f_<column>, ... (lib/tables/url-state.ts)
 *   a test's, an issue's or a visit's results listing  res.sort, ... (sections/frame/measurement-columns.ts)
 *   a unit's distribution chart  dist<index>_table=1, dist<index>_... (components/charts/ChartPanel.tsx)
 *   the file of every result  all.sort, all.f_<column>, ... (docs/exports.md)
 *
 * The Liver safety page has its own (./liver-query.ts). No imports but the pure rules and the frame's addresses:
 * safe for client components (the chart's links, the subject picker).
 */
import { DEFAULT_WINDOW_DAYS, MAX_WINDOW_DAYS } from "@/lib/clinical/exposure/on-treatment";
import { RESULT_CHOICES, type ResultChoice } from "@/lib/clinical/laboratory/results";
import type { ShiftCategory, ShiftDirection } from "@/lib/clinical/laboratory/shift";
import { type MeasurementIssue, parseIssue } from "@/lib/clinical/measurements/issues";
import { LAB_ISSUES_ANCHOR, LAB_RESULTS_ANCHOR, VISIT_LISTING } from "@/sections/frame/addresses";

/** At most this many subjects' lines on a chart. */
export const MAX_LINES = 10;
const MAX_TEXT = 200;

/** A cell of a shift table, or a total: a null category (`*` in the address) is any category. */
export interface ShiftCell {
  direction: ShiftDirection;
  baseline: ShiftCategory | null;
  worst: ShiftCategory | null;
}

/**
 * The results of a test a listing can be narrowed to by the part they play in the shift tables
 * (lib/clinical/laboratory/baseline.ts): the baselines (all, or those found from the first dose, or by the visit-name
 * rule for subjects without one), the results counted after baseline, and those after the on-treatment window.
 */
export const PHASE_CHOICES = ["baseline", "baseline-first-dose", "baseline-fallback", "after", "late"] as const;
export type PhaseChoice = (typeof PHASE_CHOICES)[number];

export interface LabQuery {
  test: string | null;
  /** undefined: every unit; null: the results without a unit. */
  unit: string | null | undefined;
  /** undefined: every visit; null: the results without a visit. */
  visit: string | null | undefined;
  /** null: the test's default (abnormal results, or all results of a test without numeric results). */
  show: ResultChoice | null;
  shift: ShiftCell | null;
  subjects: string[];
  /** The results a data note counts, over every test (shown with the test overview). */
  issue: MeasurementIssue | null;
  /** Every test's results at one visit (null: those without a visit); undefined: no such listing. */
  at: string | null | undefined;
  /** Days after the last dose that still count after baseline (lib/clinical/exposure/on-treatment.ts). */
  window: number;
  /** The address gave a window that is no whole number of days from 0 to MAX_WINDOW_DAYS: the default is used. */
  windowIgnored: boolean;
  phase: PhaseChoice | null;
  /** The distribution charts' value axis (docs/clinical-rules.md, Distribution by visit: log leaves out <= 0). */
  scale: ValueScale;
  /** The listing's numeric results of at most this value (`value_max=`); null: no bound. */
  valueMax: number | null;
}

export const VALUE_SCALES = ["linear", "log"] as const;
export type ValueScale = (typeof VALUE_SCALES)[number];

export const DEFAULT_QUERY: LabQuery = {
  test: null,
  unit: undefined,
  visit: undefined,
  show: null,
  shift: null,
  subjects: [],
  issue: null,
  at: undefined,
  window: DEFAULT_WINDOW_DAYS,
  windowIgnored: false,
  phase: null,
  scale: "linear",
  valueMax: null,
};

type ParamSource = Pick<URLSearchParams, "get" | "getAll">;

const SHIFT = /^(low|high)\.([LNHM*])\.([LNHM*])$/;
const category = (c: string) => (c === "*" ? null : (c as ShiftCategory));
const shiftPart = (c: ShiftCategory | null) => c ?? "*";
const fits = (s: string) => s.length <= MAX_TEXT;

/** A present value of at most MAX_TEXT characters; "" reads as null (none), absent as undefined (any). */
function optional(searchParams: ParamSource, name: string): string | null | undefined {
  const v = searchParams.get(name);
  if (v === null || !fits(v)) return undefined;
  return v.trim() === "" ? null : v;
}

/**
 * A bound on values as the address writes it: a decimal number of at most nine digits before the point and six after
 * it (no exponent, so that what the links write back reads the same); null for anything else.
 */
function valueBound(text: string | null): number | null {
  if (text === null || !/^-?\d{1,9}(\.\d{1,6})?$/.test(text)) return null;
  // -0 is 0: the links write it back as 0.
  return Number(text) + 0;
}

/** Days as the address writes them: a whole number from 0 to MAX_WINDOW_DAYS; null for anything else. */
function windowDays(text: string | null): number | null {
  if (text === null || !/^\d{1,3}$/.test(text)) return null;
  const n = Number(text);
  return n <= MAX_WINDOW_DAYS ? n : null;
}

export function parseLabQuery(searchParams: ParamSource): LabQuery {
  const test = searchParams.get("test");
  const show = searchParams.get("show");
  const window = searchParams.get("window");
  const phase = searchParams.get("phase");
  const shift = SHIFT.exec(searchParams.get("shift") ?? "");
  const subjects = [...new Set(searchParams.getAll("subject").filter((s) => s.trim() !== "" && fits(s)))];
  return {
    test: test !== null && test.trim() !== "" && fits(test) ? test : null,
    unit: optional(searchParams, "unit"),
    visit: optional(searchParams, "visit"),
    show: (RESULT_CHOICES as readonly string[]).includes(show ?? "") ? (show as ResultChoice) : null,
    shift: shift
      ? {
          direction: shift[1] as ShiftDirection,
          baseline: category(shift[2]),
          worst: category(shift[3]),
        }
      : null,
    subjects: subjects.slice(0, MAX_LINES),
    issue: parseIssue(searchParams.get("issue")),
    at: optional(searchParams, VISIT_LISTING.param),
    window: windowDays(window) ?? DEFAULT_WINDOW_DAYS,
    windowIgnored: window !== null && windowDays(window) === null,
    phase: PHASE_CHOICES.find((p) => p === phase) ?? null,
    scale: searchParams.get("scale") === "log" ? "log" : "linear",
    valueMax: valueBound(searchParams.get("value_max")),
  };
}

/** The query string of a query, defaults left out (`?` included; "" for the overview). */
export function labSearch(q: Partial<LabQuery>): string {
  const searchParams = new URLSearchParams();
  if (q.test) searchParams.set("test", q.test);
  if (q.unit !== undefined) searchParams.set("unit", q.unit ?? "");
  if (q.visit !== undefined) searchParams.set("visit", q.visit ?? "");
  if (q.show) searchParams.set("show", q.show);
  if (q.shift)
    searchParams.set("shift", `${q.shift.direction}.${shiftPart(q.shift.baseline)}.${shiftPart(q.shift.worst)}`);
  for (const s of q.subjects ?? []) searchParams.append("subject", s);
  if (q.issue) searchParams.set("issue", q.issue);
  if (q.at !== undefined) searchParams.set(VISIT_LISTING.param, q.at ?? "");
  if (q.window !== undefined && q.window !== DEFAULT_WINDOW_DAYS) searchParams.set("window", String(q.window));
  if (q.phase) searchParams.set("phase", q.phase);
  if (q.scale === "log") searchParams.set("scale", "log");
  if (q.valueMax != null) searchParams.set("value_max", String(q.valueMax));
  const text = searchParams.toString();
  return text ? `?${text}` : "";
}

/** Where a test's results listing is on the page. */
export const RESULTS_ANCHOR = LAB_RESULTS_ANCHOR;
/** Where the overview lists the results a data note counts (`?issue=`). */
export const ISSUE_ANCHOR = LAB_ISSUES_ANCHOR;
/** The URL prefix of the test overview's table state. */
export const OVERVIEW_PREFIX = "tests.";
/** The URL prefix of the state (filters, search, sort) of the file of every result. */
export const ALL_RESULTS_PREFIX = "all.";
/** A unit's distribution chart: its name in the URL (`dist0_table=1`), by the unit's place among the test's. */
export const distributionId = (index: number) => `dist${index}`;

/** The address of a query of the laboratory section; `hash` jumps to a part of the page. */
export const labHref = (base: string, q: Partial<LabQuery>, hash = "") => `${base}${labSearch(q)}${hash}`;

/** The listing of a query's results (a test's, narrowed), at the listing. */
export const resultsHref = (base: string, q: Partial<LabQuery>) => labHref(base, q, `#${RESULTS_ANCHOR}`);

/**
 * The listing of the numeric results of a series (the test in one unit) that a log value axis leaves out: those of
 * 0 or less, at every visit and part, whatever the listing showed before.
 */
export const logLeftOutHref = (base: string, q: Partial<LabQuery>, unit: string | null) =>
  resultsHref(base, { ...q, unit, visit: undefined, show: "numeric", shift: null, phase: null, valueMax: 0 });

/** The listing of every test's results with a data note's issue, below the overview. */
export const issueHref = (base: string, issue: MeasurementIssue) => labHref(base, { issue }, `#${ISSUE_ANCHOR}`);

/** The Liver safety page, below the section's address. */
export const liverBase = (base: string) => `${base}/liver`;
