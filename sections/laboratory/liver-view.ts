/**
 * The liver safety view from what the loader read (./load-liver.ts), for one set of settings: the plot of the peaks
 * the settings choose (on treatment or of every result, ×ULN or ×baseline), what it leaves out and why, the
 * subjects a data note lists on their own, and the pattern of injury of each possible Hy's law subject
 * (docs/clinical-rules.md, Liver safety). Pure: the loader memoises it per settings.
 */
import type { SubjectBaselines } from "@/lib/clinical/liver/baseline";
import { type EdishPlot, edishPlot } from "@/lib/clinical/liver/edish";
import type { OffTreatment, OnTreatmentPeaks } from "@/lib/clinical/liver/on-treatment-peaks";
import type { LiverPeaks, LiverResult, LiverTest } from "@/lib/clinical/liver/peaks";
import { type RRatio, rRatio } from "@/lib/clinical/liver/r-ratio";
import type { LiverSettings, OnlySubjects } from "./liver-query";

export interface LiverFacts {
  /** Peaks of every usable result, and of those on treatment for the settings' window. */
  allPeaks: LiverPeaks;
  onTreatment: OnTreatmentPeaks;
  baselines: ReadonlyMap<string, SubjectBaselines>;
  /** Usable ALP results per subject and day. */
  alp: ReadonlyMap<string, ReadonlyMap<string, LiverResult[]>>;
  members: { count: number; ids: ReadonlySet<string> };
  firstDoseOf: (subjectId: string) => string | null;
}

/** Subjects a data note counts, and how many of them the peaks of every result place on the plot. */
export interface CountedSubjects {
  count: number;
  plotted: number;
}

export interface LiverPlotView {
  plot: EdishPlot;
  /** N: the distinct members of the study's Group. */
  studySubjects: number;
  /** Group members (joined to their Patient) without any usable ALT, AST or bilirubin result. */
  withoutLiverResults: number;
  /** Plotted subjects that are not members of the study's Group (plotted all the same). */
  notInGroup: number;
  /** Plotted subjects whose concurrency is unknown: a peak without a date. */
  undated: number;
  results: Record<LiverTest, number>;
  unusable: Record<LiverTest, number>;
  withoutSubject: number;
  /** Usable results left out of peaks on treatment, by why (null with the peaks of every result). */
  outside: Record<OffTreatment, number> | null;
  /** Subjects with liver results but no known first dose, and those with none of them on treatment. */
  noFirstDose: CountedSubjects;
  noneOnTreatment: CountedSubjects;
  /** Plotted subjects measured against their earliest result (multiples of baseline, no known first dose). */
  firstResultBaselines: number;
  /** The plotted subjects a data note lists on their own (`only=`), with the peaks of every result. */
  only: ReadonlyMap<string, OnlySubjects>;
  /** The R ratio of each possible Hy's law subject, in the order of the points. */
  patterns: { subjectId: string; ratio: RRatio }[];
}

export function liverPlotView(facts: LiverFacts, settings: LiverSettings): LiverPlotView {
  const { allPeaks, onTreatment: on, baselines, members } = facts;
  const all = settings.peaks === "all";
  const peaks = all ? allPeaks : on.peaks;
  const plot = edishPlot(peaks, settings, baselines);
  // Where the peaks of every result would place the subjects that on-treatment peaks leave out.
  const allPlotted = new Set((all ? plot : edishPlot(allPeaks, settings, baselines)).points.map((p) => p.subjectId));
  const only = new Map<string, OnlySubjects>();
  if (all)
    for (const p of plot.points)
      if (facts.firstDoseOf(p.subjectId) === null) only.set(p.subjectId, "no-first-dose");
      else if (on.noneOnTreatment.has(p.subjectId)) only.set(p.subjectId, "no-on-treatment");
  const counted = (subjects: ReadonlySet<string>): CountedSubjects => ({
    count: subjects.size,
    plotted: [...subjects].filter((id) => allPlotted.has(id)).length,
  });
  let withoutLiverResults = 0;
  for (const id of members.ids) if (!allPeaks.bySubject.has(id)) withoutLiverResults++;
  // Members without a Patient have no subject ID, hence no results either.
  withoutLiverResults += members.count - members.ids.size;
  return {
    plot,
    studySubjects: members.count,
    withoutLiverResults,
    notInGroup: plot.points.filter((p) => !members.ids.has(p.subjectId)).length,
    undated: plot.points.filter((p) => p.concurrent === null).length,
    results: allPeaks.results,
    unusable: allPeaks.unusable,
    withoutSubject: allPeaks.withoutSubject,
    outside: all ? null : on.outside,
    noFirstDose: counted(on.noFirstDose),
    noneOnTreatment: counted(on.noneOnTreatment),
    firstResultBaselines:
      settings.scale === "baseline" ? plot.points.filter((p) => facts.firstDoseOf(p.subjectId) === null).length : 0,
    only,
    patterns: plot.points
      .filter((p) => p.quadrant === "hys-law")
      .map((p) => ({
        subjectId: p.subjectId,
        ratio: rRatio(peaks.bySubject.get(p.subjectId)?.ALT, (day) => facts.alp.get(p.subjectId)?.get(day)),
      })),
  };
}
