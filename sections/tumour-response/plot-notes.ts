/**
 * The data note of each tumour-response plot: how many of the study's subjects it has a place for, and why the
 * others have none, counted by reason (the reasons a subject is left out of N, docs/clinical-rules.md, Evaluable
 * subjects), each count a link to the summary's list of those subjects, so that no subject is left out of a plot
 * unsaid. Under the defaults of the plots: the waterfall draws the evaluable subjects with a known best change,
 * the spider plot the subjects it can draw a line for, the swimmer plot the subjects with a baseline.
 */
import type { NotEvaluable, SubjectResponse } from "@/lib/clinical/response/subject-response";
import type { DataNote, NotePart } from "@/sections/frame/ui/notices";
import { drawable } from "./ui/spider-data";
import { hasBar } from "./ui/swimmer-data";

/** Each reason in words after a count ("2 without a baseline"), in the order the reasons are judged. */
export const REASON_WORDS: Readonly<Record<NotEvaluable, string>> = {
  "no baseline": "without a baseline",
  "no target lesion at baseline": "without a target lesion at baseline",
  "baseline sum unknown": "whose baseline sum is unknown",
  "baseline sum 0": "with a baseline sum of 0",
  "no post-baseline assessment": "without a post-baseline assessment",
};

/** A group of subjects a plot has no place for: how many, why (words after the count), and where they are listed. */
export interface LeftOutGroup {
  n: number;
  words: string;
  href: string;
}

const count = (n: number) => n.toLocaleString("en");

/** `<lead>: 2 without a baseline, 1 …` with each group a link; null when no subject is left out. */
export function leftOutNote(lead: string, groups: readonly LeftOutGroup[]): DataNote | null {
  const present = groups.filter((g) => g.n > 0);
  if (present.length === 0) return null;
  const parts: NotePart[] = [`${lead}: `];
  present.forEach((g, i) => {
    if (i > 0) parts.push(", ");
    parts.push({ text: `${count(g.n)} ${g.words}`, href: g.href });
  });
  parts.push(".");
  return parts;
}

/** The subjects left out, counted by their reason for not being evaluable, in REASON_WORDS's order. */
export function reasonGroups(
  left: readonly SubjectResponse[],
  hrefOf: (reason: NotEvaluable) => string,
): LeftOutGroup[] {
  const byReason = new Map<NotEvaluable, number>();
  for (const s of left) if (s.notEvaluable) byReason.set(s.notEvaluable, (byReason.get(s.notEvaluable) ?? 0) + 1);
  return (Object.keys(REASON_WORDS) as NotEvaluable[]).map((reason) => ({
    n: byReason.get(reason) ?? 0,
    words: REASON_WORDS[reason],
    href: hrefOf(reason),
  }));
}

/** Where a plot's note links: the summary's list of one reason's subjects; the waterfall's subjects without a bar. */
export interface PlotNoteLinks {
  leftOut: (reason: NotEvaluable) => string;
  noBar: string;
}

const split = (subjects: readonly SubjectResponse[], placed: (s: SubjectResponse) => boolean) => {
  const shown = subjects.filter(placed);
  return { shown: shown.length, left: subjects.filter((s) => !placed(s)) };
};

/** One bar per evaluable subject with a known best change; evaluable ones without are listed under the chart. */
export function waterfallNote(subjects: readonly SubjectResponse[], links: PlotNoteLinks): DataNote | null {
  const { shown, left } = split(subjects, (s) => s.notEvaluable === null && s.bestPercent !== null);
  const unknown = left.filter((s) => s.notEvaluable === null).length;
  return leftOutNote(`Showing ${count(shown)} of ${count(subjects.length)} subjects`, [
    ...reasonGroups(left, links.leftOut),
    { n: unknown, words: "evaluable without a known best change (listed under the chart)", href: links.noBar },
  ]);
}

/** A line per subject with a baseline sum above 0 and an assessment after baseline (the evaluable ones). */
export function spiderNote(subjects: readonly SubjectResponse[], links: PlotNoteLinks): DataNote | null {
  const { shown, left } = split(subjects, drawable);
  return leftOutNote(
    `${count(shown)} of ${count(subjects.length)} subjects can be drawn`,
    reasonGroups(left, links.leftOut),
  );
}

/** A bar per subject with a baseline. */
export function swimmerNote(subjects: readonly SubjectResponse[], links: PlotNoteLinks): DataNote | null {
  const { shown, left } = split(subjects, hasBar);
  return leftOutNote(
    `${count(shown)} of ${count(subjects.length)} subjects have a bar`,
    reasonGroups(left, links.leftOut),
  );
}
