/**
 * eDISH, the second step (docs/clinical-rules.md, Liver safety): from each
 * subject's peaks (./peaks.ts), the point of each subject that has both a
 * transaminase and a bilirubin peak, in multiples of the ULN or of the
 * subject's baseline (./baseline.ts), its quadrant against the thresholds,
 * and whether the two peaks are concurrent. Cheap (one pass over the
 * subjects), so it runs for any thresholds a URL asks for.
 */
import { daysBetween } from "../common/dates";
import type { SubjectBaselines } from "./baseline";
import { type LiverPeak, type LiverPeaks, roundTimesUln } from "./peaks";

export type Transaminase = "ALT" | "AST";

/** What the axes measure: multiples of the upper limit of normal (eDISH), or of the subject's baseline (mDISH). */
export const EDISH_SCALES = ["uln", "baseline"] as const;
export type EdishScale = (typeof EDISH_SCALES)[number];
export const SCALE_UNIT: Record<EdishScale, string> = { uln: "×ULN", baseline: "×baseline" };

export interface EdishParams {
  transaminase: Transaminase;
  /** The transaminase threshold, in the scale's multiples (x axis). */
  xThreshold: number;
  /** The total bilirubin threshold, in the scale's multiples (y axis). */
  yThreshold: number;
  /** Peaks at most this many days apart (either order) are concurrent. */
  concurrentDays: number;
  scale: EdishScale;
}

export const EDISH_DEFAULTS: EdishParams = {
  transaminase: "ALT",
  xThreshold: 3,
  yThreshold: 2,
  concurrentDays: 30,
  scale: "uln",
};
/** Bounds of the thresholds a URL may set (×ULN), and of the concurrency window (days). */
export const THRESHOLD_BOUNDS = { min: 1, max: 20 } as const;
export const DAYS_BOUNDS = { min: 0, max: 365 } as const;

export const QUADRANTS = ["normal", "hyperbilirubinemia", "temple", "hys-law"] as const;
export type Quadrant = (typeof QUADRANTS)[number];

export const QUADRANT_LABEL: Record<Quadrant, string> = {
  normal: "Normal",
  hyperbilirubinemia: "Hyperbilirubinemia",
  temple: "Temple's corollary",
  "hys-law": "Possible Hy's law",
};

/**
 * The quadrant of a point, in the words of Hy's law (FDA guidance on drug-induced liver injury, 2009): a
 * transaminase "3-fold or greater" above the ULN (x >= its threshold) and a total bilirubin "> 2xULN" (y strictly
 * above its threshold). So 3.000 ×ULN of ALT is high; 2.000 ×ULN of bilirubin is not. Values are the rounded
 * multiples (roundTimesUln), so float noise does not decide.
 */
export function quadrantOf(x: number, y: number, p: Pick<EdishParams, "xThreshold" | "yThreshold">): Quadrant {
  const highX = x >= p.xThreshold;
  const highY = y > p.yThreshold;
  if (highX && highY) return "hys-law";
  if (highX) return "temple";
  if (highY) return "hyperbilirubinemia";
  return "normal";
}

/**
 * Whether two peaks are concurrent: the bilirubin peak is on the same day as the transaminase peak or at most
 * `days` days before or after it. Null when either peak has no date.
 */
export function concurrency(transaminaseDate: string | null, bilirubinDate: string | null, days: number) {
  if (transaminaseDate === null || bilirubinDate === null) return { daysApart: null, concurrent: null };
  const daysApart = daysBetween(transaminaseDate, bilirubinDate);
  return { daysApart, concurrent: Math.abs(daysApart) <= days };
}

export interface EdishPoint {
  subjectId: string;
  quadrant: Quadrant;
  transaminase: LiverPeak;
  bilirubin: LiverPeak;
  /** What is plotted, in the scale's multiples: ×ULN, or ×ULN over the baseline's ×ULN (./baseline.ts). */
  x: number;
  y: number;
  /** The baselines the multiples of baseline divide by (null in the ×ULN scale). */
  xBaseline: LiverPeak | null;
  yBaseline: LiverPeak | null;
  /** Days from the transaminase peak to the bilirubin peak (negative: bilirubin first); null without dates. */
  daysApart: number | null;
  concurrent: boolean | null;
}

export interface EdishPlot {
  params: EdishParams;
  /** Subjects with both peaks above 0, in the order of the peaks' subjects. */
  points: EdishPoint[];
  counts: Record<Quadrant, number>;
  /** Subjects not plotted, and why. */
  notPlotted: {
    /** A bilirubin peak but no usable result of the chosen transaminase. */
    noTransaminase: number;
    /** A transaminase peak but no usable bilirubin result. */
    noBilirubin: number;
    /** A peak of 0 (or below), which a log axis cannot place. */
    notPositive: number;
    /** Only the other transaminase (AST in the ALT view): neither peak of this plot, counted all the same. */
    otherTransaminaseOnly: number;
    /** Multiples of baseline: both peaks, but no usable baseline of one of the two tests (or one of 0). */
    noBaseline: number;
  };
}

export function edishPlot(
  peaks: Pick<LiverPeaks, "bySubject">,
  params: EdishParams,
  baselines?: ReadonlyMap<string, SubjectBaselines>,
): EdishPlot {
  const counts: Record<Quadrant, number> = { normal: 0, hyperbilirubinemia: 0, temple: 0, "hys-law": 0 };
  const notPlotted = { noTransaminase: 0, noBilirubin: 0, notPositive: 0, otherTransaminaseOnly: 0, noBaseline: 0 };
  const points: EdishPoint[] = [];
  for (const [subjectId, subject] of peaks.bySubject) {
    const transaminase = subject[params.transaminase];
    const bilirubin = subject.BILI;
    // Only the other transaminase: not a subject of this plot, but counted, never dropped silently.
    if (!transaminase && !bilirubin) notPlotted.otherTransaminaseOnly++;
    else if (!transaminase) notPlotted.noTransaminase++;
    else if (!bilirubin) notPlotted.noBilirubin++;
    else {
      const point = pointOf(subjectId, transaminase, bilirubin, params, baselines?.get(subjectId));
      if (typeof point === "string") notPlotted[point]++;
      else {
        counts[point.quadrant]++;
        points.push(point);
      }
    }
  }
  return { params, points, counts, notPlotted };
}

/** A subject's point from its two peaks (and baselines, for multiples of baseline), or why it has none. */
function pointOf(
  subjectId: string,
  transaminase: LiverPeak,
  bilirubin: LiverPeak,
  params: EdishParams,
  base: SubjectBaselines | undefined,
): EdishPoint | "notPositive" | "noBaseline" {
  if (transaminase.timesUln <= 0 || bilirubin.timesUln <= 0) return "notPositive";
  let xBaseline: LiverPeak | null = null;
  let yBaseline: LiverPeak | null = null;
  if (params.scale === "baseline") {
    xBaseline = base?.[params.transaminase] ?? null;
    yBaseline = base?.BILI ?? null;
    // A baseline of 0 divides nothing: no baseline.
    if (!xBaseline || !yBaseline || xBaseline.ratio <= 0 || yBaseline.ratio <= 0) return "noBaseline";
  }
  const x = xBaseline ? roundTimesUln(transaminase.ratio / xBaseline.ratio) : transaminase.timesUln;
  const y = yBaseline ? roundTimesUln(bilirubin.ratio / yBaseline.ratio) : bilirubin.timesUln;
  // A multiple of baseline can round to 0 (a peak a thousandth of its baseline): the log axis cannot place it.
  if (x <= 0 || y <= 0) return "notPositive";
  const when = concurrency(transaminase.date, bilirubin.date, params.concurrentDays);
  return {
    subjectId,
    quadrant: quadrantOf(x, y, params),
    transaminase,
    bilirubin,
    x,
    y,
    xBaseline,
    yBaseline,
    ...when,
  };
}
