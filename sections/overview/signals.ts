/**
 * New safety signals since the user's last review (docs/review.md, The study overview): of the records added or
 * changed since, the adverse events that became grade 3 or more, the deaths (an adverse event of grade 5 or with a
 * fatal outcome), and the response assessments newly signed Progressive Disease; and the subjects in the Hy's law
 * quadrant of the liver safety plot now who were not in it then. A record that was already such at the last review
 * is no new signal: it was there to be reviewed. Pure.
 */

import { type EdishPlot, SCALE_UNIT } from "@/lib/clinical/liver/edish";
import { signedResponse } from "@/lib/clinical/response/timepoint";
import type { ChangeRow } from "@/sections/frame/study-changes";

export const SIGNAL_KINDS = ["death", "grade-3", "hys-law", "progression"] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

export const SIGNAL_WORDS: Record<SignalKind, string> = {
  death: "Death",
  "grade-3": "Adverse event of grade 3 or more",
  "hys-law": "In the Hy's law quadrant",
  progression: "Progressive disease signed",
};

export interface SafetySignal {
  kind: SignalKind;
  subjectId: string;
  /** The record behind it (an adverse event, a response assessment); absent for a subject's liver peaks. */
  change?: ChangeRow;
  /** What it is, in words: the event's term and grade, the assessment's name and date, the peaks. */
  words: string;
}

type Row = Record<string, unknown>;

const grade = (row: Row | null) => (typeof row?.grade === "number" ? row.grade : null);
const isGrade3 = (row: Row | null) => (grade(row) ?? 0) >= 3;
const isDeath = (row: Row | null) =>
  grade(row) === 5 || (typeof row?.outcome === "string" && row.outcome.trim().toLowerCase() === "fatal");
const isProgression = (row: Row | null) =>
  signedResponse(typeof row?.conclusion === "string" ? row.conclusion : null) === "PD";

/** Whether the record is such now and was not at the last review (added since, or changed into it). */
const became = (c: ChangeRow, is: (row: Row | null) => boolean) =>
  c.kind !== "removed" && is(c.after) && (c.kind === "added" || !is(c.before));

const text = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);

function eventWords(row: Row): string {
  const parts = [text(row.term) ?? "(no term)", `grade ${grade(row) ?? "not given"}`];
  if (text(row.outcome)) parts.push(`outcome ${row.outcome}`);
  if (text(row.start)) parts.push(`start ${row.start}`);
  return parts.join(", ");
}

const assessmentWords = (row: Row) =>
  [text(row.name) ?? "Assessment", text(row.date) ?? "(no date)", text(row.conclusion) ?? ""].join(", ");

/** The signals of the records added or changed since the last review, in the changes' order. */
export function recordSignals(changes: readonly ChangeRow[]): SafetySignal[] {
  const out: SafetySignal[] = [];
  for (const c of changes) {
    if (c.subjectId === null || c.after === null) continue;
    const at = { subjectId: c.subjectId, change: c };
    if (c.recordType === "AdverseEvent") {
      if (became(c, isDeath)) out.push({ kind: "death", ...at, words: eventWords(c.after) });
      if (became(c, isGrade3)) out.push({ kind: "grade-3", ...at, words: eventWords(c.after) });
    } else if (c.recordType === "DiagnosticReport" && became(c, isProgression))
      out.push({ kind: "progression", ...at, words: assessmentWords(c.after) });
  }
  return out;
}

/** The subjects in the Hy's law quadrant now who were not in it at the last review. */
export function hysLawSignals(now: EdishPlot, then: EdishPlot): SafetySignal[] {
  const before = new Set(then.points.filter((p) => p.quadrant === "hys-law").map((p) => p.subjectId));
  const { transaminase, scale } = now.params;
  const unit = SCALE_UNIT[scale];
  return now.points
    .filter((p) => p.quadrant === "hys-law" && !before.has(p.subjectId))
    .map((p) => ({
      kind: "hys-law" as const,
      subjectId: p.subjectId,
      words: `peak ${transaminase} ${p.x} ${unit}, peak total bilirubin ${p.y} ${unit}`,
    }));
}

/** Signals in the order a reviewer reads them: deaths first, then by kind, each kind by subject. */
export const signalOrder = (a: SafetySignal, b: SafetySignal) =>
  SIGNAL_KINDS.indexOf(a.kind) - SIGNAL_KINDS.indexOf(b.kind) || a.subjectId.localeCompare(b.subjectId, "en");
