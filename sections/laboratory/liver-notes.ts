/**
 * The Liver safety page's data notes, in words: the results it could not use and
 * the subjects it could not plot, counted, never dropped silently.
 */
import { LIVER_TESTS, type LiverTest } from "@/lib/clinical/liver/peaks";
import { plural } from "@/sections/frame/ui/notices";
import type { LiverView } from "./load-liver";

const NAME: Record<LiverTest, string> = { ALT: "ALT", AST: "AST", BILI: "total bilirubin" };

export function liverNotes(view: LiverView): string[] {
  const notes: string[] = [];
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
  const { noTransaminase, noBilirubin, notPositive, otherTransaminaseOnly } = view.plot.notPlotted;
  if (noBilirubin)
    notes.push(`${plural(noBilirubin, "subject")} with a peak ${t} but no usable total bilirubin result: not plotted.`);
  if (noTransaminase)
    notes.push(
      `${plural(noTransaminase, "subject")} with a peak total bilirubin but no usable ${t} result: not plotted.`,
    );
  if (notPositive)
    notes.push(`${plural(notPositive, "subject")} with a peak of 0 ×ULN, which a log axis cannot place: not plotted.`);
  if (otherTransaminaseOnly) {
    const other = t === "ALT" ? "AST" : "ALT";
    notes.push(
      `${plural(otherTransaminaseOnly, "subject")} with ${other} results only (no usable ${t} or total bilirubin ` +
        "result): not plotted.",
    );
  }
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
