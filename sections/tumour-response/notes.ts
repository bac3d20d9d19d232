/**
 * The Tumour response section's data notes: what the partner sent that no response can use, counted by reason
 * (assessments naming no subject or sent twice, lesion readings without subject, category or assessment, sent
 * twice), assessments set aside for their date, and what the chosen options changed against the defaults
 * (docs/clinical-rules.md, Tumour response). Counts of one subject's records open that subject's response page;
 * records of no subject have no page to open, and are said in words.
 *
 * A plot's page also says how many of the study's subjects the plot has a place for, and why the others have
 * none, counted by reason (the reasons a subject is left out of N, docs/clinical-rules.md, Evaluable subjects), each
 * count a link to the summary's list of those subjects, so that no subject is left out of a plot unsaid. Under the
 * defaults of the plots: the waterfall draws the evaluable subjects with a known best change, the spider plot the
 * subjects it can draw a line for, the swimmer plot the subjects with a baseline.
 */

import { DAY_ONE_LABELS, type DayOneAnchor } from "@/lib/clinical/exposure/day-one";
import type { ResponseOptions } from "@/lib/clinical/response/best-response";
import { CONFIRM_DAYS, DEFAULT_MIN_SD_DAYS } from "@/lib/clinical/response/best-response";
import type { JoinCounts } from "@/lib/clinical/response/subject-records";
import type { NotEvaluable, SubjectResponse } from "@/lib/clinical/response/subject-response";
import { type DataNote, type NotePart, plural } from "@/sections/frame/ui/notices";
import { leftOutHref, NO_BAR_ANCHOR, responsePageHref, subjectListHref } from "./addresses";
import type { OptionChange, TumourResponseView } from "./load";
import type { ResponseQuery } from "./query";
import { drawable } from "./ui/spider-data";
import { DISEASE_COLUMN, NON_TARGET_ONLY } from "./ui/subject-rows";
import { hasBar } from "./ui/swimmer-data";

/** At most this many subjects are named (and linked) in one note; the rest are counted. */
export const MAX_NAMED = 20;

export interface NotesInput {
  counts: JoinCounts;
  subjects: readonly SubjectResponse[];
  options: ResponseOptions;
  dayOne: { anchor: DayOneAnchor };
  optionChanges: OptionChange[] | null;
}

const were = (n: number) => (n === 1 ? "was" : "were");

/** Subject IDs as links to their response pages, the first MAX_NAMED of them, then how many more. */
function named(ids: readonly string[], href: (id: string) => string, detail?: (id: string) => string): NotePart[] {
  const parts: NotePart[] = [];
  ids.slice(0, MAX_NAMED).forEach((id, i) => {
    if (i > 0) parts.push(", ");
    parts.push({ text: id, href: href(id) });
    if (detail) parts.push(` (${detail(id)})`);
  });
  if (ids.length > MAX_NAMED) parts.push(` and ${ids.length - MAX_NAMED} more`);
  return parts;
}

export function joinNotes(counts: JoinCounts): DataNote[] {
  const notes: DataNote[] = [];
  const a = counts.assessmentsWithoutSubject;
  if (a) notes.push(`${plural(a, "response assessment")} name${a === 1 ? "s" : ""} no subject: not used.`);
  const d = counts.duplicateAssessments;
  if (d)
    notes.push(
      `${plural(d, "response assessment")} ${were(d)} sent again under an assessment ID already seen: ` +
        "each counts once (the first received).",
    );
  for (const [reason, n] of counts.unreadLesions)
    notes.push(`${plural(n, "lesion reading")} ${reasonVerb(reason, n)}: not used in any response.`);
  const w = counts.lesionsWithoutAssessment;
  if (w) {
    const its = w === 1 ? "its" : "their";
    notes.push(
      `${plural(w, "lesion reading")} belong${w === 1 ? "s" : ""} to no assessment of ${its} subject (neither the ` +
        `one ${its} lesion ID names nor the subject's only assessment on ${its} date): not used.`,
    );
  }
  const l = counts.duplicateLesions;
  if (l)
    notes.push(
      `${plural(l, "lesion reading")} ${were(l)} sent again under a lesion ID already seen: ` +
        "each counts once (the first received).",
    );
  return notes;
}

/** `names no subject` for one reading, `name no subject` for several (the reasons of lesionProblem). */
function reasonVerb(reason: string, n: number): string {
  if (n === 1) return reason;
  return reason.replace(/^names /, "name ").replace(/^has /, "have ");
}

/** Assessments set aside: dated before the subject's baseline, or without a readable date; the subjects named. */
export function setAsideNotes(subjects: readonly SubjectResponse[], href: (id: string) => string): DataNote[] {
  const notes: DataNote[] = [];
  const kinds = [
    ["beforeBaseline", "dated before the subject's baseline"],
    ["undated", "without a readable date"],
  ] as const;
  for (const [field, words] of kinds) {
    // A subject without a baseline has every dated assessment set aside: it is listed as left out instead.
    const withAny = subjects.filter((s) => s[field].length > 0 && (field === "undated" || s.baseline !== null));
    if (withAny.length === 0) continue;
    const n = withAny.reduce((sum, s) => sum + s[field].length, 0);
    notes.push([
      `${plural(n, "response assessment")} ${words}, not used (listed on the subject's response page): `,
      ...named(
        withAny.map((s) => s.subjectId),
        href,
      ),
      ".",
    ]);
  }
  return notes;
}

/** Where the minimum time for SD counts from, in the options' words. */
const FROM: Readonly<Record<DayOneAnchor, string>> = { baseline: "baseline", "first-dose": "the first dose" };

export const optionsText = (o: ResponseOptions, dayOne: DayOneAnchor = "baseline") =>
  `${o.confirm ? `CR and PR confirmed ${CONFIRM_DAYS} days or more later` : "no confirmation of CR and PR"}, ` +
  `SD at least ${o.minSdDays} days from ${FROM[dayOne]}`;

/** Day 1 of the response times in words, and how many subjects fell back on their baseline for want of a dose. */
export function dayOneText(dayOne: { anchor: DayOneAnchor; fellBack: readonly string[] }): string {
  const fellBack = dayOne.fellBack.length;
  const back =
    dayOne.anchor === "first-dose" && fellBack > 0
      ? `; ${plural(fellBack, "subject")} without a first dose ${fellBack === 1 ? "counts" : "count"} from ` +
        `${fellBack === 1 ? "its" : "their"} baseline assessment instead`
      : dayOne.anchor === "first-dose"
        ? "; every subject with a baseline has a first dose"
        : "";
  return `Day 1 of the response times is ${DAY_ONE_LABELS[dayOne.anchor]}${back}`;
}

/** What the chosen options (and day 1) changed against the defaults; nothing under the defaults. */
export function optionNotes(
  options: ResponseOptions,
  changes: OptionChange[] | null,
  href: (id: string) => string,
  dayOne: DayOneAnchor = "baseline",
): DataNote[] {
  if (changes === null) return [];
  const defaults = `the defaults (no confirmation, SD at least ${DEFAULT_MIN_SD_DAYS} days from baseline)`;
  const chosen = optionsText(options, dayOne);
  if (changes.length === 0)
    return [`The options (${chosen}) change no subject's best overall response against ${defaults}.`];
  const byId = new Map(changes.map((c) => [c.subjectId, c]));
  const detail = (id: string) => {
    const c = byId.get(id) as OptionChange;
    const part = (label: string, x: OptionChange["signed"]) => (x ? `${label} ${x.from} → ${x.to}` : "");
    return [part("signed", c.signed), part("recomputed", c.recomputed)].filter(Boolean).join("; ");
  };
  return [
    [
      `The options (${chosen}) change the best overall response of ` +
        `${plural(changes.length, "subject")} against ${defaults}: `,
      ...named(
        changes.map((c) => c.subjectId),
        href,
        detail,
      ),
      ".",
    ],
  ];
}

/** The summary's notes; `href` is a subject's response page, with the same options. */
export function summaryNotes(input: NotesInput, href: (id: string) => string): DataNote[] {
  return [
    ...joinNotes(input.counts),
    ...setAsideNotes(input.subjects, href),
    ...optionNotes(input.options, input.optionChanges, href, input.dayOne.anchor),
  ];
}

// The plots' notes.

/** Each reason in words after a count ("2 without a baseline"), in the order the reasons are judged. */
export const REASON_WORDS: Readonly<Record<NotEvaluable, string>> = {
  "no baseline": "without a baseline",
  "no lesion at baseline": "without a lesion at baseline",
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

/**
 * Where a plot's note links: the summary's list of one reason's subjects; the waterfall's subjects without a bar;
 * the summary's list of the subjects with non-target disease only.
 */
export interface PlotNoteLinks {
  leftOut: (reason: NotEvaluable) => string;
  noBar: string;
  nonTargetOnly: string;
}

/** Evaluable subjects with non-target disease only: no target sum, so no bar and no line (RECIST 1.1 Table 2). */
const nonTargetGroup = (left: readonly SubjectResponse[], links: PlotNoteLinks): LeftOutGroup => ({
  n: left.filter((s) => s.notEvaluable === null && s.nonTargetOnly).length,
  words: "evaluable with non-target disease only (no target sum)",
  href: links.nonTargetOnly,
});

const split = (subjects: readonly SubjectResponse[], placed: (s: SubjectResponse) => boolean) => {
  const shown = subjects.filter(placed);
  return { shown: shown.length, left: subjects.filter((s) => !placed(s)) };
};

/**
 * One bar per evaluable subject with a known best change; evaluable ones with non-target disease only, and the
 * others without a known best change, are counted (the latter listed under the chart).
 */
export function waterfallNote(subjects: readonly SubjectResponse[], links: PlotNoteLinks): DataNote | null {
  const { shown, left } = split(subjects, (s) => s.notEvaluable === null && s.bestPercent !== null);
  const unknown = left.filter((s) => s.notEvaluable === null && !s.nonTargetOnly).length;
  return leftOutNote(`Showing ${count(shown)} of ${count(subjects.length)} subjects`, [
    ...reasonGroups(left, links.leftOut),
    nonTargetGroup(left, links),
    { n: unknown, words: "evaluable without a known best change (listed under the chart)", href: links.noBar },
  ]);
}

/** A line per subject with a baseline sum above 0 and an assessment after baseline (the evaluable ones). */
export function spiderNote(subjects: readonly SubjectResponse[], links: PlotNoteLinks): DataNote | null {
  const { shown, left } = split(subjects, drawable);
  return leftOutNote(`${count(shown)} of ${count(subjects.length)} subjects can be drawn`, [
    ...reasonGroups(left, links.leftOut),
    nonTargetGroup(left, links),
  ]);
}

/** A bar per subject with a baseline. */
export function swimmerNote(subjects: readonly SubjectResponse[], links: PlotNoteLinks): DataNote | null {
  const { shown, left } = split(subjects, hasBar);
  return leftOutNote(
    `${count(shown)} of ${count(subjects.length)} subjects have a bar`,
    reasonGroups(left, links.leftOut),
  );
}

/** A plot's note of the subjects it has no place for (waterfallNote, spiderNote, swimmerNote). */
export type PlotNote = (subjects: readonly SubjectResponse[], links: PlotNoteLinks) => DataNote | null;

/**
 * A plot's page's notes: the summary's (what no response can use, assessments set aside) and the plot's own (the
 * subjects it has no place for, by reason); none for a study without response data.
 */
export function plotNotes(
  view: TumourResponseView,
  plotNote: PlotNote,
  studyHref: string,
  query: ResponseQuery,
): DataNote[] {
  if (!view.hasResponseData) return [];
  const links = {
    leftOut: leftOutHref.bind(null, studyHref, query),
    noBar: `#${NO_BAR_ANCHOR}`,
    nonTargetOnly: subjectListHref(studyHref, query, DISEASE_COLUMN, NON_TARGET_ONLY),
  };
  const own = plotNote(view.subjects, links);
  return [
    ...joinNotes(view.counts),
    ...setAsideNotes(view.subjects, (id) => responsePageHref(studyHref, query, id)),
    ...(own ? [own] : []),
  ];
}
