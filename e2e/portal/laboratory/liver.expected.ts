/**
 * The eDISH points of ONC-101 as docs/clinical-rules.md (Liver safety) defines them, computed from the partner API's
 * own laboratory records with code written for the tests (never the portal's): each result as value / the upper
 * bound of its own range text (ALT `<=40`, AST `<35`, BILI `0.1 - 1.2` in the demo data), rounded to a thousandth,
 * the highest per subject (the earliest of equal ones), and a value at a threshold counted as above it.
 */
import type { APIRequestContext } from "@playwright/test";
import { northstarToken, searchAll } from "../../support/partner-api";

export type Peak = { times: number; value: number; uln: number; unit: string | null; date: string };
export type Point = { subject: string; quadrant: string; x: Peak; y: Peak; days: number; concurrent: boolean };
export type Settings = { enzyme: "ALT" | "AST"; x: number; y: number; days: number };
export const DEFAULTS: Settings = { enzyme: "ALT", x: 3, y: 2, days: 30 };

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

let labs: Obs[] | undefined;
async function laboratory(request: APIRequestContext): Promise<Obs[]> {
  if (!labs) {
    const token = await northstarToken(request);
    const q = "observation?category=laboratory&researchstudy=ONC-101&_count=1000";
    labs = (await searchAll(request, token, q)) as unknown as Obs[];
  }
  return labs;
}

/** The eDISH points of ONC-101 from the API's records, in the order of each subject's first liver result. */
export async function expectedPoints(request: APIRequestContext, s: Settings): Promise<Point[]> {
  const peaks = new Map<string, Map<string, Peak>>();
  for (const o of await laboratory(request)) {
    const test = o.code.text;
    const range = o.referenceRange?.[0]?.text;
    if (!["ALT", "AST", "BILI"].includes(test) || o.valueQuantity === undefined || range === undefined) continue;
    const uln = Number(range.split(/<=|<|-/).pop());
    const value = o.valueQuantity.value;
    const peak = {
      times: Math.round((value / uln) * 1000) / 1000,
      value,
      uln,
      unit: o.valueQuantity.unit ?? null,
      date: o.effectiveDateTime.slice(0, 10),
    };
    const subject = o.subject.reference.replace(/^Patient\//, "");
    const tests = peaks.get(subject) ?? new Map<string, Peak>();
    peaks.set(subject, tests);
    const best = tests.get(test);
    if (
      !best ||
      value / uln > best.value / best.uln ||
      (value / uln === best.value / best.uln && peak.date < best.date)
    )
      tests.set(test, peak);
  }
  const points: Point[] = [];
  for (const [subject, tests] of peaks) {
    const x = tests.get(s.enzyme);
    const y = tests.get("BILI");
    if (!x || !y) continue;
    const highX = x.times >= s.x;
    const highY = y.times >= s.y;
    const quadrant = highX ? (highY ? "hys-law" : "temple") : highY ? "hyperbilirubinemia" : "normal";
    const days = (Date.parse(y.date) - Date.parse(x.date)) / 86_400_000;
    points.push({ subject, quadrant, x, y, days, concurrent: Math.abs(days) <= s.days });
  }
  return points;
}
