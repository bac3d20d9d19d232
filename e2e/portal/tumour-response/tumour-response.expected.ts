/**
 * What the Tumour response pages must show, built here from the partner API's own DiagnosticReport (assessment)
 * and imaging Observation (lesion) records over HTTP, with the rules of docs/clinical-rules.md ("Tumour response
 * (portal derivations)") written out once more in this file, never imported from lib/:
 * - the baseline is the assessment with timepoint 0; days since baseline count calendar days (baseline day 0);
 * - best overall response (no confirmation): over the assessments after baseline up to and including the first
 *   PD, CR if any, else PR if any, else SD (Non-CR/Non-PD for a subject with non-target disease only, or when every
 *   such response was Non-CR/Non-PD) if any CR, PR, SD or Non-CR/Non-PD lies 42 days or more after baseline, else PD
 *   if there was one, else NE; a signed conclusion is read as CR, PR, SD, Non-CR/Non-PD, PD, NE by its words;
 * - recomputed: each assessment's overall response from its lesions (target sum: disappeared 0 mm, too small 5 mm,
 *   not assessed or not evaluable unknown; thresholds -30 % from baseline, +20 % and +5 mm over the nadir; a new
 *   lesion or a non-target in unequivocal progression is PD; after an overall CR, any lesion seen again is PD);
 *   without a target at baseline, RECIST 1.1 Table 2: the non-target response (CR, Non-CR/Non-PD, NE) or PD;
 * - a lymph node: its organ names one in whole words (`Lymph node`), never `nodule`;
 * - N: subjects with a baseline whose target sum is known and above 0, or with non-target lesions and no target
 *   (non-target disease only), and an assessment after it.
 */
import type { APIRequestContext } from "@playwright/test";
import { northstarToken, type Res, searchAll } from "../../support/partner-api";

export type Bor = "CR" | "PR" | "SD" | "Non-CR/Non-PD" | "PD" | "NE";
export const NN = "Non-CR/Non-PD";

export interface Lesion {
  id: string;
  label: string;
  category: string;
  organ: string;
  state: string;
  value: number | null;
}

export interface Assessment {
  key: string;
  date: string;
  name: string;
  timepoint: number;
  reportedSum: number | null;
  conclusion: string;
  lesions: Lesion[];
  /** Days since baseline; set for the baseline and later. */
  day: number;
  /** Recomputed target sum and the nadir before this assessment. */
  sum: number | null;
  nadir: number | null;
  overall: Bor | null;
}

export interface ExpectedSubject {
  id: string;
  assessments: Assessment[];
  /** The baseline has non-target lesions and no target (RECIST 1.1 Table 2). */
  nonTargetOnly: boolean;
  evaluable: boolean;
  signed: Bor;
  recomputed: Bor;
}

const ext = (r: Res, name: string) => r.extension?.find((e) => e.url.endsWith(`#${name}`));
const text = (r: Res, name: string) => ext(r, name)?.valueString ?? "";
const days = (a: string, b: string) => (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;
/** A signed conclusion read as a response, by its words. */
export const SIGNED: Record<string, Bor> = {
  "Complete Response": "CR",
  "Partial Response": "PR",
  "Stable Disease": "SD",
  "Non-CR/Non-PD": "Non-CR/Non-PD",
  "Progressive Disease": "PD",
  "Not Evaluable": "NE",
};

const isNode = (l: Lesion) => /\b(lymph nodes?|nodes?|nodal)\b/i.test(l.organ);
const unknown = (l: Lesion) => l.state === "Not assessed" || l.state === "Not evaluable";
const adds = (l: Lesion) => (l.state === "Disappeared" ? 0 : l.state === "Too small" ? 5 : unknown(l) ? null : l.value);
const round = (mm: number) => Math.round(mm * 1000) / 1000;

function sumOf(targets: Lesion[], missing: number): number | null {
  if (targets.length === 0 || missing > 0) return null;
  const parts = targets.map(adds);
  return parts.some((p) => p === null) ? null : round((parts as number[]).reduce((a, b) => a + b, 0));
}

const grew = (sum: number, nadir: number) => sum - nadir >= 5 - 1e-6 && sum >= 1.2 * nadir - 1e-6;
const resolved = (t: Lesion) =>
  t.state === "Disappeared" ||
  (!unknown(t) && (isNode(t) ? t.state === "Too small" || (t.value !== null && t.value < 10) : t.value === 0));

function overall(a: Assessment, base: Assessment, baseSum: number | null, nadir: number | null, afterCr: boolean): Bor {
  const of = (x: Assessment, c: string) => x.lesions.filter((l) => l.category === c);
  const [targets, nonTargets] = [of(a, "Target"), of(a, "Non-target")];
  const missing = (c: string, now: Lesion[]) => of(base, c).filter((b) => !now.some((l) => l.label === b.label)).length;
  const sum = sumOf(targets, missing("Target", targets));
  a.sum = sum;
  const tableTwo = of(base, "Target").length === 0;
  const seen = (l: Lesion) => !unknown(l);
  let target: Bor | "None";
  if (tableTwo) target = "None";
  else if (afterCr && targets.some((t) => seen(t) && !resolved(t))) target = "PD";
  else if (sum === null) {
    const measured = targets.map(adds).filter((x) => x !== null) as number[];
    const m = measured.reduce((x, y) => x + y, 0);
    target = measured.length > 0 && nadir !== null && grew(m, nadir) ? "PD" : "NE";
  } else if (targets.every(resolved)) target = "CR";
  else if (nadir !== null && grew(sum, nadir)) target = "PD";
  else target = sum <= 0.7 * (baseSum as number) + 1e-6 ? "PR" : "SD";
  const ntMissing = missing("Non-target", nonTargets);
  const gone = (l: Lesion) => l.state === "Disappeared" || (isNode(l) && l.value !== null && l.value < 10);
  let nt = "None";
  if (nonTargets.some((l) => l.state === "Uneqv. prog.")) nt = "PD";
  else if (afterCr && nonTargets.some((l) => seen(l) && !gone(l))) nt = "PD";
  else if (ntMissing > 0 || nonTargets.some(unknown)) nt = "NE";
  else if (nonTargets.length > 0) nt = nonTargets.every(gone) ? "CR" : NN;
  if (of(a, "New lesion").length > 0 || target === "PD" || nt === "PD") return "PD";
  // Table 2: the non-target response; no lesion at all is NE.
  if (target === "None") return nt === "CR" || nt === NN ? (nt as Bor) : "NE";
  if (target === "CR") return nt === "CR" || nt === "None" ? "CR" : "PR";
  return target;
}

/** The BOR of the responses after baseline, by the rule above. */
export function bestOf(track: { day: number; response: Bor }[], nonTargetOnly = false): Bor {
  const pd = track.findIndex((p) => p.response === "PD");
  const counted = pd < 0 ? track : track.slice(0, pd + 1);
  if (counted.some((p) => p.response === "CR")) return "CR";
  if (counted.some((p) => p.response === "PR")) return "PR";
  const stable = counted.filter((p) => ["CR", "PR", "SD", NN].includes(p.response) && p.day >= 42);
  if (stable.length > 0) return nonTargetOnly || stable.every((p) => p.response === NN) ? NN : "SD";
  return pd >= 0 ? "PD" : "NE";
}

export async function expectedResponse(request: APIRequestContext, study = "ONC-101"): Promise<ExpectedSubject[]> {
  const token = await northstarToken(request);
  const q = `researchstudy=${study}&_count=1000`;
  const [reports, imaging] = await Promise.all([
    searchAll(request, token, `DiagnosticReport?${q}`),
    searchAll(request, token, `observation?category=imaging&${q}`),
  ]);
  const lesionById = new Map(
    imaging.map((o) => {
      const id = (o.identifier as { value: string }[])[0].value;
      const value = (o.valueQuantity as { value?: number }).value;
      const l: Lesion = {
        id,
        label: text(o, "Label"),
        category: text(o, "Category"),
        organ: text(o, "Organ"),
        state: text(o, "State"),
        value: value ?? null,
      };
      return [id, l];
    }),
  );
  const bySubject = new Map<string, Assessment[]>();
  for (const r of reports) {
    const subject = (r.subject as { reference: string }).reference.replace("Patient/", "");
    const a: Assessment = {
      key: (r.identifier as { value: string }[])[0].value,
      date: (r.effectiveDateTime as string).slice(0, 10),
      name: text(r, "Name"),
      timepoint: ext(r, "Timepoint")?.valueInteger as number,
      reportedSum: ext(r, "CurrentValue")?.valueDecimal ?? null,
      conclusion: r.conclusion as string,
      lesions: ((r.result ?? []) as { display: string }[]).map((x) => lesionById.get(x.display) as Lesion),
      day: 0,
      sum: null,
      nadir: null,
      overall: null,
    };
    bySubject.set(subject, [...(bySubject.get(subject) ?? []), a]);
  }
  return [...bySubject.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, list]) => subjectOf(id, list));
}

function subjectOf(id: string, list: Assessment[]): ExpectedSubject {
  const assessments = list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.timepoint - b.timepoint));
  const base = assessments.find((a) => a.timepoint === 0);
  if (!base) return { id, assessments, nonTargetOnly: false, evaluable: false, signed: "NE", recomputed: "NE" };
  const after = assessments.slice(assessments.indexOf(base) + 1);
  const baseTargets = base.lesions.filter((l) => l.category === "Target");
  const nonTargetOnly = baseTargets.length === 0 && base.lesions.some((l) => l.category === "Non-target");
  base.sum = sumOf(baseTargets, 0);
  let nadir = base.sum;
  // The last overall response other than NE: a CR makes any lesion seen again PD.
  let lastKnown: Bor | null = null;
  for (const a of after) {
    a.day = days(base.date, a.date);
    a.nadir = nadir;
    a.overall = base.sum || nonTargetOnly ? overall(a, base, base.sum, nadir, lastKnown === "CR") : null;
    if (a.overall !== null && a.overall !== "NE") lastKnown = a.overall;
    if (a.sum !== null) nadir = nadir === null ? a.sum : Math.min(nadir, a.sum);
  }
  const evaluable = ((base.sum !== null && base.sum > 0) || nonTargetOnly) && after.length > 0;
  return {
    id,
    assessments,
    nonTargetOnly,
    evaluable,
    signed: bestOf(
      after.map((a) => ({ day: a.day, response: SIGNED[a.conclusion] ?? "NE" })),
      nonTargetOnly,
    ),
    recomputed: bestOf(
      after.map((a) => ({ day: a.day, response: a.overall ?? "NE" })),
      nonTargetOnly,
    ),
  };
}

/** n and the percentage of N to one decimal, a half up, as the summary writes them. */
export const rateText = (n: number, of: number) => [String(n), (Math.round((1000 * n) / of) / 10).toFixed(1)];

/** The chart's rows: [series' first word, assessment, days since baseline, value], series by series. */
export function expectedChart(s: ExpectedSubject): string[][] {
  const from = s.assessments.filter((a) => a.timepoint === 0 || a.day > 0);
  const targets = [
    ...new Set(from.flatMap((a) => a.lesions.filter((l) => l.category === "Target").map((l) => l.label))),
  ];
  targets.sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
  const rows: string[][] = [];
  const add = (series: string, pick: (a: (typeof from)[number]) => number | null | undefined) => {
    for (const a of from) {
      const v = pick(a);
      if (v !== null && v !== undefined) rows.push([series, a.key, String(a.day), String(v)]);
    }
  };
  for (const t of targets) add(t, (a) => a.lesions.find((l) => l.label === t && l.category === "Target")?.value);
  add("Target", (a) => a.sum);
  add("Target", (a) => a.reportedSum);
  add("Nadir", (a) => (a.timepoint === 0 ? null : a.nadir));
  return rows;
}
