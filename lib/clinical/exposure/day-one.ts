/**
 * Day 1 of response times and study days (docs/clinical-rules.md, Day 1):
 * the first dose of the study drug or the subject's baseline assessment,
 * chosen in the address (`day1=`). RECIST 1.1 measures the minimum duration of
 * stable disease and the time to progression from the start of treatment;
 * the baseline assessment is the default because every subject with response
 * data has one, while the first dose needs the study drug's medication
 * records. With `first-dose`, a subject without a known first dose keeps its
 * baseline assessment, and the page says how many did.
 */
export const DAY_ONE_ANCHORS = ["baseline", "first-dose"] as const;
export type DayOneAnchor = (typeof DAY_ONE_ANCHORS)[number];
export const DEFAULT_DAY_ONE: DayOneAnchor = "baseline";

export const DAY_ONE_LABELS: Record<DayOneAnchor, string> = {
  baseline: "the baseline assessment",
  "first-dose": "the first dose of the study drug",
};

/** The anchor an address names (`day1=`), or the default for anything else. */
export function dayOneAnchor(value: string | null | undefined): DayOneAnchor {
  return (DAY_ONE_ANCHORS as readonly string[]).includes(value ?? "") ? (value as DayOneAnchor) : DEFAULT_DAY_ONE;
}

/** A subject's day 1 under the anchor, and the anchor that gave it (first dose falls back on the baseline). */
export function dayOne(
  anchor: DayOneAnchor,
  baseline: string | null,
  firstDose: string | null,
): { date: string; from: DayOneAnchor } | null {
  if (anchor === "first-dose" && firstDose !== null) return { date: firstDose, from: "first-dose" };
  return baseline === null ? null : { date: baseline, from: "baseline" };
}
