/**
 * The tumour-response plots' expected values for ONC-101, computed from the partner API's own DiagnosticReport
 * (assessment) and imaging (lesion) records with code written for the tests, never the portal's:
 * - an assessment's target sum: its reported `#CurrentValue`, checked against the sum of its target lesions
 *   (`Disappeared` 0 mm, `Too small` 5 mm, `Not assessed`, `Not evaluable` or no value: unknown);
 * - a subject is evaluable when it has a baseline (timepoint 0) and an assessment after it, and at baseline a target
 *   sum above 0 or non-target lesions without a target (non-target disease only: no target sum, so no bar and no
 *   spider line);
 * - best % change: the smallest 100 x (sum - baseline) / baseline over the assessments after baseline up to and
 *   including the first signed `Progressive Disease`, to one decimal (a half up, after cutting binary noise);
 * - marked: that progression shows a `New lesion` or a non-target in `Uneqv. prog.`.
 */
import type { APIRequestContext } from "@playwright/test";
import { northstarToken, type Res, searchAll } from "../../support/partner-api";

export interface WaterfallSubject {
  subject: string;
  /** Null without a target at baseline. */
  baselineSum: number | null;
  /** Non-target lesions and no target at baseline (RECIST 1.1 Table 2). */
  nonTargetOnly: boolean;
  /** A baseline without any target or non-target lesion. */
  noLesion: boolean;
  evaluable: boolean;
  /** From the lesions' sums (what the waterfall draws) and from the reported sums. */
  best: number | null;
  bestReported: number | null;
  marked: boolean;
  /** Days from baseline to the last assessment; null without a baseline. */
  days: number | null;
  lastDate: string | null;
  signedPd: boolean;
  /** Assessments after baseline with a known lesion sum (the spider plot's points besides baseline). */
  known: number;
}

const ext = (r: Res, name: string) => r.extension?.find((e) => e.url.endsWith(`#${name}`));
const text = (r: Res, name: string) => ext(r, name)?.valueString;
const idOf = (r: Res) => (r.identifier as { value: string }[])[0].value;
const day = (iso: string) => Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / 86_400_000;
export const oneDecimal = (x: number) => {
  const t = Math.round(Number((x * 10).toFixed(6)));
  return t === 0 ? 0 : t / 10;
};

interface Assessment {
  key: string;
  date: string;
  timepoint: number;
  reported: number | null;
  lesions: number | null;
  targets: number;
  nonTargets: number;
  conclusion: string;
  newLesion: boolean;
  nonTargetPd: boolean;
}

function lesionSum(lesions: Res[]): number | null {
  let sum = 0;
  for (const l of lesions.filter((x) => text(x, "Category") === "Target")) {
    const state = text(l, "State");
    const value = (l.valueQuantity as { value?: number } | undefined)?.value;
    if (state === "Disappeared") continue;
    if (state === "Too small") sum += 5;
    else if (state === "Not assessed" || state === "Not evaluable" || value === undefined) return null;
    else sum += value;
  }
  return Math.round(sum * 1000) / 1000;
}

async function assessments(request: APIRequestContext): Promise<Map<string, Assessment[]>> {
  const token = await northstarToken(request);
  const reports = await searchAll(request, token, "DiagnosticReport?researchstudy=ONC-101&_count=1000");
  const imaging = await searchAll(request, token, "observation?category=imaging&researchstudy=ONC-101&_count=1000");
  const lesionById = new Map(imaging.map((l) => [idOf(l), l]));
  const bySubject = new Map<string, Assessment[]>();
  for (const r of reports) {
    const subject = (r.subject as { reference: string }).reference.replace(/^Patient\//, "");
    const lesions = (r.result as { display: string }[])
      .map((x) => lesionById.get(x.display))
      .filter((l): l is Res => l !== undefined);
    const list = bySubject.get(subject) ?? [];
    bySubject.set(subject, list);
    list.push({
      key: idOf(r),
      date: (r.effectiveDateTime as string).slice(0, 10),
      timepoint: ext(r, "Timepoint")?.valueInteger ?? -1,
      reported: ext(r, "CurrentValue")?.valueDecimal ?? null,
      lesions: lesionSum(lesions),
      targets: lesions.filter((l) => text(l, "Category") === "Target").length,
      nonTargets: lesions.filter((l) => text(l, "Category") === "Non-target").length,
      conclusion: r.conclusion as string,
      newLesion: lesions.some((l) => text(l, "Category") === "New lesion"),
      nonTargetPd: lesions.some((l) => text(l, "Category") === "Non-target" && text(l, "State") === "Uneqv. prog."),
    });
  }
  for (const list of bySubject.values()) list.sort((a, b) => a.date.localeCompare(b.date) || a.timepoint - b.timepoint);
  return bySubject;
}

function bestOf(after: Assessment[], baseline: number, pick: (a: Assessment) => number | null): number | null {
  let best: number | null = null;
  for (const a of after) {
    const sum = pick(a);
    if (sum === null) continue;
    const p = (100 * (sum - baseline)) / baseline;
    if (best === null || p < best) best = p;
  }
  return best === null ? null : oneDecimal(best);
}

/** Every subject of ONC-101 with an assessment, by subject ID; and the assessments whose sums disagree. */
export async function expectedWaterfall(request: APIRequestContext) {
  const all = await assessments(request);
  const mismatched = [...all.values()]
    .flat()
    .filter((a) => a.reported !== null && a.lesions !== null && Math.abs(a.reported - a.lesions) > 0.05)
    .map((a) => a.key);
  const subjects: WaterfallSubject[] = [...all.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([subject, list]) => {
      const base = list.find((a) => a.timepoint === 0);
      const after = base ? list.filter((a) => a !== base) : [];
      const pdAt = after.findIndex((a) => a.conclusion === "Progressive Disease");
      const counted = pdAt < 0 ? after : after.slice(0, pdAt + 1);
      const nonTargetOnly = base !== undefined && base.targets === 0 && base.nonTargets > 0;
      // Without a target at baseline there is no target sum (not a sum of 0 mm).
      const b = base && base.targets > 0 ? base.lesions : null;
      const evaluable = ((b !== null && b > 0) || nonTargetOnly) && after.length > 0;
      const last = list.at(-1);
      return {
        subject,
        baselineSum: b,
        nonTargetOnly,
        noLesion: base !== undefined && base.targets === 0 && base.nonTargets === 0,
        evaluable,
        best: evaluable && b !== null ? bestOf(counted, b, (a) => a.lesions) : null,
        bestReported: evaluable && base?.reported ? bestOf(counted, base.reported, (a) => a.reported) : null,
        marked: pdAt >= 0 && (after[pdAt].newLesion || after[pdAt].nonTargetPd),
        days: base && last ? day(last.date) - day(base.date) : null,
        lastDate: last?.date ?? null,
        signedPd: pdAt >= 0,
        known: after.filter((a) => a.lesions !== null).length,
      };
    });
  return { subjects, mismatched };
}
