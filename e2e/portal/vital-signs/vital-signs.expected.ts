/**
 * The expected vital-sign numbers of a study, computed from the partner API's
 * own records with the rules of docs/clinical-rules.md (Vital signs) written
 * out again here, independently of the portal's code: visit order
 * (e2e/support/visit-order.expected.ts, over every vital-sign record), one
 * reading per subject and visit (the last by collection time), n, mean,
 * sample SD, median, quartiles (type 7), min, max and their display decimals.
 */
import type { APIRequestContext } from "@playwright/test";
import { northstarToken, type Res, searchAll } from "../../support/partner-api";
import { expectedVisitOrder } from "../../support/visit-order.expected";

export type Obs = Res & {
  code: { text: string };
  subject: { reference: string };
  encounter: { display: string };
  effectiveDateTime: string;
  valueQuantity?: { value: number; unit?: string };
  valueString?: string;
};

export async function vitals(request: APIRequestContext): Promise<Obs[]> {
  const token = await northstarToken(request);
  return (await searchAll(
    request,
    token,
    "observation?category=vital-signs&researchstudy=ONC-101&_count=1000",
  )) as Obs[];
}

/**
 * Of an item's records, the one reading per subject and visit a summary counts: the latest collection time (the
 * partner's times carry no offset, so the text sorts as the time), the one sent last on a tie.
 */
export function lastReadings(obs: Obs[]): Obs[] {
  const last = new Map<string, Obs>();
  for (const o of obs) {
    const key = `${o.subject.reference} ${o.encounter.display}`;
    const held = last.get(key);
    if (!held || o.effectiveDateTime >= held.effectiveDateTime) last.set(key, o);
  }
  return obs.filter((o) => last.get(`${o.subject.reference} ${o.encounter.display}`) === o);
}

const median = (sorted: number[]) => quantile(sorted, 0.5);
function quantile(sorted: number[], p: number) {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/** Per visit: the numbers of one item, rounded as the rules say (mean, median, quartiles +1 decimal, SD +2). */
export function expectedSummary(obs: Obs[], item: string) {
  const numeric = lastReadings(obs.filter((o) => o.code.text === item && typeof o.valueQuantity?.value === "number"));
  const d = Math.max(...numeric.map((o) => String(o.valueQuantity?.value).split(".")[1]?.length ?? 0));
  const r = (x: number, places: number) => Number(x.toFixed(places));
  const visits = obs.map((o) => ({
    subject: o.subject.reference,
    visit: o.encounter.display,
    at: o.effectiveDateTime,
  }));
  return expectedVisitOrder(visits).map((visit) => {
    // Summed in ascending order, as a person would on a sorted list.
    const v = numeric.filter((o) => o.encounter.display === visit).map((o) => o.valueQuantity?.value as number);
    v.sort((a, b) => a - b);
    const n = v.length;
    const mean = v.reduce((a, b) => a + b, 0) / n;
    const sd = Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
    // Tukey's whiskers: the most extreme values within 1.5 IQR of the quartiles; the values beyond are outliers.
    const [q1, q3] = [quantile(v, 0.25), quantile(v, 0.75)];
    const inside = v.filter((x) => x >= q1 - 1.5 * (q3 - q1) && x <= q3 + 1.5 * (q3 - q1));
    const whiskers = { low: inside[0], high: inside[inside.length - 1], outliers: n - inside.length };
    return {
      visit,
      summary: [visit, n, r(mean, d + 1), r(sd, d + 2), r(median(v), d + 1), r(v[0], d), r(v[n - 1], d)].map(String),
      box: [
        visit,
        n,
        r(v[0], d),
        r(whiskers.low, d),
        r(q1, d + 1),
        r(median(v), d + 1),
        r(q3, d + 1),
        r(whiskers.high, d),
        r(v[n - 1], d),
        whiskers.outliers,
      ],
    };
  });
}
