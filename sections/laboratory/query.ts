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
 *   issue=no-unit  (without a test: the study's results a data note counts, lib/clinical/measurements/issues.ts)
 *   overview  tests.sort, tests.f_<column>, ... (lib/tables/url-state.ts)
 *   a test's results listing  res.sort, ... (sections/frame/measurement-columns.ts)
 *   a unit's distribution chart  dist<index>_table=1, dist<index>_... (components/charts/ChartPanel.tsx)
 *   the file of every result  all.sort, all.f_<column>, ... (docs/exports.md)
 *
 * The Liver safety page has its own (./liver-query.ts). No imports but the pure rules and the frame's addresses:
 * safe for client components (the chart's links, the subject picker).
 */
import { RESULT_CHOICES, type ResultChoice } from "@/lib/clinical/laboratory/results";
import type { ShiftCategory, ShiftDirection } from "@/lib/clinical/laboratory/shift";
import { type MeasurementIssue, parseIssue } from "@/lib/clinical/measurements/issues";
import { LAB_ISSUES_ANCHOR } from "@/sections/frame/addresses";

/** At most this many subjects' lines on a chart. */
export const MAX_LINES = 10;
const MAX_TEXT = 200;

/** A cell of a shift table, or a total: a null category (`*` in the address) is any category. */
export interface ShiftCell {
  direction: ShiftDirection;
  baseline: ShiftCategory | null;
  worst: ShiftCategory | null;
}

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
}

export const DEFAULT_QUERY: LabQuery = {
  test: null,
  unit: undefined,
  visit: undefined,
  show: null,
  shift: null,
  subjects: [],
  issue: null,
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

export function parseLabQuery(searchParams: ParamSource): LabQuery {
  const test = searchParams.get("test");
  const show = searchParams.get("show");
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
  const text = searchParams.toString();
  return text ? `?${text}` : "";
}

/** Where a test's results listing is on the page. */
export const RESULTS_ANCHOR = "results";
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

/** The listing of every test's results with a data note's issue, below the overview. */
export const issueHref = (base: string, issue: MeasurementIssue) => labHref(base, { issue }, `#${ISSUE_ANCHOR}`);

/** The Liver safety page, below the section's address. */
export const liverBase = (base: string) => `${base}/liver`;
