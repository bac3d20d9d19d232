/**
 * The Liver safety page's data notes, in words: the results it could not use and the subjects it could not plot,
 * counted, never dropped silently. The subjects left out of the peaks on treatment (no known first dose, no result
 * on treatment) open the listing of those the peaks of every result place on the plot (`only=`).
 */
import { SCALE_UNIT } from "@/lib/clinical/liver/edish";
import { LIVER_TESTS, type LiverTest } from "@/lib/clinical/liver/peaks";
import { type DataNote, type NotePart, plural } from "@/sections/frame/ui/notices";
import { type LiverQuery, type OnlySubjects, onlyHref } from "./liver-query";
import type { CountedSubjects } from "./liver-view";
import type { LiverView } from "./load-liver";

const NAME: Record<LiverTest, string> = { ALT: "ALT", AST: "AST", BILI: "total bilirubin" };
const LIVER_RESULT = "ALT, AST or total bilirubin result";

/** `liver`: the page's address, for the links of the counts. */
export function liverNotes(view: LiverView, liver: string, query: LiverQuery): DataNote[] {
  const notes: DataNote[] = [];
  const t = view.plot.params.transaminase;
  for (const test of LIVER_TESTS) {
    const n = view.unusable[test];
    if (n)
      notes.push(
        `${plural(n, `${NAME[test]} result`)} of ${view.results[test]} ${n === 1 ? "has" : "have"} no numeric ` +
          "value or no upper limit in the record's own reference range (no range, free text, or no upper bound): " +
          "not used.",
      );
  }
  if (view.withoutSubject)
    notes.push(`${plural(view.withoutSubject, "ALT, AST or bilirubin result")} named no subject: not used.`);
  notes.push(...treatmentNotes(view, (only) => onlyHref(liver, query, only), query.settings.windowDays));
  const { noTransaminase, noBilirubin, notPositive, otherTransaminaseOnly, noBaseline } = view.plot.notPlotted;
  if (noBilirubin)
    notes.push(`${plural(noBilirubin, "subject")} with a peak ${t} but no usable total bilirubin result: not plotted.`);
  if (noTransaminase)
    notes.push(
      `${plural(noTransaminase, "subject")} with a peak total bilirubin but no usable ${t} result: not plotted.`,
    );
  if (notPositive)
    notes.push(
      `${plural(notPositive, "subject")} with a peak of 0 ${SCALE_UNIT[view.plot.params.scale]}, which a log axis ` +
        "cannot place: not plotted.",
    );
  if (otherTransaminaseOnly) {
    const other = t === "ALT" ? "AST" : "ALT";
    notes.push(
      `${plural(otherTransaminaseOnly, "subject")} with ${other} results only (no usable ${t} or total bilirubin ` +
        "result): not plotted.",
    );
  }
  if (noBaseline)
    notes.push(
      `${plural(noBaseline, "subject")} with both peaks but no usable baseline ${t} or total bilirubin (no result ` +
        "on or before the first dose, or a baseline of 0): not plotted in multiples of baseline.",
    );
  if (view.firstResultBaselines)
    notes.push(
      `${plural(view.firstResultBaselines, "plotted subject")} without a known first dose of the study drug, ` +
        "measured against the earliest result of each test.",
    );
  if (view.withoutLiverResults)
    notes.push(
      `${view.withoutLiverResults} of the ${view.studySubjects} subjects in the study's Group ` +
        `${view.withoutLiverResults === 1 ? "has" : "have"} no usable ALT, AST or total bilirubin result.`,
    );
  if (view.notInGroup)
    notes.push(`${plural(view.notInGroup, "plotted subject")} not in the study's Group (plotted all the same).`);
  if (view.undated)
    notes.push(`${plural(view.undated, "plotted subject")} with a peak without a date: concurrency unknown.`);
  return notes;
}

/** What the peaks on treatment leave out; with the peaks of every result, the plotted subjects they would. */
function treatmentNotes(view: LiverView, href: (only: OnlySubjects) => string, days: number): DataNote[] {
  const notes: DataNote[] = [];
  const window = `after the first dose's day, up to ${plural(days, "day")} after the last dose`;
  const o = view.outside;
  if (o) {
    const parts = [
      [o.before, "on or before the day of the first dose"],
      [o.after, `more than ${plural(days, "day")} after the last dose`],
      [o.undated, "without a date"],
      [o["no-first-dose"], "of subjects without a known first dose"],
    ] as const;
    const total = parts.reduce((n, [count]) => n + count, 0);
    if (total)
      notes.push(
        `${plural(total, LIVER_RESULT)} not on treatment (${window}): not used for the peaks (` +
          `${parts
            .filter(([n]) => n)
            .map(([n, why]) => `${n} ${why}`)
            .join(", ")}).`,
      );
  }
  const subjects = (c: CountedSubjects, only: OnlySubjects, onTreatment: string, all: string): DataNote | null => {
    if (o === null)
      return c.plotted ? [{ text: plural(c.plotted, "plotted subject"), href: href(only) }, ` ${all}.`] : null;
    if (!c.count) return null;
    const plotted: NotePart[] = c.plotted
      ? [" (with the peaks of every result, ", { text: `${c.plotted} of them`, href: href(only) }, " would be plotted)"]
      : [];
    return [`${plural(c.count, "subject")} ${onTreatment}: not plotted`, ...plotted, "."];
  };
  const noDose = subjects(
    view.noFirstDose,
    "no-first-dose",
    "with ALT, AST or total bilirubin results but no known first dose of the study drug, so none on treatment",
    "without a known first dose of the study drug",
  );
  const noneOn = subjects(
    view.noneOnTreatment,
    "no-on-treatment",
    `with ALT, AST or total bilirubin results, none of them on treatment (${window})`,
    `without an ALT, AST or total bilirubin result on treatment (${window})`,
  );
  for (const note of [noDose, noneOn]) if (note) notes.push(note);
  return notes;
}
