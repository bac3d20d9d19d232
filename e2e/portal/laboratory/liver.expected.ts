/**
 * The eDISH points of ONC-101 as docs/clinical-rules.md (Liver safety) defines them, computed from the partner API's
 * own records with code written for the tests (never the portal's): each result as value / the upper bound of its
 * own range text (ALT `<=40`, AST `<35`, BILI `0.1 - 1.2`, ALP `40-129` in the demo data), rounded to a thousandth;
 * the results on treatment (dated after the day of the first dose of the study drug, the medications whose drug
 * names the product the adverse events hold suspect, up to the last dose plus 30 days, no end while a record is
 * open) unless all are asked for; the highest per subject (the earliest of equal ones); a transaminase at its
 * threshold counted as high (>=), a bilirubin only above its threshold (>); in multiples of baseline, each peak's
 * ×ULN over that of the last result up to the first dose's day; and the R ratio of the ALT peak's sample.
 */
import type { APIRequestContext } from "@playwright/test";
import { northstarToken, type Res, searchAll } from "../../support/partner-api";

export type Peak = { times: number; ratio: number; value: number; uln: number; unit: string | null; date: string };
export type Point = {
  subject: string;
  quadrant: string;
  x: Peak;
  y: Peak;
  /** The plotted multiples: ×ULN, or ×baseline. */
  at: { x: number; y: number };
  days: number;
  concurrent: boolean;
};
export type Settings = {
  enzyme: "ALT" | "AST";
  x: number;
  y: number;
  days: number;
  peaks?: "on-treatment" | "all";
  scale?: "uln" | "baseline";
};
export const DEFAULTS: Settings = { enzyme: "ALT", x: 3, y: 2, days: 30 };
const WINDOW_DAYS = 30;

export const LABEL: Record<string, string> = {
  "hys-law": "Possible Hy's law",
  temple: "Temple's corollary",
  hyperbilirubinemia: "Hyperbilirubinemia",
  normal: "Normal",
};

type Obs = {
  code: { text: string };
  subject: { reference: string };
  effectiveDateTime: string;
  valueQuantity?: { value: number; unit?: string };
  referenceRange?: { text: string }[];
};
type Result = Peak & { subject: string; test: string; at: string };

const round = (n: number) => Math.round(n * 1000) / 1000;
const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
const subjectOf = (r: object) => (r as { subject: { reference: string } }).subject.reference.replace(/^Patient\//, "");

let records: Promise<{ results: Result[]; dosing: Map<string, Dosing> }> | undefined;
type Dosing = { first: string; last: string; ongoing: boolean };

async function load(request: APIRequestContext) {
  const token = await northstarToken(request);
  const q = "researchstudy=ONC-101&_count=1000";
  const [labs, aes, meds] = await Promise.all([
    searchAll(request, token, `observation?category=laboratory&${q}`),
    searchAll(request, token, `AdverseEvent?${q}`),
    searchAll(request, token, `MedicationStatement?${q}`),
  ]);
  const results: Result[] = [];
  for (const o of labs as unknown as Obs[]) {
    const range = o.referenceRange?.[0]?.text;
    if (!["ALT", "AST", "BILI", "ALP"].includes(o.code.text) || o.valueQuantity === undefined || !range) continue;
    const uln = Number(range.split(/<=|<|-/).pop());
    const value = o.valueQuantity.value;
    const at = o.effectiveDateTime;
    const peak = { times: round(value / uln), ratio: value / uln, value, uln, unit: o.valueQuantity.unit ?? null };
    results.push({ ...peak, date: at.slice(0, 10), subject: subjectOf(o), test: o.code.text, at });
  }
  return { results, dosing: dosingOf(aes, meds) };
}

/** First and last dose per subject: the medications whose drug names a product the adverse events hold suspect. */
function dosingOf(aes: Res[], meds: Res[]): Map<string, Dosing> {
  type Suspect = { causality: { productRelatedness: string }[] }[];
  const agents = new Set(aes.map((a) => (a.suspectEntity as Suspect)[0].causality[0].productRelatedness.toLowerCase()));
  const out = new Map<string, Dosing>();
  for (const m of meds) {
    const drug = (m.medicationCodeableConcept as { text: string }).text.toLowerCase();
    if (![...agents].some((a) => drug.includes(a))) continue;
    const period = m.effectivePeriod as { start: string; end?: string };
    const start = period.start.slice(0, 10);
    const end = period.end?.slice(0, 10);
    const last = end !== undefined && end > start ? end : start;
    const d = out.get(subjectOf(m));
    out.set(subjectOf(m), {
      first: d && d.first < start ? d.first : start,
      last: d && d.last > last ? d.last : last,
      ongoing: (d?.ongoing ?? false) || end === undefined,
    });
  }
  return out;
}

const recordsOf = (request: APIRequestContext) => {
  records ??= load(request);
  return records;
};

const onTreatment = (date: string, d: Dosing | undefined) =>
  d !== undefined && day(date) > day(d.first) && (d.ongoing || day(date) <= day(d.last) + WINDOW_DAYS);

/** Per subject and test, the highest of the results kept (the earliest of equal ones), in order of first result. */
function peaksOf(results: Result[], keep: (r: Result) => boolean) {
  const peaks = new Map<string, Map<string, Result>>();
  for (const r of results) {
    if (r.test === "ALP" || !keep(r)) continue;
    const tests = peaks.get(r.subject) ?? new Map<string, Result>();
    peaks.set(r.subject, tests);
    const best = tests.get(r.test);
    if (!best || r.ratio > best.ratio || (r.ratio === best.ratio && r.date < best.date)) tests.set(r.test, r);
  }
  return peaks;
}

/** The last result of a test up to the first dose's day (in the order sent), per subject and test. */
function baselinesOf(results: Result[], dosing: Map<string, Dosing>) {
  const out = new Map<string, Result>();
  for (const r of results) {
    const d = dosing.get(r.subject);
    if (d && r.date <= d.first) out.set(`${r.subject} ${r.test}`, r);
  }
  return out;
}

/** The eDISH points of ONC-101 from the API's records, in the order of each subject's first liver result kept. */
export async function expectedPoints(request: APIRequestContext, s: Settings): Promise<Point[]> {
  const { results, dosing } = await recordsOf(request);
  const all = s.peaks === "all";
  const peaks = peaksOf(results, (r) => all || onTreatment(r.date, dosing.get(r.subject)));
  const baselines = baselinesOf(results, dosing);
  const points: Point[] = [];
  for (const [subject, tests] of peaks) {
    const x = tests.get(s.enzyme);
    const y = tests.get("BILI");
    if (!x || !y) continue;
    const bx = baselines.get(`${subject} ${s.enzyme}`);
    const by = baselines.get(`${subject} BILI`);
    if (s.scale === "baseline" && (!bx || !by)) continue;
    const at =
      bx && by && s.scale === "baseline"
        ? { x: round(x.ratio / bx.ratio), y: round(y.ratio / by.ratio) }
        : { x: x.times, y: y.times };
    const highX = at.x >= s.x;
    const highY = at.y > s.y;
    const quadrant = highX ? (highY ? "hys-law" : "temple") : highY ? "hyperbilirubinemia" : "normal";
    const days = day(y.date) - day(x.date);
    points.push({ subject, quadrant, x, y, at, days, concurrent: Math.abs(days) <= s.days });
  }
  return points;
}

/** R of each possible Hy's law subject: its ALT peak over the ALP of the same sample, else the day's first ALP. */
export async function expectedRatios(request: APIRequestContext, s: Settings): Promise<Map<string, number | null>> {
  const { results, dosing } = await recordsOf(request);
  const all = s.peaks === "all";
  const peaks = peaksOf(results, (r) => all || onTreatment(r.date, dosing.get(r.subject)));
  const out = new Map<string, number | null>();
  for (const p of await expectedPoints(request, s)) {
    if (p.quadrant !== "hys-law") continue;
    const alt = peaks.get(p.subject)?.get("ALT") as Result | undefined;
    const sameDay = results
      .filter((r) => r.test === "ALP" && r.subject === p.subject && r.date === alt?.date)
      .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    const alp = sameDay.find((r) => r.at === alt?.at) ?? sameDay[0];
    out.set(p.subject, alt && alp ? round(alt.ratio / alp.ratio) : null);
  }
  return out;
}

/** The pattern of an R: hepatocellular at 5 or more, cholestatic at 2 or less, mixed in between. */
export const patternOf = (r: number) => (r >= 5 ? "Hepatocellular" : r <= 2 ? "Cholestatic" : "Mixed");
