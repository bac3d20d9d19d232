/**
 * The laboratory section's state in its URL, so that a link reproduces the view: the chosen test, and for its
 * results listing a unit, a visit, a quick choice and a shift-table cell; the subjects whose lines the charts
 * show. Every value is checked on the way in; one that does not fit falls back to its default alone. Whether a
 * test, unit or visit exists is the loader's business (it knows the data).
 *
 *   test=code:LB0214  unit=U/L (unit= : no unit)  visit=Screening (visit= : no visit)  show=abnormal
 *   shift=low.N.L  subject=101-0001&subject=101-0002
 *   shift=high.N.*  (a row total: baseline N, any category after)  shift=high.*.H  (a column total)
 *   issue=no-unit  (without a test: the study's results a data note counts, lib/clinical/measurements/issues.ts)
 *
 * No imports but the pure rules: safe for client components (the chart's links, the subject picker).
 */
import { RESULT_CHOICES, type ResultChoice } from "@/lib/clinical/laboratory/results";
import type { ShiftCategory, ShiftDirection } from "@/lib/clinical/laboratory/shift";
import { type MeasurementIssue, parseIssue } from "@/lib/clinical/measurements/issues";

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

type Params = Pick<URLSearchParams, "get" | "getAll">;

const SHIFT = /^(low|high)\.([LNHM*])\.([LNHM*])$/;
const category = (c: string) => (c === "*" ? null : (c as ShiftCategory));
const shiftPart = (c: ShiftCategory | null) => c ?? "*";
const fits = (s: string) => s.length <= MAX_TEXT;

/** A present value of at most MAX_TEXT characters; "" reads as null (none), absent as undefined (any). */
function optional(params: Params, name: string): string | null | undefined {
  const v = params.get(name);
  if (v === null || !fits(v)) return undefined;
  return v.trim() === "" ? null : v;
}

export function parseLabQuery(params: Params): LabQuery {
  const test = params.get("test");
  const show = params.get("show");
  const shift = SHIFT.exec(params.get("shift") ?? "");
  const subjects = [...new Set(params.getAll("subject").filter((s) => s.trim() !== "" && fits(s)))];
  return {
    test: test !== null && test.trim() !== "" && fits(test) ? test : null,
    unit: optional(params, "unit"),
    visit: optional(params, "visit"),
    show: (RESULT_CHOICES as readonly string[]).includes(show ?? "") ? (show as ResultChoice) : null,
    shift: shift
      ? {
          direction: shift[1] as ShiftDirection,
          baseline: category(shift[2]),
          worst: category(shift[3]),
        }
      : null,
    subjects: subjects.slice(0, MAX_LINES),
    issue: parseIssue(params.get("issue")),
  };
}

/** The query string of a state, defaults left out (`?` included; "" for the overview). */
export function labSearch(q: Partial<LabQuery>): string {
  const params = new URLSearchParams();
  if (q.test) params.set("test", q.test);
  if (q.unit !== undefined) params.set("unit", q.unit ?? "");
  if (q.visit !== undefined) params.set("visit", q.visit ?? "");
  if (q.show) params.set("show", q.show);
  if (q.shift) params.set("shift", `${q.shift.direction}.${shiftPart(q.shift.baseline)}.${shiftPart(q.shift.worst)}`);
  for (const s of q.subjects ?? []) params.append("subject", s);
  if (q.issue) params.set("issue", q.issue);
  const text = params.toString();
  return text ? `?${text}` : "";
}
