/**
 * eDISH, the second step (docs/clinical-rules.md, Liver safety): from each
 * subject's peaks (edish-peaks.ts), the point of each subject that has both a
 * transaminase and a bilirubin peak, its quadrant against the thresholds, and
 * whether the two peaks are concurrent. Cheap (one pass over the subjects), so
 * it runs for any thresholds a URL asks for.
 */
import { daysBetween } from "../common/dates";
import type { LiverPeak, LiverPeaks } from "./peaks";

export type Transaminase = "ALT" | "AST";

export interface EdishParams {
  transaminase: Transaminase;
  /** The transaminase threshold, ×ULN (x axis). */
  xThreshold: number;
  /** The total bilirubin threshold, ×ULN (y axis). */
  yThreshold: number;
  /** Peaks at most this many days apart (either order) are concurrent. */
  concurrentDays: number;
}

export const EDISH_DEFAULTS: EdishParams = { transaminase: "ALT", xThreshold: 3, yThreshold: 2, concurrentDays: 30 };
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
 * The quadrant of a point. A value AT a threshold counts as above it (>=): 3.0 ×ULN of ALT with 2.0 ×ULN of
 * bilirubin is possible Hy's law. Values are the rounded ×ULN (roundTimesUln), so float noise does not decide.
 */
export function quadrantOf(x: number, y: number, p: Pick<EdishParams, "xThreshold" | "yThreshold">): Quadrant {
  const highX = x >= p.xThreshold;
  const highY = y >= p.yThreshold;
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
  };
}

export function edishPlot(peaks: LiverPeaks, params: EdishParams): EdishPlot {
  const counts: Record<Quadrant, number> = { normal: 0, hyperbilirubinemia: 0, temple: 0, "hys-law": 0 };
  const notPlotted = { noTransaminase: 0, noBilirubin: 0, notPositive: 0, otherTransaminaseOnly: 0 };
  const points: EdishPoint[] = [];
  for (const [subjectId, subject] of peaks.bySubject) {
    const transaminase = subject[params.transaminase];
    const bilirubin = subject.BILI;
    // Only the other transaminase: not a subject of this plot, but counted, never dropped silently.
    if (!transaminase && !bilirubin) notPlotted.otherTransaminaseOnly++;
    else if (!transaminase) notPlotted.noTransaminase++;
    else if (!bilirubin) notPlotted.noBilirubin++;
    else if (transaminase.timesUln <= 0 || bilirubin.timesUln <= 0) notPlotted.notPositive++;
    else {
      const quadrant = quadrantOf(transaminase.timesUln, bilirubin.timesUln, params);
      counts[quadrant]++;
      const when = concurrency(transaminase.date, bilirubin.date, params.concurrentDays);
      points.push({ subjectId, quadrant, transaminase, bilirubin, ...when });
    }
  }
  return { params, points, counts, notPlotted };
}
